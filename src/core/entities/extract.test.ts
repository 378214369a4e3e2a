import { describe, expect, it } from 'vitest';
import { clearEntityCache, extractEntities, mergeEntities, type EntityMention } from './extract.js';

const m = (name: string, semanticType: EntityMention['semanticType'], confidence: number, nerType: EntityMention['nerType'] = null): EntityMention => ({
  name,
  displayName: name,
  semanticType,
  nerType,
  confidence,
});

describe('mergeEntities', () => {
  it('keeps one entity per (name, semantic type) with the highest confidence', () => {
    const merged = mergeEntities([m('customer', 'CONCEPT', 0.5), m('customer', 'CONCEPT', 0.9), m('customer', 'ATTRIBUTE', 0.4), m('', 'TERM', 1)]);
    expect(merged).toEqual([m('customer', 'CONCEPT', 0.9), m('customer', 'ATTRIBUTE', 0.4)]);
  });

  it('keeps an NER type from any mention', () => {
    expect(mergeEntities([m('acme', 'CONCEPT', 0.8, 'ORG'), m('acme', 'CONCEPT', 0.9)])).toEqual([m('acme', 'CONCEPT', 0.9, 'ORG')]);
  });

  it('sorts by confidence, then type, then name, whatever the input order', () => {
    const input = [m('b', 'CONCEPT', 0.5), m('a', 'CONCEPT', 0.5), m('z', 'TERM', 0.5), m('y', 'ACTION', 0.7)];
    const expected = ['y', 'z', 'a', 'b'];
    expect(mergeEntities(input).map((e) => e.name)).toEqual(expected);
    expect(mergeEntities([...input].reverse()).map((e) => e.name)).toEqual(expected);
  });
});

const summary = (input: Parameters<typeof extractEntities>[0]) => extractEntities(input).map((e) => `${e.semanticType}:${e.name}`);

describe('extractEntities', () => {
  it.each<[string, Parameters<typeof extractEntities>[0], string[], string[]]>([
    ['a table name only', { kind: 'table', name: 'customer_orders', comment: null }, ['TERM:customer order', 'CONCEPT:customer', 'CONCEPT:order'], []],
    ['an API key table', { kind: 'table', name: 'APIKeys', comment: '' }, ['TERM:API key'], []],
    [
      'a function',
      { kind: 'function', name: 'getUserById', comment: 'Fetches the user for a given id.' },
      ['TERM:get user by id', 'ACTION:get', 'CONCEPT:user', 'ACTION:fetch'],
      ['CONCEPT:id'],
    ],
    [
      'a column with a comment',
      { kind: 'column', name: 'ship_addr', comment: 'Shipping address of the customer' },
      ['TERM:ship address', 'CONCEPT:address', 'CONCEPT:customer'],
      [],
    ],
    // a lone plural is a noun here: identifiers never go through the tagger
    ['a lone plural', { kind: 'table', name: 'addresses', comment: 'Stores addresses' }, ['CONCEPT:address'], ['ACTION:address']],
    [
      'a view definition',
      { kind: 'view', name: 'v_open_orders', comment: null, definition: 'SELECT * FROM sales.orders WHERE order_status = 1' },
      ['TERM:open order', 'CONCEPT:order', 'TERM:order status'],
      [],
    ],
    [
      'context',
      { kind: 'column', name: 'region', comment: null, context: 'Managed by the sales team at Acme Corp.' },
      ['CONCEPT:region', 'CONCEPT:acme corp', 'TERM:sales team', 'ACTION:manage'],
      [],
    ],
    [
      'a known acronym is a term, not an organization',
      { kind: 'table', name: 'x', comment: 'The SLA is tracked by Acme Corp.' },
      ['TERM:SLA', 'ACTION:track'],
      ['CONCEPT:SLA'],
    ],
  ])('%s', (_name, input, present, absent) => {
    const found = summary(input);
    for (const e of present) expect(found, `${e} in ${found.join(', ')}`).toContain(e);
    for (const e of absent) expect(found).not.toContain(e);
  });

  it('lets the identifier win over prose for the same entity, and weighs context below comment', () => {
    const entities = extractEntities({ kind: 'table', name: 'customers', comment: 'Customers of the shop.', context: 'Every shop has customers.' });
    expect(entities.filter((e) => e.name === 'customer' && e.semanticType === 'CONCEPT')).toEqual([
      { name: 'customer', displayName: 'Customer', semanticType: 'CONCEPT', nerType: null, confidence: 0.9 },
    ]);
    const fromComment = extractEntities({ kind: 'table', name: 'x', comment: 'Acme Corp' }).find((e) => e.nerType === 'ORG');
    const fromContext = extractEntities({ kind: 'table', name: 'x', context: 'Acme Corp' }).find((e) => e.nerType === 'ORG');
    expect(fromContext?.confidence).toBeLessThan(fromComment?.confidence ?? 0);
  });

  it('returns unique (name, type) pairs with confidences in 0..1', () => {
    const entities = extractEntities({
      kind: 'table',
      name: 'order_lines',
      comment: 'Order lines of customer orders; each order line has a quantity and a price.',
      definition: 'CREATE TABLE order_lines (order_id int REFERENCES orders, qty int, unit_price numeric)',
      context: 'Owned by the Finance team in London.',
    });
    const keys = entities.map((e) => `${e.semanticType}:${e.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of entities) {
      expect(e.confidence).toBeGreaterThan(0);
      expect(e.confidence).toBeLessThanOrEqual(1);
    }
    expect(keys).toContain('TERM:order line');
    expect(keys).toContain('TERM:unit price');
    expect(entities.find((e) => e.name === 'london')?.nerType).toBe('GPE');
  });

  it('gives the same result with a cold and a warm cache', () => {
    const input = { kind: 'column', name: 'total_amount', comment: 'Total amount including VAT, in EUR', context: 'Billing data from Acme Corp.' };
    clearEntityCache();
    const cold = extractEntities(input);
    expect(extractEntities(input)).toEqual(cold);
    // results are copies: changing one does not leak into the cache
    cold[0]!.confidence = 0;
    expect(extractEntities(input)[0]?.confidence).not.toBe(0);
  });
});
