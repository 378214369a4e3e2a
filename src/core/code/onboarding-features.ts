/**
 * @module core/code/onboarding-features
 * What the fused order knows about each candidate file, as named numbers a learned linear model
 * weighs (onboarding-model.ts): for a seed file, where the candidate sits in the import graph,
 * how often it changed with the seed (raw, as a share of the seed's changes and of its own, through
 * the seed's partners, and in the seed's latest commits), how busy, how old and how long at rest it
 * is (in days and in commits), how alike the names, folders and body words are, whether either
 * names what the other exports, whether both are much documented; for a topic, its BM25 and vector
 * ranks, how its path's words and exports match the request's words and identifiers, how strongly
 * it is tied (co-change, imports) to the topic's best hits (a pseudo-relevance feedback), how
 * routine and how broad the request reads (the same for every candidate: REQUEST_FEATURES), how
 * many distinct words the file's body holds, and, when the request asks about documentation, how
 * much of each file documents it and what past commits said of it. Pure.
 */
import { splitText } from '../../kernel/text/identifiers.js';
import { SWEEPING_COMMIT_FILES, type CoChangePartner, type RecentChange } from '../../ports/code.js';
import { singular } from '../../kernel/text/inflect.js';
import { folderOf } from '../../kernel/workspace-path.js';
import { degreeOf, importersOf, importsOf, type CodeGraph } from './code-graph.js';
import { EMPTY_CONTENT, bodyWordsOf, similarTo, type ContentIndex } from './content-similarity.js';
import { identifierScores, requestIdentifiers, symbolsUsed } from './identifier-match.js';
import { filesWithSimilarNames } from './name-similarity.js';
import { aboutDocumentation, routineShare, subjectScores } from './subject-match.js';
import { traverse, type TraversalConfig } from './traverse.js';

/** What git history (and, optionally, the files' bodies and exports) says about the files of one source. */
export interface HistoryFacts {
  /** Each file's strongest co-change partners, strongest first. */
  coChanged: ReadonlyMap<string, readonly CoChangePartner[]>;
  /** Recency-weighted change count per file. */
  churn: ReadonlyMap<string, number>;
  /** Commits that changed each file. */
  commits: ReadonlyMap<string, number>;
  /** Each file's latest commit subjects, newest first. */
  subjects: ReadonlyMap<string, readonly string[]>;
  /** The files' body words as TF-IDF vectors (absent: no content features). */
  content?: ContentIndex;
  /** The same words stemmed (`stemmedBag`; absent: no stem likeness). */
  stems?: ContentIndex;
  /** Each file's exported symbols (absent: no identifier match). */
  symbols?: ReadonlyMap<string, readonly string[]>;
  /** When each file first and last changed, seconds since the epoch (absent: no age features). */
  spans?: ReadonlyMap<string, { first: number; last: number }>;
  /** Each file's latest commits, newest first (absent: no commit-order features). */
  recent?: ReadonlyMap<string, readonly RecentChange[]>;
  /** Lines of each file's doc comments and docstrings (absent: none known). */
  docLines?: ReadonlyMap<string, number>;
}

export interface Candidate {
  file: string;
  features: Record<string, number>;
}

/**
 * Features that are the same for every candidate of one request: they cannot order candidates by
 * themselves, so the model reads them only through their products with the other features
 * (`routine*lexical`: how much the request's words count when the request reads as a chore).
 */
export const REQUEST_FEATURES: readonly string[] = ['routine', 'pathMatches'];

/** Candidates read from each list (the model ranks their union). */
export const CANDIDATE_POOL = { bfs: 100, busiest: 50, topic: 50, feedbackHits: 5 } as const;

/** The repository's files by churn, busiest first. */
export function busiestFiles(facts: HistoryFacts, limit: number = CANDIDATE_POOL.busiest): string[] {
  return [...facts.churn]
    .filter(([, c]) => c > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([f]) => f);
}

const inverseRank = (order: ReadonlyMap<string, number>, file: string) => {
  const i = order.get(file);
  return i === undefined ? 0 : 1 / (i + 1);
};
const positions = (files: readonly string[]) => new Map(files.map((f, i) => [f, i] as const));

function partnerWeight(facts: HistoryFacts, a: string, b: string): number {
  return facts.coChanged.get(a)?.find((p) => p.path === b)?.weight ?? 0;
}

