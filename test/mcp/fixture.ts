/**
 * Test fixture for the MCP tests: a small but realistic catalog (two schemas, FK chain,
 * comments) in a throw-away database on the real PostgreSQL, indexed into a temp SEXTANT_HOME
 * with the builtin embedder (shared vector cache), plus helpers to open an engine on it and
 * connect SDK clients over stdio and Streamable HTTP.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Engine } from '../../src/core/engine.js';
import { assertBuilt, CLI, cliEnv } from '../helpers/cli.js';
import { SHARED_MODELS_DIR } from '../helpers/models.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

export const FIXTURE_SQL = `
CREATE SCHEMA shop;
COMMENT ON SCHEMA shop IS 'Online shop: customers, products and their orders';
CREATE SCHEMA billing;
COMMENT ON SCHEMA billing IS 'Invoices and payments';
CREATE TABLE shop.customers (id bigint PRIMARY KEY, email text NOT NULL, full_name text, loyalty_tier text);
COMMENT ON TABLE shop.customers IS 'People who buy things in the web shop';
COMMENT ON COLUMN shop.customers.email IS 'Where receipts and newsletters go';
CREATE TABLE shop.products (id bigint PRIMARY KEY, sku text NOT NULL, title text NOT NULL, unit_price_cents bigint NOT NULL);
COMMENT ON TABLE shop.products IS 'Catalogue of things for sale';
CREATE TABLE shop.orders (id bigint PRIMARY KEY, customer_id bigint NOT NULL REFERENCES shop.customers (id), placed_at timestamptz NOT NULL, status text NOT NULL, shipping_date date);
COMMENT ON TABLE shop.orders IS 'Orders placed by customers at checkout';
COMMENT ON COLUMN shop.orders.shipping_date IS 'Day the parcel left the warehouse';
CREATE TABLE shop.order_lines (order_id bigint NOT NULL REFERENCES shop.orders (id), line_no int NOT NULL, product_id bigint NOT NULL REFERENCES shop.products (id), quantity int NOT NULL, PRIMARY KEY (order_id, line_no));
COMMENT ON TABLE shop.order_lines IS 'One product on an order with its quantity';
CREATE TABLE billing.invoices (id bigint PRIMARY KEY, order_id bigint NOT NULL REFERENCES shop.orders (id), issued_on date NOT NULL, amount_cents bigint NOT NULL);
COMMENT ON TABLE billing.invoices IS 'Invoice issued for an order; amounts in cents';
CREATE TABLE billing.payments (id bigint PRIMARY KEY, invoice_id bigint NOT NULL REFERENCES billing.invoices (id), paid_at timestamptz, amount_cents bigint NOT NULL);
COMMENT ON TABLE billing.payments IS 'Money received against an invoice';
CREATE VIEW billing.open_invoices AS SELECT i.* FROM billing.invoices i WHERE NOT EXISTS (SELECT 1 FROM billing.payments p WHERE p.invoice_id = i.id);
COMMENT ON VIEW billing.open_invoices IS 'Invoices not paid yet';
`;

export interface Catalog {
  home: string;
  env: NodeJS.ProcessEnv;
  /** Opens an engine on the catalog's home (close it after). */
  engine(): Promise<Engine>;
  cleanup(): Promise<void>;
}

export const SOURCE = 'shopdb';
export const OTHER_SOURCE = 'ledger';

