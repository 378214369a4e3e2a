/** Compact tables from GraphQL results: module nesting walked, lists capped with totals, records kept as values. */
import { describe, expect, it } from 'vitest';
import { fieldScore } from './graphql-service.js';
import { compactResult } from './compact-result.js';

describe('compactResult', () => {
  it('walks module nesting and caps lists', () => {
    const out = compactResult(
      {
        crm: {
          customers: [
            { id: 1, name: 'A' },
            { id: 2, tags: ['x'] },
            { id: 3, name: 'C' },
          ],
          customers_aggregation: { _rows_count: 3 },
        },
        function: { kb: { chunk: ['a', 'b'] } },
      },
      2,
    );
    expect(out.tables).toEqual([
      {
        path: 'crm.customers',
        columns: ['id', 'name', 'tags'],
        rows: [
          [1, 'A', null],
          [2, null, '["x"]'],
        ],
        total: 3,
        truncated: true,
      },
      { path: 'function.kb.chunk', columns: ['value'], rows: [['a'], ['b']], total: 2, truncated: false },
    ]);
    expect(out.values).toEqual([{ path: 'crm.customers_aggregation', value: { _rows_count: 3 } }]);
  });

  it('keeps an object holding scalars as one record value', () => {
    expect(compactResult({ function: { core: { version: 'v0.3.41', missing: null } } }, 10).values).toEqual([
      { path: 'function.core', value: { version: 'v0.3.41', missing: null } },
    ]);
    expect(compactResult({ crm: { pg_customers_by_pk: null } }, 10).values).toEqual([{ path: 'crm.pg_customers_by_pk', value: null }]);
  });
});

describe('fieldScore', () => {
  it('ranks name matches over description matches, and nothing for no words', () => {
    expect(fieldScore('order total', 'total', null)).toBeGreaterThan(fieldScore('order total', 'status', 'total of the order status'));
    expect(fieldScore('', 'total', null)).toBe(0);
  });
});
