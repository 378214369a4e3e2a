/**
 * Paths at depth ≥ 6 on all four root types, a module mixing objects of three prefixed sources,
 * and a prefixed `as_module` source, on a synthetic deployment served by the Hugr test server
 * (G2: introspection only). Every generated operation validates against the served SDL.
 */
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphqlConnector } from '../../../../src/adapters/connector/graphql/index.js';
import type { CatalogObject } from '../../../../src/ports/catalog.js';
import { hugrIntrospection } from '../../../helpers/hugr-annotate.js';
import { buildSyntheticSdl } from '../../../helpers/hugr-sdl-builder.js';
import { type HugrTestServer, startHugrServer } from '../../../helpers/hugr-test-server.js';

const DEEP = 'company.department.team.project.squad.unit';
const FN_DEEP = 'analytics.processing.aggregation.financial.quarterly.v2';
const sdl = buildSyntheticSdl(
  [
    { name: 'pg', prefix: 'pg', asModule: false },
    { name: 'ddb', prefix: 'ddb', asModule: false, engine: 'duckdb' },
    { name: 'es', prefix: 'es', asModule: false, engine: 'duckdb' },
    { name: 'postgres_main', prefix: 'pm', asModule: true },
  ],
  [
    { source: 'pg', name: 'members', module: DEEP, description: 'Members of a squad unit' },
    { source: 'pg', name: 'sales', module: 'reporting', description: 'Sales lines' },
    { source: 'ddb', name: 'aggregates', module: 'reporting' },
    { source: 'es', name: 'logs', module: 'reporting', description: 'Application logs' },
    { source: 'postgres_main', name: 'users', module: 'public' },
  ],
  [
    { source: 'pg', name: 'compute_metrics', module: FN_DEEP, description: 'Quarterly metrics' },
    { source: 'pg', name: 'recalc', module: DEEP, mutating: true, description: 'Recalculate the unit' },
    { source: 'postgres_main', name: 'refresh', module: 'public', mutating: true },
  ],
);

let server: HugrTestServer;
let objects: Map<string, CatalogObject>;

beforeAll(async () => {
  server = await startHugrServer({ sdl, introspection: hugrIntrospection(sdl), generation: 'G2', secretKey: 'deep-secret-1', data: {} });
  const connector = createGraphqlConnector({ type: 'hugr', env: { S: 'deep-secret-1' } });
  const snapshot = await connector.introspect({ name: 'mesh', type: 'hugr', url: server.url, options: { secretKeyEnv: 'S' }, createdAt: '' });
  objects = new Map(snapshot.objects.map((o) => [o.id, o]));
});
afterAll(() => server.close());

describe('deep and mixed modules', () => {
  it('builds every level of a depth-6 module chain', () => {
    const segments = DEEP.split('.');
    for (let i = 1; i <= segments.length; i++) {
      const path = segments.slice(0, i).join('.');
      const m = objects.get(`mesh:module:${path}`)!;
      expect(m, path).toBeDefined();
      expect(m.parentId).toBe(i === 1 ? null : `mesh:module:${segments.slice(0, i - 1).join('.')}`);
    }
    expect(objects.get(`mesh:module:${DEEP}`)!.attributes.roots).toEqual({
      query: `_module_${DEEP.replace(/\./g, '_')}_query`,
      mutation: `_module_${DEEP.replace(/\./g, '_')}_mutation`,
      mut_function: `_module_${DEEP.replace(/\./g, '_')}_mut_function`,
    });
  });

  it('paths on all four roots at depth 6', () => {
    expect(objects.get(`mesh:data_object:${DEEP}.pg_members`)!.attributes.graphqlPath).toBe(`query.${DEEP}.pg_members`);
    expect(objects.get(`mesh:graphql_query:${DEEP}.insert_pg_members`)!.attributes.graphqlPath).toBe(`mutation.${DEEP}.insert_pg_members`);
    expect(objects.get(`mesh:function:${FN_DEEP}.pg_compute_metrics`)!.attributes.graphqlPath).toBe(`function.${FN_DEEP}.pg_compute_metrics`);
    expect(objects.get(`mesh:function:${DEEP}.pg_recalc`)!.attributes.graphqlPath).toBe(`mutation.function.${DEEP}.pg_recalc`);
    const op = objects.get(`mesh:function:${DEEP}.pg_recalc`)!.definition!;
    expect(
      op
        .split('\n')
        .slice(0, 9)
        .map((l) => l.trim()),
    ).toEqual([
      'mutation mut_fn_company_department_team_project_squad_unit_pg_recalc {',
      'function {',
      'company {',
      'department {',
      'team {',
      'project {',
      'squad {',
      'unit {',
      'pg_recalc {',
    ]);
  });

  it('keeps objects of several prefixed sources apart inside one module', () => {
    const reporting = [...objects.values()].filter((o) => o.kind === 'data_object' && o.parentId === 'mesh:module:reporting');
    expect(reporting.map((o) => [o.name, o.attributes.dataSource, o.attributes.originalName]).sort()).toEqual([
      ['ddb_aggregates', 'ddb', 'aggregates'],
      ['es_logs', 'es', 'logs'],
      ['pg_sales', 'pg', 'sales'],
    ]);
  });

  it('names a prefixed as_module source by its original names under its own module', () => {
    const users = objects.get('mesh:data_object:postgres_main.public.users')!;
    expect(users.attributes).toMatchObject({
      typeName: 'pm_users',
      originalName: 'users',
      dataSource: 'postgres_main',
      graphqlPath: 'query.postgres_main.public.users',
    });
    expect(objects.get('mesh:function:postgres_main.public.refresh')!.attributes.graphqlPath).toBe('mutation.function.postgres_main.public.refresh');
  });

  it('every generated operation validates against the served schema', () => {
    const schema = buildSchema(sdl);
    let checked = 0;
    for (const o of objects.values()) {
      if (!o.definition || !['graphql_query', 'function', 'data_object'].includes(o.kind)) continue;
      expect(validate(schema, parse(o.definition)).map((e) => `${o.id}: ${e.message}`)).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });
});