/** Shared leading folders of two paths over the deeper one's folder count (0..1). */
function folderOverlap(a: string, b: string): number {
  const x = folderOf(a).split('/').filter(Boolean);
  const y = folderOf(b).split('/').filter(Boolean);
  let shared = 0;
  while (shared < x.length && shared < y.length && x[shared] === y[shared]) shared++;
  return Math.max(x.length, y.length) ? shared / Math.max(x.length, y.length) : 1;
}

/** The seed's latest commits read for `recentWith`. */
const SEED_RECENT = 5;
/** The seed's latest commits that can bind it to another file: of 2 to SWEEPING_COMMIT_FILES files. */
const bindingCommits = (changes: readonly RecentChange[]) => changes.filter((c) => c.files >= 2 && c.files <= SWEEPING_COMMIT_FILES);

/**
 * How the candidate shares the seed's binding commits: `lastWith` is 1/(1 + i) for the i-th latest
 * the two share, 0 for none; `recentWith` sums 1/(files - 1) over the shared ones among the seed's
 * last five.
 */
function recentWith(commits: readonly RecentChange[], theirs: readonly RecentChange[] | undefined): { lastWith: number; recentWith: number } {
  const shared = new Set((theirs ?? []).map((c) => c.ago));
  const i = commits.findIndex((c) => shared.has(c.ago));
  const near = commits.slice(0, SEED_RECENT).filter((c) => shared.has(c.ago));
  return { lastWith: i < 0 ? 0 : 1 / (1 + i), recentWith: near.reduce((sum, c) => sum + 1 / (c.files - 1), 0) };
}

/** Subjects of the seed's latest commits that stand for what it is changed for (the related order's history query). */
const SEED_SUBJECTS = 10;

/** Scores and each file's place among them (reciprocal rank, 0 when unscored). */
function ranked(score: Map<string, number>): { score: Map<string, number>; at: Map<string, number> } {
  return { score, at: positions([...score].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([f]) => f)) };
}

/** Scores of a subject match and each file's place among them. */
const subjectMatch = (query: string, facts: HistoryFacts) => ranked(subjectScores(query, facts.subjects));

/** |a ∩ b| / sqrt(|a| |b|), 0 when either is empty. */
function overlap(a: ReadonlySet<string>, b: readonly string[]): number {
  if (!a.size || !b.length) return 0;
  return b.filter((x) => a.has(x)).length / Math.sqrt(a.size * b.length);
}

const newestChanges = new WeakMap<object, number>();
/** The newest change of any file (the history's present: an old checkout reads its own). */
function newestChange(spans: ReadonlyMap<string, { last: number }>): number {
  let newest = newestChanges.get(spans);
  if (newest === undefined) newestChanges.set(spans, (newest = Math.max(0, ...[...spans.values()].map((s) => s.last))));
  return newest;
}

/** The features every candidate has, whatever the task: churn, commits and import degree. */
function fileFeatures(graph: CodeGraph, facts: HistoryFacts, busy: ReadonlyMap<string, number>, file: string): Record<string, number> {
  const span = facts.spans?.get(file);
  const newest = facts.spans ? newestChange(facts.spans) : 0;
  const days = (t: number) => Math.log1p(Math.max(0, newest - t) / 86_400);
  const since = facts.recent?.get(file)?.[0]?.ago ?? 0;
  return {
    // a file git does not know yet is new: age, idle and commits since 0
    ...(facts.spans ? { age: span ? days(span.first) : 0, idle: span ? days(span.last) : 0 } : {}),
    ...(facts.recent ? { lately: 1 / (1 + since), commitsSince: Math.log1p(since) } : {}),
    churn: Math.log1p(facts.churn.get(file) ?? 0),
    busy: inverseRank(busy, file),
    commits: Math.log1p(facts.commits.get(file) ?? 0),
    degree: Math.log1p(degreeOf(graph, file)),
  };
}

/**
 * Files related to `seed`, each with its features; `topic` (what the request, or the seed's name
 * words, found) may be empty. The walk goes as far and in the direction the plan asks (the model
 * was trained on depth 2, union).
 */
