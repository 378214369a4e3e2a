/**
 * Queries on behalf of users against imitations that behave as the real Hugr server does
 * (query-engine sources cited in the test server): a secret-key-only server ignores bearer
 * tokens and runs as the anonymous admin, `core.auth.me` from v0.3.6, `validateOnly` from v0.2.0,
 * native Arrow columns on `/ipc` from v0.3.32, no LIMIT without `limit`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createGraphqlConnector } from '../../../../src/adapters/connector/graphql/index.js';
import type { ExecuteResponse, SourceRecord } from '../../../../src/ports/connector.js';
import { ADMIN_TOKEN, SECRET, VIEWER_TOKEN, startAcmeServer } from '../../../helpers/acme-deployment.js';
import { hugrIntrospection } from '../../../helpers/hugr-annotate.js';
import { ACME } from '../../../helpers/hugr-fixtures.js';
import type { HugrServerOptions, HugrTestServer } from '../../../helpers/hugr-test-server.js';

const env = { MESH_SECRET: SECRET };
const servers: HugrTestServer[] = [];

async function serve(overrides: Partial<HugrServerOptions> = {}): Promise<HugrTestServer> {
  const server = await startAcmeServer(overrides);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function source(server: HugrTestServer, options: Record<string, unknown> = {}): SourceRecord {
  return { name: 'mesh', type: 'hugr', url: server.url, options: { secretKeyEnv: 'MESH_SECRET', ...options }, createdAt: '2026-11-25T00:00:00Z' };
}

const CUSTOMERS = 'query { crm { pg_customers { id name } } }';
const bodies = (server: HugrTestServer, from = 0) => server.requests.slice(from).map((r) => JSON.parse(r.body) as { query: string; validateOnly?: boolean });

describe("a user's credential never runs as the anonymous admin", () => {
  it('refuses when a secret-key-only server ignores the bearer token, before anything runs', async () => {
    const server = await serve({ auth: 'secret-key-only', generation: 'G3', version: 'v0.3.41' });
    const connector = createGraphqlConnector({ type: 'hugr', env });
    await expect(connector.execute!(source(server), { query: CUSTOMERS }, { userToken: VIEWER_TOKEN })).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringContaining("would run the query as the anonymous role 'admin'"),
      hint: expect.stringContaining('JWT or OIDC'),
    });
    expect(server.reads).toEqual([]);
    expect(bodies(server).map((b) => b.query)).not.toContain(CUSTOMERS);
  });

  it('reports who ran the query when the server reads the token (v0.3.6+), asking once per credential', async () => {
    const server = await serve({ generation: 'G3', version: 'v0.3.44' });
    const connector = createGraphqlConnector({ type: 'hugr', env });
    const first = await connector.execute!(source(server), { query: CUSTOMERS }, { userToken: VIEWER_TOKEN });
    expect(first.ranAs).toEqual({ userId: 'user-viewer', userName: 'viewer user', role: 'viewer', authType: 'jwt' });
    await connector.execute!(source(server), { query: CUSTOMERS }, { userToken: VIEWER_TOKEN });
    const admin = await connector.execute!(source(server), { query: CUSTOMERS }, { userToken: ADMIN_TOKEN });
    expect(admin.ranAs).toMatchObject({ role: 'admin', authType: 'jwt' });
    expect(bodies(server).filter((b) => b.query.includes('auth { me'))).toHaveLength(2);
  });

  it("passes a user's managed API key as x-hugr-api-key when the source says so", async () => {
    const server = await serve({ version: 'v0.3.44', generation: 'G3', apiKeys: { 'user-key-1': 'viewer' } });
    const connector = createGraphqlConnector({ type: 'hugr', env });
    const before = server.requests.length;
    const result = await connector.execute!(source(server, { userTokenAs: 'api-key' }), { query: CUSTOMERS }, { userToken: 'user-key-1' });
    expect(result.ranAs).toMatchObject({ role: 'viewer', authType: 'db-api-key' });
    for (const r of server.requests.slice(before)) {
      expect(r.headers['x-hugr-api-key']).toBe('user-key-1');
      expect(r.headers.authorization).toBeUndefined();
      expect(r.headers['x-hugr-secret-key']).toBeUndefined();
    }
  });

  it('runs, saying the identity is not reported, on a server older than v0.3.6', async () => {
    const server = await serve({ version: 'v0.2.2' });
    const result = await createGraphqlConnector({ type: 'hugr', env }).execute!(source(server), { query: CUSTOMERS }, { userToken: VIEWER_TOKEN });
    expect(result.errors).toEqual([]);
    expect(result.ranAs).toEqual({ unknown: expect.stringContaining('v0.3.6') });
  });
});

describe('validateOnly only where the server honours it', () => {
  it('validates client-side before v0.2.0, so a query runs once, not twice', async () => {
    const server = await serve({ version: 'v0.1.30' });
    const result = await createGraphqlConnector({ type: 'hugr', env }).execute!(source(server), { query: CUSTOMERS }, { userToken: ADMIN_TOKEN });
    expect(result.validation).toBe('client');
    expect(bodies(server).some((b) => b.validateOnly)).toBe(false);
    expect(server.reads.filter((r) => r.type === 'pg_customers')).toHaveLength(1);
  });

  it('asks the server to validate from v0.2.0, mutations included, and runs once', async () => {
    const server = await serve({ version: 'v0.2.0' });
    const mutation = 'mutation { function { crm { pg_recalc_order_totals { success } } } }';
    const result = await createGraphqlConnector({ type: 'hugr', env }).execute!(source(server), { query: mutation }, { userToken: ADMIN_TOKEN });
    expect(result.validation).toBe('server');
    expect(
      bodies(server)
        .filter((b) => b.query === mutation)
        .map((b) => Boolean(b.validateOnly)),
    ).toEqual([true, false]);
  });

  it("accepts @include/@skip and the server's own directives when validating client-side", async () => {
    const server = await serve({ version: 'v0.1.30' });
    const connector = createGraphqlConnector({ type: 'hugr', env });
    const mutation = 'mutation { crm { insert_pg_orders(data: {customer_id: 1, status: "new"}) @include(if: true) { id } } }';
    const done = await connector.execute!(source(server), { query: mutation }, { userToken: ADMIN_TOKEN });
    expect(done).toMatchObject({ validation: 'client', errors: [] });
    const cached = await connector.execute!(source(server), { query: 'query { crm { pg_customers @no_cache { id } } }' }, { userToken: ADMIN_TOKEN });
    expect(cached.errors).toEqual([]);
    const unknown = await connector.execute!(source(server), { query: 'query { crm { pg_customers @nonsense { id } } }' }, { userToken: ADMIN_TOKEN });
    expect(unknown).toMatchObject({ failedAt: 'validation', errors: [{ message: expect.stringContaining('Unknown directive "@nonsense"') }] });
  });
});

// A table with one column of every type Hugr sends natively on /ipc (v0.3.32+).
const READINGS_SDL = `
type reading_meta { unit: String scale: Int }
type pg_readings @table(name: "readings") @catalog(name: "pg", engine: "postgres") @query(name: "pg_readings", type: SELECT) {
  id: Int! @pk
  amount: Float
  ratio: Float
  big: BigInt
  taken_at: Timestamp
  local_at: DateTime
  day: Date
  at_time: Time
  span: Interval
  zero_span: Interval
  cell: H3Cell
  geom: Geometry
  tags: [String]
  meta: reading_meta
  note: String
  ok: Boolean
}
extend type _module_crm_query {
  pg_readings(limit: Int, offset: Int): [pg_readings] @query(name: "pg_readings", type: SELECT)
}
`;

/** Rows as /query renders them (query-engine types/record_json.go), in the given zone. */
function readings(zone: 'UTC' | 'Asia/Kolkata') {
  return [
    {
      id: 1,
      amount: 123.45,
      ratio: 0.1,
      big: 1234567890123,
      taken_at: zone === 'UTC' ? '2024-03-15T12:30:45.123456Z' : '2024-03-15T18:00:45.123456+05:30',
      local_at: '2024-03-15T12:30:45Z',
      day: '2024-03-15',
      at_time: '12:30:45.123456000',
      span: 'P1M2DT3H4M5.5S',
      zero_span: 'PT0S',
      cell: '8a2a1072b59ffff',
      geom: { type: 'Point', coordinates: [30.5, 50.25] },
      tags: ['north', 'daily'],
      meta: { unit: 'kWh', scale: 3 },
      note: 'first',
      ok: true,
    },
    {
      id: 2,
      amount: -0.05,
      ratio: 2499.99,
      big: -42,
      taken_at: zone === 'UTC' ? '1969-12-31T23:59:59.5Z' : '1970-01-01T05:29:59.5+05:30',
      local_at: '2000-01-01T00:00:00Z',
      day: '1969-07-20',
      at_time: '00:00:00.000000000',
      span: 'PT2H',
      zero_span: 'P14M',
      cell: null,
      geom: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      tags: [],
      meta: { unit: 'm', scale: 0 },
      note: null,
      ok: false,
    },
  ];
}

