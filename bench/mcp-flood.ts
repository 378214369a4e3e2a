/**
 * The flood phase of `npm run bench -- mcp` (issue 11 §4): one credential posts JSON-RPC batches
 * of deep_search calls back to back (the batch cap's worth, several in flight) while a second
 * credential's small client calls deep_search one at a time. Both run in a worker thread, so
 * the server's event loop is its own; what counts is the small client's p95, which the
 * per-credential work limit must keep near its unloaded latency (target ≤ 100 ms).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parentPort, workerData } from 'node:worker_threads';

export interface FloodInput {
  url: string;
  flooderToken: string;
  smallToken: string;
  seconds: number;
  /** Batches the flooder keeps in flight. */
  inFlight: number;
  batchSize: number;
  queries: string[];
}

export interface FloodOutput {
  smallLatencies: number[];
  smallErrors: string[];
  floodCalls: number;
  floodRefused: number;
  elapsedSeconds: number;
}

const HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

async function openRawSession(url: string, token: string): Promise<Record<string, string>> {
  const auth = { Authorization: `Bearer ${token}` };
  const init = await fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, ...auth },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'flooder', version: '1' } },
    }),
  });
  await init.text();
  const session = init.headers.get('mcp-session-id');
  if (!init.ok || !session) throw new Error(`flooder could not open a session: HTTP ${init.status}`);
  return { ...HEADERS, ...auth, 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': '2025-03-26' };
}

async function main(input: FloodInput): Promise<FloodOutput> {
  const small = new Client({ name: 'small', version: '1' });
  await small.connect(new StreamableHTTPClientTransport(new URL(input.url), { requestInit: { headers: { Authorization: `Bearer ${input.smallToken}` } } }));
  await small.callTool({ name: 'deep_search', arguments: { query: input.queries[0]! } });
  const headers = await openRawSession(input.url, input.flooderToken);

  const started = performance.now();
  const deadline = started + input.seconds * 1000;
  let floodCalls = 0;
  let floodRefused = 0;
  let id = 1;
  const flood = async (lane: number) => {
    let n = lane;
    while (performance.now() < deadline) {
      const batch = Array.from({ length: input.batchSize }, () => ({
        jsonrpc: '2.0',
        id: id++,
        method: 'tools/call',
        params: { name: 'deep_search', arguments: { query: input.queries[n++ % input.queries.length]!, top_k: 10 } },
      }));
      const res = await fetch(input.url, { method: 'POST', headers, body: JSON.stringify(batch) });
      await res.text();
      if (res.ok) floodCalls += input.batchSize;
      else floodRefused++;
    }
  };
  const smallLatencies: number[] = [];
  const smallErrors: string[] = [];
  const measureSmall = async () => {
    // let the flood build up first
    await new Promise((r) => setTimeout(r, 500));
    let n = 0;
    while (performance.now() < deadline) {
      const t = performance.now();
      try {
        const result = await small.callTool({ name: 'deep_search', arguments: { query: input.queries[n++ % input.queries.length]!, top_k: 5 } });
        if (result.isError) smallErrors.push(JSON.stringify(result.content).slice(0, 200));
      } catch (err) {
        smallErrors.push((err as Error).message);
      }
      smallLatencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await Promise.all([...Array.from({ length: input.inFlight }, (_, lane) => flood(lane)), measureSmall()]);
  const elapsedSeconds = (performance.now() - started) / 1000;
  await small.close();
  return { smallLatencies, smallErrors, floodCalls, floodRefused, elapsedSeconds };
}

if (parentPort) {
  main(workerData as FloodInput).then(
    (out) => parentPort!.postMessage({ ok: true, out }),
    (err: unknown) => parentPort!.postMessage({ ok: false, error: (err as Error).stack ?? String(err) }),
  );
}
