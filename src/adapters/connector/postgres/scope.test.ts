import { describe, expect, it } from 'vitest';
import type { CatalogRows } from './catalog-queries.js';
import { createScope, filterRows, globToRegExp, isSystemSchema } from './scope.js';

describe('globToRegExp', () => {
  it.each([
    ['tmp_*', 'tmp_orders', true],
    ['tmp_*', 'orders_tmp', false],
    ['log_20??', 'log_2024', true],
    ['log_20??', 'log_20245', false],
    ['audit.*', 'audit.events', true],
    ['audit.*', 'auditxevents', false],
    ['a+b(c)', 'a+b(c)', true],
    ['[x]', 'x', false],
    ['Orders', 'orders', true],
    ['*', 'anything.at.all', true],
  ])('%s matches %s: %s', (glob, text, expected) => {
    expect(globToRegExp(glob).test(text)).toBe(expected);
  });
});

describe('isSystemSchema', () => {
  it.each(['pg_catalog', 'information_schema', 'pg_toast', 'pg_temp_3', 'pg_toast_temp_3'])('%s is a system schema', (s) => {
    expect(isSystemSchema(s)).toBe(true);
  });
  it.each(['public', 'shop', 'pgx', 'information'])('%s is not', (s) => expect(isSystemSchema(s)).toBe(false));
});

describe('createScope', () => {
  it('includes every non-system schema when none are given', () => {
    const scope = createScope({});
    expect(scope.includesSchema('public')).toBe(true);
    expect(scope.includesSchema('pg_catalog')).toBe(false);
    expect(scope.includes('shop', 'orders')).toBe(true);
  });

  it('limits to the included schemas and never includes system ones', () => {
    const scope = createScope({ schemas: ['shop', 'information_schema'] });
    expect(scope.includesSchema('shop')).toBe(true);
    expect(scope.includesSchema('public')).toBe(false);
    expect(scope.includesSchema('information_schema')).toBe(false);
  });

  it('matches skip patterns against name and schema.name, and skips whole schemas by name', () => {
    const scope = createScope({ skipPatterns: ['tmp_*', 'audit.*', 'staging'] });
    expect(scope.includes('shop', 'tmp_orders')).toBe(false);
    expect(scope.includes('audit', 'events')).toBe(false);
    expect(scope.includes('shop', 'audit')).toBe(true);
    expect(scope.includesSchema('staging')).toBe(false);
    expect(scope.includes('staging', 'orders')).toBe(false);
    expect(scope.includes('shop', 'orders')).toBe(true);
  });
});

describe('filterRows', () => {
  const rel = (oid: number, schema: string, name: string) => ({ oid, schema, name }) as CatalogRows['relations'][number];
  const rows = {
    server: { database: 'd', server_version: '15', version_num: 150000 },
    schemas: [
      { name: 'shop', owner: 'o', comment: null },
      { name: 'audit', owner: 'o', comment: null },
    ],
    relations: [rel(1, 'shop', 'orders'), rel(2, 'shop', 'tmp_x'), rel(3, 'audit', 'log')],
    columns: [{ rel_oid: 1 }, { rel_oid: 2 }, { rel_oid: 3 }],
    constraints: [{ rel_oid: 2 }],
    indexes: [{ rel_oid: 1 }],
    triggers: [{ rel_oid: 3 }],
    sequences: [
      { schema: 'shop', name: 'tmp_seq' },
      { schema: 'shop', name: 'orders_id_seq' },
    ],
    types: [{ schema: 'audit', name: 'kind' }],
    routines: [{ schema: 'shop', name: 'f' }],
    viewDependencies: [{ view_oid: 2 }, { view_oid: 1 }],
  } as unknown as CatalogRows;

  it('drops skipped objects and the children of skipped relations', () => {
    const out = filterRows(rows, createScope({ schemas: ['shop'], skipPatterns: ['tmp_*'] }));
    expect(out.schemas.map((s) => s.name)).toEqual(['shop']);
    expect(out.relations.map((r) => r.oid)).toEqual([1]);
    expect(out.columns).toEqual([{ rel_oid: 1 }]);
    expect(out.constraints).toEqual([]);
    expect(out.indexes).toHaveLength(1);
    expect(out.triggers).toEqual([]);
    expect(out.sequences.map((s) => s.name)).toEqual(['orders_id_seq']);
    expect(out.types).toEqual([]);
    expect(out.routines).toHaveLength(1);
    expect(out.viewDependencies).toEqual([{ view_oid: 1 }]);
  });
});