export function relatedCandidates(
  graph: CodeGraph,
  seed: string,
  facts: HistoryFacts,
  topic: TopicLists = NO_TOPIC,
  reach: Pick<TraversalConfig, 'depth' | 'direction'> = { depth: 2, direction: 'union' },
): Candidate[] {
  const walk = traverse(graph, seed, { ...reach, limit: CANDIDATE_POOL.bfs });
  const bfs = positions(walk.relatedFiles);
  const partners = facts.coChanged.get(seed) ?? [];
  const partnerAt = positions(partners.map((p) => p.path));
  const seedCommits = Math.max(facts.commits.get(seed) ?? 0, 1);
  // second order: the seed's partners' partners, each path weighted by both links' shares
  const second = new Map<string, number>();
  for (const p of partners) {
    const share = p.weight / seedCommits;
    const pCommits = Math.max(facts.commits.get(p.path) ?? 0, 1);
    for (const q of facts.coChanged.get(p.path) ?? []) second.set(q.path, (second.get(q.path) ?? 0) + (share * q.weight) / pCommits);
  }
  // what the seed's import neighbours changed with, each neighbour's partners as shares of its changes
  const neighbourhood = new Map<string, number>();
  for (const n of new Set([...importsOf(graph, seed), ...importersOf(graph, seed)])) {
    const nCommits = Math.max(facts.commits.get(n) ?? 0, 1);
    for (const q of facts.coChanged.get(n) ?? []) neighbourhood.set(q.path, (neighbourhood.get(q.path) ?? 0) + q.weight / nCommits);
  }
  const similar = positions(filesWithSimilarNames(seed, graph.nodes));
  const busiest = busiestFiles(facts);
  const busy = positions(busiest);
  const topicAt = positions(topic.fused.slice(0, CANDIDATE_POOL.topic));
  const topLexical = topLexicalScore(topic);
  const history = subjectMatch((facts.subjects.get(seed) ?? []).slice(0, SEED_SUBJECTS).join(' '), facts);
  const content = facts.content ?? EMPTY_CONTENT;
  const alike = ranked(similarTo(content, seed));
  const alikeStems = facts.stems ? ranked(similarTo(facts.stems, seed)) : undefined;
  const seedSymbols = facts.symbols?.get(seed) ?? [];
  const imports = new Set(importsOf(graph, seed));
  const importers = new Set(importersOf(graph, seed));
  const seedCommitsLately = bindingCommits(facts.recent?.get(seed) ?? []);
  const documented = (file: string) => Math.log1p(facts.docLines?.get(file) ?? 0);
  const seedDocumented = documented(seed);
  const pool = new Set([...walk.relatedFiles, ...partnerAt.keys(), ...second.keys(), ...similar.keys(), ...busiest, ...topicAt.keys()]);
  pool.delete(seed);
  return [...pool].map((file) => {
    const weight = partnerWeight(facts, seed, file);
    const d = walk.distance.get(file);
    return {
      file,
      features: {
        ...fileFeatures(graph, facts, busy, file),
        imported: imports.has(file) ? 1 : 0,
        importer: importers.has(file) ? 1 : 0,
        distance2: d === 2 ? 1 : 0,
        bfs: inverseRank(bfs, file),
        cochange: Math.log1p(weight),
        cochangeRank: inverseRank(partnerAt, file),
        confidence: weight / seedCommits,
        partnerShare: weight / Math.max(facts.commits.get(file) ?? 0, 1),
        ...(facts.recent ? recentWith(seedCommitsLately, facts.recent.get(file)) : {}),
        secondOrder: second.get(file) ?? 0,
        neighbourHistory: Math.log1p(neighbourhood.get(file) ?? 0),
        similarName: inverseRank(similar, file),
        sameFolder: folderOf(file) === folderOf(seed) ? 1 : 0,
        folderOverlap: folderOverlap(seed, file),
        // link prediction over the import graph: files that import the same files as the seed, or are imported by the same ones
        sharedImports: overlap(imports, importsOf(graph, file)),
        sharedImporters: overlap(importers, importersOf(graph, file)),
        adamicAdar: [...importsOf(graph, file), ...importersOf(graph, file)]
          .filter((z) => imports.has(z) || importers.has(z))
          .reduce((sum, z) => sum + 1 / Math.log(2 + degreeOf(graph, z)), 0),
        topic: inverseRank(topicAt, file),
        topicScore: lexicalShare(topic, topLexical, file),
        subjects: history.score.get(file) ?? 0,
        subjectsRank: inverseRank(history.at, file),
        content: alike.score.get(file) ?? 0,
        contentRank: inverseRank(alike.at, file),
        ...(alikeStems ? { stems: alikeStems.score.get(file) ?? 0, stemsRank: inverseRank(alikeStems.at, file) } : {}),
        // symbol references: the candidate names what the seed exports, or the seed names what it exports
        usesSeed: symbolsUsed(seedSymbols, bodyWordsOf(content, file)),
        usedBySeed: symbolsUsed(facts.symbols?.get(file) ?? [], bodyWordsOf(content, seed)),
        // a documentation pass edits the documented files together
        docsBoth: seedDocumented * documented(file),
      },
    };
  });
}

