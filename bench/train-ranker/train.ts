/**
 * Pure training and evaluation of the learned ranker: a linear model over standardised features,
 * trained pairwise (RankNet: for every gold and non-gold candidate of one search, the loss
 * log(1 + e^-(s_gold - s_other)), each search weighing the same), by full-batch gradient descent
 * from zero weights: deterministic, no random numbers. Evaluation reorders each search's pool and
 * scores it as the schema-linking bench does.
 */
import type { LinearModel, RankerModel } from '../../src/core/search/learned-ranker.js';
import { featureValue, modelScore } from '../../src/core/search/learned-ranker.js';
import type { FeatureRow } from '../schema-linking/features.js';
import { allAt, recallAt, reciprocalRank } from '../schema-linking/metrics.js';

export interface TrainOptions {
  /** Gradient steps. */
  steps: number;
  /** Step size (on standardised features). */
  rate: number;
  /** L2 penalty on the weights. */
  l2: number;
  /** Non-gold candidates paired with each gold one: the first `negatives` of the RRF order. */
  negatives: number;
}

/** What training and scoring read of a search (the onboarding bench's rows have no database). */
export type TrainingSearch = Pick<FeatureRow, 'candidates' | 'gold'> & Partial<Pick<FeatureRow, 'target'>>;

export const DEFAULT_TRAIN: TrainOptions = { steps: 400, rate: 0.5, l2: 1e-3, negatives: 40 };

/** Every feature name the searches carry, sorted (plus products named `a*b` when asked). */
export function featureColumns(searches: readonly TrainingSearch[], products: readonly string[] = []): string[] {
  const names = new Set<string>();
  for (const s of searches) for (const c of s.candidates) for (const n of Object.keys(c.features)) names.add(n);
  return [...[...names].sort(), ...products];
}

/** Trains one model on `searches` (all of one target). */
export function train(searches: readonly TrainingSearch[], columns: readonly string[], pool: number, options: TrainOptions = DEFAULT_TRAIN): RankerModel {
  const n = columns.length;
  const rows = searches.map((s) => s.candidates.slice(0, pool).map((c) => ({ label: c.label, x: columns.map((name) => featureValue(c.features, name)) })));
  const mean = new Array<number>(n).fill(0);
  const scale = new Array<number>(n).fill(0);
  let count = 0;
  for (const r of rows)
    for (const c of r) {
      count++;
      for (let j = 0; j < n; j++) mean[j]! += c.x[j]!;
    }
  for (let j = 0; j < n; j++) mean[j] = count ? mean[j]! / count : 0;
  for (const r of rows) for (const c of r) for (let j = 0; j < n; j++) scale[j]! += (c.x[j]! - mean[j]!) ** 2;
  for (let j = 0; j < n; j++) scale[j] = count ? Math.sqrt(scale[j]! / count) || 1 : 1;
  const z = rows.map((r) => r.map((c) => ({ label: c.label, x: c.x.map((v, j) => (v - mean[j]!) / scale[j]!) })));
  // pairs: every gold candidate against the first `negatives` others, each search weighing 1
  const pairs: Array<{ pos: number[]; neg: number[]; w: number }> = [];
  for (const r of z) {
    const pos = r.filter((c) => c.label === 1);
    const neg = r.filter((c) => c.label === 0).slice(0, options.negatives);
    if (!pos.length || !neg.length) continue;
    const w = 1 / (pos.length * neg.length);
    for (const p of pos) for (const q of neg) pairs.push({ pos: p.x, neg: q.x, w });
  }
  const searchesWithPairs = z.filter((r) => r.some((c) => c.label === 1) && r.some((c) => c.label === 0)).length || 1;
  const w = new Float64Array(n);
  const diff = new Float64Array(pairs.length * n);
  pairs.forEach((p, i) => p.pos.forEach((v, j) => (diff[i * n + j] = v - p.neg[j]!)));
  const pairWeight = Float64Array.from(pairs, (p) => p.w / searchesWithPairs);
  const grad = new Float64Array(n);
  for (let step = 0; step < options.steps; step++) {
    for (let j = 0; j < n; j++) grad[j] = options.l2 * w[j]!;
    for (let i = 0; i < pairs.length; i++) {
      const o = i * n;
      let s = 0;
      for (let j = 0; j < n; j++) s += w[j]! * diff[o + j]!;
      // d/dw log(1 + e^-s) = -d / (1 + e^s)
      const g = -pairWeight[i]! / (1 + Math.exp(s));
      for (let j = 0; j < n; j++) grad[j]! += g * diff[o + j]!;
    }
    for (let j = 0; j < n; j++) w[j]! -= options.rate * grad[j]!;
  }
  return { target: searches[0]?.target ?? 'relations', pool, features: [...columns], mean, scale, weights: Array.from(w, (v) => Math.round(v * 1e6) / 1e6) };
}

