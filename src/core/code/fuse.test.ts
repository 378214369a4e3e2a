import { describe, expect, it } from 'vitest';
import { fuseRanked } from './fuse.js';

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
