/**
 * `npm run bench -- team`: the team setup under load. A generated catalog (default 2,000 tables)
 * in a PostgreSQL store; two `sextant mcp --http` processes on it behind a small round-robin
 * proxy (sticky per MCP session: a session lives in the server that opened it); `clients` SDK
 * clients calling deep_search for `seconds`, with an update of a changed source in the middle;
 * then the same load on one process over a SQLite copy of the index. Reports requests/s,
 * p50/p95/p99, errors, staleness after the update (until every server answers with the new
 * index, and until every server's in-memory vectors are at the update's change counter, which
 * leaves out the request queue) and the two-server / one-server throughput ratio. Needs `npm run build` (servers run
 * the built CLI) and PostgreSQL (SEXTANT_BENCH_PG, default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, createServer, request, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pg from 'pg';
import { loadBuiltinEmbedder } from '../src/adapters/embedder/builtin/index.js';
import { openPostgresStore } from '../src/adapters/store/postgres/index.js';
import { copyStore } from '../src/app.js';
import { loadConfig } from '../src/config/load-config.js';
import { createEngine } from '../src/core/engine.js';
import { lexicalField } from '../src/core/search/lexical-text.js';
import type { CatalogObject, SourceSnapshot } from '../src/ports/catalog.js';
import { inWorker, QUERIES } from './mcp.js';
import type { LoadInput, LoadOutput } from './mcp-load.js';
import { flag, percentile } from './measure.js';
import { generateCatalog } from './scale-catalog.js';
import { ensureCache, snapshotConnector } from './scale.js';

const SOURCE = 'scale';
const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'sextant.js');
const ADMIN = process.env.SEXTANT_BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MARKER = 'zeppelin hangar ledger';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The snapshot plus one table (and its columns) named after the marker words. */
function withMarkerTable(snapshot: SourceSnapshot): SourceSnapshot {
  const table = snapshot.objects.find((o) => o.kind === 'table')!;
  const name = MARKER.replace(/ /g, '_');
  const schema = table.path.split('.')[0]!;
  const rename = (o: CatalogObject): CatalogObject => {
    const path = o.path.replace(table.path, `${schema}.${name}`);
    return {
      ...o,
      id: `${SOURCE}:${o.kind}:${path}`,
      path,
      name: o.kind === 'table' ? name : o.name,
      parentId: o.kind === 'table' ? o.parentId : `${SOURCE}:table:${schema}.${name}`,
      resource: `table:${schema}.${name}`,
    };
  };
  const added = snapshot.objects.filter((o) => o.id === table.id || o.parentId === table.id).map(rename);
  return { ...snapshot, objects: [...snapshot.objects, ...added] };
}

function startServer(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [CLI, 'mcp', '--http', '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 120_000);
    child.stderr!.on('data', (d) => {
      stderr += d;
      const m = /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
}

/** Round-robin over backends for new sessions; later requests follow their session's backend. */
function startProxy(backends: string[]): Promise<{ url: string; server: Server }> {
  const owner = new Map<string, URL>();
  const keepAlive = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = createServer((req, res) => {
    const sid = req.headers['mcp-session-id'];
    const target = (typeof sid === 'string' && owner.get(sid)) || new URL(backends[next++ % backends.length]!);
    const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent: keepAlive }, (up) => {
      const created = up.headers['mcp-session-id'];
      if (typeof created === 'string') owner.set(created, target);
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(err.message);
    });
    req.pipe(upstream);
  });
  // longer than the clients' idle keep-alive: a socket closed by the proxy while a client reuses it fails that request
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`, server })),
  );
}

/**
 * Seconds from now until every server's in-memory vectors describe change counter `counter`
 * (its /health reports `store.vectorsAt`): the index a server holds, apart from request latency.
 */
async function vectorsFresh(urls: string[], counter: number): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    urls.map(async (url) => {
      for (;;) {
        const health = (await (await fetch(new URL('/health', url))).json()) as { store?: { vectorsAt?: number } };
        if ((health.store?.vectorsAt ?? -1) >= counter) return;
        if (performance.now() - t0 > 120_000) throw new Error(`${url}: vectors still older than counter ${counter} after 120 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }),
  );
  return (performance.now() - t0) / 1000;
}

