/** Pure naming rules: prefixes both ways (HUGR.md §3.3, §10), capability paths, unresolvable introspection fields. */
import { describe, expect, it } from 'vitest';
import { unresolvableFields } from './introspection-query.js';
import { capabilityPath } from './operations.js';
import { functionFieldName, moduleFor, originalFunctionName, prefixed, queryFieldName, resolveTypeName, unprefixed } from './prefix.js';

const pg = { name: 'pg', type: 'postgres', prefix: 'pg', asModule: false, readOnly: false, description: '' };
const docs = { name: 'docs', type: 'duckdb', prefix: 'docs', asModule: true, readOnly: false, description: '' };

describe('prefix rules', () => {
  it.each([
    ['pg', 'customers', 'pg_customers'],
    ['pg_', 'customers', 'pg__customers'],
    ['', 'customers', 'customers'],
  ])('prefix %j + %s → %s', (prefix, original, name) => {
    expect(prefixed(prefix, original)).toBe(name);
    expect(unprefixed(prefix, name)).toBe(original);
  });

  it('names queries, modules and functions per source kind and generation', () => {
    expect(queryFieldName(pg, 'customers')).toBe('pg_customers');
    expect(queryFieldName(docs, 'documents')).toBe('documents');
    expect(moduleFor(docs, 'kb')).toBe('docs.kb');
    expect(moduleFor(pg, 'crm')).toBe('crm');
    expect(functionFieldName(pg, 'order_total', 'G1')).toBe('pg_order_total');
    expect(functionFieldName(pg, 'order_total', 'G2')).toBe('order_total');
    expect(functionFieldName(docs, 'chunk_text', 'G1')).toBe('chunk_text');
    expect(originalFunctionName(pg, 'pg_order_total', 'G1')).toBe('order_total');
  });

  it('resolves a generated type name to the longest matching prefix', () => {
    const pgStore = { ...pg, name: 'pg_store', prefix: 'pg_store', asModule: true };
    expect(resolveTypeName('pg_store_products', [pg, pgStore])).toMatchObject({ dataSource: 'pg_store', originalName: 'products', queryName: 'products' });
    expect(resolveTypeName('pg_customers', [pg, pgStore])).toMatchObject({ dataSource: 'pg', originalName: 'customers', queryName: 'pg_customers' });
    expect(resolveTypeName('OperationResult', [pg])).toMatchObject({ dataSource: null, originalName: 'OperationResult' });
  });
});

describe('capabilityPath', () => {
  it.each([
    [{ root: 'query', module: 'a.b.c.d.e.f', name: 'x' }, 'query.a.b.c.d.e.f.x'],
    [{ root: 'mutation', module: 'crm', name: 'insert_pg_orders' }, 'mutation.crm.insert_pg_orders'],
    [{ root: 'function', module: '', name: 'pg_server_time' }, 'function.pg_server_time'],
    [{ root: 'mut_function', module: 'crm', name: 'recalc' }, 'mutation.function.crm.recalc'],
  ] as const)('%j → %s', (op, path) => {
    expect(capabilityPath(op)).toBe(path);
  });
});

describe('unresolvableFields', () => {
  it('reads graphql-js and Hugr messages', () => {
    expect(unresolvableFields(['Cannot query field "hugr_type" on type "__Type".', "mcp_exclude: couldn't find field resolver", 'something else'])).toEqual([
      'hugr_type',
      'mcp_exclude',
    ]);
  });
});
