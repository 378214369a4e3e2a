import { describe, expect, it } from 'vitest';
import { fuseRanked, topicOrder } from './fuse.js';

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

describe('the topic order', () => {
  it('BM25 leads, the vectors weigh less; a file both find beats one only BM25 puts slightly higher', () => {
    expect(topicOrder(['a.ts', 'b.ts'], ['b.ts'])).toEqual(['b.ts', 'a.ts']);
    // the vectors' first place alone does not beat BM25's first place
    expect(topicOrder(['lexical.ts'], ['vector.ts'])).toEqual(['lexical.ts', 'vector.ts']);
    expect(topicOrder(['lexical.ts'], ['vector.ts'], 2)).toEqual(['vector.ts', 'lexical.ts']);
    expect(topicOrder([], [])).toEqual([]);
  });
});
