/**
 * @module core/search/rrf
 * Reciprocal Rank Fusion with a top-rank bonus: fuses ranked id lists (lexical, vector, …)
 * by position only, never by raw score, so BM25 and cosine need no calibration.
 *
 *   score(id) = Σ over lists containing id of 1 / (k + rank)  +  bonus(best rank)
 *
 * Ranks are 1-based. k = 60 (pinned by the design). The bonus is given once per result, from its
 * best rank in any list: +0.05 for rank 1, +0.02 for ranks 2–3 (the values qmd uses). It keeps an
 * exact top hit of one retriever from being overtaken by results that are merely fair in both:
 * rank 1 in one list scores 1/61 + 0.05 ≈ 0.0664, rank 2 in both 2/62 + 0.02 ≈ 0.0523, while
 * without it a rank-1 single (0.0164) loses to a rank-30 double (0.0222).
 * Pure and deterministic: ties break by best rank, then by id (code-unit order).
 */

export const RRF_K = 60;

export interface TopRankBonus {
  /** Added to a result ranked first in any list. */
  first: number;
  /** Added to a result whose best rank is 2 or 3. */
  secondThird: number;
}

export const TOP_RANK_BONUS: Readonly<TopRankBonus> = Object.freeze({ first: 0.05, secondThird: 0.02 });

export interface RankedList {
  /** `lexical`, `vector`, or any other retriever; names must be unique. */
  name: string;
  /** Supporting lists only: how much a place in this list counts (default 1). */
  weight?: number;
  /**
   * Primary lists: how much this list counts for one id (default 1), applied to its contribution
   * and to the top-rank bonus it gives; lets a family's results lean less on a weak retriever.
   */
  weightOf?: (id: string) => number;
  /** Best first. A repeated id keeps its first (best) position. */
  ids: readonly string[];
}

export interface FusionOptions {
  k?: number;
  topRankBonus?: TopRankBonus;
}

export interface FusedResult {
  id: string;
  /** Σ contributions + bonus. */
  score: number;
  /** 1-based rank in each list, null when absent. Every list name is present. */
  ranks: Record<string, number | null>;
  /** 1 / (k + rank) per list; 0 when absent. Every list name is present. */
  contributions: Record<string, number>;
  bonus: number;
}

/** The bonus for a result whose best rank (1-based) is `bestRank`. */
export function rankBonus(bestRank: number, bonus: TopRankBonus = TOP_RANK_BONUS): number {
  if (bestRank === 1) return bonus.first;
  if (bestRank === 2 || bestRank === 3) return bonus.secondThird;
  return 0;
}

/** Scores closer than this count as equal, so summation order can never decide a tie. */
const EPSILON = 1e-12;

function bestRank(result: FusedResult): number {
  let best = Number.POSITIVE_INFINITY;
  for (const rank of Object.values(result.ranks)) if (rank !== null && rank < best) best = rank;
  return best;
}

/** The largest bonus any list gives the result, each scaled by that list's weight for it. */
function bonusOf(result: FusedResult, lists: readonly RankedList[], bonus: TopRankBonus): number {
  let best = 0;
  for (const list of lists) {
    const rank = result.ranks[list.name];
    if (rank == null) continue;
    best = Math.max(best, (list.weightOf ? list.weightOf(result.id) : 1) * rankBonus(rank, bonus));
  }
  return best;
}

/** Fuses the lists; see the module comment for the formula. */
export function fuseRankings(lists: readonly RankedList[], options: FusionOptions = {}): FusedResult[] {
  const k = options.k ?? RRF_K;
  const bonus = options.topRankBonus ?? TOP_RANK_BONUS;
  if (!(k >= 0) || !Number.isFinite(k)) throw new RangeError(`RRF k must be a finite number >= 0, got ${k}`);
  const names = lists.map((l) => l.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate !== undefined) throw new RangeError(`ranked list names must be unique: "${duplicate}" appears twice`);
  if (names.includes('__proto__')) throw new RangeError('"__proto__" cannot name a ranked list');

  const results = new Map<string, FusedResult>();
  const get = (id: string): FusedResult => {
    let result = results.get(id);
    if (result === undefined) {
      result = { id, score: 0, ranks: {}, contributions: {}, bonus: 0 };
      for (const name of names) {
        result.ranks[name] = null;
        result.contributions[name] = 0;
      }
      results.set(id, result);
    }
    return result;
  };

  for (const list of lists) {
    let rank = 0;
    const seen = new Set<string>();
    for (const id of list.ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      rank++;
      const result = get(id);
      const weight = list.weightOf ? list.weightOf(id) : 1;
      result.ranks[list.name] = rank;
      result.contributions[list.name] = weight / (k + rank);
    }
  }

  const fused = [...results.values()];
  // a list that counts less for an id (weightOf) gives it a smaller bonus too
  const weighted = lists.some((l) => l.weightOf);
  for (const result of fused) {
    // summed in list order, the same order a reader of the trace would add them
    let sum = 0;
    for (const name of names) sum += result.contributions[name] ?? 0;
    result.bonus = weighted ? bonusOf(result, lists, bonus) : rankBonus(bestRank(result), bonus);
    result.score = sum + result.bonus;
  }
  const best = new Map(fused.map((r) => [r.id, bestRank(r)]));
  return fused.sort((a, b) => {
    if (Math.abs(a.score - b.score) > EPSILON) return b.score - a.score;
    const byRank = (best.get(a.id) ?? 0) - (best.get(b.id) ?? 0);
    if (byRank !== 0) return byRank;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
