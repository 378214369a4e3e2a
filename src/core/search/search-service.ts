/**
 * @module core/search/search-service
 * The retrieve pipeline: deterministic expansion → lexical (BM25) and vector candidates in
 * parallel → RRF (k=60, top-rank bonus) → optional rerank hook → related chunks through shared
 * entities → hydrated hits with monotonic 0..1 scores. `search` and `vsearch` run one side only.
 */
import type { Chunk } from '../../ports/catalog.js';
import type { Embedder } from '../../ports/embedder.js';
import type { Reranker } from '../../ports/reranker.js';
import type { ChunkFilter, Store } from '../../ports/store.js';
import { createQueryExpander, type ExpandedQuery } from './expand.js';
import { createStructureRanker, type Ranked } from './structure-ranking.js';
import { withSupport } from './structure-signals.js';
import { toLexicalTerms } from './lexical-query.js';
import { adviseRerank, applyRerankOrder } from './rerank-hook.js';
import { fuseRankings, RRF_K, TOP_RANK_BONUS, type RankedList } from './rrf.js';
import { bm25ToRelevance, cosineToRelevance, fusedRelevances } from './scores.js';
import type { SearchHit, SearchMode, SearchOptions, SearchResult } from './types.js';

export interface SearchDeps {
  store: Store;
  embedder: () => Promise<Embedder | null>;
  rerank?: Reranker | null;
  /** Edge kinds structure ranking follows between relations (foreign keys); none when absent. */
  joinEdgeKinds?: ReadonlySet<string>;
  /** Glossary aliases (alias → term words) for expansion; empty until a glossary exists. */
  aliases?: () => Promise<ReadonlyMap<string, readonly string[]>>;
  /** Related chunks through shared entities; absent when entities are not indexed. */
  related?: (hitIds: readonly string[], filter: ChunkFilter, cap: number) => Promise<string[]>;
  /** Entity names of chunks, for --explain. */
  entitiesOf?: (chunkIds: readonly string[]) => Promise<Map<string, string[]>>;
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
const RELATED_CAP = 5;

function candidateDepth(limit: number): number {
  return Math.min(400, Math.max(60, limit * 6));
}

function filterOf(options: SearchOptions): ChunkFilter {
  return {
    ...(options.sources?.length ? { sources: options.sources } : {}),
    ...(options.kinds?.length ? { kinds: options.kinds } : {}),
    ...(options.projects?.length ? { projects: options.projects } : {}),
    session: options.session ?? null,
  };
}

function displayName(chunk: Chunk): string {
  const parts = chunk.objectId.split(':');
  return parts.length >= 3 ? parts.slice(2).join(':') : chunk.objectId;
}

function snippetOf(chunk: Chunk, max = 200): string {
  const text = chunk.text.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
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

  const structure = createStructureRanker(deps.store, { lexical, vector }, deps.joinEdgeKinds ?? new Set());

  async function hydrate(ids: readonly string[]): Promise<Map<string, Chunk>> {
    const chunks = await deps.store.getChunks(ids);
    return new Map(chunks.map((c) => [c.id, c]));
  }

  async function run(mode: SearchMode, query: string, options: SearchOptions = {}): Promise<SearchResult> {
    const started = performance.now();
    const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(options.limit ?? DEFAULT_LIMIT)));
    const depth = candidateDepth(limit);
    const filter = filterOf(options);
    const expanded = await expand(query);

    const [lex, vec] = await Promise.all([
      mode === 'vector' ? Promise.resolve(null) : lexical(expanded, filter, depth),
      mode === 'lexical' ? Promise.resolve(null) : vector(query, filter, depth),
    ]);

