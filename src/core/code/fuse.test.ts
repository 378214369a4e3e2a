import { describe, expect, it } from 'vitest';
import { fuseRanked, fusionLists, topicOrder } from './fuse.js';

describe('fused ranking', () => {
  it('a file high in several lists beats one at the top of one', () => {
    const fused = fuseRanked([
      { name: 'graph', files: ['a', 'b', 'c'] },
      { name: 'history', files: ['b', 'd'] },
      { name: 'topic', files: ['e', 'b', 'a'] },
    ]);
    expect(fused[0]).toBe('b');
    expect(fused.slice(1, 2)).toEqual(['a']);
    expect(new Set(fused)).toEqual(new Set(['a', 'b', 'c', 'd', 'e']));
  });

  it('weights scale a list; excluded files never appear; ties keep list order then path', () => {
    expect(
      fuseRanked([
        { name: 'graph', files: ['a'] },
        { name: 'history', files: ['z'], weight: 2 },
      ]),
    ).toEqual(['z', 'a']);
    expect(fuseRanked([{ name: 'graph', files: ['seed', 'a'] }], new Set(['seed']))).toEqual(['a']);
    expect(
      fuseRanked([
        { name: 'x', files: ['m'] },
        { name: 'y', files: ['c'] },
      ]),
    ).toEqual(['m', 'c']);
    expect(fuseRanked([])).toEqual([]);
  });
});

describe('the fused order’s lists', () => {
  const signals = {
    graph: ['imports.ts'],
    coChanged: ['partner.ts'],
    busiest: ['busy.ts'],
    similarNames: ['twin.ts'],
    topic: ['about.ts'],
  };

  it('a seed file: its graph, co-change partners and similar names, with busy files and the topic; churn and names at half weight', () => {
    const lists = fusionLists({ ...signals, seededByTopic: false });
    expect(lists.map((l) => [l.name, l.weight ?? 1])).toEqual([
      ['graph', 1],
      ['co-change', 1],
      ['churn', 0.5],
      ['similar names', 0.5],
      ['topic', 1],
    ]);
    expect(fusionLists({ ...signals, topic: [], seededByTopic: false }).map((l) => l.name)).not.toContain('topic');
    // equal ranks: the full-weight lists come before the half-weight ones
    expect(fuseRanked(lists)).toEqual(['imports.ts', 'partner.ts', 'about.ts', 'busy.ts', 'twin.ts']);
  });

  it('a seed found by topic: the topic and the busy files only', () => {
    const lists = fusionLists({ ...signals, seededByTopic: true });
    expect(lists.map((l) => l.name)).toEqual(['topic', 'churn']);
    expect(fuseRanked(lists)).toEqual(['about.ts', 'busy.ts']);
  });
});

describe('the topic order', () => {
  it('BM25 leads, the vectors weigh less; a file both find beats one only BM25 puts slightly higher', () => {
    expect(topicOrder(['a.ts', 'b.ts'], ['b.ts'])).toEqual(['b.ts', 'a.ts']);
    // the vectors' first place alone does not beat BM25's first place
    expect(topicOrder(['lexical.ts'], ['vector.ts'])).toEqual(['lexical.ts', 'vector.ts']);
    expect(topicOrder(['lexical.ts'], ['vector.ts'], 2)).toEqual(['vector.ts', 'lexical.ts']);
    expect(topicOrder([], [])).toEqual([]);
  });
});
