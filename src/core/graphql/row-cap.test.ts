import { describe, expect, it } from 'vitest';
import { injectRowCap } from './row-cap.js';

const LISTS = new Set(['query.crm.pg_customers', 'query.crm.pg_orders', 'function.docs.search']);

describe('injectRowCap', () => {
  it('adds limit to list queries that have none, keeping the rest of the text in place', async () => {
    const query = 'query {\n  crm {\n    pg_customers { id }\n    pg_orders(filter: {status: {eq: "paid"}}) { id }\n  }\n}';
    const out = await injectRowCap({ query }, LISTS, 51);
    expect(out.query).toBe('query {\n  crm {\n    pg_customers(limit: 51) { id }\n    pg_orders(filter: {status: {eq: "paid"}}, limit: 51) { id }\n  }\n}');
    expect(out.capped).toEqual(['crm.pg_customers', 'crm.pg_orders']);
  });

  it('leaves a given limit alone, fills an unset limit variable, and names aliases as the result does', async () => {
    const given = await injectRowCap({ query: 'query { crm { pg_customers(limit: 5) { id } } }' }, LISTS, 51);
    expect(given).toMatchObject({ query: 'query { crm { pg_customers(limit: 5) { id } } }', capped: [] });
    const unset = await injectRowCap({ query: 'query q($n: Int) { crm { c: pg_customers(limit: $n) { id } } }', variables: {} }, LISTS, 51);
    expect(unset).toMatchObject({ capped: ['crm.c'], variables: { n: 51 } });
    const set = await injectRowCap({ query: 'query q($n: Int) { crm { pg_customers(limit: $n) { id } } }', variables: { n: 3 } }, LISTS, 51);
    expect(set).toMatchObject({ capped: [], variables: { n: 3 } });
  });

  it('addresses function roots as the index does and skips what is not a list query', async () => {
    const out = await injectRowCap({ query: 'query { function { docs { search(q: "x") { id } } } crm { pg_customers_by_pk(id: 1) { id } } }' }, LISTS, 11);
    expect(out.query).toBe('query { function { docs { search(q: "x", limit: 11) { id } } } crm { pg_customers_by_pk(id: 1) { id } } }');
  });

  it('picks the named operation', async () => {
    const query = 'query a { crm { pg_orders { id } } } query b { crm { pg_customers { id } } }';
    const out = await injectRowCap({ query, operationName: 'b' }, LISTS, 2);
    expect(out.query).toBe('query a { crm { pg_orders { id } } } query b { crm { pg_customers(limit: 2) { id } } }');
  });
});