    let order: Array<{ id: string; score: number; lexicalRank: number | null; vectorRank: number | null; fused: number; bonus: number }>;
    if (mode === 'hybrid') {
      const lists: RankedList[] = [
        { name: 'lexical', ids: lex?.ids ?? [] },
        { name: 'vector', ids: vec?.ids ?? [] },
      ];
      const support: RankedList[] = [];
      const extra = await structure.listsFor(options.kinds ?? [], { expanded, query, filter, depth, hasVector: vec !== null }, lists);
      lists.push(...extra.lists);
      support.push(...extra.support);
      const fused = withSupport(fuseRankings(lists, { k: RRF_K, topRankBonus: TOP_RANK_BONUS }), support);
      const relevances = fusedRelevances(fused, { lists: [...lists, ...support].filter((l) => l.ids.length > 0).length || 1 });
      order = fused.map((f, i) => ({ id: f.id, score: relevances[i]!, lexicalRank: f.ranks.lexical ?? null, vectorRank: f.ranks.vector ?? null, fused: f.score, bonus: f.bonus }));
    } else {
      const side = (mode === 'lexical' ? lex : vec) ?? { ids: [], scores: new Map<string, number>() };
      order = side.ids.map((id, i) => ({
        id,
        score: side.scores.get(id) ?? 0,
        lexicalRank: mode === 'lexical' ? i + 1 : null,
        vectorRank: mode === 'vector' ? i + 1 : null,
        fused: side.scores.get(id) ?? 0,
        bonus: 0,
      }));
    }
    if (options.minScore !== undefined) order = order.filter((o) => o.score >= options.minScore!);

    let rerank: SearchResult['rerank'] = null;
    let top = order.slice(0, limit);
    if (mode === 'hybrid' && deps.rerank && !options.noRerank && top.length > 1) {
      const chunks = await hydrate(top.map((t) => t.id));
      const outcome = await adviseRerank(deps.rerank, {
        query,
        results: top.map((t) => {
          const c = chunks.get(t.id);
          return { id: t.id, kind: c?.kind ?? '', name: c ? displayName(c) : t.id, snippet: c ? snippetOf(c) : '', score: t.score };
        }),
      });
      if (outcome.order) {
        const byId = new Map(top.map((t) => [t.id, t]));
        top = applyRerankOrder(top.map((t) => t.id), outcome.order).map((id) => byId.get(id)!);
      }
      rerank = { applied: outcome.order !== null, error: outcome.error };
    }

    let relatedIds: string[] = [];
    if (options.includeRelated && deps.related && top.length) {
      relatedIds = (await deps.related(top.map((t) => t.id), filter, RELATED_CAP)).filter((id) => !top.some((t) => t.id === id));
    }

    const chunks = await hydrate([...top.map((t) => t.id), ...relatedIds]);
    const entities = options.explain && deps.entitiesOf ? await deps.entitiesOf(top.map((t) => t.id)) : new Map<string, string[]>();
    const hits: SearchHit[] = [];
    for (const t of top) {
      const c = chunks.get(t.id);
      if (!c) continue;
      hits.push({
        id: c.id,
        objectId: c.objectId,
        source: c.source,
        kind: c.kind,
        name: displayName(c),
        score: Math.round(t.score * 10000) / 10000,
        snippet: snippetOf(c),
        ...(options.explain
          ? { explain: { lexicalRank: t.lexicalRank, vectorRank: t.vectorRank, fused: t.fused, bonus: t.bonus, expansions: expanded.expansions, entities: entities.get(c.id) ?? [] } }
          : {}),
      });
    }
    const floor = hits.length ? hits[hits.length - 1]!.score : 0;
    for (const id of relatedIds) {
      const c = chunks.get(id);
      if (!c) continue;
      hits.push({ id: c.id, objectId: c.objectId, source: c.source, kind: c.kind, name: displayName(c), score: Math.round(floor * 0.5 * 10000) / 10000, snippet: snippetOf(c), related: true });
    }
    return { query, mode, hits, expansions: expanded.expansions, rerank, tookMs: Math.round((performance.now() - started) * 10) / 10 };
  }

  return {
    search: (query: string, options?: SearchOptions) => run('lexical', query, options),
    vsearch: (query: string, options?: SearchOptions) => run('vector', query, options),
    query: (query: string, options?: SearchOptions) => run('hybrid', query, options),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
