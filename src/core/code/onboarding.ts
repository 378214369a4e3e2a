/**
 * @module core/code/onboarding
 * The onboarding planner (seed 003's graph context service and plan tool): loads a code
 * source's import graph from the index, resolves the seed (a path, or the request's topic
 * through hybrid search over code chunks), walks the graph around it and writes a plan. The
 * answer always has the same shape: an unresolved seed or a missing graph gives an empty
 * context with a valid plan and the reason.
 */
import type { Llm } from '../../ports/llm.js';
import type { CatalogEdge } from '../../ports/catalog.js';
import { CALLS_ROUTE_EDGE_KIND, type CoChangePartner, type RecentChange } from '../../ports/code.js';
import type { LlmCache } from '../../ports/glossary.js';
import type { CatalogStore } from '../../ports/store.js';
import type { SearchHit, SearchOptions, SearchResult } from '../search/types.js';
import { SextantError } from '../../kernel/errors.js';
import { redactText } from '../../kernel/redact.js';
import type { ProgressFn } from '../../kernel/progress.js';
import { codeFilePlanFacts, type CodeFilePlanFacts } from '../kinds/code/code-file.js';
import { CODE_FILE_KIND, CODE_SOURCE_TYPE, CODE_SYMBOL_KIND, IMPORT_EDGE_KIND } from '../kinds/code/code-kind.js';
import { buildCodeGraph, importsOf, type CodeGraph } from './code-graph.js';
import { DATA_TOPIC_KINDS, DATA_USE_EDGE_KINDS, dataUsersIndex, dataUsersOf, dataUseWhy, seedDataUsers, type DataUse, type DataUsers } from './data-users.js';
import { contentIndex, stemmedBag, type WordBag } from './content-similarity.js';
import { topicOrder } from './fuse.js';
import { requestTopic } from './request-topic.js';
import { CANDIDATE_POOL, relatedCandidates, topicCandidates, type Candidate, type HistoryFacts, type TopicLists } from './onboarding-features.js';
import { rankCandidates, type FusedTask } from './onboarding-model.js';
import { baseNameWords } from './name-similarity.js';
import { fallbackNote, llmPlan, type PlanFileFact } from './llm-plan.js';
import { deterministicPlan, type OnboardingPlan } from './plan-steps.js';
import { normalizeSeedPath, resolveSeedPath, SEED_MATCH_ORDER, type SeedMatch } from './resolve-seed.js';
import { clampTraversal, traverse, type TraversalConfig, type TraversalDirection, type TraversalStats } from './traverse.js';
import { isExampleFile, isTestFile } from '../../kernel/test-paths.js';
import { aboutExamples, startingFile } from './test-files.js';
import { aboutSchema, dialectFolders, fileTables, foldCopies, isSchemaSql, type FileTables } from './sql-copies.js';

export interface OnboardingRequest {
  request: string;
  seedFile?: string;
  depth?: number;
  limit?: number;
  direction?: TraversalDirection;
  /** The code source to plan in (default: the one that matches). */
  source?: string;
  /** Only these sources may be read (a session's visible sources); absent: all. */
  allowedSources?: readonly string[];
  /** `fused` (default, DEFAULT_RANK): a learned model over the import graph, git history, names and the topic (onboarding-model.ts); `graph`: seed 003's BFS order. */
  rank?: OnboardingRank;
  /** `auto` (default): the chat model writes the plan when one is configured; `rules`: never. */
  writer?: PlanWriter;
  /** With `fused`: also return every candidate's features (bench/code-onboarding trains on them). */
  withFeatures?: boolean;
  /** Progress of the scan a plan waits for when a source has no graph yet (a first plan of a large repository takes a while). */
  onProgress?: ProgressFn;
}

export type OnboardingRank = 'graph' | 'fused';
/**
 * The order a plan takes when the caller names none. Fused: on kysely's history it finds what a
 * change touched about 1.8 times as often as the import graph (recall@10 0.589 against 0.331 from
 * a seed, 0.599 against 0.337 from a request), and a request's plan reaches the files about its
 * topic that the seed does not import. `graph` (seed 003's order) stays one flag away.
 */
