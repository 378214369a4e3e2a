/**
 * Clients of the keep-alive soak of `npm run bench -- mcp` (see mcp-soak.ts), run in a child
 * process so the parent's RSS is the server's alone. Each client is one MCP session on one
 * keep-alive socket (`http.Agent({ keepAlive: true, maxSockets: 1 })`), speaking plain JSON-RPC
 * over Streamable HTTP (JSON responses) and calling deep_search back to back until the deadline.
 */
import { Agent, request } from 'node:http';
import { percentile } from './measure.js';

export interface SoakClientsInput {
  url: string;
  clients: number;
  seconds: number;
  queries: string[];
}

export interface ClientShare {
  calls: number;
  p50Ms: number;
  p95Ms: number;
  errors: number;
  /** Requests sent on a socket an earlier request of this client opened. */
  reusedSockets: number;
}

export type SoakMessage =
  | { type: 'ready' }
  | { type: 'progress'; calls: number; errors: number }
  | { type: 'done'; shares: ClientShare[]; firstErrors: string[] }
  | { type: 'failed'; error: string };

const PROTOCOL_VERSION = '2025-06-18';

interface Answer {
  status: number;
  session: string | undefined;
  body: string;
}

class KeepAliveClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  private session: string | undefined;
  private nextId = 1;
  readonly latencies: number[] = [];
  errors = 0;
  reusedSockets = 0;

  constructor(private readonly url: URL) {}

  private send(method: 'POST' | 'DELETE', message?: object): Promise<Answer> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'Mcp-Protocol-Version': PROTOCOL_VERSION,
      ...(this.session ? { 'Mcp-Session-Id': this.session } : {}),
    };
    return new Promise((resolve, reject) => {
      const req = request(this.url, { method, agent: this.agent, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => (body += part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, session: res.headers['mcp-session-id'] as string | undefined, body }));
        res.on('error', reject);
      });
      req.on('error', reject);
      if (req.reusedSocket) this.reusedSockets++;
      req.end(message ? JSON.stringify(message) : undefined);
    });
  }

  async open(name: string): Promise<void> {
    const init = await this.send('POST', {
      jsonrpc: '2.0',
      id: this.nextId++,
      method: 'initialize',
      params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name, version: '1' } },
    });
    if (init.status !== 200 || !init.session) throw new Error(`initialize failed: ${init.status} ${init.body.slice(0, 200)}`);
    this.session = init.session;
    await this.send('POST', { jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** One deep_search; its latency is recorded, a failure returns its message. */
  async search(query: string): Promise<string | null> {
    const started = performance.now();
    try {
      const answer = await this.send('POST', {
        jsonrpc: '2.0',
        id: this.nextId++,
        method: 'tools/call',
        params: { name: 'deep_search', arguments: { query, top_k: 5 } },
      });
      const parsed = JSON.parse(answer.body) as { result?: { isError?: boolean }; error?: { message: string } };
      if (answer.status !== 200 || !parsed.result || parsed.result.isError) {
        this.errors++;
        return `${answer.status} ${answer.body.slice(0, 200)}`;
      }
      return null;
    } catch (err) {
      this.errors++;
      return (err as Error).message;
    } finally {
      this.latencies.push(performance.now() - started);
    }
  }

  async close(): Promise<void> {
    await this.send('DELETE').catch(() => undefined);
    this.agent.destroy();
  }

  share(): ClientShare {
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      calls: this.latencies.length,
      p50Ms: round(percentile(this.latencies, 50)),
      p95Ms: round(percentile(this.latencies, 95)),
      errors: this.errors,
      reusedSockets: this.reusedSockets,
    };
  }
}

const PROGRESS_EVERY_MS = 5_000;

async function main(input: SoakClientsInput, report: (m: SoakMessage) => void): Promise<void> {
  const url = new URL(input.url);
  const clients = Array.from({ length: input.clients }, () => new KeepAliveClient(url));
  await Promise.all(clients.map((c, i) => c.open(`soak-${i}`)));
  // one warm call each: the first calls of a session touch cold paths
  await Promise.all(clients.map((c, i) => c.search(input.queries[i % input.queries.length]!)));
  for (const c of clients) c.latencies.length = 0;
  report({ type: 'ready' });

  const firstErrors: string[] = [];
  const totals = () => ({ calls: clients.reduce((n, c) => n + c.latencies.length, 0), errors: clients.reduce((n, c) => n + c.errors, 0) });
  const progress = setInterval(() => report({ type: 'progress', ...totals() }), PROGRESS_EVERY_MS);
  const deadline = performance.now() + input.seconds * 1000;
  await Promise.all(
    clients.map(async (client, i) => {
      for (let n = i; performance.now() < deadline; n++) {
        const error = await client.search(input.queries[n % input.queries.length]!);
        if (error && firstErrors.length < 3) firstErrors.push(error);
      }
    }),
  );
  clearInterval(progress);
  await Promise.all(clients.map((c) => c.close()));
  report({ type: 'done', shares: clients.map((c) => c.share()), firstErrors });
}

if (process.send) {
  const report = (m: SoakMessage) => process.send!(m);
  process.once('message', (input: SoakClientsInput) => {
    main(input, report).then(
      () => process.disconnect(),
      (err: unknown) => {
        report({ type: 'failed', error: (err as Error).stack ?? String(err) });
        process.disconnect();
      },
    );
  });
}
