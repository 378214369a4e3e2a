import { describe, expect, it } from 'vitest';
import { buildCodeGraph } from './code-graph.js';
import { relatedCandidates } from './onboarding-features.js';
import { rankCandidates, type LinearModel } from './onboarding-model.js';

describe('the fused order’s linear model', () => {
  const candidates = [
    { file: 'b.ts', features: { churn: 1, cochange: 0 } },
    { file: 'a.ts', features: { churn: 0, cochange: 2 } },
    { file: 'c.ts', features: { churn: 1, cochange: 0 } },
  ];

  it('orders by the weighted, standardised features; ties go to the path', () => {
    const model: LinearModel = { features: ['churn', 'cochange'], mean: [0.5, 1], scale: [0.5, 1], weights: [1, 0.1] };
    expect(rankCandidates('related', candidates, model)).toEqual(['b.ts', 'c.ts', 'a.ts']);
    expect(rankCandidates('related', candidates, { ...model, weights: [1, 2] })).toEqual(['a.ts', 'b.ts', 'c.ts']);
    expect(rankCandidates('related', [], model)).toEqual([]);
  });

  it('a feature the model does not know is ignored; one a candidate lacks counts as 0', () => {
    const model: LinearModel = { features: ['cochange', 'unknown'], mean: [0, 0], scale: [1, 1], weights: [1, 5] };
    expect(rankCandidates('related', candidates, model)[0]).toBe('a.ts');
  });

  it('the shipped model, all else equal: the seed’s import and importer first, then two imports away, then the rest', () => {
    const graph = buildCodeGraph(
      ['src/seed.ts', 'src/dep.ts', 'src/user.ts', 'src/far.ts', 'src/other.ts'],
      [
        { source: 'src/seed.ts', target: 'src/dep.ts' },
        { source: 'src/user.ts', target: 'src/seed.ts' },
        { source: 'src/far.ts', target: 'src/user.ts' },
      ],
    );
    const quiet = new Map(['src/dep.ts', 'src/user.ts', 'src/far.ts', 'src/other.ts'].map((f) => [f, 1]));
    const facts = { coChanged: new Map(), churn: quiet, commits: quiet, subjects: new Map() };
    const order = rankCandidates('related', relatedCandidates(graph, 'src/seed.ts', facts));
    expect(order.slice(0, 2).sort()).toEqual(['src/dep.ts', 'src/user.ts']);
    expect(order.slice(2)).toEqual(['src/far.ts', 'src/other.ts']);
  });
});
