/**
 * Test helper: the hand-built acme deployment served by the Hugr test server, with in-memory
 * rows, functions, relations and two roles: `admin` (secret key) and `viewer` (bearer token),
 * who does not see `pg_orders.total` in introspection, may not read `pg_customers.email`
 * (disabled), and sees only customers of region 1.
 */
import { ACME } from './hugr-fixtures.js';
import { type HugrServerOptions, type HugrTestServer, startHugrServer } from './hugr-test-server.js';

export const SECRET = 'acme-secret-key-123';
export const ADMIN_TOKEN = 'admin-user-token-456';
export const VIEWER_TOKEN = 'viewer-user-token-789';

export const ACME_DATA = {
  data_sources: [
    {
      name: 'pg',
      type: 'postgres',
      prefix: 'pg',
      as_module: false,
      read_only: false,
      description: 'Operational CRM database (PostgreSQL)',
      path: 'postgres://hugr:pw@db/crm',
      disabled: false,
      self_defined: false,
    },
    {
      name: 'docs',
      type: 'duckdb',
      prefix: 'docs',
      as_module: true,
      read_only: false,
      description: 'Knowledge base documents with semantic search',
      path: '/data/docs.duckdb',
      disabled: false,
      self_defined: false,
    },
    {
      name: 'emb',
      type: 'embedding',
      prefix: '',
      as_module: false,
      read_only: false,
      description: 'Embedding model (OpenAI-compatible endpoint)',
      path: 'http://emb',
      disabled: false,
      self_defined: false,
    },
  ],
  pg_regions: [
    { id: 1, name: 'Europe', code: 'EU' },
    { id: 2, name: 'Americas', code: 'AM' },
  ],
  pg_customers: [
    { id: 1, name: 'Ada Ltd', email: 'ada@example.com', region_id: 1, created_at: '2025-01-02T10:00:00Z' },
    { id: 2, name: 'Bolt GmbH', email: 'bolt@example.com', region_id: 1, created_at: '2025-02-03T10:00:00Z' },
    { id: 3, name: 'Condor Inc', email: 'condor@example.com', region_id: 2, created_at: '2025-03-04T10:00:00Z' },
    { id: 4, name: 'Delta LLC', email: 'delta@example.com', region_id: 2, created_at: '2025-04-05T10:00:00Z' },
  ],
  pg_orders: [
    { id: 10, customer_id: 1, status: 'paid', total: 120.5, ordered_at: '2025-05-01T00:00:00Z' },
    { id: 11, customer_id: 1, status: 'shipped', total: 80, ordered_at: '2025-05-02T00:00:00Z' },
    { id: 12, customer_id: 3, status: 'paid', total: 300, ordered_at: '2025-05-03T00:00:00Z' },
  ],
  docs_documents: [] as Array<Record<string, unknown>>,
  pg_revenue_by_month: [
    { month: '2025-05-01', region_id: 1, revenue: 200.5 },
    { month: '2025-05-01', region_id: 2, revenue: 300 },
  ],
};

export function acmeServerOptions(overrides: Partial<HugrServerOptions> = {}): HugrServerOptions {
  return {
    sdl: ACME.sdl(),
    introspection: ACME.introspection(),
    summary: ACME.summary().data.function.core.meta.schema_summary,
    generation: 'G1',
    data: ACME_DATA,
    functions: {
      pg_order_total: (args) => ACME_DATA.pg_orders.find((o) => o.id === args.order_id)?.total ?? null,
      pg_server_time: () => '2025-06-01T12:00:00Z',
      chunk_text: (args) => String(args.text).match(new RegExp(`.{1,${Number(args.size ?? 500)}}`, 'g')) ?? [],
      duckdb_version: () => 'v1.3.0',
      data_source_status: () => 'attached',
      pg_recalc_order_totals: () => ({ success: true, affected_rows: 3, last_id: null, message: 'recalculated' }),
      load_data_source: () => ({ success: true, affected_rows: 0, last_id: null, message: 'loaded' }),
      unload_data_source: () => ({ success: true, affected_rows: 0, last_id: null, message: 'unloaded' }),
    },
    relations: {
      'pg_orders.customer': (o, d) => d.pg_customers!.find((c) => c.id === o.customer_id) ?? null,
      'pg_customers.orders': (c, d) => d.pg_orders!.filter((o) => o.customer_id === c.id),
      'pg_customers.region': (c, d) => d.pg_regions!.find((r) => r.id === c.region_id) ?? null,
    },
    secretKey: SECRET,
    tokens: { [ADMIN_TOKEN]: 'admin', [VIEWER_TOKEN]: 'viewer', 'token-of-unknown-role': 'ghost' },
    roles: {
      viewer: {
        hidden: { pg_orders: ['total'] },
        disabled: { pg_customers: ['email'] },
        rows: { pg_customers: (r) => r.region_id === 1 },
      },
    },
    ...overrides,
  };
}

export function startAcmeServer(overrides: Partial<HugrServerOptions> = {}): Promise<HugrTestServer> {
  return startHugrServer(acmeServerOptions(overrides));
}
