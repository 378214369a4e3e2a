/**
 * The learned ranker's training on rows of the shape `--features` writes (bench/schema-linking
 * FeatureRow, read back from JSON lines as train-ranker reads them): a feature that marks the
 * gold candidate is learned, the pool is reordered by it, and training is deterministic. The
 * file's `trained` field keeps one flat record per target across runs that train one target each.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RankerModel, RankerModels } from '../../src/core/search/learned-ranker.js';
import type { FeatureRow } from '../../bench/schema-linking/features.js';
import { run } from '../../bench/train-ranker/index.js';
import { featureColumns, meanQuality, quality, reorder, train } from '../../bench/train-ranker/train.js';
import { mergeTrained, type TrainingRecord } from '../../bench/train-ranker/training-record.js';
import { tempHome } from '../helpers/temp-home.js';

/** Four candidates in RRF order; the gold one (third) is the only one a table name matched. */
function row(i: number, target: FeatureRow['target'] = 'columns'): FeatureRow {
  const keys = ['a', 'b', 'gold', 'c'].map((k) => `db${i}.${k}`);
  return {
    setting: 'dev',
    all: false,
    target,
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

const model = (target: RankerModel['target']): RankerModel => ({ target, pool: 4, features: ['rrf'], mean: [0], scale: [1], weights: [1] });
const record = (searches: number): TrainingRecord => ({
  by: 'test',
  featuresFile: `file-${searches}`,
  searches,
  features: 1,
  pool: 4,
  folds: 5,
  seed: 19,
  steps: 1,
  rate: 1,
  l2: 0,
  negatives: 1,
  products: [],
  cv: {},
});

describe('the training records of the ranker file', () => {
  it('replaces the record of a retrained target and keeps the others as they were', () => {
    const before: RankerModels = {
      version: 1,
      columns: model('columns'),
      documents: model('documents'),
      trained: { columns: record(1), documents: record(2) },
    };
    const merged = mergeTrained(before, { columns: record(3) });
    expect(merged).toEqual({ columns: record(3), documents: record(2) });
    expect(merged.documents).toBe((before.trained as Record<string, unknown>).documents);
  });

  it('drops the record of a target whose model the file no longer holds, and anything that is not a target', () => {
    const before: RankerModels = { version: 1, documents: model('documents'), trained: { relations: record(1), documents: record(2), by: 'an old run' } };
    expect(mergeTrained(before, { columns: record(3) })).toEqual({ columns: record(3), documents: record(2) });
  });

  it('starts from nothing when the file has no records', () => {
    expect(mergeTrained({ version: 1, columns: model('columns') }, {})).toEqual({});
    expect(mergeTrained({ version: 1 }, { documents: record(4) })).toEqual({ documents: record(4) });
  });

  describe('across two runs of train-ranker that each train one target', () => {
    const home = tempHome();
    afterAll(() => home.cleanup());

    it('writes one flat record per target; the second run leaves the model and record of the first target alone', async () => {
      const features = join(home.dir, 'features.jsonl');
      const out = join(home.dir, 'ranker.json');
      const all = [...rows, ...Array.from({ length: 6 }, (_, i) => row(i, 'documents'))];
      writeFileSync(features, all.map((r) => JSON.stringify(r)).join('\n'));
      const read = () => JSON.parse(readFileSync(out, 'utf8')) as RankerModels & { trained: Record<string, TrainingRecord> };
      // the run's report goes to the console: kept here, to see that each run wrote the file
      const printed: string[] = [];
      const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
      let first: ReturnType<typeof read>;
      try {
        await run(['--features', features, '--out', out, '--targets', 'columns', '--steps', '20']);
        first = read();
        await run(['--features', features, '--out', out, '--targets', 'documents', '--steps', '30', '--products', 'named*rrf']);
      } finally {
        log.mockRestore();
      }
      expect(printed.filter((l) => l.startsWith(`\nwrote ${out}`))).toHaveLength(2);

      expect(Object.keys(first.trained)).toEqual(['columns']);
      expect(first.trained.columns).toMatchObject({ searches: 9, features: 2, pool: 60, steps: 20, products: [] });
      expect(Object.keys(first.trained.columns!.cv)).toEqual(['dev']);

      const second = read();
      expect(Object.keys(second.trained)).toEqual(['columns', 'documents']);
      expect(second.trained.columns).toEqual(first.trained.columns);
      expect(second.columns).toEqual(first.columns);
      expect(second.trained.documents).toMatchObject({ searches: 6, features: 3, pool: 20, steps: 30, products: ['named*rrf'] });
      expect(second.trained.documents!.featuresFile).toBe(first.trained.columns!.featuresFile);
    });
  });
});