export const DEFAULT_RANK: OnboardingRank = 'fused';
/**
 * A fused topic plan starts at the word search's first file when the topic model ranks it among
 * its first three starting files, else at the model's first. The model learned what a change
 * touches; a reader asks where the request's words are explained: on gin-gonic/gin, "how are
 * routes grouped under a prefix" started at `gin.go` (the model's first) instead of
 * `routergroup.go` (the search's first, the model's third). On kysely's history the same recall@10
 * (0.599) and success@10; recall@1 0.137 -> 0.132 (within five: 0.125).
 */
const SEARCH_FIRST_KEPT_WITHIN = 3;
export type PlanWriter = 'auto' | 'rules';

export interface OnboardingContext {
  /** Workspace-relative path of the seed, or null. */
  seedId: string | null;
  relatedFiles: string[];
  depth: number;
  limit: number;
  direction: TraversalDirection;
  rank: OnboardingRank;
  stats: TraversalStats;
  source: string | null;
  resolvedBy: SeedMatch | null;
  /** Why the context is empty, when it is. */
  reason?: string;
  /** Files of related that use the tables or GraphQL fields the request is about (one of each group of dialect copies). */
  dataUses?: DataUse[];
  /** The seed's dialect copies, left out of the plan (`db/mysql/schema.sql` beside a seed `db/h2/schema.sql`). */
  seedAlsoIn?: string[];
  /** Other files the seed file's name matched as well (`app.py` in two folders): more of the path picks one. */
  seedAlternatives?: string[];
  /** Set when an older release scanned some of the source's files: what is missing and how to mend it. */
  notice?: string;
}

export interface OnboardingResult {
  plan: OnboardingPlan;
  context: OnboardingContext;
  userSummary: string;
  /** The fused order's candidates and their features, when asked (`withFeatures`). */
  candidates?: { task: FusedTask; list: Candidate[] };
}

export interface OnboardingDeps {
  store: Pick<CatalogStore, 'listSources' | 'sourceObjects' | 'sourceEdges'>;
  search: (query: string, options: SearchOptions) => Promise<SearchResult>;
  /** One side of the search alone, for the topic's own fusion of code hits; absent: the hybrid search. */
  searchSide?: (side: 'lexical' | 'vector', query: string, options: SearchOptions) => Promise<SearchResult>;
  changeCounter: () => Promise<number>;
  /** Scans a code source that has no graph yet (one try); absent: no scan. */
  rescan?: (source: string, onProgress?: ProgressFn) => Promise<void>;
  /** The configured chat model (null: none); with it the model writes the plan, cached in `cache`. */
  llm?: () => Promise<Llm | null>;
  cache?: LlmCache;
  /** The code source of the workspace root an agent works in (core/code/workspace), or null: a plan naming no source plans there. */
  workspaceSource?: () => string | null;
}

export interface OnboardingService {
  plan(request: OnboardingRequest): Promise<OnboardingResult>;
  /** The import graph of one code source (cached until the index changes). */
  graph(source: string): Promise<CodeGraph>;
  /** The code sources a plan may run in, of `allowed` when given (a plan's `source` names one). */
  sources(allowed?: readonly string[]): Promise<string[]>;
}

interface SourceGraph {
  graph: CodeGraph;
  /** Each file's leading comment and exported symbols (what a chat model reads about it). */
  about: ReadonlyMap<string, { comment: string | null; symbols: readonly string[] }>;
  /** Files the scan marked generated (their leading comment says a tool wrote them). */
  generated: ReadonlySet<string>;
  /** Co-change partners, churn, commit counts and commit subjects from git history. */
  history: HistoryFacts;
  /** Who uses each table and GraphQL field (uses_table / uses_field edges). */
  dataUsers: DataUsers;
  /** Per code file, the tables it names and whether it declares one (from `dataUsers`). */
  tables: ReadonlyMap<string, FileTables>;
  /** Files an older release scanned: their history features are missing until `sextant update`. */
  outdated: number;
  /** Lower-cased package name (a package of the tree, a Go import path) → the files it is imported by. */
  packageNames: ReadonlyMap<string, readonly string[]>;
  /** Per file serving HTTP routes, the files calling them (`calls_route` edges), in edge order. */
  httpCallers: ReadonlyMap<string, readonly HttpCaller[]>;
}

