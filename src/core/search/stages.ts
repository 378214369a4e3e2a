/**
 * @module core/search/stages
 * The named stages of the retrieve pipeline after retrieval (search-service.ts runs them in
 * order: expand → retrieve → fuse → generated code after its equals → calibrate → lead the named objects → rerank → relate → hydrate). Each takes what it needs and
 * returns data, so each is tested on its own.
 */
import type { Chunk } from '../../ports/catalog.js';
import type { Reranker } from '../../ports/reranker.js';
import type { ChunkFilter } from '../../ports/store.js';
import type { Ranked } from './structure-ranking.js';
import { withSupport } from './structure-signals.js';
import { adviseRerank, applyRerankOrder } from './rerank-hook.js';
import { fuseRankings, RRF_K, TOP_RANK_BONUS, type RankedList } from './rrf.js';
import { fusedRelevances } from './scores.js';
import type { ListContribution, NamedBy, SearchHit, SearchMode, SearchResult } from './types.js';
import { groupOf, type Routing } from './routing.js';

/** One candidate in fused order with what `--explain` shows of it. */
export interface Ordered {
  id: string;
  score: number;
  lexicalRank: number | null;
  vectorRank: number | null;
  fused: number;
  bonus: number;
  /** Each list's part in `fused` (hybrid: every non-empty list; single side: that side). */
  lists: ListContribution[];
  /** Set when the query is this object's name, which is why it leads (exact-names.ts). */
  named?: NamedBy;
  /** Set when a tool wrote the object: its scores count GENERATED_WEIGHT (generated.ts). */
  generated?: true;
}

/**
 * fuse: hybrid mode fuses the lexical, vector and structure lists with RRF (k = 60, top-rank
 * bonus; support lists only break ties; `vectorWeightOf` scales a family's vector places); a single-side mode keeps that side's order and scores.
 */
export function fuse(
  mode: SearchMode,
  sides: { lexical: Ranked | null; vector: Ranked | null },
  structure: { lists: RankedList[]; support: RankedList[] },
  vectorWeightOf?: (id: string) => number,
): Ordered[] {
  if (mode === 'hybrid') {
    const lists: RankedList[] = [
      { name: 'lexical', ids: sides.lexical?.ids ?? [] },
      { name: 'vector', ids: sides.vector?.ids ?? [], ...(vectorWeightOf ? { weightOf: vectorWeightOf } : {}) },
      ...structure.lists,
    ];
    const fused = withSupport(fuseRankings(lists, { k: RRF_K, topRankBonus: TOP_RANK_BONUS }), structure.support);
    const relevances = fusedRelevances(fused, { lists: [...lists, ...structure.support].filter((l) => l.ids.length > 0).length || 1 });
    const ran = [
      ...lists.filter((l) => l.ids.length > 0 || l.name === 'lexical' || l.name === 'vector').map((l) => ({ name: l.name, role: 'primary' as const })),
      ...structure.support.filter((l) => l.ids.length > 0).map((l) => ({ name: l.name, role: 'supporting' as const })),
    ];
    return fused.map((f, i) => ({
      id: f.id,
      score: relevances[i]!,
      lexicalRank: f.ranks.lexical ?? null,
      vectorRank: f.ranks.vector ?? null,
      fused: f.score,
      bonus: f.bonus,
      lists: ran.map((l) => ({ ...l, rank: f.ranks[l.name] ?? null, contribution: f.contributions[l.name] ?? 0 })),
    }));
  }
  const side = (mode === 'lexical' ? sides.lexical : sides.vector) ?? { ids: [], scores: new Map<string, number>() };
  return side.ids.map((id, i) => ({
    id,
    score: side.scores.get(id) ?? 0,
    lexicalRank: mode === 'lexical' ? i + 1 : null,
    vectorRank: mode === 'vector' ? i + 1 : null,
    fused: side.scores.get(id) ?? 0,
    bonus: 0,
    lists: [{ name: mode, role: 'primary', rank: i + 1, contribution: side.scores.get(id) ?? 0 }],
  }));
}

/**
 * calibrate: hybrid scores on a scale that means something across queries. The top hit's score
 * is the confidence that the index holds what the query asks: the share of the query's term
 * weight its database (or, for a document or API chunk, the chunk itself) matches (routing.ts);
 * the other hits keep their fused distance to the top. Order is unchanged. `leader` is the hit
 * whose match is the confidence when it is not the top: the first of the fused order before
 * generated code was ranked after (generated.ts), since generated code that matches the query
 * still says the index holds what it asks.
 */
