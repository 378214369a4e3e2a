/**
 * @module core/search/learned-ranker
 * A ranker learned on the schema-linking dev questions (bench/train-ranker): the fused lists of a
 * hybrid relation or column search (lexical, vector, column votes, named tables, join neighbours,
 * schema evidence, routing…) become features of each candidate, and a linear model trained
 * pairwise offline reorders the first candidates of the RRF order. Pure: the model arrives as
 * data (app.ts reads the shipped JSON file); without one RRF decides alone.
 */
import type { Routing } from './routing.js';
import { databaseOf } from './routing.js';
import type { Ordered } from './stages.js';

/** Named features, their standardisation and weights: a score is the weighted sum of the standardised features. */
export interface LinearModel {
  features: string[];
  /** Per feature: x' = (x - mean) / scale. */
  mean: number[];
  scale: number[];
  weights: number[];
}

/** One trained search model: a linear model with what it ranks and how much of the RRF order. */
export interface RankerModel extends LinearModel {
  /** What it ranks: a table/view search, a column search, or the pages of a document search. */
  target: 'relations' | 'columns' | 'documents';
  /** Candidates of the RRF order it reorders (the rest follow in RRF order). */
  pool: number;
}

/** The shipped file: one model per target, and per target how it was trained (for a reader; bench/train-ranker writes it). */
export interface RankerModels {
  version: 1;
  relations?: RankerModel;
  columns?: RankerModel;
  /** Pages of a document search (document-ranking.ts). */
  documents?: RankerModel;
  trained?: unknown;
}

/** Everything a candidate's features are read from, besides its own place in the lists. */
export interface FeatureContext {
  routing: Routing;
  /** Per-retriever scores on 0..1 (lexical BM25 relevance, vector cosine). */
  scores: { lexical?: ReadonlyMap<string, number>; vector?: ReadonlyMap<string, number> };
}

/** Lists a candidate can be in: each gives a presence, a reciprocal rank and a log rank. */
const LIST_FEATURES = ['in', 'inv', 'log'] as const;

/**
 * The named features of the first `pool` candidates (RRF order). A list the search did not run
 * gives 0 for its features, as does a list the candidate is absent from.
 */
export function candidateFeatures(order: readonly Ordered[], ctx: FeatureContext, pool: number): Array<Record<string, number>> {
  const head = order.slice(0, pool);
  const top = head[0]?.fused ?? 0;
  const routes = ctx.routing.routes;
  const dbRank = new Map(routes.map((r, i) => [r.database, i + 1]));
  const dbScore = new Map(routes.map((r) => [r.database, r.score]));
  const best = routes[0]?.score ?? 0;
  const second = routes[1]?.score ?? 0;
  const margin = ctx.routing.databases > 1 && best > 0 ? (best - second) / best : 0;
  // how many of the first ten candidates share each database
  const firstTen = new Map<string, number>();
  for (const o of head.slice(0, 10)) {
    const db = databaseOf(o.id);
    if (db) firstTen.set(db, (firstTen.get(db) ?? 0) + 1);
  }
  return head.map((o, i) => {
    const f: Record<string, number> = {};
    for (const l of o.lists) {
      if (l.rank === null) continue;
      f[`${l.name}.in`] = 1;
      f[`${l.name}.inv`] = 1 / l.rank;
      f[`${l.name}.log`] = 1 / Math.log2(1 + l.rank);
    }
    f['fused.inv'] = 1 / (i + 1);
    f['fused.ratio'] = top > 0 ? o.fused / top : 0;
    f['lexical.score'] = ctx.scores.lexical?.get(o.id) ?? 0;
    f['vector.score'] = ctx.scores.vector?.get(o.id) ?? 0;
    const db = databaseOf(o.id);
    const rank = db ? dbRank.get(db) : undefined;
    f['db.inv'] = rank ? 1 / rank : 0;
    f['db.first'] = rank === 1 ? 1 : 0;
    f['db.first_margin'] = rank === 1 ? margin : 0;
    f['db.ratio'] = db && best > 0 ? (dbScore.get(db) ?? 0) / best : 0;
    f['db.coverage'] = db ? (ctx.routing.coverage.get(db) ?? 0) : 0;
    f['db.share10'] = db ? (firstTen.get(db) ?? 0) / 10 : 0;
    f['margin'] = margin;
    return f;
  });
}

/** Every feature name a search with these lists can produce (the training script's columns). */
export function featureNames(listNames: readonly string[]): string[] {
  return [
    ...listNames.flatMap((n) => LIST_FEATURES.map((s) => `${n}.${s}`)),
    'fused.inv',
    'fused.ratio',
    'lexical.score',
    'vector.score',
    'db.inv',
    'db.first',
    'db.first_margin',
    'db.ratio',
    'db.coverage',
    'db.share10',
    'margin',
  ];
}

/** A feature's value; a name `a*b` is the product of two features (absent: 0). */
export function featureValue(features: Readonly<Record<string, number>>, name: string): number {
  const star = name.indexOf('*');
  if (star < 0) return features[name] ?? 0;
  return (features[name.slice(0, star)] ?? 0) * (features[name.slice(star + 1)] ?? 0);
}

/** The model's score of one candidate's features (higher: better). */
export function modelScore(model: LinearModel, features: Readonly<Record<string, number>>): number {
  let s = 0;
  for (let j = 0; j < model.features.length; j++) {
    const x = featureValue(features, model.features[j]!);
    s += model.weights[j]! * ((x - model.mean[j]!) / (model.scale[j]! || 1));
  }
  return s;
}

/**
 * Reorders the first `model.pool` candidates by the model's score (ties: RRF order); the rest
 * follow in RRF order. `fused` becomes a positive number in the new order (the model's
 * probability for the pool, scaled RRF below it), so calibration keeps working on it.
 */
export function applyModel(model: RankerModel, order: readonly Ordered[], ctx: FeatureContext): Ordered[] {
  if (order.length < 2) return [...order];
  const features = candidateFeatures(order, ctx, model.pool);
  const scored = features.map((f, i) => ({ o: order[i]!, s: modelScore(model, f), i }));
  scored.sort((a, b) => b.s - a.s || a.i - b.i);
  const head = scored.map(({ o, s }) => ({ ...o, fused: 1 / (1 + Math.exp(-s)) }));
  const tail = order.slice(model.pool);
  if (tail.length === 0) return head;
  const floor = Math.min(...head.map((h) => h.fused));
  const top = tail[0]!.fused || 1;
  return [...head, ...tail.map((o) => ({ ...o, fused: (floor * 0.999 * o.fused) / top }))];
}

/** Whether a models file is well formed; the reason when not. */
export function checkModels(data: unknown): { ok: true; models: RankerModels } | { ok: false; reason: string } {
  if (!data || typeof data !== 'object') return { ok: false, reason: 'not a JSON object' };
  const d = data as Partial<RankerModels>;
  if (d.version !== 1) return { ok: false, reason: `unknown version ${String(d.version)}` };
  for (const key of ['relations', 'columns', 'documents'] as const) {
    const m = d[key];
    if (m === undefined) continue;
    const n = m.features?.length ?? -1;
    if (!(n > 0) || m.weights?.length !== n || m.mean?.length !== n || m.scale?.length !== n || !(m.pool > 0))
      return { ok: false, reason: `${key}: features, weights, mean and scale must have one entry each, and pool be positive` };
    if (![...m.weights, ...m.mean, ...m.scale].every(Number.isFinite)) return { ok: false, reason: `${key}: every number must be finite` };
  }
  return { ok: true, models: d as RankerModels };
}