/** Indexes the fixture as source `shopdb`, and billing alone as source `ledger`. */
export async function prepareCatalog(): Promise<Catalog> {
  assertBuilt();
  const home = tempHome();
  const env = cliEnv(home.dir, { SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: SHARED_MODELS_DIR, SEXTANT_LOG_LEVEL: 'info' });
  let db: TempDatabase | null = null;
  const engineOf = () => openEngine(loadConfig({ env, configFile: join(home.dir, 'config.yaml') }));
  try {
    db = await createTempDatabase('sxtmcp');
    await db.exec(FIXTURE_SQL);
    const engine = await engineOf();
    try {
      await engine.addSource({ name: SOURCE, url: db.adminDsn, options: { allowExtraPrivileges: true } });
      await engine.addSource({ name: OTHER_SOURCE, url: db.adminDsn, options: { schemas: ['billing'] } });
      const run = await engine.update({ allowExtraPrivileges: true });
      if (!run.ok) throw new Error(`fixture update failed: ${JSON.stringify(run.reports)}`);
    } finally {
      await engine.close();
    }
  } catch (err) {
    await db?.drop();
    home.cleanup();
    throw err;
  }
  return {
    home: home.dir,
    env,
    engine: engineOf,
    async cleanup() {
      await db?.drop();
      home.cleanup();
    },
  };
}

export async function connectStdio(env: NodeJS.ProcessEnv, args: string[] = []): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...args], env: env as Record<string, string>, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'sextant-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

export async function connectHttp(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'sextant-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** Calls a tool; returns the result with its text and structured content typed loosely. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; text: string; data: any }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  return { isError: Boolean(result.isError), text: first && first.type === 'text' ? first.text : '', data: result.structuredContent };
}

export interface InProcessServer {
  url: string;
  base: string;
  engine: Engine;
  logFile: string;
  sessionCount(): number;
  close(): Promise<void>;
}

/** The HTTP server in this process on 127.0.0.1:0 over its own engine; logs to a file in the home. */
export async function startInProcess(
  catalog: Catalog,
  options: Partial<Omit<import('../../src/presentations/mcp/http.js').HttpServerOptions, 'services' | 'authenticator'>> & {
    extraTools?: import('../../src/presentations/mcp/tool-registry.js').ToolDefinition[];
    oidc?: import('../../src/core/auth/oidc.js').OidcOptions;
  } = {},
): Promise<InProcessServer> {
  const { startHttpServer } = await import('../../src/presentations/mcp/http.js');
  const { createServices } = await import('../../src/presentations/mcp/server.js');
  const { createLogger } = await import('../../src/presentations/mcp/logging.js');
  const { createAuthenticator } = await import('../../src/core/auth/authenticate.js');
  const { createOidcAuthentication } = await import('../../src/app.js');
  const engine = await catalog.engine();
  const logFile = join(catalog.home, `server-${Date.now()}-${Math.random().toString(36).slice(2)}.log`);
  const logger = createLogger({ destination: logFile });
  const { extraTools, oidc, ...rest } = options;
  let running: Awaited<ReturnType<typeof startHttpServer>>;
  try {
    running = await startHttpServer({
      services: createServices(engine, logger, extraTools ?? []),
      authenticator: createAuthenticator({ tokens: engine.tokens, oidc: oidc ? createOidcAuthentication(oidc) : null }),
      host: '127.0.0.1',
      port: 0,
      rateLimitPerMinute: 0,
      sessionTtlMs: 60_000,
      ...rest,
    });
  } catch (err) {
    await engine.close();
    throw err;
  }
  return {
    url: running.url,
    base: running.url.replace(/\/mcp$/, ''),
    engine,
    logFile,
    sessionCount: () => running.sessionCount(),
    async close() {
      await running.close();
      await engine.close();
    },
  };
}

export interface HttpSetup {
  catalog: Catalog;
  server: InProcessServer;
  client: Client;
  /** Closes the client, the server and the catalog. */
  close(): Promise<void>;
}

/** A fresh catalog, the HTTP server in this process on it, and one SDK client connected to it. */
export async function startWithHttpClient(options: Parameters<typeof startInProcess>[1] = {}): Promise<HttpSetup> {
  const catalog = await prepareCatalog();
  let server: InProcessServer | undefined;
  try {
    server = await startInProcess(catalog, options);
    const client = await connectHttp(server.url);
    const started = server;
    return {
      catalog,
      server,
      client,
      async close() {
        await client.close();
        await started.close();
        await catalog.cleanup();
      },
    };
  } catch (err) {
    await server?.close();
    await catalog.cleanup();
    throw err;
  }
}
