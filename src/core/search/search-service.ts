/**
 * @module core/search/search-service
 * The retrieve pipeline: deterministic expansion → lexical (BM25) and vector candidates in
 * parallel → RRF (k=60, top-rank bonus) → generated code after hand-written code of comparable
 * score → the objects a query names exactly first → optional
 * rerank hook → related chunks through shared entities → hydrated hits with monotonic 0..1
 * scores. `search` and `vsearch` run one side only. A short query with a word nothing holds is
 * respelt from the catalog's names (spelling.ts): searched so when it finds nothing sure, else
 * suggested.
 */
import { objectId, parseObjectId } from '../../kernel/ids.js';
import type { Chunk } from '../../ports/catalog.js';
import type { Embedder } from '../../ports/embedder.js';
import type { Reranker } from '../../ports/reranker.js';
import type { ChunkFilter, ChunkIndex } from '../../ports/store.js';
import { createQueryExpander, type ExpandedQuery } from './expand.js';
import { createStructureRanker, type Ranked, type StructureReader } from './structure-ranking.js';
import { toLexicalTerms } from './lexical-query.js';
import { routeQuery, type Routing } from './routing.js';
import type { RankedList } from './rrf.js';
import { bm25ToRelevance, cosineToRelevance } from './scores.js';
import { leadNamed, namedObjects } from './exact-names.js';
import { asksForTests, generatedObjects, rankWeightedAfter, testObjects, type GeneratedTests, type TestCodeTests } from './generated.js';
import { calibrate, fuse, hydrate, noConfidentMatch, relate, rerank, type Ordered } from './stages.js';
import { createPageViews, pageCandidates, pagesInOrder, rankPages, type PageCandidate } from './document-ranking.js';
import { applyModel, candidateFeatures, type FeatureContext, type RankerModels } from './learned-ranker.js';
import { RELATION_KINDS } from '../../ports/catalog.js';
import { correctable, MAX_QUERY_WORDS, respell } from './spelling.js';
import { closestWord } from '../../kernel/text/nearest-word.js';
import { CONFIDENT_SCORE, type SearchMode, type SearchOptions, type SearchResult } from './types.js';