export interface Quality {
  searches: number;
  recall: Record<number, number>;
  /** Share of searches with a gold candidate among the first k (the documents bench's success@k). */
  success: Record<number, number>;
  all5: number;
  mrr: number;
}

/** The keys of a search's pool in the model's order (RRF order without a model). */
export function reorder(search: TrainingSearch, model: (LinearModel & { pool?: number }) | null): string[] {
  if (!model) return search.candidates.map((c) => c.key);
  const pool = model.pool ?? search.candidates.length;
  const scored = search.candidates.slice(0, pool).map((c, i) => ({ key: c.key, s: modelScore(model, c.features), i }));
  scored.sort((a, b) => b.s - a.s || a.i - b.i);
  return [...scored.map((s) => s.key), ...search.candidates.slice(pool).map((c) => c.key)];
}

/** A search's gold keys; those outside its pool stand in as keys no candidate has, so they count as misses. */
function goldOf(s: TrainingSearch): Set<string> {
  const gold = new Set(s.candidates.filter((c) => c.label === 1).map((c) => c.key));
  for (let i = gold.size; i < s.gold; i++) gold.add(`\u0000outside-pool:${i}`);
  return gold;
}

/** Recall@k, all@5 and MRR as the bench computes them (gold outside the pool is a miss). */
export function quality<S extends TrainingSearch>(searches: readonly S[], order: (s: S) => string[], ks: readonly number[] = [1, 5, 10]): Quality {
  const recall: Record<number, number> = Object.fromEntries(ks.map((k) => [k, 0]));
  const success: Record<number, number> = Object.fromEntries(ks.map((k) => [k, 0]));
  let all5 = 0;
  let mrr = 0;
  for (const s of searches) {
    const keys = order(s);
    const gold = goldOf(s);
    for (const k of ks) recall[k]! += recallAt(keys, gold, k);
    all5 += allAt(keys, gold, 5);
    const rr = reciprocalRank(keys, gold);
    for (const k of ks) success[k]! += rr >= 1 / k ? 1 : 0;
    mrr += rr;
  }
  const m = searches.length || 1;
  return {
    searches: searches.length,
    recall: Object.fromEntries(ks.map((k) => [k, recall[k]! / m])),
    success: Object.fromEntries(ks.map((k) => [k, success[k]! / m])),
    all5: all5 / m,
    mrr: mrr / m,
  };
}

/** The mean of several evaluations of the same searches (cross-validations with other fold seeds). */
export function meanQuality(runs: readonly Quality[]): Quality {
  const n = runs.length || 1;
  const mean = (pick: (q: Quality) => number) => runs.reduce((sum, q) => sum + pick(q), 0) / n;
  const first = runs[0];
  const ks = (of: (q: Quality) => Record<number, number>) => Object.keys(first ? of(first) : {}).map(Number);
  return {
    searches: first?.searches ?? 0,
    recall: Object.fromEntries(ks((q) => q.recall).map((k) => [k, mean((q) => q.recall[k]!)])),
    success: Object.fromEntries(ks((q) => q.success).map((k) => [k, mean((q) => q.success[k]!)])),
    all5: mean((q) => q.all5),
    mrr: mean((q) => q.mrr),
  };
}

/** Databases in folds: sorted, shuffled by a seeded generator, dealt round-robin. */
export function databaseFolds(databases: readonly string[], folds: number, seed: number): Map<string, number> {
  const sorted = [...new Set(databases)].sort();
  let state = seed >>> 0;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = sorted.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sorted[i], sorted[j]] = [sorted[j]!, sorted[i]!];
  }
  return new Map(sorted.map((db, i) => [db, i % folds]));
}

/** Cross-validated order of every search: each fold ranked by a model trained on the other folds' databases. */
export function crossValidate(
  searches: readonly FeatureRow[],
  columns: readonly string[],
  pool: number,
  folds: number,
  seed: number,
  options: TrainOptions = DEFAULT_TRAIN,
): Map<FeatureRow, RankerModel> {
  const fold = databaseFolds(
    searches.map((s) => s.database),
    folds,
    seed,
  );
  const modelOf = new Map<FeatureRow, RankerModel>();
  for (let f = 0; f < folds; f++) {
    const model = train(
      searches.filter((s) => fold.get(s.database) !== f),
      columns,
      pool,
      options,
    );
    for (const s of searches) if (fold.get(s.database) === f) modelOf.set(s, model);
  }
  return modelOf;
}