const READINGS_QUERY =
  'query { crm { pg_readings { id amount ratio big taken_at local_at day at_time span zero_span cell geom tags meta { unit scale } note ok } } }';

async function readingsServer(zone: 'UTC' | 'Asia/Kolkata', version = 'v0.3.44'): Promise<HugrTestServer> {
  const sdl = `${ACME.sdl()}\n${READINGS_SDL}`;
  return serve({
    sdl,
    introspection: hugrIntrospection(sdl),
    generation: 'G3',
    version,
    timezone: zone,
    data: { pg_readings: readings(zone) },
    arrowTypes: { pg_readings: { amount: 'decimal:2', ratio: 'float32' } },
  });
}

function rowsOf(response: ExecuteResponse): Array<Record<string, unknown>> {
  return ((response.data?.crm as Record<string, unknown>).pg_readings ?? []) as Array<Record<string, unknown>>;
}

describe('/ipc native Arrow columns decode as /query renders them', () => {
  for (const zone of ['UTC', 'Asia/Kolkata'] as const) {
    it(`every type, the same through json and arrow (session zone ${zone})`, async () => {
      const server = await readingsServer(zone);
      const connector = createGraphqlConnector({ type: 'hugr', env });
      const json = rowsOf(await connector.execute!(source(server), { query: READINGS_QUERY }, { userToken: ADMIN_TOKEN }));
      const arrow = rowsOf(await connector.execute!(source(server), { query: READINGS_QUERY, format: 'arrow' }, { userToken: ADMIN_TOKEN }));
      expect(json).toEqual(readings(zone));
      // decimals stay exact: a string with the column's scale, equal in value to the JSON number
      expect(arrow.map((r) => r.amount)).toEqual(['123.45', '-0.05']);
      expect(arrow.map((r) => Number(r.amount))).toEqual(json.map((r) => r.amount));
      const rest = (rows: Array<Record<string, unknown>>) => rows.map(({ amount: _amount, ...r }) => r);
      expect(rest(arrow)).toEqual(rest(json));
      const part = server.requests.at(-1)!;
      expect(part.path).toBe('/ipc');
    });
  }

  it('reads the wrapped JSON rows of servers before v0.3.32', async () => {
    const server = await readingsServer('UTC', 'v0.3.20');
    const connector = createGraphqlConnector({ type: 'hugr', env });
    const arrow = rowsOf(await connector.execute!(source(server), { query: READINGS_QUERY, format: 'arrow' }, { userToken: ADMIN_TOKEN }));
    expect(arrow).toEqual(readings('UTC'));
  });

  it('decodes no more rows than asked, and counts the rest', async () => {
    const server = await readingsServer('UTC');
    const response = await createGraphqlConnector({ type: 'hugr', env }).execute!(
      source(server),
      { query: READINGS_QUERY, format: 'arrow', maxRows: 1 },
      { userToken: ADMIN_TOKEN },
    );
    expect(rowsOf(response)).toHaveLength(1);
    expect(response.rowCounts).toEqual({ 'crm.pg_readings': 2 });
  });
});
