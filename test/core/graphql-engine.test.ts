/**
 * Integration: a Hugr mesh (the test server serving the acme deployment) and a PostgreSQL
 * database indexed side by side in one SQLite index through the engine: search across both in
 * one ranked list, get, stepwise discovery, single-element updates that touch only that
 * element, and queries on behalf of users (dual credentials, JSON and Arrow, role filtering,
 * mutation policy, actionable errors).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBuiltinCache, loadBuiltinEmbedder } from '../../src/adapters/embedder/builtin/index.js';
import { createGraphqlConnector } from '../../src/adapters/connector/graphql/index.js';
import { createPostgresConnector } from '../../src/adapters/connector/postgres/index.js';
import { openSqliteStore, type SqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import { lexicalField } from '../../src/core/search/lexical-text.js';
import type { Embedder } from '../../src/ports/embedder.js';
import { ACME_DATA, ADMIN_TOKEN, SECRET, VIEWER_TOKEN, startAcmeServer } from '../helpers/acme-deployment.js';
import { hugrIntrospection } from '../helpers/hugr-annotate.js';
import { ACME } from '../helpers/hugr-fixtures.js';
import type { HugrTestServer } from '../helpers/hugr-test-server.js';
import { SHARED_MODELS_DIR } from '../helpers/models.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = { MESH_SECRET: SECRET };
let server: HugrTestServer;
let db: TempDatabase;
let store: SqliteStore;
let engine: Engine;
let embedder: Embedder;

const SQL = `
CREATE SCHEMA sales;
CREATE TABLE sales.invoices (id bigint PRIMARY KEY, customer_name text, amount numeric, issued_on date);
COMMENT ON TABLE sales.invoices IS 'Invoices sent to customers';
`;

beforeAll(async () => {
  server = await startAcmeServer();
  db = await createTempDatabase('sxt_gql');
  await db.exec(SQL);
  const cache = join(SHARED_MODELS_DIR, 'builtin-glove100.bin');
  if (!existsSync(cache)) await buildBuiltinCache(cache);
  embedder = await loadBuiltinEmbedder(cache);
  store = await openSqliteStore(join(home.dir, 'index.sqlite'), { vector: 'js' });
  engine = createEngine({
    store,
    connectors: new Map([
      ['postgres', createPostgresConnector({ statementTimeoutMs: 5000 })],
      ['hugr', createGraphqlConnector({ type: 'hugr', env })],
    ]),
    embedder: async () => embedder,
    lexical: lexicalField,
  });
  await engine.addSource({ name: 'mesh', type: 'hugr', url: server.url, options: { secretKeyEnv: 'MESH_SECRET' } });
  await engine.addSource({ name: 'billing', url: db.adminDsn });
  const run = await engine.update({ allowExtraPrivileges: true });
  expect(run.ok, run.reports.map((r) => r.message).join('; ')).toBe(true);
}, 120_000);

afterAll(async () => {
  await engine?.close();
  await server?.close();
  await db?.drop();
  home.cleanup();
});

describe('indexing and search', () => {
  it("names a refused option by its key and by the command line's flag", async () => {
    await expect(engine.addSource({ name: 'mesh2', type: 'hugr', url: server.url, options: { userTokenAs: 'cookie' } })).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('invalid option userTokenAs (--user-token-as) for a hugr source: '),
    });
  });

  it('search returns GraphQL and database objects in one ranked list', async () => {
    const result = await engine.query('customers invoices');
    const sources = new Set(result.hits.map((h) => h.source));
    expect(sources).toEqual(new Set(['mesh', 'billing']));
    const ids = result.hits.map((h) => h.id);
    expect(ids).toContain('mesh:data_object:crm.pg_customers');
    expect(ids).toContain('billing:table:sales.invoices');
    const lexical = await engine.search('revenue by month', { sources: ['mesh'] });
    expect(lexical.hits[0]?.id).toMatch(/pg_revenue_by_month/);
  });

  it('links GraphQL chunks to entities like database chunks', async () => {
    const entities = (await store.entitiesOf(['mesh:data_object:crm.pg_customers'])).get('mesh:data_object:crm.pg_customers') ?? [];
    expect(entities.map((e) => e.key)).toEqual(expect.arrayContaining([expect.stringMatching(/customer/)]));
  });

  it('filters by GraphQL kinds', async () => {
    const fns = await engine.search('order total', { kinds: ['function'] });
    expect(fns.hits.map((h) => h.id)).toContain('mesh:function:crm.pg_order_total');
  });

  it('get shows a data object with its fields and its ready operation', async () => {
    const detail = await engine.get('mesh:data_object:crm.pg_customers');
    expect(detail.object.definition).toContain('crm {');
    expect(detail.children.map((c) => c.name)).toEqual(expect.arrayContaining(['id', 'name', 'pg_customers_by_pk']));
    expect((await engine.get(detail.uri)).object.id).toBe('mesh:data_object:crm.pg_customers');
    expect((await engine.get('sextant://mesh/analytics.finance')).object.id).toBe('mesh:module:analytics.finance');
  });
});

describe('stepwise discovery', () => {
  it('lists data sources, modules one level at a time, and a module’s members', async () => {
    const sources = await engine.graphql.listDataSources();
    expect(sources.map((s) => s.name).sort()).toEqual(['docs', 'emb', 'pg']);
    expect(sources.find((s) => s.name === 'docs')).toMatchObject({ prefix: 'docs', asModule: true });
    const top = await engine.graphql.listModules({ source: 'mesh' });
    expect(top.map((m) => m.path)).toEqual(['analytics', 'core', 'crm', 'docs']);
    expect(top.find((m) => m.path === 'crm')!.counts).toEqual({ submodules: 0, dataObjects: 2, functions: 2 });
    let level = await engine.graphql.listModules({ source: 'mesh', parent: 'analytics' });
    const chain = ['analytics'];
    while (level.length) {
      chain.push(level[0]!.path);
      level = await engine.graphql.listModules({ source: 'mesh', parent: level[0]!.path });
    }
    expect(chain.at(-1)).toBe('analytics.finance.reports.monthly');
    const members = await engine.graphql.listDataObjects({ source: 'mesh', module: 'crm' });
    expect(members.dataObjects.map((o) => o.name)).toEqual(['pg_customers', 'pg_orders']);
    expect(members.functions.map((f) => [f.name, f.mutating])).toEqual(
      expect.arrayContaining([
        ['pg_order_total', false],
        ['pg_recalc_order_totals', true],
      ]),
    );
  });

  it('describes an object with fields ranked by a query, arguments, relations, filter and operation', async () => {
    const d = await engine.graphql.describe('mesh:data_object:crm.pg_orders', { fieldsQuery: 'order total amount' });
    expect(d.fields[0]!.name).toBe('total');
    expect(d.relations.map((r) => r.target)).toContain('mesh:data_object:crm.pg_customers');
    expect(d.arguments.map((a) => a.name)).toEqual(expect.arrayContaining(['filter', 'order_by', 'limit']));
    expect(d.filter?.type).toBe('pg_orders_filter');
    expect(d.operation).toContain('pg_orders(filter: $filter, limit: $limit)');
  });
});

describe('single-element update', () => {
  it('re-reads one data object; only its resource changes; the rest keeps hashes', async () => {
    const unchanged = await engine.update({ source: 'mesh', object: 'crm.pg_customers' });
    expect(unchanged.reports[0]).toMatchObject({ status: 'unchanged' });

    // the server's schema changes: pg_customers gets a new described field
    const sdl = ACME.sdl().replace(
      '  email: String @exclude_mcp\n',
      '  email: String @exclude_mcp\n  """\n  Loyalty tier of the customer\n  """\n  loyalty_tier: String\n',
    );
    server.setSchema(sdl, hugrIntrospection(sdl));
    const before = server.requests.length;
    const run = await engine.update({ source: 'mesh', object: 'mesh:data_object:crm.pg_customers' });
    expect(run.reports[0]).toMatchObject({ status: 'updated', added: 0, changed: 1, removed: 0 });
    const sent = server.requests.slice(before).map((r) => JSON.parse(r.body).query as string);
    expect(sent.some((q) => q.includes('SextantIntrospection') || q.includes('schema_summary'))).toBe(false);
    const field = await engine.get('mesh:graphql_field:crm.pg_customers.loyalty_tier');
    expect(field.object.comment).toBe('Loyalty tier of the customer');
    const hits = await engine.search('loyalty tier', { sources: ['mesh'] });
    expect(hits.hits[0]?.id).toBe('mesh:graphql_field:crm.pg_customers.loyalty_tier');
    server.setSchema(ACME.sdl(), ACME.introspection());
  });

  it('refuses an unknown element with suggestions', async () => {
    await expect(engine.update({ source: 'mesh', object: 'crm.pg_customer' })).rejects.toMatchObject({
      code: 'OBJECT_NOT_FOUND',
      hint: expect.stringContaining('crm.pg_customers'),
    });
  });
});

describe('queries on behalf of users', () => {
  const q = 'query { crm { pg_customers { id name region_id } } }';

  it('never sends the secret with a user query, nor a user token with discovery', async () => {
    const before = server.requests.length;
    const result = await engine.graphql.query({ source: 'mesh', query: q, userToken: ADMIN_TOKEN });
    expect(result.success).toBe(true);
    const exec = server.requests.slice(before);
    expect(exec.length).toBeGreaterThan(0);
    for (const r of exec) {
      expect(r.headers['x-hugr-secret-key']).toBeUndefined();
      expect(JSON.stringify(r.headers)).not.toContain(SECRET);
      expect(r.headers.authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    }
    await engine.update({ source: 'mesh', object: 'crm.pg_orders' });
    const discovery = server.requests.filter((r) => r.headers['x-hugr-secret-key'] !== undefined);
    expect(discovery.length).toBeGreaterThan(0);
    for (const r of server.requests.filter((x) => !x.headers.authorization)) expect(r.headers['x-hugr-secret-key']).toBe(SECRET);
    for (const r of discovery) expect(r.headers.authorization).toBeUndefined();
  });

  it('refuses without a user token unless anonymous is allowed explicitly', async () => {
    await expect(engine.graphql.query({ source: 'mesh', query: q })).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringContaining('no user token'),
    });
  });

  it('returns what the server filtered for the user’s role (fewer rows; a disabled field forbidden)', async () => {
    const admin = await engine.graphql.query({ source: 'mesh', query: q, userToken: ADMIN_TOKEN });
    const viewer = await engine.graphql.query({ source: 'mesh', query: q, userToken: VIEWER_TOKEN });
    expect(admin.tables[0]!.total).toBe(ACME_DATA.pg_customers.length);
    expect(viewer.tables[0]!.total).toBe(2);
    const forbidden = await engine.graphql.query({ source: 'mesh', query: 'query { crm { pg_customers { id email } } }', userToken: VIEWER_TOKEN });
    expect(forbidden).toMatchObject({ success: false, failedAt: 'execution', errors: [{ message: 'forbidden', hint: expect.any(String) }] });
  });

  it('decodes /ipc Arrow into the same tables as /query JSON, with row cap and total', async () => {
    const query =
      'query { crm { pg_customers { id name } pg_orders_aggregation { _rows_count } } function { docs { kb { chunk_text(text: "abcdefgh", size: 3) } } } }';
    const readsBefore = server.reads.length;
    const json = await engine.graphql.query({ source: 'mesh', query, userToken: ADMIN_TOKEN, rowLimit: 2 });
    // no limit in the query: the server is asked for one row more than shown, never the whole table
    expect(server.reads.slice(readsBefore).find((r) => r.type === 'pg_customers')).toEqual({ type: 'pg_customers', limit: 3, rows: 3 });
    expect(json.notes?.[0]).toContain('limit: 3 added to crm.pg_customers');
    const arrow = await engine.graphql.query({ source: 'mesh', query, userToken: ADMIN_TOKEN, rowLimit: 2, format: 'arrow' });
    expect(arrow.tables).toEqual(json.tables);
    expect(arrow.values).toEqual(json.values);
    const customers = json.tables.find((t) => t.path === 'crm.pg_customers')!;
    expect(customers).toMatchObject({ columns: ['id', 'name'], total: 3, atLeast: true, truncated: true });
    expect(customers.rows).toHaveLength(2);
    expect(json.tables.find((t) => t.path === 'function.docs.kb.chunk_text')!.rows).toEqual([['abc'], ['def']]);
    expect(json.values).toEqual([{ path: 'crm.pg_orders_aggregation', value: { _rows_count: 3 } }]);
    const empty = await engine.graphql.query({
      source: 'mesh',
      query: 'query { crm { pg_customers(filter: {id: {eq: 999}}) { id } } }',
      userToken: ADMIN_TOKEN,
      format: 'arrow',
    });
    expect(empty.tables[0]).toMatchObject({ total: 0, rows: [] });
  });

  it('validates first: unknown fields get the nearest names, nothing runs', async () => {
    const before = server.requests.length;
    const result = await engine.graphql.query({ source: 'mesh', query: 'query { crm { pg_customers { id nmae } } }', userToken: ADMIN_TOKEN });
    expect(result).toMatchObject({ success: false, failedAt: 'validation', validation: 'server' });
    expect(result.errors[0]!.suggestions).toContain('name');
    const bodies = server.requests.slice(before).map((r) => JSON.parse(r.body));
    expect(bodies.every((b) => b.validateOnly === true)).toBe(true);
    const missing = await engine.graphql.query({
      source: 'mesh',
      query: 'query { analytics { finance { reports { monthly { pg_revenue_by_month { month } } } } } }',
      userToken: ADMIN_TOKEN,
    });
    expect(missing.errors[0]!.hint).toContain('args');
    // a @filter_required field: every pg_orders filter must name customer_id
    const sdl = ACME.sdl().replace('  customer_id: IntFilter\n  status: StringFilter', '  customer_id: IntFilter!\n  status: StringFilter');
    expect(sdl).not.toBe(ACME.sdl());
    server.setSchema(sdl, hugrIntrospection(sdl));
    try {
      const required = await engine.graphql.query({
        source: 'mesh',
        query: 'query { crm { pg_orders(filter: {status: {eq: "paid"}}) { id } } }',
        userToken: ADMIN_TOKEN,
      });
      expect(required.errors[0]!.hint).toContain('must include customer_id');
    } finally {
      server.setSchema(ACME.sdl(), ACME.introspection());
    }
  });

  it('runs mutations and mutating functions only with developer tools on', async () => {
    const mutation = 'mutation { function { crm { pg_recalc_order_totals { success message } } } }';
    await expect(engine.graphql.query({ source: 'mesh', query: mutation, userToken: ADMIN_TOKEN })).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('developer tools'),
    });
    const before = server.requests.length;
    const done = await engine.graphql.query({ source: 'mesh', query: mutation, userToken: ADMIN_TOKEN, developerTools: true });
    // the acme server is v0.2.2: validateOnly is honoured there, so the server validates and the mutation runs once
    expect(done.validation).toBe('server');
    const sent = server.requests.slice(before).map((r) => JSON.parse(r.body));
    expect(sent.filter((b) => b.query === mutation && !b.validateOnly)).toHaveLength(1);
    expect(done.values).toEqual([{ path: 'function.crm.pg_recalc_order_totals', value: { success: true, message: 'recalculated' } }]);
  });
});