/** A file calling a route of another over HTTP: its first line doing so and the route. */
interface HttpCaller {
  file: string;
  line: number;
  route: string;
}

/** Per route file, its callers, from the `calls_route` edges (`pathOf`: code file id → path). */
function httpCallersOf(edges: readonly CatalogEdge[], pathOf: ReadonlyMap<string, string>): Map<string, HttpCaller[]> {
  const out = new Map<string, HttpCaller[]>();
  for (const e of edges) {
    const [file, served] = [pathOf.get(e.fromId), pathOf.get(e.toId)];
    if (e.kind !== CALLS_ROUTE_EDGE_KIND || !file || !served) continue;
    const caller = { file, line: typeof e.attributes.line === 'number' ? e.attributes.line : 0, route: String(e.attributes.route ?? '') };
    out.set(served, [...(out.get(served) ?? []), caller]);
  }
  return out;
}

/** Code chunks a topic search reads: enough for the fused order's 50 topic candidates after symbols fold into their files. */
const TOPIC_HITS = 100;

/** A topic's files in one source or another, by BM25, by vectors and both fused, each best first, with their scores by key. */
interface TopicHits {
  lexical: Array<{ source: string; id: string }>;
  vector: Array<{ source: string; id: string }>;
  fused: Array<{ source: string; id: string }>;
  lexicalScore?: ReadonlyMap<string, number>;
  vectorScore?: ReadonlyMap<string, number>;
  lexicalChunks?: ReadonlyMap<string, number>;
}

/** Per file key of the hits, its best score and its number of hits. */
function hitStats(hits: readonly SearchHit[]): { best: Map<string, number>; count: Map<string, number> } {
  const best = new Map<string, number>();
  const count = new Map<string, number>();
  for (const h of hits) {
    const key = `${h.source}${KEY_SEPARATOR}${fileOfPath(h.name)}`;
    best.set(key, Math.max(best.get(key) ?? 0, h.score));
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  return { best, count };
}

/** A map by file key narrowed to one source's files, keyed by path. */
function scoresIn(map: ReadonlyMap<string, number> | undefined, source: string): Map<string, number> {
  if (!map) return new Map();
  const prefix = `${source}${KEY_SEPARATOR}`;
  return new Map([...map].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v] as const));
}

/** The files of one source among topic hits, in order. */
const inSource = (hits: ReadonlyArray<{ source: string; id: string }>, source: string) => hits.filter((t) => t.source === source).map((t) => t.id);

const NO_TOPIC: TopicHits = Object.freeze({ lexical: [], vector: [], fused: [] });

const NO_ABOUT = Object.freeze({ comment: null, symbols: [] as readonly string[] });

const EMPTY_STATS: TraversalStats = Object.freeze({ nodesVisited: 0, edgesTraversed: 0, maxDepth: 0 });

/** Joins a source and a path in one fusion key (no name or path holds it). */
const KEY_SEPARATOR = '\u0000';

/** The files of code chunk hits as `source<sep>path` keys, in hit order, each once. */
function filesOfHits(hits: readonly SearchHit[]): string[] {
  return [...new Set(hits.map((h) => `${h.source}${KEY_SEPARATOR}${fileOfPath(h.name)}`))];
}

/** The file a code chunk belongs to: a symbol's path is `<file>#<name>`. */
export function fileOfPath(path: string): string {
  const hash = path.indexOf('#');
  return hash < 0 ? path : path.slice(0, hash);
}

/** An error text with a source's folder replaced by a placeholder: answers never carry absolute paths. */
function withoutRoot(text: string, root: string | undefined): string {
  return root ? text.split(root).join('<root>') : text;
}

/** How a file of the context relates to the seed, in words, for the chat model. */
function relationTo(
  graph: CodeGraph,
  seed: string,
  file: string,
  distance: ReadonlyMap<string, number>,
  changedWith: ReadonlySet<string>,
): PlanFileFact['relation'] {
  if (file === seed) return 'the starting file';
  const d = distance.get(file);
  if (d === 1) return importsOf(graph, seed).includes(file) ? 'imported by the starting file' : 'imports the starting file';
  if (d !== undefined) return `${d} imports away`;
  return changedWith.has(file) ? 'changed in the same commits as the starting file before' : 'about the same topic';
}

