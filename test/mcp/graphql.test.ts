/**
 * An agent discovers and queries a Hugr mesh over MCP with the SDK client: Streamable HTTP (the
 * caller's bearer reaches the mesh as the user credential) and stdio (the user token comes from
 * the source's userTokenEnv). The recording Hugr test server proves which credential went where.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import { ADMIN_TOKEN, SECRET, startAcmeServer } from '../helpers/acme-deployment.js';
import { assertBuilt, cliEnv } from '../helpers/cli.js';
import type { HugrTestServer } from '../helpers/hugr-test-server.js';
import { tempHome } from '../helpers/temp-home.js';
import { call, connectHttp, connectStdio, startInProcess, type Catalog, type InProcessServer } from './fixture.js';

const home = tempHome();
const env = cliEnv(home.dir, { MESH_SECRET: SECRET, MESH_USER_TOKEN: ADMIN_TOKEN });
let hugr: HugrTestServer;
let server: InProcessServer;
let http: Client;
let aliceToken = '';

const catalog: Catalog = {
  home: home.dir,
  env,
  engine: () => openEngine(loadConfig({ env, configFile: join(home.dir, 'config.yaml') })),
  cleanup: async () => home.cleanup(),
};

beforeAll(async () => {
  assertBuilt();
  process.env.MESH_SECRET = SECRET; // the in-process server's connector reads the secret from its own environment
  const engine = await catalog.engine();
  try {
    // an editor: mutations then meet the project's developer-tools gate (a reader is refused before it)
    aliceToken = (await engine.tokens.create({ name: 'alice', roles: ['editor'] })).token;
    hugr = await startAcmeServer({ tokens: { [aliceToken]: 'viewer', [ADMIN_TOKEN]: 'admin' } });
    await engine.addSource({ name: 'mesh', type: 'hugr', url: hugr.url, options: { secretKeyEnv: 'MESH_SECRET', userTokenEnv: 'MESH_USER_TOKEN' } });
    const run = await engine.update({ source: 'mesh' });
    expect(run.ok, run.reports[0]?.message).toBe(true);
  } finally {
    await engine.close();
  }
  server = await startInProcess(catalog);
  http = await connectHttp(server.url, { Authorization: `Bearer ${aliceToken}` });
}, 120_000);

afterAll(async () => {
  await http?.close();
  await server?.close();
  await hugr?.close();
  delete process.env.MESH_SECRET;
  home.cleanup();
});

describe('MCP session discovering a Hugr mesh (HTTP)', () => {
  it('walks data sources → modules → data objects → describe', async () => {
    const sources = await call(http, 'list_data_sources', {});
    expect(sources.data.data_sources.map((d: { name: string }) => d.name).sort()).toEqual(['docs', 'emb', 'pg']);
    const top = await call(http, 'list_modules', { source: 'mesh' });
    expect(top.text).toContain('mesh:module:crm  0 submodules, 2 data objects, 2 functions');
    const deep = await call(http, 'list_modules', { source: 'mesh', parent: 'analytics.finance.reports' });
    expect(deep.data.modules[0].path).toBe('analytics.finance.reports.monthly');
    const members = await call(http, 'list_data_objects', { source: 'mesh', module: 'analytics.finance.reports.monthly' });
    expect(members.data.dataObjects[0].id).toBe('mesh:data_object:analytics.finance.reports.monthly.pg_revenue_by_month');
    const described = await call(http, 'describe', { object: members.data.dataObjects[0].id, fields_query: 'revenue' });
    expect(described.isError).toBe(false);
    expect(described.data.fields[0].name).toBe('revenue');
    expect(described.text).toContain('query analytics_finance_reports_monthly_pg_revenue_by_month($args: pg_revenue_by_month_args!');
    const found = await call(http, 'deep_search', { query: 'monthly revenue by region', sources: ['mesh'] });
    expect(found.data.hits.map((h: { id: string }) => h.id).slice(0, 5)).toContain('mesh:data_object:analytics.finance.reports.monthly.pg_revenue_by_month');
  });

  it("walks the same mesh with the generic list_objects: modules, then a module's members by parent id", async () => {
    const modules = await call(http, 'list_objects', { source: 'mesh', kind: 'module', limit: 200 });
    expect(modules.isError, modules.text).toBe(false);
    expect(modules.data.items.map((i: { id: string }) => i.id)).toContain('mesh:module:analytics.finance.reports.monthly');
    const members = await call(http, 'list_objects', { parent: 'mesh:module:analytics.finance.reports.monthly' });
    expect(members.data.items.map((i: { id: string }) => i.id)).toContain('mesh:data_object:analytics.finance.reports.monthly.pg_revenue_by_month');
    const crm = await call(http, 'list_objects', { parent: 'mesh:module:crm' });
    expect(crm.data.items.filter((i: { kind: string }) => i.kind === 'data_object')).toHaveLength(2);
    const bad = await call(http, 'list_objects', { parent: 'not an id' });
    expect(bad.isError).toBe(true);
  });

  it('graphql_query runs with the caller’s bearer (viewer rows), never the secret', async () => {
    const before = hugr.requests.length;
    const result = await call(http, 'graphql_query', { source: 'mesh', query: 'query { crm { pg_customers { id name } } }' });
    expect(result.isError).toBe(false);
    expect(result.data.tables[0]).toMatchObject({ path: 'crm.pg_customers', total: 2 });
    const sent = hugr.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const r of sent) {
      expect(r.headers.authorization).toBe(`Bearer ${aliceToken}`);
      expect(r.headers['x-hugr-secret-key']).toBeUndefined();
    }
  });

  it('returns an invalid operation as a tool error with the nearest field names', async () => {
    const result = await call(http, 'graphql_query', { source: 'mesh', query: 'query { crm { pg_customers { id nmae } } }' });
    expect(result.isError).toBe(true);
    expect(result.data.error).toMatchObject({ code: 'USAGE', suggestions: ['name'] });
    expect(result.text).toContain('nearest: name');
  });

  it('refuses mutations while developer tools are off, as a tool error', async () => {
    const result = await call(http, 'graphql_query', { source: 'mesh', query: 'mutation { function { crm { pg_recalc_order_totals { success } } } }' });
    expect(result.isError).toBe(true);
    expect(result.data.error.message).toContain('developer tools');
    // an agent cannot turn the setting on: it is told whom to ask, and no command line
    expect(result.data.error.hint).toMatch(
      /^ask the user or an administrator to turn on the developer-tools setting of project '[\w-]+' \(no tool changes project settings\)$/,
    );
  });
});

describe('MCP over stdio', () => {
  it('uses the configured user token for queries', async () => {
    const { client } = await connectStdio(env);
    try {
      const before = hugr.requests.length;
      const result = await call(client, 'graphql_query', { source: 'mesh', query: 'query { crm { pg_customers { id } } }', format: 'arrow' });
      expect(result.data.tables[0]).toMatchObject({ total: 4 });
      for (const r of hugr.requests.slice(before)) expect(r.headers.authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
      expect(result.text).not.toContain(ADMIN_TOKEN);
    } finally {
      await client.close();
    }
  });
});
