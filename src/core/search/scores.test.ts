import { describe, expect, it } from 'vitest';
import { fuseRankings } from './rrf.js';
import { bm25ToRelevance, cosineToRelevance, fusedRelevances, fusedToRelevance, maxFusedScore } from './scores.js';

describe('fused scores on 0..1', () => {
  it('divides by the score of a result first in every list', () => {
    expect(maxFusedScore({ lists: 2 })).toBe(2 / 61 + 0.05);
    expect(maxFusedScore({ lists: 1 })).toBe(1 / 61 + 0.05);
    expect(maxFusedScore({ lists: 2, k: 0, topRankBonus: { first: 0, secondThird: 0 } })).toBe(2);
  });

  it.each([
    ['first in both', ['a'], ['a'], 'a', 1],
    ['first in one only', ['a'], ['b'], 'a', 0.802],
    ['second in both', ['x', 'a'], ['y', 'a'], 'a', 0.631],
  ])('%s', (_name, lexical, vector, id, relevance) => {
    const fused = fuseRankings([
      { name: 'lexical', ids: lexical },
      { name: 'vector', ids: vector },
    ]);
    const scores = fusedRelevances(fused);
    const index = fused.findIndex((r) => r.id === id);
    expect(scores[index]).toBeCloseTo(relevance, 3);
  });

  it('keeps the order, stays within 0..1 and gives 1.0 only to first-everywhere', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `id${i}`);
    const shuffled = [...ids].reverse();
    const fused = fuseRankings([
      { name: 'lexical', ids },
      { name: 'vector', ids: shuffled },
      { name: 'extra', ids: ids.slice(5, 20) },
    ]);
    const scores = fusedRelevances(fused);
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThanOrEqual(scores[i - 1] ?? 1);
    for (const s of scores) expect(s).toBeGreaterThanOrEqual(0);
    for (const s of scores) expect(s).toBeLessThan(1);
    const winner = fusedRelevances(
      fuseRankings([
        { name: 'lexical', ids: ['w'] },
        { name: 'vector', ids: ['w'] },
      ]),
    );
    expect(winner).toEqual([1]);
  });

  it('uses the list count from the traces unless given', () => {
    const fused = fuseRankings([{ name: 'lexical', ids: ['a'] }]);
    expect(fusedRelevances(fused)).toEqual([1]);
    expect(fusedRelevances(fused, { lists: 2 })[0]).toBeCloseTo(0.802, 3);
    expect(fusedRelevances([])).toEqual([]);
  });

  it('clamps odd inputs', () => {
    expect(fusedToRelevance(-1, { lists: 2 })).toBe(0);
    expect(fusedToRelevance(Number.NaN, { lists: 2 })).toBe(0);
    expect(fusedToRelevance(5, { lists: 2 })).toBe(1);
    expect(fusedToRelevance(0.1, { lists: 0, topRankBonus: { first: 0, secondThird: 0 } })).toBe(0);
  });
});

describe('bm25ToRelevance', () => {
  it.each([
    [0, 0],
    [1, 0.5],
    [-1, 0.5],
    [3, 0.75],
    [-9, 0.9],
    [Number.NaN, 0],
    [Number.NEGATIVE_INFINITY, 1],
  ])('%d → %d', (score, relevance) => {
    expect(bm25ToRelevance(score)).toBeCloseTo(relevance, 12);
  });

  it('is monotonic in the magnitude and below 1 for finite scores', () => {
    let previous = -1;
    for (const s of [0, 0.01, 0.5, 1, 2, 5, 10, 25, 100, 1e6]) {
      const r = bm25ToRelevance(-s);
      expect(r).toBeGreaterThan(previous);
      expect(r).toBeLessThan(1);
      previous = r;
    }
  });
});

describe('cosineToRelevance', () => {
  it.each([
    [1, 1],
    [0.42, 0.42],
    [0, 0],
    [-0.3, 0],
    [1.0000001, 1],
    [Number.NaN, 0],
  ])('%d → %d', (similarity, relevance) => {
    expect(cosineToRelevance(similarity)).toBe(relevance);
  });
});
