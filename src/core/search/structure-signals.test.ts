import { describe, expect, it } from 'vitest';
import { fuseRankings } from './rrf.js';
import { columnsOfTables, nameMatches, schemaCoherence, withSupport } from './structure-signals.js';

describe('nameMatches', () => {
  const candidates = ['s:table:shop.all_documents', 's:table:shop.documents', 's:table:shop.order_line', 's:table:crm.customer'];
  it.each([
    ['How many documents do we have?', ['s:table:shop.documents']],
    ['total per order line for each customer', ['s:table:shop.order_line', 's:table:crm.customer']],
    ['nothing relevant', []],
  ])('%s', (query, expected) => {
    expect(nameMatches(query, candidates)).toEqual(expected);
  });
});

describe('columnsOfTables', () => {
  it('keeps columns of the given tables, by table rank then candidate rank', () => {
    const parents = new Map([
      ['c1', 't2'],
      ['c2', 't1'],
      ['c3', 't3'],
      ['c4', 't1'],
    ]);
    expect(columnsOfTables(['c1', 'c2', 'c3', 'c4'], parents, ['t1', 't2'])).toEqual(['c2', 'c4', 'c1']);
  });
});

describe('schemaCoherence', () => {
  it('lists the candidates of the schema with the highest summed score', () => {
    const ids = ['s:table:x.a', 's:table:y.b', 's:table:y.c', 's:table:y.e', 's:table:x.d'];
    const fused = fuseRankings([{ name: 'a', ids }], { topRankBonus: { first: 0, secondThird: 0 } });
    expect(schemaCoherence(fused, 1)).toEqual(['s:table:y.b', 's:table:y.c', 's:table:y.e']);
    expect(schemaCoherence(fused, 2)).toEqual(['s:table:y.b', 's:table:y.c', 's:table:y.e', 's:table:x.a', 's:table:x.d']);
  });
});

describe('withSupport', () => {
  it('adds support without a top-rank bonus and can lift but not lead', () => {
    const fused = fuseRankings([{ name: 'lexical', ids: ['a', 'b', 'c'] }]);
    const out = withSupport(fused, [{ name: 'names', ids: ['c', 'z'] }]);
    expect(out.map((r) => r.id)).toEqual(['a', 'c', 'b', 'z']);
    const z = out.find((r) => r.id === 'z')!;
    expect(z.bonus).toBe(0);
    expect(z.ranks).toEqual({ lexical: null, names: 2 });
    for (const r of out) expect(r.score).toBeCloseTo(Object.values(r.contributions).reduce((s, v) => s + v, 0) + r.bonus, 12);
  });

  it('is deterministic on ties (score, then id)', () => {
    const out = withSupport(
      [],
      [
        { name: 'x', ids: ['b'] },
        { name: 'y', ids: ['a'] },
      ],
    );
    expect(out.map((r) => r.id)).toEqual(['a', 'b']);
  });
});
