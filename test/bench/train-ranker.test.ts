/**
 * The learned ranker's training on rows of the shape `--features` writes (bench/schema-linking
 * FeatureRow, read back from JSON lines as train-ranker reads them): a feature that marks the
 * gold candidate is learned, the pool is reordered by it, and training is deterministic.
 */
import { describe, expect, it } from 'vitest';
import type { FeatureRow } from '../../bench/schema-linking/features.js';
import { featureColumns, meanQuality, quality, reorder, train } from '../../bench/train-ranker/train.js';

/** Four candidates in RRF order; the gold one (third) is the only one a table name matched. */
function row(i: number): FeatureRow {
  const keys = ['a', 'b', 'gold', 'c'].map((k) => `db${i}.${k}`);
  return {
    setting: 'dev',
    all: false,
    target: 'columns',
    id: `q${i}`,
    database: `db${i % 3}`,
    gold: 1,
    candidates: keys.map((key, rank) => ({
      key,
      label: key.endsWith('.gold') ? 1 : 0,
      features: { rrf: 1 / (61 + rank), named: key.endsWith('.gold') ? 1 : 0 },
    })),
  };
}

const lines = Array.from({ length: 9 }, (_, i) => JSON.stringify(row(i))).join('\n');
const rows = lines.split('\n').map((l) => JSON.parse(l) as FeatureRow);

describe('train-ranker on feature rows', () => {
  it('learns the feature that marks gold and moves gold first; RRF order keeps it third', () => {
    const columns = featureColumns(rows);
    expect(columns).toEqual(['named', 'rrf']);
    const model = train(rows, columns, 4, { steps: 50, rate: 0.5, l2: 1e-3, negatives: 3 });
    expect(model.weights[0]).toBeGreaterThan(0);
    expect(reorder(rows[0]!, null)).toEqual(['db0.a', 'db0.b', 'db0.gold', 'db0.c']);
    expect(reorder(rows[0]!, model)[0]).toBe('db0.gold');
    expect(quality(rows, (s) => reorder(s, null)).mrr).toBeCloseTo(1 / 3);
    expect(quality(rows, (s) => reorder(s, model)).mrr).toBe(1);
  });

  it('counts a gold key outside the pool as a miss in recall and all@5', () => {
    const row: FeatureRow = {
      setting: 's',
      all: true,
      target: 'columns',
      id: 'q',
      database: 'db',
      gold: 2,
      candidates: [
        { key: 'db.x', label: 0, features: {} },
        { key: 'db.gold', label: 1, features: {} },
      ],
    };
    const q = quality([row], (s) => reorder(s, null), [1, 5]);
    expect(q).toEqual({ searches: 1, recall: { 1: 0, 5: 0.5 }, success: { 1: 0, 5: 1 }, all5: 0, mrr: 0.5 });
  });

  it('averages the evaluations of several fold seeds, metric by metric', () => {
    const a = { searches: 4, recall: { 1: 0.5, 5: 1 }, success: { 1: 0.5, 5: 1 }, all5: 1, mrr: 0.75 };
    const b = { searches: 4, recall: { 1: 0.25, 5: 0.5 }, success: { 1: 0.25, 5: 0.75 }, all5: 0.5, mrr: 0.5 };
    expect(meanQuality([a, b])).toEqual({ searches: 4, recall: { 1: 0.375, 5: 0.75 }, success: { 1: 0.375, 5: 0.875 }, all5: 0.75, mrr: 0.625 });
    expect(meanQuality([a])).toEqual(a);
  });

  it('is deterministic: the same rows give the same weights', () => {
    const columns = featureColumns(rows);
    expect(train(rows, columns, 4)).toEqual(train(rows, columns, 4));
  });
});