/** A path's words: folders and base name split like identifiers, singular. */
function pathWords(path: string): Set<string> {
  return new Set(splitText(path.replace(/\.[a-z0-9]+$/i, '').replace(/\//g, ' ')).map(singular));
}

/** Each file's path words and how many files hold each word, split once per graph (a plan asks several times). */
interface PathVocabulary {
  words: ReadonlyMap<string, ReadonlySet<string>>;
  files: ReadonlyMap<string, number>;
}
const vocabularies = new WeakMap<CodeGraph, PathVocabulary>();

function pathVocabulary(graph: CodeGraph): PathVocabulary {
  let vocabulary = vocabularies.get(graph);
  if (vocabulary) return vocabulary;
  const words = new Map(graph.nodes.map((n) => [n, pathWords(n)] as const));
  const files = new Map<string, number>();
  for (const set of words.values()) for (const w of set) files.set(w, (files.get(w) ?? 0) + 1);
  vocabularies.set(graph, (vocabulary = { words, files }));
  return vocabulary;
}

/** Ranks of a topic's files by BM25 and by vectors (each best first) and their fused order. */
export interface TopicLists {
  lexical: readonly string[];
  vector: readonly string[];
  fused: readonly string[];
  /** Per file, its best chunk's score (0..1) on each side and how many of its chunks BM25 found. */
  lexicalScore?: ReadonlyMap<string, number>;
  vectorScore?: ReadonlyMap<string, number>;
  lexicalChunks?: ReadonlyMap<string, number>;
}

/** Features of a candidate as related to the topic's best hit that the topic order reads. */
const BEST_FEATURES = [
  'imported',
  'importer',
  'cochange',
  'confidence',
  'neighbourHistory',
  'similarName',
  'sameFolder',
  'sharedImports',
  'sharedImporters',
] as const;

const NO_TOPIC: TopicLists = Object.freeze({ lexical: [], vector: [], fused: [] });

const topLexicalScore = (lists: TopicLists) => (lists.lexicalScore ? Math.max(0, ...lists.lexicalScore.values()) : 0);

/** A file's BM25 score as a share of the best file's. */
const lexicalShare = (lists: TopicLists, top: number, file: string) => (top ? (lists.lexicalScore?.get(file) ?? 0) / top : 0);

/** Files a request is about, each with its features. */
export function topicCandidates(graph: CodeGraph, request: string, lists: TopicLists, facts: HistoryFacts): Candidate[] {
  const lexical = positions(lists.lexical.slice(0, CANDIDATE_POOL.topic));
  const vector = positions(lists.vector.slice(0, CANDIDATE_POOL.topic));
  const fused = positions(lists.fused.slice(0, CANDIDATE_POOL.topic));
  const busiest = busiestFiles(facts);
  const busy = positions(busiest);
  // pseudo-relevance feedback: what the best hits changed with and import or are imported by
  const hits = lists.fused.slice(0, CANDIDATE_POOL.feedbackHits);
  const tiedByHistory = new Map<string, number>();
  const tiedToBest = new Map(
    (facts.coChanged.get(hits[0] ?? '') ?? []).map((p) => [p.path, p.weight / Math.max(facts.commits.get(hits[0]!) ?? 0, 1)] as const),
  );
  const tiedByImports = new Map<string, number>();
  hits.forEach((hit, i) => {
    const commits = Math.max(facts.commits.get(hit) ?? 0, 1);
    for (const p of facts.coChanged.get(hit) ?? []) tiedByHistory.set(p.path, (tiedByHistory.get(p.path) ?? 0) + p.weight / commits / (i + 1));
    for (const n of [...importsOf(graph, hit), ...importersOf(graph, hit)]) tiedByImports.set(n, (tiedByImports.get(n) ?? 0) + 1 / (i + 1));
  });
  // the request's words matched against path words, each by its rarity among the paths
  const words = [...new Set(splitText(request).map(singular))];
  const { words: wordsOf, files: idf } = pathVocabulary(graph);
  const idfOf = (w: string) => Math.log((graph.nodes.length + 1) / ((idf.get(w) ?? 0) + 1));
  const known = words.filter((w) => idf.get(w));
  const knownWeight = known.reduce((s, w) => s + idfOf(w), 0) || 1;
  const bestNeighbours = new Set(hits[0] ? [...importsOf(graph, hits[0]), ...importersOf(graph, hits[0])] : []);
  // the best hit taken as a seed: how each candidate relates to it
  const aroundBest = new Map(hits[0] ? relatedCandidates(graph, hits[0], facts).map((c) => [c.file, c.features] as const) : []);
  const topLexical = topLexicalScore(lists);
  const history = subjectMatch(request, facts);
  // the same for every candidate: the model reads it through products with the other features
  const routine = Math.sqrt(routineShare(request, facts.subjects));
  // a request about documentation changes the files that hold the most of it, and those past docs commits touched
  const docs = aboutDocumentation(request) ? 1 : 0;
  const identifiers = requestIdentifiers(request);
  const named = identifierScores(identifiers, facts.symbols ?? new Map());
  const pool = new Set([...lexical.keys(), ...vector.keys(), ...busiest, ...tiedByHistory.keys(), ...tiedByImports.keys()]);
  const candidates: Candidate[] = [...pool].map((file) => {
    const own = wordsOf.get(file) ?? pathWords(file);
    const base = pathWords(file.slice(file.lastIndexOf('/') + 1));
    return {
      file,
      features: {
        ...fileFeatures(graph, facts, busy, file),
        lexical: inverseRank(lexical, file),
        lexicalHit: lexical.has(file) ? 1 : 0,
        vector: inverseRank(vector, file),
        vectorHit: vector.has(file) ? 1 : 0,
        topic: inverseRank(fused, file),
        tiedByHistory: tiedByHistory.get(file) ?? 0,
        tiedByImports: tiedByImports.get(file) ?? 0,
        tiedToBest: tiedToBest.get(file) ?? 0,
        neighboursOfBest: overlap(bestNeighbours, [...importsOf(graph, file), ...importersOf(graph, file)]),
        ...Object.fromEntries(BEST_FEATURES.map((f) => [`best.${f}`, aroundBest.get(file)?.[f] ?? 0])),
        lexicalScore: lists.lexicalScore?.get(file) ?? 0,
        lexicalShare: lexicalShare(lists, topLexical, file),
        vectorScore: lists.vectorScore?.get(file) ?? 0,
        lexicalChunks: Math.log1p(lists.lexicalChunks?.get(file) ?? 0),
        subjects: history.score.get(file) ?? 0,
        subjectsRank: inverseRank(history.at, file),
        pathWords: known.filter((w) => own.has(w)).reduce((s, w) => s + idfOf(w), 0) / knownWeight,
        identifiers: named.get(file) ?? 0,
        identifiersUsed: symbolsUsed(identifiers, bodyWordsOf(facts.content ?? EMPTY_CONTENT, file)),
        baseWords: known.filter((w) => base.has(w)).reduce((s, w) => s + idfOf(w), 0) / knownWeight,
        docsLines: docs * Math.log1p(facts.docLines?.get(file) ?? 0),
        docsSubjects: docs * (history.score.get(file) ?? 0),
        // how many distinct words the file's body holds: a rich file matches more requests and is more often the one changed
        vocabulary: Math.log1p(facts.content?.vectors.get(file)?.size ?? 0),
        routine,
      },
    };
  });
  // how broad the request is in path terms: many candidates named by its words, or few
  const pathMatches = Math.log1p(candidates.filter((c) => c.features.pathWords! > 0).length);
  for (const c of candidates) c.features.pathMatches = pathMatches;
  return candidates;
}