/** Seconds from now until every server's deep_search returns the marker table. */
async function staleness(urls: string[]): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    urls.map(async (url) => {
      const client = new Client({ name: 'bench-staleness', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      try {
        for (;;) {
          const result = await client.callTool({ name: 'deep_search', arguments: { query: MARKER, top_k: 5 } });
          if (JSON.stringify(result.content).includes(MARKER.replace(/ /g, '_'))) return;
          if (performance.now() - t0 > 120_000) throw new Error(`${url} still serves the old index after 120 s`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await client.close();
      }
    }),
  );
  return (performance.now() - t0) / 1000;
}

function summary(load: LoadOutput) {
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: load.latencies.length,
    requestsPerSecond: r(load.latencies.length / load.elapsedSeconds),
    p50Ms: r(percentile(load.latencies, 50)),
    p95Ms: r(percentile(load.latencies, 95)),
    p99Ms: r(percentile(load.latencies, 99)),
    errors: load.errors.length,
    firstErrors: load.errors.slice(0, 3),
  };
}

export async function run(argv: string[]): Promise<void> {
  const tables = Number(flag(argv, 'tables') ?? 2000);
  const columns = Number(flag(argv, 'columns') ?? tables * 20);
  const seconds = Number(flag(argv, 'seconds') ?? 60);
  const clients = Number(flag(argv, 'clients') ?? 64);
  const json = argv.includes('--json');
  const log = (s: string) => !json && console.log(s);
  const modelsDir = flag(argv, 'models') ?? join(tmpdir(), 'sextant-bench-models');
  const cache = ensureCache(modelsDir);
  const dbName = `team_bench_${process.pid}`;
  const storeUrl = ADMIN.replace(/\/[^/]*$/, `/${dbName}`);
  const homes = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'sextant-team-')));
  const children: ChildProcess[] = [];
  let proxy: Server | null = null;
  await admin(`CREATE DATABASE ${dbName}`);
  try {
    const snapshot = generateCatalog(SOURCE, tables, columns);
    log(`generated ${tables} tables (${snapshot.objects.length} objects); indexing into ${storeUrl}…`);
    const embedder = await loadBuiltinEmbedder(cache);
    let current = snapshot;
    const engine = createEngine({
      // one statement writes the whole catalog: on a loaded machine it may pass the default 30 s
      store: await openPostgresStore(storeUrl, { statementTimeoutMs: 600_000 }),
      connectors: new Map([['postgres', { ...snapshotConnector(snapshot), introspect: async () => current }]]),
      embedder: async () => embedder,
      lexical: lexicalField,
    });
    const t0 = performance.now();
    await engine.addSource({ name: SOURCE, url: 'postgres://bench@localhost/team' });
    const built = await engine.update({ source: SOURCE });
    if (!built.ok) throw new Error(JSON.stringify(built.reports));
    const buildSeconds = (performance.now() - t0) / 1000;
    const status = await engine.status();
    log(`  ${status.index.chunks} chunks in ${buildSeconds.toFixed(1)} s`);

    const base = {
      ...process.env,
      SEXTANT_EMBEDDINGS_PROVIDER: 'builtin',
      SEXTANT_MODELS_DIR: modelsDir,
      SEXTANT_MCP_RATE_LIMIT_RPM: '0',
      // every session comes from one client address here: the per-address cap (50) would evict them
      SEXTANT_MCP_MAX_SESSIONS: '1000',
      SEXTANT_MCP_MAX_SESSIONS_PER_CREDENTIAL: '1000',
      SEXTANT_LOG_LEVEL: 'warn',
    };
    const serverEnv = (home: string, extra: Record<string, string> = {}) => ({
      ...base,
      SEXTANT_HOME: home,
      SEXTANT_CONFIG: join(home, 'none.yaml'),
      ...extra,
    });
    const servers = await Promise.all([0, 1].map((i) => startServer(serverEnv(homes[i]!, { SEXTANT_STORE_URL: storeUrl }))));
    children.push(...servers.map((s) => s.child));
    const front = await startProxy(servers.map((s) => s.url));
    proxy = front.server;
    log(`two servers behind ${front.url}; ${clients} clients calling deep_search for ${seconds} s, an update of ${SOURCE} at ${seconds / 2} s…`);
    const loadTwo = inWorker<LoadInput, LoadOutput>('./mcp-load.ts', { url: front.url, clients, seconds, queries: QUERIES });
    await new Promise((resolve) => setTimeout(resolve, (seconds / 2) * 1000));
    current = withMarkerTable(snapshot);
    const u0 = performance.now();
    const updated = await engine.update({ source: SOURCE });
    const updateSeconds = (performance.now() - u0) / 1000;
    const counter = await engine.changeCounter();
    const [stale, vectors] = await Promise.all([
      staleness(servers.map((s) => s.url)),
      vectorsFresh(
        servers.map((s) => s.url),
        counter,
      ),
    ]);
    const two = summary(await loadTwo);
    log(
      `  update: ${updated.reports[0]?.status} in ${updateSeconds.toFixed(1)} s; every server held the new vectors ${vectors.toFixed(2)} s and answered with the new index ${stale.toFixed(2)} s after its commit`,
    );
    log(
      `  two servers: ${two.requestsPerSecond} req/s, p50 ${two.p50Ms} ms, p95 ${two.p95Ms} ms, p99 ${two.p99Ms} ms, ${two.errors} errors${two.firstErrors.length ? ` (${two.firstErrors.join(' | ')})` : ''}`,
    );
    for (const s of servers) s.child.kill('SIGTERM');
    await engine.close();

    log('copying the index into SQLite for the one-process baseline…');
    const copied = await copyStore(storeUrl, `sqlite://${join(homes[2]!, 'index.sqlite')}`, loadConfig({ env: serverEnv(homes[2]!) }));
    if (copied.mismatches.length) throw new Error(`copy differs: ${copied.mismatches.join(', ')}`);
    const single = await startServer(serverEnv(homes[2]!));
    children.push(single.child);
    const one = summary(await inWorker<LoadInput, LoadOutput>('./mcp-load.ts', { url: single.url, clients, seconds, queries: QUERIES }));
    log(
      `  one server (SQLite): ${one.requestsPerSecond} req/s, p50 ${one.p50Ms} ms, p95 ${one.p95Ms} ms, p99 ${one.p99Ms} ms, ${one.errors} errors${one.firstErrors.length ? ` (${one.firstErrors.join(' | ')})` : ''}`,
    );
    const ratio = Math.round((two.requestsPerSecond / Math.max(0.1, one.requestsPerSecond)) * 100) / 100;
    const report = {
      tables,
      chunks: status.index.chunks,
      buildSeconds: Math.round(buildSeconds * 10) / 10,
      clients,
      seconds,
      twoServersPostgres: two,
      oneServerSqlite: one,
      ratio,
      update: {
        status: updated.reports[0]?.status,
        seconds: Math.round(updateSeconds * 10) / 10,
        stalenessSeconds: Math.round(stale * 100) / 100,
        vectorsFreshSeconds: Math.round(vectors * 1000) / 1000,
      },
      targets: { errors: 0, stalenessSeconds: 5 },
      met: two.errors === 0 && one.errors === 0 && stale <= 5,
      loadAverage: loadavg(),
      cpus: cpus().length,
    };
    log(
      `two-server / one-server throughput: ${ratio}; load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${cpus().length} CPUs; targets ${report.met ? 'met' : 'NOT met'}`,
    );
    if (json) console.log(JSON.stringify(report, null, 2));
    if (!report.met) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGKILL');
    proxy?.close();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    for (const home of homes) rmSync(home, { recursive: true, force: true });
  }
}
