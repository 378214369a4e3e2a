/**
 * Faults of the team setup, through the built CLI, on a PRIVATE PostgreSQL cluster (initdb into a
 * temp folder, its own port) that the test stops and starts; the shared server at 5432 only
 * holds the source database. Two `sextant mcp --http` servers share the store:
 * - one is SIGKILLed with requests in flight: the client retries them on the other and gets the
 *   same answers, and the index has lost nothing;
 * - PostgreSQL stops: /health says `degraded` (503) with the reason within seconds; it starts
 *   again: the servers reconnect by themselves, /health is `ok` and the same MCP session answers;
 * - a server started while the store is down exits with one clear error.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { loadSampleSql } from '../../src/demo/sample-database.js';
import { cliEnv, mcpUrlOf, runCli, startCli } from '../helpers/cli.js';
import { SHARED_MODELS_DIR } from '../helpers/models.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.js';
import { tempHome } from '../helpers/temp-home.js';
import { call, connectHttp } from '../mcp/fixture.js';

interface Server {
  child: ChildProcess;
  url: string;
  base: string;
  stderr: () => string;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const child = startCli(['mcp', '--http', '--port', '0'], env);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = await mcpUrlOf(child, 60_000);
  return { child, url, base: url.replace(/\/mcp$/, ''), stderr: () => stderr };
}

async function health(server: Server): Promise<{ code: number; body: { status: string; store: { status: string; reason?: string; changes?: string } } }> {
  const res = await fetch(`${server.base}/health`);
  return { code: res.status, body: (await res.json()) as never };
}

async function until<T>(what: string, probe: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> {
  const t0 = Date.now();
  let last: T | undefined;
  for (;;) {
    last = await probe().catch(() => last);
    if (last !== undefined && ok(last)) return last;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const QUERIES = ['customer email address', 'invoice line quantity', 'support ticket priority', 'order shipping status', 'payment refund amount'];

describe('team faults: a server killed mid-request, PostgreSQL restarted under running servers', () => {
  let pgPrivate: PrivatePostgres;
  let source: TempDatabase;
  let env: NodeJS.ProcessEnv;
  const homes = [tempHome(), tempHome(), tempHome()];
  const base = { SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: SHARED_MODELS_DIR, SEXTANT_MCP_RATE_LIMIT_RPM: '0' };
  const servers: Server[] = [];

  beforeAll(async () => {
    pgPrivate = await startPrivatePostgres();
    source = await createTempDatabase('team_faults_src');
    for (const sql of loadSampleSql()) await source.exec(sql);
    env = cliEnv(homes[0]!.dir, { ...base, SEXTANT_STORE_URL: pgPrivate.url });
    const reader = await source.createRole(
      'team_faults_reader',
      'GRANT USAGE ON SCHEMA shop, billing, support TO {role}; GRANT SELECT ON ALL TABLES IN SCHEMA shop, billing, support TO {role};',
    );
    expect((await runCli(['source', 'add', reader.dsn, '--name', 'shop'], env)).code).toBe(0);
    const update = await runCli(['update', '--json'], env, { timeoutMs: 180_000 });
    expect(update.code, update.stderr + update.stdout).toBe(0);
    for (const home of homes.slice(1)) servers.push(await startServer(cliEnv(home.dir, { ...base, SEXTANT_STORE_URL: pgPrivate.url })));
  }, 300_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await source?.drop();
    pgPrivate?.destroy();
    for (const home of homes) home.cleanup();
  });

  it('retries the requests of a server killed mid-request on the other one: same answers, nothing lost', async () => {
    const [a, b] = servers as [Server, Server];
    const clientA = await connectHttp(a.url);
    const clientB = await connectHttp(b.url);
    const statusBefore = await runCli(['status', '--json'], env);
    const expected = new Map<string, string>();
    for (const q of QUERIES) expected.set(q, JSON.stringify((await call(clientB, 'deep_search', { query: q })).data.hits));
    // five searches in flight on A, then A dies
    const inFlight = QUERIES.map((q) =>
      call(clientA, 'deep_search', { query: q }).then(
        (r) => ({ q, ok: !r.isError, hits: r.isError ? null : JSON.stringify(r.data.hits) }),
        () => ({ q, ok: false, hits: null }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    a.child.kill('SIGKILL');
    const first = await Promise.all(inFlight);
    const failed = first.filter((r) => !r.ok);
    expect(failed.length).toBeGreaterThan(0);
    // the client's retry goes to the other server
    for (const r of first) {
      const answer = r.ok ? r.hits : JSON.stringify((await call(clientB, 'deep_search', { query: r.q })).data.hits);
      expect(answer, r.q).toBe(expected.get(r.q));
    }
    await clientA.close().catch(() => undefined);
    await clientB.close();
    const statusAfter = await runCli(['status', '--json'], env);
    expect(statusAfter.json.index.chunks).toBe(statusBefore.json.index.chunks);
    expect(statusAfter.json.index.vectors).toBe(statusBefore.json.index.vectors);
    // a new server takes A's place
    servers[0] = await startServer(cliEnv(homes[1]!.dir, { ...base, SEXTANT_STORE_URL: pgPrivate.url }));
  }, 120_000);

  it('reports degraded while PostgreSQL is down and recovers on its own when it is back', async () => {
    const clients: Client[] = [];
    for (const s of servers) {
      const ok = await until(
        'listening',
        () => health(s),
        (h) => h.code === 200 && h.body.store.changes === 'listen',
      );
      expect(ok.body).toMatchObject({ status: 'ok', store: { status: 'ok' } });
      const client = await connectHttp(s.url);
      clients.push(client);
      expect((await call(client, 'deep_search', { query: 'customer email address' })).isError).toBe(false);
    }
    pgPrivate.stop();
    for (const s of servers) {
      const down = await until(
        'degraded',
        () => health(s),
        (h) => h.code === 503,
        15_000,
      );
      expect(down.body).toMatchObject({ status: 'degraded', store: { status: 'degraded', reason: expect.stringMatching(/store unreachable/) } });
    }
    pgPrivate.start();
    for (const s of servers) {
      const up = await until(
        'ok again',
        () => health(s),
        (h) => h.code === 200,
        20_000,
      );
      expect(up.body).toMatchObject({ status: 'ok', store: { status: 'ok', changes: 'listen' } });
    }
    // the same MCP sessions answer again: the pools reconnected
    for (const client of clients) {
      const hits = await call(client, 'deep_search', { query: 'customer email address' });
      expect(hits.isError, hits.text).toBe(false);
      expect(JSON.stringify(hits.data.hits)).toContain('customer');
      await client.close();
    }
    // a write after the restart reaches the other server through LISTEN again
    expect((await runCli(['context', 'add', 'sextant://shop/shop.customer', 'Zeppelin loyalty members', '--json'], env)).code).toBe(0);
    const other = await connectHttp(servers[1]!.url);
    await until(
      'the context on the other server',
      async () => JSON.stringify((await call(other, 'deep_search', { query: 'zeppelin loyalty members' })).data),
      (text) => text.includes('shop.customer'),
      10_000,
    );
    await other.close();
  }, 180_000);

  it('refuses to start a server while the store is unreachable, with one clear error', async () => {
    pgPrivate.stop();
    try {
      const r = await runCli(['mcp', '--http', '--port', '0', '--json'], cliEnv(homes[2]!.dir, { ...base, SEXTANT_STORE_URL: pgPrivate.url }), {
        timeoutMs: 60_000,
      });
      expect(r.code).not.toBe(0);
      expect(r.stderr + r.stdout).toMatch(/cannot reach the store postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres/);
    } finally {
      pgPrivate.start();
    }
  }, 90_000);
});
