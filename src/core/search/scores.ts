/**
 * @module core/search/scores
 * Presentation scores on a monotonic 0..1 scale. Ranking never uses these (fusion works on
 * ranks); they only tell a reader how strong a hit is.
 *
 * - Fused (RRF) scores are divided by the best score possible with the same lists: first in
 *   every list, i.e. n / (k + 1) + bonus.first. Order is preserved exactly (one positive
 *   divisor for the whole result set), and 1.0 means "ranked first by every retriever".
 *   With two lists: first everywhere 1.00, first in one list only 0.80, second in both 0.63,
 *   tenth in both 0.35, tenth in one only 0.17. This is the fused scale, shown by `--explain`;
 *   the scores a hybrid search returns are then calibrated (stages.ts `calibrate`): the top
 *   hit scores the query's confidence, the others keep their fused ratio to it.
 * - BM25: s / (1 + s) of the magnitude (FTS5 gives bm25 ≤ 0, lower better; adapters usually
 *   negate it, Postgres ts_rank is ≥ 0: either way the magnitude is the strength).
 * - Cosine similarity is already 0..1 for related texts; negatives clamp to 0.
 */
import { RRF_K, TOP_RANK_BONUS, type FusedResult, type TopRankBonus } from './rrf.js';

export interface FusedScaleOptions {
  /** Number of lists that were fused (e.g. 2 for lexical + vector). */
  lists: number;
  k?: number;
  topRankBonus?: TopRankBonus;
}

function clamp01(x: number): number {
  if (Number.isNaN(x)) return 0;
  return x <= 0 ? 0 : x >= 1 ? 1 : x;
}

/** The fused score of a result ranked first in every one of `lists` lists. */
export function maxFusedScore(options: FusedScaleOptions): number {
  const k = options.k ?? RRF_K;
  const bonus = options.topRankBonus ?? TOP_RANK_BONUS;
  return options.lists / (k + 1) + bonus.first;
}

/** A fused score on 0..1: `score / maxFusedScore`; 1.0 only for first everywhere. */
export function fusedToRelevance(score: number, options: FusedScaleOptions): number {
  const max = maxFusedScore(options);
  return max > 0 ? clamp01(score / max) : 0;
}

/**
 * Relevance for every fused result, in the same order. The number of lists is read from the
 * traces (every result names every list) unless given.
 */
export function fusedRelevances(results: readonly FusedResult[], options: Partial<FusedScaleOptions> = {}): number[] {
  const first = results[0];
  if (first === undefined) return [];
  const lists = options.lists ?? Object.keys(first.ranks).length;
  return results.map((r) => fusedToRelevance(r.score, { ...options, lists }));
}

/** BM25 (either sign convention) → 0..1, increasing with the magnitude; 0 for 0 or NaN. */
export function bm25ToRelevance(score: number): number {
  const s = Math.abs(score);
  if (!Number.isFinite(s)) return Number.isNaN(s) ? 0 : 1;
  return s / (1 + s);
}

/** Cosine similarity (-1..1) → 0..1: negatives and NaN become 0. */
export function cosineToRelevance(similarity: number): number {
  return clamp01(similarity);
}