/** What the fused order lacks while an older release's scan of its source stands. */
function outdatedNotice(source: string, outdated: number, files: number): string {
  return `${outdated} of ${files} files of ${source} were scanned by an older release: the fused order misses what a newer scan reads (history, links) until \`sextant update --source ${source}\``;
}

/** The edges a plan reads: imports, calls of routes, and uses of tables and GraphQL fields. */
const PLAN_EDGE_KINDS: readonly string[] = [IMPORT_EDGE_KIND, CALLS_ROUTE_EDGE_KIND, ...DATA_USE_EDGE_KINDS];

/** The fused order's facts of each file, in one pass over the files. */
function historyOf(facts: ReadonlyMap<string, CodeFilePlanFacts>): HistoryFacts {
  const coChanged = new Map<string, readonly CoChangePartner[]>();
  const [churn, commits, docLines] = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  const [subjects, symbols] = [new Map<string, readonly string[]>(), new Map<string, readonly string[]>()];
  const [words, stemmed] = [new Map<string, WordBag>(), new Map<string, WordBag>()];
  const spans = new Map<string, { first: number; last: number }>();
  const recent = new Map<string, readonly RecentChange[]>();
  for (const [path, f] of facts) {
    coChanged.set(path, f.coChanged);
    churn.set(path, f.churn);
    commits.set(path, f.commits);
    subjects.set(path, f.subjects);
    words.set(path, f.words);
    // the stemmed likeness also counts the words a file says once; the plain one and the search do not
    stemmed.set(path, stemmedBag(f.words, f.once));
    symbols.set(path, f.symbols);
    if (f.span) spans.set(path, f.span);
    if (f.recent) recent.set(path, f.recent);
    docLines.set(path, f.docLines);
  }
  return { coChanged, churn, commits, subjects, content: contentIndex(words), stems: contentIndex(stemmed), symbols, spans, recent, docLines };
}

