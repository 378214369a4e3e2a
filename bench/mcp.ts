/**
 * `npm run bench -- mcp [--seconds 30] [--clients 32] [--soak-seconds 600] [--soak-clients 16] [--json]`
 * Indexes the demo (embedded PGlite sample database, builtin embedder) into a temp home, starts
 * the MCP Streamable HTTP server in this process on 127.0.0.1, and has `--clients` SDK clients
 * (each its own MCP session, all in one worker thread) call deep_search back to back for
 * `--seconds`. Reports requests/s,
 * p50/p95/p99 latency as the clients see it, and errors; and the size of the full tools/list
 * JSON in tokens (about four characters a token: no tokenizer is installed).
 * Targets: 0 errors, p95 ≤ 100 ms, tool list ≤ 3,000 tokens.
 * Then the keep-alive soak (mcp-soak.ts): `--soak-clients` sessions on keep-alive sockets for
 * `--soak-seconds` (or SOAK_SECONDS; 0 skips it), RSS every 30 s; the run exits non-zero when
 * RSS grows by more than 100 MB.
 * Last the flood (mcp-flood.ts): one credential posts batches of deep_search while another's
 * small client searches; its p95 must stay ≤ 100 ms.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../src/app.js';
import type { Engine } from '../src/core/engine.js';
import { loadConfig } from '../src/config/load-config.js';
import { createAuthenticator } from '../src/core/auth/authenticate.js';
import { defaultDemoDataDir, runDemo } from '../src/demo/run-demo.js';
import { startHttpServer } from '../src/presentations/mcp/http.js';
import { createLogger } from '../src/presentations/mcp/logging.js';
import { createServices } from '../src/presentations/mcp/server.js';
import type { FloodInput, FloodOutput } from './mcp-flood.js';
import type { LoadInput, LoadOutput } from './mcp-load.js';
import { describeSoak, runSoak, SOAK_DEFAULTS, type SoakReport } from './mcp-soak.js';
import { flag, mb, peakRssSampler, percentile } from './measure.js';

export const QUERIES = [
  'monthly revenue by product category',
  'customers who placed an order last week',
  'open support tickets by priority',
  'refunds for returned orders',
  'invoice payment status',
  'shipping address of an order',
  'product price history',
  'loyalty tier of a customer',
  'agent who handled the escalation',
  'vat rate by country',
  'warehouse stock level',
  'order lines with quantity and price',
  'exchange rate to euro',
  'tickets answered late',
  'customer email address',
  'promotion discount code',
];

const TARGETS = { p95Ms: 100, toolListTokens: 3000 };

/** Runs a client module (mcp-load.ts, mcp-flood.ts) in a worker thread and waits for its measurements. */
export function inWorker<I, O>(module: string, input: I): Promise<O> {
  return new Promise((resolve, reject) => {
    // Workers do not inherit tsx's loader: register it in the worker, then load the TypeScript module.
    const entry = new URL(module, import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: input });
    worker.once('message', (m: { ok: true; out: O } | { ok: false; error: string }) => (m.ok ? resolve(m.out) : reject(new Error(m.error))));
    worker.once('error', reject);
  });
}

/** One credential floods batches while another's small client searches; the small client's p95 is the measure. */
async function floodPhase(engine: Engine, url: string, seconds: number, log: (s: string) => void) {
  const flooder = await engine.tokens.create({ name: 'bench-flooder' });
  const small = await engine.tokens.create({ name: 'bench-small' });
  const input: FloodInput = { url, flooderToken: flooder.token, smallToken: small.token, seconds, inFlight: 4, batchSize: 20, queries: QUERIES };
  log(
    `flood: one credential posting batches of ${input.batchSize} deep_search calls, ${input.inFlight} in flight, for ${seconds}s; another's small client searching meanwhile…`,
  );
  const out = await inWorker<FloodInput, FloodOutput>('./mcp-flood.ts', input);
  const p95 = percentile(out.smallLatencies, 95);
  const report = {
    seconds: Math.round(out.elapsedSeconds * 10) / 10,
    floodCalls: out.floodCalls,
    floodRefusedRequests: out.floodRefused,
    smallCalls: out.smallLatencies.length,
    smallP50Ms: Math.round(percentile(out.smallLatencies, 50) * 10) / 10,
    smallP95Ms: Math.round(p95 * 10) / 10,
    smallErrors: out.smallErrors.length,
    targetP95Ms: TARGETS.p95Ms,
    met: out.smallErrors.length === 0 && p95 <= TARGETS.p95Ms,
  };
  log(
    `flood: ${report.floodCalls} flooding calls (${report.floodRefusedRequests} batches refused); small client ${report.smallCalls} calls, p50 ${report.smallP50Ms} ms, p95 ${report.smallP95Ms} ms (target ≤ ${TARGETS.p95Ms}), ${report.smallErrors} errors`,
  );
  return report;
}