export function calibrate(order: readonly Ordered[], routing: Routing, leader: Ordered | undefined = order[0]): { order: Ordered[]; confidence: number } {
  const top = order[0];
  if (!top || top.fused <= 0) return { order: [...order], confidence: 0 };
  const confidence = confidenceOf(routing.coverage.get(groupOf((leader ?? top).id)) ?? 0);
  return { order: order.map((o) => ({ ...o, score: (confidence * o.fused) / top.fused })), confidence };
}

/** Coverage of the top hit's group → confidence (0..1). */
export function confidenceOf(coverage: number): number {
  return Math.max(0, Math.min(1, coverage));
}

/** What a search says when `minScore` leaves nothing. */
export function noConfidentMatch(best: number, minScore: number): string {
  return `no confident match: the best hit scores ${best.toFixed(3)}, below min_score ${minScore}`;
}

/** rerank: the advisory hook reorders the top; on any failure the fused order stands and the error is reported. */
export async function rerank(
  reranker: Reranker,
  query: string,
  top: Ordered[],
  chunks: ReadonlyMap<string, Chunk>,
): Promise<{ top: Ordered[]; report: NonNullable<SearchResult['rerank']> }> {
  const outcome = await adviseRerank(reranker, {
    query,
    results: top.map((t) => {
      const c = chunks.get(t.id);
      return { id: t.id, kind: c?.kind ?? '', name: c ? displayName(c) : t.id, snippet: c ? snippetOf(c) : '', score: t.score };
    }),
  });
  const byId = new Map(top.map((t) => [t.id, t]));
  const order = outcome.order
    ? applyRerankOrder(
        top.map((t) => t.id),
        outcome.order,
      ).map((id) => byId.get(id)!)
    : top;
  return { top: order, report: { applied: outcome.order !== null, error: outcome.error } };
}

/** relate: chunks sharing entities with the top hits, not already among them. */
export async function relate(
  related: (hitIds: readonly string[], filter: ChunkFilter, cap: number) => Promise<string[]>,
  top: readonly Ordered[],
  filter: ChunkFilter,
  cap: number,
): Promise<string[]> {
  return (
    await related(
      top.map((t) => t.id),
      filter,
      cap,
    )
  ).filter((id) => !top.some((t) => t.id === id));
}

/** hydrate: hits from chunks, scores rounded to 4 places; related chunks follow at half the last direct score. */
export function hydrate(
  top: readonly Ordered[],
  relatedIds: readonly string[],
  chunks: ReadonlyMap<string, Chunk>,
  explain: { expansions: string[]; entities: ReadonlyMap<string, string[]>; features?: ReadonlyMap<string, Record<string, number>> } | null,
): SearchHit[] {
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
      ...(t.generated ? { generated: true as const } : {}),
      ...(explain
        ? {
            explain: {
              lexicalRank: t.lexicalRank,
              vectorRank: t.vectorRank,
              fused: t.fused,
              bonus: t.bonus,
              lists: t.lists,
              ...(t.named ? { named: t.named } : {}),
              ...(t.generated ? { generated: true as const } : {}),
              expansions: explain.expansions,
              entities: explain.entities.get(c.id) ?? [],
              ...(explain.features?.has(c.id) ? { features: explain.features.get(c.id)! } : {}),
            },
          }
        : {}),
    });
  }
  const floor = hits.length ? hits[hits.length - 1]!.score : 0;
  for (const id of relatedIds) {
    const c = chunks.get(id);
    if (!c) continue;
    hits.push({
      id: c.id,
      objectId: c.objectId,
      source: c.source,
      kind: c.kind,
      name: displayName(c),
      score: Math.round(floor * 0.5 * 10000) / 10000,
      snippet: snippetOf(c),
      related: true,
    });
  }
  return hits;
}

export function displayName(chunk: Chunk): string {
  const parts = chunk.objectId.split(':');
  return parts.length >= 3 ? parts.slice(2).join(':') : chunk.objectId;
}

export function snippetOf(chunk: Chunk, max = 200): string {
  const text = chunk.text.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
