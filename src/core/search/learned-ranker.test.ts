import { describe, expect, it } from 'vitest';
import { applyModel, candidateFeatures, checkModels, featureValue, modelScore, type RankerModel } from './learned-ranker.js';
import { scoreDatabases } from './routing.js';
import type { Ordered } from './stages.js';

const ordered = (id: string, fused: number, ranks: Record<string, number | null>): Ordered => ({
  id,
  score: fused,
  lexicalRank: ranks.lexical ?? null,
  vectorRank: ranks.vector ?? null,
  fused,
  bonus: 0,
  lists: Object.entries(ranks).map(([name, rank]) => ({ name, role: 'primary' as const, rank, contribution: 0 })),
});

// RRF puts a.orders first; db b matches the question's rare term, so b.invoices has the better route.
const order = [
  ordered('s:table:a.orders', 0.05, { lexical: 1, vector: 3, names: null }),
  ordered('s:table:b.invoices', 0.04, { lexical: 2, vector: null, names: 1 }),
  ordered('s:table:a.items', 0.03, { lexical: 3, vector: 1, names: null }),
];
const routing = scoreDatabases([[{ chunkId: 's:table:b.invoices', score: 6 }], [{ chunkId: 's:column:a.orders.id', score: 1 }]], 2);
const ctx = { routing, scores: { lexical: new Map([['s:table:a.orders', 0.9]]) } };

const model = (features: string[], weights: number[], pool = 40): RankerModel => ({
  target: 'relations',
  pool,
  features,
  mean: features.map(() => 0),
  scale: features.map(() => 1),
  weights,
});

describe('candidateFeatures', () => {
  it('reads each list place, the fused order, the retrievers scores and the database route', () => {
    const [first, second] = candidateFeatures(order, ctx, 40);
    expect(first).toMatchObject({
      'lexical.in': 1,
      'lexical.inv': 1,
      'vector.inv': 1 / 3,
      'fused.inv': 1,
      'fused.ratio': 1,
      'lexical.score': 0.9,
      'db.first': 0,
    });
    expect(first!['names.in']).toBeUndefined();
    expect(second).toMatchObject({ 'names.in': 1, 'fused.inv': 0.5, 'db.first': 1, 'db.inv': 1, 'vector.score': 0 });
    expect(second!['db.ratio']).toBe(1);
    expect(first!['db.ratio']).toBeCloseTo(1 / 6);
  });

  it('stops at the pool', () => {
    expect(candidateFeatures(order, ctx, 2)).toHaveLength(2);
  });
});

describe('modelScore and applyModel', () => {
  it('multiplies the two sides of a product feature', () => {
    expect(featureValue({ a: 2, b: 3 }, 'a*b')).toBe(6);
    expect(featureValue({ a: 2 }, 'a*b')).toBe(0);
    expect(modelScore(model(['a', 'a*b'], [1, 0.5]), { a: 2, b: 3 })).toBe(5);
  });

  it('reorders the pool by the model and keeps scores decreasing for calibration', () => {
    const out = applyModel(model(['db.first'], [2]), order, ctx);
    expect(out.map((o) => o.id)).toEqual(['s:table:b.invoices', 's:table:a.orders', 's:table:a.items']);
    for (let i = 1; i < out.length; i++) expect(out[i]!.fused).toBeLessThanOrEqual(out[i - 1]!.fused);
  });

  it('keeps RRF order past the pool, below every pooled candidate', () => {
    const out = applyModel(model(['vector.inv'], [1], 2), order, ctx);
    expect(out.map((o) => o.id)).toEqual(['s:table:a.orders', 's:table:b.invoices', 's:table:a.items']);
    expect(out[2]!.fused).toBeLessThan(out[1]!.fused);
  });
});

describe('checkModels', () => {
  it('accepts a well-formed file and refuses mismatched or non-finite weights', () => {
    expect(checkModels({ version: 1, relations: model(['a'], [1]) }).ok).toBe(true);
    expect(checkModels({ version: 2 })).toEqual({ ok: false, reason: 'unknown version 2' });
    expect(checkModels({ version: 1, relations: { ...model(['a'], [1]), weights: [] } }).ok).toBe(false);
    expect(checkModels({ version: 1, columns: { ...model(['a'], [1]), mean: [Number.NaN] } }).ok).toBe(false);
    expect(checkModels({ version: 1, documents: { ...model(['a'], [1]), target: 'documents' } }).ok).toBe(true);
    expect(checkModels({ version: 1, documents: { ...model(['a'], [1]), pool: 0 } }).ok).toBe(false);
    expect(checkModels(null).ok).toBe(false);
  });
});
