import { describe, expect, it } from 'vitest';
import { fuseRankings, rankBonus, RRF_K, TOP_RANK_BONUS, type RankedList } from './rrf.js';

const lex = (...ids: string[]): RankedList => ({ name: 'lexical', ids });
const vec = (...ids: string[]): RankedList => ({ name: 'vector', ids });

describe('rankBonus', () => {
  it.each([
    [1, 0.05],
    [2, 0.02],
    [3, 0.02],
    [4, 0],
    [100, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('rank %d → %d', (rank, bonus) => {
    expect(rankBonus(rank)).toBe(bonus);
  });
});

describe('fuseRankings', () => {
  it('uses k = 60 and the qmd bonus values by default', () => {
    expect(RRF_K).toBe(60);
    expect(TOP_RANK_BONUS).toEqual({ first: 0.05, secondThird: 0.02 });
    const [top] = fuseRankings([lex('a'), vec('a')]);
    expect(top?.score).toBe(1 / 61 + 1 / 61 + 0.05);
  });

  it.each<[string, RankedList[], Array<[string, number]>]>([
    [
      'one list keeps its order',
      [lex('a', 'b', 'c', 'd')],
      [
        ['a', 1 / 61 + 0.05],
        ['b', 1 / 62 + 0.02],
        ['c', 1 / 63 + 0.02],
        ['d', 1 / 64],
      ],
    ],
    [
      'agreement wins',
      [lex('a', 'b'), vec('b', 'a')],
      [
        ['a', 1 / 61 + 1 / 62 + 0.05],
        ['b', 1 / 62 + 1 / 61 + 0.05],
      ],
    ],
    [
      'rank 1 in one list beats rank 2 in both',
      [lex('x', 'b'), vec('y', 'b')],
      [
        ['x', 1 / 61 + 0.05],
        ['y', 1 / 61 + 0.05],
        ['b', 2 / 62 + 0.02],
      ],
    ],
    ['empty lists', [lex(), vec()], []],
    ['no lists', [], []],
  ])('%s', (_name, lists, expected) => {
    const fused = fuseRankings(lists);
    expect(fused.map((r) => r.id)).toEqual(expected.map(([id]) => id));
    fused.forEach((r, i) => expect(r.score).toBeCloseTo(expected[i]?.[1] ?? NaN, 12));
  });

  it('ranks an item in both lists above one in a single list at equal ranks', () => {
    for (const rank of [1, 2, 3, 4, 10, 50]) {
      const filler = Array.from({ length: rank - 1 }, (_, i) => `f${i}`);
      const fused = fuseRankings([
        lex(...filler, 'both'),
        vec(...filler.map((f) => `g${f}`), 'both'),
        { name: 'other', ids: [...filler.map((f) => `h${f}`), 'single'] },
      ]);
      const ids = fused.map((r) => r.id);
      expect(ids.indexOf('both'), `rank ${rank}`).toBeLessThan(ids.indexOf('single'));
    }
  });

  it('traces sum to the fused score and record every list', () => {
    const fused = fuseRankings([lex('a', 'b', 'c', 'd', 'e'), vec('e', 'c', 'z', 'a'), { name: 'glossary', ids: ['c'] }]);
    for (const r of fused) {
      const sum = Object.values(r.contributions).reduce((s, c) => s + c, 0) + r.bonus;
      expect(r.score).toBe(sum);
      expect(Object.keys(r.ranks)).toEqual(['lexical', 'vector', 'glossary']);
      expect(Object.keys(r.contributions)).toEqual(['lexical', 'vector', 'glossary']);
      for (const [name, rank] of Object.entries(r.ranks)) {
        expect(r.contributions[name]).toBe(rank === null ? 0 : 1 / (60 + rank));
      }
    }
    const c = fused.find((r) => r.id === 'c');
    expect(c?.ranks).toEqual({ lexical: 3, vector: 2, glossary: 1 });
    expect(c?.bonus).toBe(0.05);
    expect(fused.find((r) => r.id === 'z')?.ranks).toEqual({ lexical: null, vector: 3, glossary: null });
  });

  it('breaks equal scores by best rank', () => {
    // k = 0, no bonus: rank 2 + rank 6 (1/2 + 1/6) equals rank 3 + rank 3 (1/3 + 1/3)
    const options = { k: 0, topRankBonus: { first: 0, secondThird: 0 } };
    const fused = fuseRankings([lex('l1', 'z', 'y', 'l4', 'l5', 'l6'), vec('v1', 'v2', 'y', 'v4', 'v5', 'z')], options);
    const z = fused.find((r) => r.id === 'z');
    const y = fused.find((r) => r.id === 'y');
    expect(z?.score).toBeCloseTo(y?.score ?? 0, 12);
    const ids = fused.map((r) => r.id);
    expect(ids.indexOf('z')).toBeLessThan(ids.indexOf('y'));
  });

  it('breaks equal scores and ranks by id, whatever the list order', () => {
    const a = fuseRankings([lex('l1', 'l2', 'l3', 'l4', 'q'), vec('v1', 'v2', 'v3', 'v4', 'p')]);
    const b = fuseRankings([vec('v1', 'v2', 'v3', 'v4', 'p'), lex('l1', 'l2', 'l3', 'l4', 'q')]);
    expect(a.map((r) => r.id)).toEqual(['l1', 'v1', 'l2', 'v2', 'l3', 'v3', 'l4', 'v4', 'p', 'q']);
    expect(b.map((r) => r.id)).toEqual(a.map((r) => r.id));
  });

  it('is deterministic across runs', () => {
    const lists = [lex('d', 'a', 'c', 'b'), vec('b', 'a', 'e')];
    const first = JSON.stringify(fuseRankings(lists));
    for (let i = 0; i < 5; i++) expect(JSON.stringify(fuseRankings(lists))).toBe(first);
  });

  it('keeps the first position of an id repeated in one list', () => {
    const [a, b] = fuseRankings([lex('a', 'a', 'b')]);
    expect(a?.ranks.lexical).toBe(1);
    expect(b?.ranks.lexical).toBe(2);
  });

  it('accepts another k and bonus', () => {
    const [top] = fuseRankings([lex('a')], { k: 0, topRankBonus: { first: 0, secondThird: 0 } });
    expect(top?.score).toBe(1);
  });

  it.each([
    [[lex('a'), lex('b')], /unique/],
    [[{ name: '__proto__', ids: ['a'] }], /__proto__/],
  ])('rejects bad list names', (lists, message) => {
    expect(() => fuseRankings(lists)).toThrow(message);
  });

  it('rejects a negative or non-finite k', () => {
    expect(() => fuseRankings([lex('a')], { k: -1 })).toThrow(RangeError);
    expect(() => fuseRankings([lex('a')], { k: Number.NaN })).toThrow(RangeError);
  });

  it('scales a primary list by its weight for an id, bonus included', () => {
    const weighted: RankedList = { name: 'vector', ids: ['doc', 'table'], weightOf: (id) => (id === 'doc' ? 0.3 : 1) };
    const fused = fuseRankings([lex('table', 'doc'), weighted]);
    const doc = fused.find((f) => f.id === 'doc')!;
    expect(doc.contributions.vector).toBeCloseTo(0.3 / (RRF_K + 1));
    // its vector rank 1 gives 0.3 of the first-place bonus, less than its lexical rank 2 gives
    expect(doc.bonus).toBeCloseTo(TOP_RANK_BONUS.secondThird);
    expect(fused[0]?.id).toBe('table');
    // unweighted, the doc's vector first place would have won
    expect(fuseRankings([lex('table', 'doc'), vec('doc', 'table')])[0]?.id).toBe('doc');
  });
});
