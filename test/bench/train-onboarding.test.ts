import { describe, expect, it } from 'vitest';
import { modelColumns } from '../../bench/train-onboarding/index.js';
import type { TrainingSearch } from '../../bench/train-ranker/train.js';

const row = (features: Record<string, number>): TrainingSearch => ({ gold: 1, candidates: [{ key: 'a.ts', label: 1, features }] });

describe('the onboarding trainer’s columns', () => {
  it('a request feature enters only as its products with the other features; dropped ones go', () => {
    const rows = [row({ lexical: 1, churn: 2, routine: 0.5 }), row({ lexical: 0, churn: 1, routine: 0.2 })];
    expect(modelColumns(rows, [])).toEqual(['churn', 'lexical', 'routine*churn', 'routine*lexical']);
    expect(modelColumns(rows, ['churn'])).toEqual(['lexical', 'routine*lexical']);
    expect(modelColumns(rows, ['routine'])).toEqual(['churn', 'lexical']);
  });

  it('without a request feature the columns are the features', () => {
    expect(modelColumns([row({ lexical: 1, churn: 2 })], [])).toEqual(['churn', 'lexical']);
  });
});