export async function run(argv: string[]): Promise<void> {
  const seconds = Number(flag(argv, 'seconds') ?? 30);
  const clientCount = Number(flag(argv, 'clients') ?? 32);
  const soakSeconds = Number(flag(argv, 'soak-seconds') ?? process.env.SOAK_SECONDS ?? SOAK_DEFAULTS.seconds);
  const soakClients = Number(flag(argv, 'soak-clients') ?? SOAK_DEFAULTS.clients);
  const json = argv.includes('--json');
  const log = (s: string) => !json && console.log(s);
  if (!(seconds > 0 && seconds <= 600) || !(clientCount >= 1 && clientCount <= 256)) throw new Error('--seconds must be 1-600 and --clients 1-256');
  if (!(soakSeconds >= 0 && soakSeconds <= 24 * 3600) || !(soakClients >= 1 && soakClients <= 256))
    throw new Error('--soak-seconds must be 0-86400 and --soak-clients 1-256');

  const home = mkdtempSync(join(tmpdir(), 'sextant-bench-mcp-'));
  // A models folder outside the temp home, so the builtin vector cache is built once across runs.
  const modelsDir = process.env.SEXTANT_MODELS_DIR ?? join(tmpdir(), 'sextant-bench-models');
  const env = {
    ...process.env,
    SEXTANT_HOME: home,
    SEXTANT_CONFIG: join(home, 'none.yaml'),
    SEXTANT_EMBEDDINGS_PROVIDER: 'builtin',
    SEXTANT_MODELS_DIR: modelsDir,
  };
  const config = loadConfig({ env });
  const engine = await openEngine(config);
  const rss = peakRssSampler();
  try {
    log('indexing the demo (embedded PostgreSQL)…');
    const demo = await runDemo(engine, { dataDir: defaultDemoDataDir(home) });
    log(`  ${demo.index.chunks} chunks, ${demo.index.vectors} vectors`);

    const logger = createLogger({ level: 'warn' });
    const server = await startHttpServer({
      services: createServices(engine, logger),
      authenticator: createAuthenticator({ tokens: engine.tokens, oidc: null }),
      host: '127.0.0.1',
      port: 0,
      rateLimitPerMinute: 0,
      sessionTtlMs: 10 * 60_000,
    });
    try {
      log(`${clientCount} clients (in a worker thread) calling deep_search for ${seconds}s on ${server.url}…`);
      const eluBefore = performance.eventLoopUtilization();
      const load = await inWorker<LoadInput, LoadOutput>('./mcp-load.ts', { url: server.url, clients: clientCount, seconds, queries: QUERIES });
      // Main-thread (server) busy time per request: what one request costs the server, whatever else
      // competes for the CPU. Includes the clients' warm-up calls (a few dozen), so it slightly overstates.
      const elu = performance.eventLoopUtilization(eluBefore);
      const serverMsPerRequest = Math.round((elu.active / Math.max(1, load.latencies.length)) * 100) / 100;
      const { latencies, errors } = load;
      const elapsed = load.elapsedSeconds;
      const toolListChars = load.toolListChars;
      const toolListTokens = Math.ceil(toolListChars / 4);
      const report = {
        clients: clientCount,
        seconds: Math.round(elapsed * 10) / 10,
        requests: latencies.length,
        requestsPerSecond: Math.round((latencies.length / elapsed) * 10) / 10,
        p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
        p95Ms: Math.round(percentile(latencies, 95) * 10) / 10,
        p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
        maxMs: Math.round(Math.max(...latencies) * 10) / 10,
        serverBusyMsPerRequest: serverMsPerRequest,
        serverUtilization: Math.round(elu.utilization * 100) / 100,
        errors: errors.length,
        firstErrors: errors.slice(0, 3),
        toolListChars,
        toolListTokens,
        tools: load.tools,
        chunks: demo.index.chunks,
        peakRss: mb(rss.stop()),
        loadAverage: loadavg(),
        cpus: cpus().length,
        targets: TARGETS,
        met: errors.length === 0 && percentile(latencies, 95) <= TARGETS.p95Ms && toolListTokens <= TARGETS.toolListTokens,
      };
      log(`requests: ${report.requests} in ${report.seconds}s = ${report.requestsPerSecond}/s`);
      log(`latency: p50 ${report.p50Ms} ms, p95 ${report.p95Ms} ms (target ≤ ${TARGETS.p95Ms}), p99 ${report.p99Ms} ms, max ${report.maxMs} ms`);
      log(
        `server: ${report.serverBusyMsPerRequest} ms of event-loop time per request, ${Math.round(report.serverUtilization * 100)}% busy; load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')} on ${cpus().length} CPUs`,
      );
      log(`errors: ${report.errors}${report.firstErrors.length ? ` (${report.firstErrors.join(' | ')})` : ''}`);
      log(`tools/list: ${report.tools} tools, ${toolListChars} chars ≈ ${toolListTokens} tokens (target ≤ ${TARGETS.toolListTokens})`);
      log(`peak RSS ${report.peakRss}; targets ${report.met ? 'met' : 'NOT met'}`);
      let soak: SoakReport | null = null;
      if (soakSeconds > 0) {
        log(`keep-alive soak: ${soakClients} clients, one keep-alive socket and session each, calling deep_search for ${soakSeconds}s…`);
        soak = await runSoak({ ...SOAK_DEFAULTS, url: server.url, clients: soakClients, seconds: soakSeconds, queries: QUERIES, log });
        for (const line of describeSoak(soak)) log(line);
        if (!soak.met) process.exitCode = 1;
      }
      // Last: once a token exists the server asks every client for one.
      const flood = await floodPhase(engine, server.url, Math.min(seconds, 20), log);
      if (!flood.met) process.exitCode = 1;
      if (json) console.log(JSON.stringify({ ...report, flood, soak }, null, 2));
    } finally {
      await server.close();
    }
  } finally {
    await engine.close();
    rmSync(home, { recursive: true, force: true });
  }
}
