/**
 * `npm run bench -- mcp [--seconds 30] [--clients 32] [--json]`
 * Indexes the demo (embedded PGlite sample database, builtin embedder) into a temp home, starts
 * the MCP Streamable HTTP server in this process on 127.0.0.1, and has `--clients` SDK clients
 * (each its own MCP session) call deep_search back to back for `--seconds`. Reports requests/s,
 * p50/p95/p99 latency as the clients see it, and errors; and the size of the full tools/list
 * JSON in tokens (about four characters a token: no tokenizer is installed).
 * Targets: 0 errors, p95 ≤ 100 ms, tool list ≤ 3,000 tokens.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../src/app.js';
import { loadConfig } from '../src/config/load-config.js';
import { createAuthenticator } from '../src/core/auth/authenticate.js';
import { defaultDemoDataDir, runDemo } from '../src/demo/run-demo.js';
import { startHttpServer } from '../src/presentations/mcp/http.js';
import { createLogger } from '../src/presentations/mcp/logging.js';
import { createServices } from '../src/presentations/mcp/server.js';
import { flag, mb, peakRssSampler, percentile } from './measure.js';

const QUERIES = [
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

export async function run(argv: string[]): Promise<void> {
  const seconds = Number(flag(argv, 'seconds') ?? 30);
  const clientCount = Number(flag(argv, 'clients') ?? 32);
  const json = argv.includes('--json');
  const log = (s: string) => !json && console.log(s);
  if (!(seconds > 0 && seconds <= 600) || !(clientCount >= 1 && clientCount <= 256)) throw new Error('--seconds must be 1-600 and --clients 1-256');

  const home = mkdtempSync(join(tmpdir(), 'sextant-bench-mcp-'));
  // A models folder outside the temp home, so the builtin vector cache is built once across runs.
  const modelsDir = process.env.SEXTANT_MODELS_DIR ?? join(tmpdir(), 'sextant-bench-models');
  const env = { ...process.env, SEXTANT_HOME: home, SEXTANT_CONFIG: join(home, 'none.yaml'), SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: modelsDir };
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
      const clients: Client[] = [];
      for (let i = 0; i < clientCount; i++) {
        const client = new Client({ name: `bench-${i}`, version: '1' });
        await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
        clients.push(client);
      }
      const listed = await clients[0]!.listTools();
      const toolListChars = JSON.stringify(listed).length;
      const toolListTokens = Math.ceil(toolListChars / 4);
      // one warm call per client: first calls load the embedder and the vector matrix
      await Promise.all(clients.map((c, i) => c.callTool({ name: 'deep_search', arguments: { query: QUERIES[i % QUERIES.length]! } })));

      log(`${clientCount} clients calling deep_search for ${seconds}s on ${server.url}…`);
      const latencies: number[] = [];
      const errors: string[] = [];
      const deadline = performance.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(
        clients.map(async (client, i) => {
          let n = i;
          while (performance.now() < deadline) {
            const query = QUERIES[n++ % QUERIES.length]!;
            const t = performance.now();
            try {
              const result = (await client.callTool({ name: 'deep_search', arguments: { query, top_k: 5 } })) as CallToolResult;
              if (result.isError) errors.push(JSON.stringify(result.content).slice(0, 200));
            } catch (err) {
              errors.push((err as Error).message);
            }
            latencies.push(performance.now() - t);
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      for (const c of clients) await c.close();

      const report = {
        clients: clientCount,
        seconds: Math.round(elapsed * 10) / 10,
        requests: latencies.length,
        requestsPerSecond: Math.round((latencies.length / elapsed) * 10) / 10,
        p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
        p95Ms: Math.round(percentile(latencies, 95) * 10) / 10,
        p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
        maxMs: Math.round(Math.max(...latencies) * 10) / 10,
        errors: errors.length,
        firstErrors: errors.slice(0, 3),
        toolListChars,
        toolListTokens,
        tools: listed.tools.length,
        chunks: demo.index.chunks,
        peakRss: mb(rss.stop()),
        targets: TARGETS,
        met: errors.length === 0 && percentile(latencies, 95) <= TARGETS.p95Ms && toolListTokens <= TARGETS.toolListTokens,
      };
      if (json) {
        console.log(JSON.stringify(report, null, 2));
      } else {
        log(`requests: ${report.requests} in ${report.seconds}s = ${report.requestsPerSecond}/s`);
        log(`latency: p50 ${report.p50Ms} ms, p95 ${report.p95Ms} ms (target ≤ ${TARGETS.p95Ms}), p99 ${report.p99Ms} ms, max ${report.maxMs} ms`);
        log(`errors: ${report.errors}${report.firstErrors.length ? ` (${report.firstErrors.join(' | ')})` : ''}`);
        log(`tools/list: ${report.tools} tools, ${toolListChars} chars ≈ ${toolListTokens} tokens (target ≤ ${TARGETS.toolListTokens})`);
        log(`peak RSS ${report.peakRss}; targets ${report.met ? 'met' : 'NOT met'}`);
      }
    } finally {
      await server.close();
    }
  } finally {
    await engine.close();
    rmSync(home, { recursive: true, force: true });
  }
}