export function createOnboardingService(deps: OnboardingDeps): OnboardingService {
  const cache = new Map<string, { counter: number; loaded: SourceGraph }>();

  async function load(source: string): Promise<SourceGraph> {
    const counter = await deps.changeCounter();
    const cached = cache.get(source);
    if (cached?.counter === counter) return cached.loaded;
    // only what a plan reads: a repository's symbols and the edges of other links stay in the store
    const objects = await deps.store.sourceObjects(source, [CODE_FILE_KIND]);
    const pathOf = new Map(objects.map((o) => [o.id, o.path]));
    const sourceEdges = await deps.store.sourceEdges(source, PLAN_EDGE_KINDS);
    const edges = sourceEdges
      .filter((e) => e.kind === IMPORT_EDGE_KIND && pathOf.has(e.fromId) && pathOf.has(e.toId))
      .map((e) => ({ source: pathOf.get(e.fromId)!, target: pathOf.get(e.toId)! }));
    const facts = new Map(objects.map((o) => [o.path, codeFilePlanFacts(o)] as const));
    const about = new Map(objects.map((o) => [o.path, { comment: o.comment, symbols: facts.get(o.path)!.symbols }]));
    const history = historyOf(facts);
    const outdated = [...facts.values()].filter((f) => !f.current).length;
    const packageNames = new Map<string, string[]>();
    for (const [path, f] of facts)
      for (const name of f.importNames) {
        const key = name.toLowerCase();
        const files = packageNames.get(key);
        if (files) files.push(path);
        else packageNames.set(key, [path]);
      }
    const graph = buildCodeGraph([...pathOf.values()], edges);
    const dataUsers = dataUsersIndex(sourceEdges, pathOf);
    const generated = new Set([...facts].filter(([, f]) => f.generated).map(([path]) => path));
    const httpCallers = httpCallersOf(sourceEdges, pathOf);
    const loaded = { graph, history, about, generated, dataUsers, tables: fileTables(dataUsers), outdated, packageNames, httpCallers };
    cache.set(source, { counter, loaded });
    return loaded;
  }

  /** Each code source's folder, to turn an absolute seed inside it into a relative one and keep it out of answers. */
  const roots = new Map<string, string>();
  /** Each database source's SQL dialect folders (`postgres` → postgres, postgresql, pg), to pick among dialect copies. */
  const dialects = new Map<string, readonly string[]>();

  async function listedSources(allowed: readonly string[] | undefined): Promise<string[]> {
    const all = await deps.store.listSources();
    for (const s of all) dialects.set(s.name, dialectFolders(s.type));
    const listed = all.filter((s) => s.type === CODE_SOURCE_TYPE && (!allowed || allowed.includes(s.name)));
    for (const s of listed) roots.set(s.name, s.url);
    return listed.map((s) => s.name);
  }

  async function codeSources(wanted: string | undefined, allowed: readonly string[] | undefined): Promise<string[]> {
    const sources = await listedSources(allowed);
    if (wanted) {
      if (!sources.includes(wanted))
        throw new SextantError(
          'SOURCE_NOT_FOUND',
          `no code source '${wanted}'`,
          sources.length ? { hint: `code sources: ${sources.join(', ')}` } : { remedy: { action: 'add-source', type: CODE_SOURCE_TYPE } },
        );
      return [wanted];
    }
    // an agent's questions are about the repository it works in, not another code source of the project
    const home = deps.workspaceSource?.();
    if (home && sources.includes(home)) return [home];
    if (!sources.length)
      // no update needed after adding one: a code source without a graph is scanned on first use (graphs())
      throw new SextantError('SOURCE_NOT_FOUND', 'no code source to plan in', { remedy: { action: 'add-source', type: CODE_SOURCE_TYPE } });
    return sources;
  }

  /** Graphs of the sources, scanning once those that have none yet (seed 003: missing graph → one scan, retry). */
  async function graphs(sources: readonly string[], onProgress?: ProgressFn): Promise<{ known: Map<string, SourceGraph>; failures: string[] }> {
    const known = new Map<string, SourceGraph>();
    const failures: string[] = [];
    for (const source of sources) {
      let g = await load(source);
      if (!g.graph.nodes.length && deps.rescan) {
        const failed = await deps.rescan(source, onProgress).then(
          () => null,
          (err: unknown) => (err instanceof SextantError ? err.message : err instanceof Error ? err.message : String(err)),
        );
        if (failed) failures.push(`${source}: ${withoutRoot(redactText(failed), roots.get(source))}`);
        g = await load(source);
      }
      if (g.graph.nodes.length) known.set(source, g);
    }
    return { known, failures };
  }

  /**
   * Files the request's words find among code chunks, best first, each once (a symbol stands for
   * its file): BM25 and vector hits fused by reciprocal rank, the vectors at a lower weight.
   */
  async function topicFiles(request: string, sources: readonly string[]): Promise<TopicHits> {
    if (!request.trim() || !sources.length) return NO_TOPIC;
    const options: SearchOptions = { sources, kinds: [CODE_FILE_KIND, CODE_SYMBOL_KIND], limit: TOPIC_HITS };
    const side = deps.searchSide;
    const keys = (order: readonly string[]) =>
      order.map((key) => {
        const cut = key.indexOf(KEY_SEPARATOR);
        return { source: key.slice(0, cut), id: key.slice(cut + 1) };
      });
    if (!side) {
      const fused = keys(filesOfHits((await deps.search(request, options)).hits));
      return { lexical: fused, vector: [], fused };
    }
    const [lexical, vector] = await Promise.all([side('lexical', request, options), side('vector', request, options)]);
    const [lexicalFiles, vectorFiles] = [filesOfHits(lexical.hits), filesOfHits(vector.hits)];
    const [lexicalStats, vectorStats] = [hitStats(lexical.hits), hitStats(vector.hits)];
    return {
      lexical: keys(lexicalFiles),
      vector: keys(vectorFiles),
      fused: keys(topicOrder(lexicalFiles, vectorFiles)),
      lexicalScore: lexicalStats.best,
      vectorScore: vectorStats.best,
      lexicalChunks: lexicalStats.count,
    };
  }

  /** Per code source, the files using the data the request's best data hits name (no search when no code uses data). */
  async function dataTopic(request: OnboardingRequest, known: ReadonlyMap<string, SourceGraph>): Promise<Map<string, DataUse[]>> {
    const out = new Map<string, DataUse[]>();
    if (![...known.values()].some((g) => g.dataUsers.size) || !request.request.trim()) return out;
    const result = await deps.search(request.request, {
      kinds: DATA_TOPIC_KINDS,
      limit: 10,
      explain: true,
      ...(request.allowedSources ? { sources: request.allowedSources } : {}),
    });
    for (const [source, g] of known) {
      const uses = dataUsersOf(request.request, result.hits, g.dataUsers);
      if (uses.length) out.set(source, uses);
    }
    return out;
  }

  async function plan(request: OnboardingRequest): Promise<OnboardingResult> {
    const config: TraversalConfig = clampTraversal(request);
    const rank = request.rank ?? DEFAULT_RANK;
    const sources = await codeSources(request.source, request.allowedSources);
    const { known, failures } = await graphs(sources, request.onProgress);
    const empty = (reason: string, source: string | null): OnboardingResult => {
      const anyGraph = known.values().next().value?.graph ?? buildCodeGraph([], []);
      const context: OnboardingContext = { seedId: null, relatedFiles: [], ...config, rank, stats: EMPTY_STATS, source, resolvedBy: null, reason };
      return {
        plan: deterministicPlan(anyGraph, { request: request.request, seed: null, related: [], distance: new Map(), reason }),
        context,
        userSummary: `No starting file: ${reason}.`,
      };
    };
    if (!known.size)
      return empty(
        failures.length ? `no code graph: the scan failed (${failures.join('; ')})` : `no code graph yet for ${sources.join(', ')}: run \`sextant update\``,
        sources[0] ?? null,
      );

    // the source an unresolved plan looked in, when it looked in one
    const searched = request.source ?? (known.size === 1 ? [...known.keys()][0]! : null);
    let seed: { source: string; id: string; how: SeedMatch; others?: string[] } | null = null;
    if (request.seedFile) {
      const given = request.seedFile.trim().replace(/\\/g, '/');
      const root = [...known.keys()].map((k) => roots.get(k)).find((r) => r && given.startsWith(`${r.replace(/\\/g, '/').replace(/\/+$/, '')}/`));
      const path = normalizeSeedPath(request.seedFile, root);
      // the surest match of any source: a file one repository has exactly beats another's of the same base name
      const sureness = (how: SeedMatch) => SEED_MATCH_ORDER.indexOf(how);
      for (const [source, g] of known) {
        const found = resolveSeedPath(path, g.graph.nodes, { names: g.packageNames, importers: (id) => g.graph.reverse.get(id)?.length ?? 0 });
        if (found && (!seed || sureness(found.how) < sureness(seed.how))) seed = { source, ...found };
        if (seed?.how === 'exact') break;
      }
      if (!seed) return empty(`no file matches the seed '${path}'`, searched);
    }
    // the topic is searched when it seeds the plan, or when the fused order uses it
    // without a request, the fused order searches the seed's own name words (files about the same thing)
    const topicQuery = requestTopic(request.request) || (seed && rank === 'fused' ? [...baseNameWords(seed.id)].join(' ') : '');
    const topic = !seed || rank === 'fused' ? await topicFiles(topicQuery, seed ? [seed.source] : [...known.keys()]) : NO_TOPIC;
    const data = await dataTopic(request, seed ? new Map([[seed.source, known.get(seed.source)!]]) : known);
    // a schema or data SQL file names the tables a request about behaviour says, and an example
    // (trpc's 60 `examples/` apps) says the library's words in its users' code: code near either
    // in the ranking starts instead
    const schemaAsked = aboutSchema(request.request);
    const examplesAsked = aboutExamples(request.request);
    const aside = (source: string, id: string) => (!schemaAsked && isSchemaSql(id, known.get(source)!.tables)) || (!examplesAsked && isExampleFile(id));
    if (!seed) {
      const [dataSource, dataUses] = data.entries().next().value ?? [];
      const first =
        startingFile(
          topic.fused.filter((t) => known.get(t.source)!.graph.nodes.includes(t.id)),
          (t) => known.get(t.source)!.generated.has(t.id),
          (t) => aside(t.source, t.id),
        ) ?? (dataSource && dataUses ? { source: dataSource, id: dataUses[0]!.file } : undefined);
      if (!first) return empty(`no code file matches "${request.request}"`, searched);
      // vectors always return the nearest files, however far: when no file says a word of the request
      // (`fixes #592`, `qwertyuiop`), the plan says its start is near in meaning only
      seed = { ...first, how: topic.lexical.length || !topic.vector.length ? 'topic' : 'meaning' };
    }
    const sourceGraph = known.get(seed.source)!;
    const { graph: g, history, about, generated, outdated } = sourceGraph;
    let candidates: OnboardingResult['candidates'];
    let fused: string[] | null = null;
    // the files the request's words found, of those the topic model read
    let found: Set<string> | undefined;
    if (rank === 'fused') {
      // a plan seeded by its topic is about the topic: the topic model ranks the files, and its first
      // file that is not a test becomes the seed (the search's first file, which the model reads as
      // a feature, is not always the best start: on kysely's dev items topic recall@10 0.580 -> 0.586)
      const task: FusedTask = seed.how === 'topic' || seed.how === 'meaning' ? 'topic' : 'related';
      const s = seed.source;
      const lists: TopicLists = {
        lexical: inSource(topic.lexical, s),
        vector: inSource(topic.vector, s),
        fused: inSource(topic.fused, s),
        lexicalScore: scoresIn(topic.lexicalScore, s),
        vectorScore: scoresIn(topic.vectorScore, s),
        lexicalChunks: scoresIn(topic.lexicalChunks, s),
      };
      const list = task === 'topic' ? topicCandidates(g, request.request, lists, history) : relatedCandidates(g, seed.id, history, lists, config);
      if (task === 'topic') found = new Set(lists.fused.slice(0, CANDIDATE_POOL.topic));
      const order = rankCandidates(task, list);
      if (task === 'topic') {
        const byModel = order.map((id) => ({ id }));
        const isGenerated = (f: { id: string }) => generated.has(f.id);
        const isAside = (f: { id: string }) => aside(s, f.id);
        // the word search's first file is what the request's words describe best: a plan starts there when the model ranks it near the top too
        const starts = byModel.filter((f) => !isTestFile(f.id) && !isGenerated(f) && !isAside(f));
        const kept = starts.slice(0, SEARCH_FIRST_KEPT_WITHIN).some((f) => f.id === seed!.id);
        if (!kept) seed = { ...seed, id: startingFile(byModel, isGenerated, isAside)?.id ?? seed.id };
      }
      const seedId = seed.id;
      fused = order.filter((f) => f !== seedId);
      if (request.withFeatures) candidates = { task, list };
    }
    const walk = traverse(g, seed.id, config);
    const ranked = fused ?? walk.relatedFiles;
    // files that use the data the request is about join the related files, within the limit
    // at most half the plan when the graph has files too: a table used everywhere would crowd out the seed's own neighbours
    // alone in the import graph: the fused order may still hold files of shared history or names
    const alone = !walk.relatedFiles.some((f) => f !== seed.id);
    const dataRoom = alone ? config.limit : Math.ceil(config.limit / 2);
    // the request names no data: a seed alone in the graph (a .sql file of queries, a migration), or a seed
    // planned without a request (`plan --seed`), reads the other users of its own tables; a request that
    // says no data keeps its plan to the code (on full-stack-fastapi-template, routes/items.py writes `item`)
    const dataOf = !data.get(seed.source)?.length && (alone || !request.request.trim()) ? 'seed' : 'request';
    const seedId = seed.id;
    // a seed with neighbours follows the tables it reads or writes, not those it only declares, and its neighbours keep their steps
    const seedUses = () =>
      alone
        ? seedDataUsers(seedId, sourceGraph.dataUsers)
        : seedDataUsers(seedId, sourceGraph.dataUsers, { worksOn: true }).filter((u) => !walk.distance.has(u.file));
    // one of each group of dialect copies (db/h2/schema.sql, db/mysql/schema.sql), before the room is counted
    const folded = foldCopies(
      (dataOf === 'seed' ? seedUses() : (data.get(seed.source) ?? [])).filter((u) => u.file !== seedId),
      sourceGraph.tables,
      dialects,
      seedId,
    );
    const dataUses = folded.uses.slice(0, dataRoom);
    // the fused order finds dialect copies by their names and shared history: one of each group is listed, as among the data users
    const copies = new Set([...folded.keptAlsoIn, ...folded.uses.flatMap((u) => u.alsoIn ?? [])]);
    const listed = fused
      ? foldCopies(
          ranked.filter((f) => !copies.has(f)).map((file) => ({ file, uses: '' })),
          sourceGraph.tables,
          dialects,
        ).uses.map((u) => u.file)
      : ranked;
    const dataFiles = new Set(dataUses.map((u) => u.file));
    // tests that call the seed's routes over HTTP join the plan's tests, a quarter of it at most, their first call first
    const httpTests = (sourceGraph.httpCallers.get(seedId) ?? [])
      .filter((c) => isTestFile(c.file) && !dataFiles.has(c.file))
      .slice(0, Math.ceil(config.limit / 4));
    const httpFiles = new Set(httpTests.map((c) => c.file));
    const related = [
      ...listed.filter((f) => !dataFiles.has(f) && !httpFiles.has(f)).slice(0, config.limit - dataUses.length - httpTests.length),
      ...dataUses.map((u) => u.file),
      ...httpTests.map((c) => c.file),
    ];
    const changedWith = new Set((history.coChanged.get(seed.id) ?? []).map((p) => p.path));
    let plan = deterministicPlan(g, {
      request: request.request,
      seed: seed.id,
      how: seed.how,
      related,
      distance: walk.distance,
      dataUses: dataUses.map((u) => ({ file: u.file, why: dataUseWhy(u) })),
      dataOf,
      httpCallers: httpTests.map((c) => ({ file: c.file, why: `line ${c.line} calls ${c.route}` })),
      changedWith,
      ...(found ? { found } : {}),
      ...(folded.keptAlsoIn.length ? { seedAlsoIn: folded.keptAlsoIn } : {}),
    });
    const { llm: openLlm, cache } = deps;
    if (request.writer !== 'rules' && openLlm && cache) {
      const rules = plan;
      const files = [seedId, ...related].map((path) => ({
        path,
        relation: relationTo(g, seedId, path, walk.distance, changedWith),
        ...(about.get(path) ?? NO_ABOUT),
      }));
      plan = await openLlm()
        .then((llm) => (llm ? llmPlan(llm, cache, { request: request.request, seed: seedId, files, draft: rules }) : rules))
        .catch((err: unknown) => ({ ...rules, note: fallbackNote(err) }));
    }
    // a dialect copy of the seed is named as one (`seedAlsoIn`), not as another file the name could mean
    const alternatives = (seed.others ?? []).filter((o) => !folded.keptAlsoIn.includes(o));
    const context: OnboardingContext = {
      seedId: seed.id,
      relatedFiles: related,
      ...config,
      rank,
      stats: walk.stats,
      source: seed.source,
      resolvedBy: seed.how,
      ...(dataUses.length ? { dataUses } : {}),
      ...(folded.keptAlsoIn.length ? { seedAlsoIn: folded.keptAlsoIn } : {}),
      ...(alternatives.length ? { seedAlternatives: alternatives } : {}),
      ...(outdated && rank === 'fused' ? { notice: outdatedNotice(seed.source, outdated, g.nodes.length) } : {}),
    };
    // the fused order reads history and topic as well as imports, so its files are not all within the walk's depth
    const reach = fused ? 'ranked by imports, shared history and topic' : `within ${config.depth} import${config.depth === 1 ? '' : 's'} (${config.direction})`;
    const userSummary = `Start with ${seed.id} (${seed.how === 'topic' ? 'matched by topic' : seed.how === 'meaning' ? 'a guess by meaning: no file says a word of the request' : `seed matched: ${seed.how}${ambiguity(alternatives)}`}); ${related.length} related file${related.length === 1 ? '' : 's'} ${reach}; ${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}${plan.note ? ` (${plan.note})` : ''}.`;
    return { plan, context, userSummary, ...(candidates ? { candidates } : {}) };
  }

  return { plan, graph: async (source) => (await load(source)).graph, sources: listedSources };
}

/** What a user is told of a seed name several files share: the others, a few by name, and how to choose. */
function ambiguity(others: readonly string[] | undefined): string {
  if (!others?.length) return '';
  const named = others.slice(0, 3).join(', ') + (others.length > 3 ? ` and ${others.length - 3} more` : '');
  return `; ${others.length === 1 ? 'another file has' : `${others.length} other files have`} that name: ${named}; give more of the path to start there`;
}
