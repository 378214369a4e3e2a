import { describe, expect, it } from 'vitest';
import { auc, sourceName, sourcePlan, summarizeCalibration } from '../../bench/schema-linking/calibration.js';
import type { SchemaFile } from '../../bench/schema-linking/dataset.js';

const schema = (dataset: string, dbId: string): SchemaFile => ({ dataset, dbId, schema: `${dataset}_${dbId}`, file: `${dbId}.sql`, sql: '' });

describe('sourcePlan', () => {
  it('gives each database with questions a source of its own and pools the rest per dataset', () => {
    const plan = sourcePlan(
      [schema('bird', 'superhero'), schema('spider', 'world_1'), schema('spider', 'pets_1'), schema('spider', 'flight_2')],
      new Set(['spider_world_1', 'bird_superhero']),
    );
    expect([...plan]).toEqual([
      ['bird_superhero', { dataset: 'bird', schemas: ['bird_superhero'] }],
      ['spider_world_1', { dataset: 'spider', schemas: ['spider_world_1'] }],
      ['spider', { dataset: 'spider', schemas: ['spider_pets_1', 'spider_flight_2'] }],
    ]);
  });

  it('makes names the engine accepts', () => {
    expect(sourceName('Bird_Formula.1')).toBe('bird_formula_1');
    expect(sourceName('1db')).toBe('db_1db');
    expect(sourceName('x'.repeat(80))).toHaveLength(63);
  });
});

describe('auc', () => {
  it('is 1 when every answerable score is above every unanswerable one, 0.5 for the same scores', () => {
    expect(auc([0.9, 0.8], [0.1, 0.2, 0.3])).toBe(1);
    expect(auc([0.1], [0.9])).toBe(0);
    expect(auc([0.5, 0.5], [0.5, 0.5])).toBe(0.5);
    // one of the four pairs is won by the unanswerable side
    expect(auc([0.9, 0.4], [0.5, 0.1])).toBe(0.75);
  });
});

describe('summarizeCalibration', () => {
  it('picks the threshold keeping 95% of the answerable questions and counts the unanswerable ones below it', () => {
    const answerable = Array.from({ length: 20 }, (_, i) => 0.3 + i * 0.03); // 0.30 … 0.87
    const unanswerable = [0.1, 0.2, 0.31, 0.5];
    const c = summarizeCalibration(answerable, unanswerable);
    expect(c.threshold95).toBeCloseTo(0.33);
    expect(answerable.filter((v) => v >= c.threshold95).length / answerable.length).toBe(0.95);
    expect(c.rejectedAtThreshold).toBe(0.75);
    expect(c.answerable.n).toBe(20);
    expect(c.unanswerable.p50).toBe(0.31);
  });
});
