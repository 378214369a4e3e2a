import { describe, expect, it } from 'vitest';
import { leadNamed, nameKey, namedBy, namedObjects } from './exact-names.js';
import type { NamedBy } from './types.js';
import type { Ordered } from './stages.js';

const hit = (id: string, score: number): Ordered => ({ id, score, lexicalRank: null, vectorRank: null, fused: score, bonus: 0, lists: [] });

describe('nameKey', () => {
  it.each([
    ['sales_order', 'sales order'],
    ['  Sales-Order ', 'sales order'],
    ['`billing.invoice`', 'billing.invoice'],
    ['"GET /search"', 'get /search'],
  ])('%s → %s', (text, key) => expect(nameKey(text)).toBe(key));
});

describe('namedBy', () => {
  const table = { path: 'billing.invoice', name: 'invoice' };
  it.each<[string, { path: string; name: string }, NamedBy | null]>([
    ['billing.invoice', table, 'path'],
    ['invoice', table, 'name'],
    ['invoices', table, null],
    ['invoice id', { path: 'billing.invoice.invoice_id', name: 'invoice_id' }, 'name'],
    ['sql select', { path: 'sql-select.html', name: 'sql-select.html' }, 'name'],
    ['pay', { path: 'src/billing/pay.ts', name: 'src/billing/pay.ts' }, 'name'],
    ['get /search', { path: 'GET /search', name: 'GET /search' }, 'path'],
    // a name with spaces is not cut at its slashes: `tracks` is not the operation's name
    ['tracks', { path: 'GET /albums/{id}/tracks', name: 'GET /albums/{id}/tracks' }, null],
    ['', table, null],
  ])('%s names %j: %s', (key, object, how) => expect(namedBy(key, object)).toBe(how));
});

describe('leadNamed', () => {
  const order = [
    hit('s:column:b.invoice.invoice_id', 0.9),
    hit('s:document:guide.md#2', 0.8),
    hit('s:table:b.invoice', 0.7),
    hit('s:document:guide.md', 0.6),
    hit('s:table:a.invoice', 0.5),
  ];

  it('moves the named objects first, by path before by name, at the first score, and marks them', () => {
    const led = leadNamed(
      order,
      new Map<string, NamedBy>([
        ['s:table:b.invoice', 'name'],
        ['s:table:a.invoice', 'path'],
      ]),
    );
    expect(led.map((o) => o.id)).toEqual([
      's:table:a.invoice',
      's:table:b.invoice',
      's:column:b.invoice.invoice_id',
      's:document:guide.md#2',
      's:document:guide.md',
    ]);
    expect(led.map((o) => o.score)).toEqual([0.9, 0.9, 0.9, 0.8, 0.6]);
    expect(led.slice(0, 2).map((o) => o.named)).toEqual(['path', 'name']);
    expect(led[0]!.fused).toBe(0.5);
    expect(led[2]!.named).toBeUndefined();
  });

  it("lifts only a document's best passage", () => {
    const led = leadNamed(order, new Map<string, NamedBy>([['s:document:guide.md', 'name']]));
    expect(led.map((o) => o.id)).toEqual([
      's:document:guide.md#2',
      's:column:b.invoice.invoice_id',
      's:table:b.invoice',
      's:document:guide.md',
      's:table:a.invoice',
    ]);
  });

  it('keeps the order when nothing is named', () => {
    expect(leadNamed(order, new Map())).toEqual(order);
  });
});

describe('namedObjects', () => {
  const objects = [
    { id: 's:table:b.invoice', path: 'b.invoice', name: 'invoice' },
    { id: 's:column:b.invoice.invoice_id', path: 'b.invoice.invoice_id', name: 'invoice_id' },
  ];
  const lookups: string[][] = [];
  const getObjects = async (ids: readonly string[]) => {
    lookups.push([...ids]);
    return objects.filter((o) => ids.includes(o.id));
  };

  it('looks up the candidates once, each object once, and returns those the query names', async () => {
    const named = await namedObjects(
      'Invoice',
      [hit('s:column:b.invoice.invoice_id', 1), hit('s:table:b.invoice#2', 0.9), hit('s:table:b.invoice', 0.8)],
      getObjects,
    );
    expect([...named]).toEqual([['s:table:b.invoice', 'name']]);
    expect(lookups.at(-1)).toEqual(['s:column:b.invoice.invoice_id', 's:table:b.invoice']);
  });

  it('does not look anything up for a question', async () => {
    const before = lookups.length;
    const named = await namedObjects('which invoices were paid late last month', [hit('s:table:b.invoice', 1)], getObjects);
    expect(named.size).toBe(0);
    expect(lookups.length).toBe(before);
  });
});