export interface SearchDeps {
  store: ChunkIndex & StructureReader;
  embedder: () => Promise<Embedder | null>;
  rerank?: Reranker | null;
  /** Edge kinds structure ranking follows between relations (foreign keys); none when absent. */
  joinEdgeKinds?: ReadonlySet<string>;
  /** Object kind → how much its chunks' vector places count in hybrid fusion (absent: 1). */
  vectorWeights?: ReadonlyMap<string, number>;
  /** Kinds whose chunks are passages of a document: a search of only these ranks pages (document-ranking.ts). */
  passageKinds?: ReadonlySet<string>;
  /** Glossary aliases (alias → term words) for expansion; empty until a glossary exists. */
  aliases?: () => Promise<ReadonlyMap<string, readonly string[]>>;
  /** Related chunks through shared entities; absent when entities are not indexed. */
  related?: (hitIds: readonly string[], filter: ChunkFilter, cap: number) => Promise<string[]>;
  /** Entity names of chunks, for --explain. */
  entitiesOf?: (chunkIds: readonly string[]) => Promise<Map<string, string[]>>;
  /** Learned rankers (learned-ranker.ts) for relation and column searches; RRF alone when absent. */
  ranker?: RankerModels | null;
  /** Object kind → whether an object of it is generated (ObjectKindSpec.generated): such hits rank after hand-written ones (generated.ts). */
  generated?: GeneratedTests;
  /** Object kind → whether the object at a path is test code (ObjectKindSpec.testCode): such hits rank after the code they test (generated.ts). */
  testCode?: TestCodeTests;
  /** Words of the catalog's names, of these sources or all (spelling.ts): "did you mean" is off when absent. */
  nameWords?: (sources?: readonly string[]) => Promise<ReadonlyMap<string, number>>;
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
const RELATED_CAP = 5;

/** Candidates each retriever returns for a search of `limit` hits. */
export function candidateDepth(limit: number): number {
  return Math.min(400, Math.max(60, limit * 6));
}

/** The learned ranker a hybrid search uses: relations for a table/view search, columns for a column search, pages for a document search. */
function learnedTarget(kinds: readonly string[] | undefined, passageKinds: ReadonlySet<string>): 'relations' | 'columns' | 'documents' | null {
  if (!kinds?.length) return null;
  if (kinds.every((k) => RELATION_KINDS.includes(k))) return 'relations';
  if (kinds.every((k) => passageKinds.has(k))) return 'documents';
  return kinds.length === 1 && kinds[0] === 'column' ? 'columns' : null;
}

/** Pages a document search's model reorders (the rest follow in fused order). */
const DOCUMENT_POOL = 20;

function filterOf(options: SearchOptions): ChunkFilter {
  return {
    ...(options.sources?.length ? { sources: options.sources } : {}),
    ...(options.kinds?.length ? { kinds: options.kinds } : {}),
    ...(options.projects?.length ? { projects: options.projects } : {}),
    session: options.session ?? null,
  };
}

export function createSearchService(deps: SearchDeps) {
  let expander: ((q: string) => ExpandedQuery) | null = null;
  let expanderAliases: ReadonlyMap<string, readonly string[]> | null = null;

  async function expand(query: string): Promise<ExpandedQuery> {
    const aliases = deps.aliases ? await deps.aliases() : new Map<string, readonly string[]>();
    if (!expander || aliases !== expanderAliases) {
      // Abbreviations are spelled out on the index side (chunks/build-chunks.ts); expanding query
      // words into abbreviations only added noise on the schema-linking benchmark.
      expander = createQueryExpander({ aliases, abbreviations: {} });
      expanderAliases = aliases;
    }
    return expander(query);
  }

  async function lexical(expanded: ExpandedQuery, filter: ChunkFilter, depth: number): Promise<Ranked> {
    const terms = toLexicalTerms(expanded);
    if (!terms) return { ids: [], scores: new Map() };
    const hits = await deps.store.lexicalSearch({ ...filter, ...terms, limit: depth });
    return { ids: hits.map((h) => h.chunkId), scores: new Map(hits.map((h) => [h.chunkId, bm25ToRelevance(h.score)])) };
  }

  async function vector(query: string, filter: ChunkFilter, depth: number): Promise<Ranked | null> {
    const embedder = await deps.embedder();
    if (!embedder || !query.trim()) return null;
    const [vec] = await embedder.embed([query]);
    if (!vec) return null;
    const hits = await deps.store.vectorSearch({ ...filter, vector: vec, limit: depth });
    return { ids: hits.map((h) => h.chunkId), scores: new Map(hits.map((h) => [h.chunkId, cosineToRelevance(h.score)])) };
  }

  async function countDatabases(filter: ChunkFilter): Promise<number> {
    const page = await deps.store.listObjects({ kinds: ['schema'], ...(filter.sources ? { sources: filter.sources } : {}), limit: 1 });
    return page.total;
  }
  // One routing per search: structure ranking and the confidence read the same one.
  const routed = new WeakMap<ExpandedQuery, Promise<Routing>>();
  const route = (expanded: ExpandedQuery, filter: ChunkFilter): Promise<Routing> => {
    let routing = routed.get(expanded);
    if (!routing) {
      routing = routeQuery({ lexicalSearch: (q) => deps.store.lexicalSearch(q), countDatabases }, toLexicalTerms(expanded, { phrase: false }), filter);
      routed.set(expanded, routing);
    }
    return routing;
  };

  const weights = deps.vectorWeights;
  const vectorWeightOf = weights?.size ? (id: string) => weights.get(parseObjectId(id)?.kind ?? '') ?? 1 : undefined;

  const structure = createStructureRanker(deps.store, { lexical, vector, route }, deps.joinEdgeKinds ?? new Set());

  const pageViews = createPageViews();
  /** The first `pool` pages of a document search with their features (document-ranking.ts). */
  async function documentCandidates(query: string, order: Ordered[], lex: Ranked | null, vec: Ranked | null, pool: number): Promise<PageCandidate[]> {
    const heads = pagesInOrder(order).slice(0, pool);
    const [objects, chunks] = await Promise.all([deps.store.getObjects(heads.map((h) => h.page)), chunksOf(heads.map((h) => h.best.id))]);
    const pages = new Map(
      objects.map((o) => {
        const markdown = o.definition ?? '';
        const a = o.attributes as { title?: unknown; outline?: unknown; anchors?: unknown; linksTo?: unknown };
        const title = typeof a.title === 'string' ? a.title : o.name;
        const strings = (v: unknown) => (Array.isArray(v) ? v.filter((h): h is string => typeof h === 'string') : []);
        const linksTo = strings(a.linksTo).map((name) => objectId(o.source, o.kind, name));
        const view = pageViews(o.id, { title, outline: strings(a.outline), markdown, anchors: strings(a.anchors), linksTo });
        return [o.id, view];
      }),
    );
    const passages = new Map([...chunks].map(([id, c]) => [id, c.text]));
    const ctx = { query, lexical: lex?.scores ?? new Map<string, number>(), vector: vec?.scores ?? new Map<string, number>(), pages, passages };
    return pageCandidates(order, ctx, pool);
  }

  async function chunksOf(ids: readonly string[]): Promise<Map<string, Chunk>> {
    const chunks = await deps.store.getChunks(ids);
    return new Map(chunks.map((c) => [c.id, c]));
  }

  /**
   * The query's words that nothing visible in the index holds, each with the nearest name word
   * (spelling.ts). Only for a short query in words, and never a word a name or any chunk holds.
   */
  async function misspelt(expanded: ExpandedQuery, filter: ChunkFilter): Promise<Map<string, string>> {
    const corrections = new Map<string, string>();
    const words = expanded.terms.filter((t) => t.source === 'word');
    if (!deps.nameWords || words.length === 0 || words.length > MAX_QUERY_WORDS) return corrections;
    let vocabulary: ReadonlyMap<string, number> | null = null;
    // a word any visible chunk holds is a word of the index, whatever kinds this search asks for
    const { kinds: _kinds, ...visible } = filter;
    for (const term of words) {
      if (!correctable(term.text)) continue;
      vocabulary ??= await deps.nameWords(filter.sources);
      if (vocabulary.has(term.text) || (await lexical({ terms: [term], expansions: [] }, visible, 1)).ids.length > 0) continue;
      const nearest = closestWord(term.text, vocabulary);
      if (nearest) corrections.set(term.text, nearest);
    }
    return corrections;
  }

  /** A query in double quotes is meant as typed: it is never respelt. */
  const QUOTED = /^\s*["“][^"”]*["”]\s*$/;

  /**
   * A search that may be a misspelling of another: a weak result of a query with a word nothing
   * holds is the respelt query's result instead (`correctedFrom`); a fair one says what the
   * respelt query would be (`suggestion`).
   */
  async function run(mode: SearchMode, query: string, options: SearchOptions = {}): Promise<SearchResult> {
    const started = performance.now();
    const result = await runAsTyped(mode, query, options);
    // a hybrid search whose top hit matched every word of the query has nothing to correct
    if (mode === 'vector' || options.asTyped || QUOTED.test(query) || (result.confidence !== null && result.confidence >= 0.999)) return result;
    const filter = filterOf(options);
    const corrections = await misspelt(await expand(query), filter);
    if (corrections.size === 0) return result;
    const respelt = respell(query, corrections);
    const tookMs = () => Math.round((performance.now() - started) * 10) / 10;
    const weak = result.hits.length === 0 || (result.confidence !== null && result.confidence < CONFIDENT_SCORE);
    if (!weak) return { ...result, suggestion: respelt, tookMs: tookMs() };
    const again = await runAsTyped(mode, respelt, options);
    // a respelling that finds nothing either is no suggestion
    return again.hits.length > 0 ? { ...again, correctedFrom: query, tookMs: tookMs() } : { ...result, tookMs: tookMs() };
  }

  async function runAsTyped(mode: SearchMode, query: string, options: SearchOptions = {}): Promise<SearchResult> {
    const started = performance.now();
    const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(options.limit ?? DEFAULT_LIMIT)));
    const depth = options.depth ?? candidateDepth(limit);
    const filter = filterOf(options);
    // expand
    const expanded = await expand(query);
    // retrieve
    const [lex, vec] = await Promise.all([
      mode === 'vector' ? Promise.resolve(null) : lexical(expanded, filter, depth),
      mode === 'lexical' ? Promise.resolve(null) : vector(query, filter, depth),
    ]);
    const sides: RankedList[] = [
      { name: 'lexical', ids: lex?.ids ?? [] },
      { name: 'vector', ids: vec?.ids ?? [] },
    ];
    const extra =
      mode === 'hybrid'
        ? await structure.listsFor(options.kinds ?? [], { expanded, query, filter, depth, hasVector: vec !== null }, sides)
        : { lists: [], support: [] };
    // fuse
    let order = fuse(mode, { lexical: lex, vector: vec }, extra, vectorWeightOf);
    // learned ranking: a model trained on the dev questions reorders the first candidates
    const target = mode === 'hybrid' ? learnedTarget(options.kinds, deps.passageKinds ?? new Set()) : null;
    const model = target ? deps.ranker?.[target] : undefined;
    let features: Map<string, Record<string, number>> | null = null;
    if (target === 'documents' && (model || options.explain) && order.length) {
      const candidates = await documentCandidates(query, order, lex, vec, model?.pool ?? DOCUMENT_POOL);
      if (options.explain) features = new Map(candidates.map((c) => [c.best.id, c.features]));
      if (model) order = rankPages(model, order, candidates);
    } else if (target && (model || options.explain) && order.length) {
      const ctx: FeatureContext = {
        routing: await route(expanded, filter),
        scores: { ...(lex ? { lexical: lex.scores } : {}), ...(vec ? { vector: vec.scores } : {}) },
      };
      if (options.explain) {
        const rows = candidateFeatures(order, ctx, Math.max(limit, model?.pool ?? 0));
        features = new Map(rows.map((f, i) => [order[i]!.id, f]));
      }
      if (model) order = applyModel(model, order, ctx);
    }
    // generated code, and test code unless the query asks for tests, rank after the code of comparable score
    const leader = order[0];
    if ((deps.generated?.size || deps.testCode?.size) && order.length) {
      const generated = deps.generated?.size ? await generatedObjects(order, deps.generated, (ids) => deps.store.getObjects(ids)) : new Set<string>();
      const tests = deps.testCode?.size && !asksForTests(query) ? testObjects(order, deps.testCode) : new Set<string>();
      order = rankWeightedAfter(order, generated, tests);
    }
    // calibrate: hybrid scores become the confidence that the index holds what the query asks
    let confidence: number | null = null;
    if (mode === 'hybrid' && order.length) {
      ({ order, confidence } = calibrate(order, await route(expanded, filter), leader));
    }
    // lead: a query that is an object's name asks for that object
    order = leadNamed(order, await namedObjects(query, order, (ids) => deps.store.getObjects(ids)));
    let notice: string | undefined;
    if (options.minScore !== undefined) {
      const best = order[0]?.score;
      order = order.filter((o) => o.score >= options.minScore!);
      if (best !== undefined && order.length === 0) notice = noConfidentMatch(best, options.minScore);
    }
    let top = order.slice(0, limit);
    // rerank
    let rerankReport: SearchResult['rerank'] = null;
    if (mode === 'hybrid' && deps.rerank && !options.noRerank && top.length > 1) {
      const reranked = await rerank(deps.rerank, query, top, await chunksOf(top.map((t) => t.id)));
      top = reranked.top;
      rerankReport = reranked.report;
    }
    // relate
    const relatedIds = options.includeRelated && deps.related && top.length ? await relate(deps.related, top, filter, RELATED_CAP) : [];
    // hydrate
    const chunks = await chunksOf([...top.map((t) => t.id), ...relatedIds]);
    const explain = options.explain
      ? {
          expansions: expanded.expansions,
          entities: deps.entitiesOf ? await deps.entitiesOf(top.map((t) => t.id)) : new Map<string, string[]>(),
          ...(features ? { features } : {}),
        }
      : null;
    const hits = hydrate(top, relatedIds, chunks, explain);
    return {
      query,
      mode,
      hits,
      expansions: expanded.expansions,
      rerank: rerankReport,
      confidence: confidence === null ? null : Math.round(confidence * 10000) / 10000,
      ...(notice ? { notice } : {}),
      tookMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }

  return {
    search: (query: string, options?: SearchOptions) => run('lexical', query, options),
    vsearch: (query: string, options?: SearchOptions) => run('vector', query, options),
    query: (query: string, options?: SearchOptions) => run('hybrid', query, options),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
