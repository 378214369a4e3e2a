import { describe, expect, it } from 'vitest';
import { relatedByEntities } from './related.js';

/** chunk → entities, and df counted over the same map. */
function index(entries: Record<string, string[]>): { links: Map<string, Set<string>>; df: Map<string, number> } {
  const links = new Map(Object.entries(entries).map(([chunk, entities]) => [chunk, new Set(entities)]));
  const df = new Map<string, number>();
  for (const entities of links.values()) for (const e of entities) df.set(e, (df.get(e) ?? 0) + 1);
  return { links, df };
}

// 40 chunks: "orders" table and its columns share `order`; `customer` links a few chunks;
// `name` is on most chunks (too common); fillers make N realistic.
const fixture = (() => {
  const entries: Record<string, string[]> = {
    'table:orders': ['order', 'customer', 'name'],
    'column:orders.id': ['order', 'name'],
    'column:orders.customer_id': ['order', 'customer', 'customer id'],
    'column:orders.total': ['order', 'total', 'name'],
    'table:customers': ['customer', 'name'],
    'column:customers.id': ['customer', 'customer id', 'name'],
    'doc:refunds': ['refund', 'order', 'name'],
    'table:products': ['product', 'name'],
    lonely: ['unique thing'],
  };
  for (let i = 0; i < 31; i++) entries[`filler:${i}`] = ['name', `filler ${i}`];
  return index(entries);
})();

describe('relatedByEntities', () => {
  it('ranks chunks by the rare entities they share with the hits, excluding the hits', () => {
    const related = relatedByEntities(['table:orders'], fixture.links, fixture.df, { cap: 10 });
    expect(related.map((r) => r.id)).toEqual([
      'column:orders.customer_id', // order + customer
      'column:customers.id', // customer (rarer than order)
      'table:customers',
      'column:orders.id', // order
      'column:orders.total',
      'doc:refunds',
    ]);
    expect(related[0]).toMatchObject({ entities: ['customer', 'order'], via: 'table:orders' });
    expect(related.some((r) => r.id === 'table:orders')).toBe(false);
  });

  it('ignores entities linked to too many chunks or to one chunk only', () => {
    // `name` is on 38 of 40 chunks: above the default max(3, ⌈√40⌉) = 7
    const related = relatedByEntities(['table:products'], fixture.links, fixture.df, { cap: 10 });
    expect(related).toEqual([]);
    expect(relatedByEntities(['lonely'], fixture.links, fixture.df, { cap: 10 })).toEqual([]);
    // with a higher limit `name` counts again
    expect(relatedByEntities(['table:products'], fixture.links, fixture.df, { cap: 3, maxDf: 100 })).toHaveLength(3);
  });

  it('weighs entities by the rank of the hit that holds them', () => {
    const related = relatedByEntities(['doc:refunds', 'table:customers'], fixture.links, fixture.df, { cap: 10 });
    const top = related[0];
    expect(top?.via).toBe('doc:refunds');
    expect(related.find((r) => r.id === 'column:orders.customer_id')?.via).toBe('doc:refunds');
    const viaCustomers = related.filter((r) => r.via === 'table:customers').map((r) => r.id);
    expect(viaCustomers).toEqual(['column:customers.id']);
  });

  it.each([
    [0, 0],
    [2, 2],
    [100, 6],
  ])('caps the result (cap %d → %d)', (cap, length) => {
    expect(relatedByEntities(['table:orders'], fixture.links, fixture.df, { cap })).toHaveLength(length);
  });

  it('returns nothing for no hits or unknown hits', () => {
    expect(relatedByEntities([], fixture.links, fixture.df, { cap: 5 })).toEqual([]);
    expect(relatedByEntities(['nope'], fixture.links, fixture.df, { cap: 5 })).toEqual([]);
  });

  it('counts df in the links when the map lacks an entity', () => {
    const related = relatedByEntities(['table:orders'], fixture.links, new Map(), { cap: 10 });
    expect(related.map((r) => r.id)).toEqual(relatedByEntities(['table:orders'], fixture.links, fixture.df, { cap: 10 }).map((r) => r.id));
  });

  it('is deterministic: ties break by id, and Set order does not change scores', () => {
    const a = index({ hit: ['x', 'y'], b: ['x', 'y'], a: ['y', 'x'], c: ['x'], d: ['x'], f1: ['f'], f2: ['f'], f3: ['f'], f4: ['f'] });
    const related = relatedByEntities(['hit'], a.links, a.df, { cap: 10, maxDf: 10 });
    expect(related.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(related[0]?.score).toBe(related[1]?.score);
    expect(related[0]?.entities).toEqual(related[1]?.entities);
  });

  it('uses the index size for the IDF when the links are partial', () => {
    const partial = new Map([...fixture.links].filter(([id]) => !id.startsWith('filler')));
    const small = relatedByEntities(['table:orders'], partial, fixture.df, { cap: 10, maxDf: 7 });
    const full = relatedByEntities(['table:orders'], partial, fixture.df, { cap: 10, maxDf: 7, totalChunks: 40 });
    expect(small.length).toBeGreaterThan(0);
    expect(full.map((r) => r.id)).toEqual(small.map((r) => r.id));
    expect(full[0]?.score).toBeGreaterThan(small[0]?.score ?? 0);
  });
});
