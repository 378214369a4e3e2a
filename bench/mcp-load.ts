/**
 * Load generator of `npm run bench -- mcp`, run in a worker thread so the clients' own work
 * (HTTP, JSON, the SDK client) does not share the server's event loop: `clients` SDK clients,
 * one MCP session each, call deep_search back to back for `seconds`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadInput {
  url: string;
  clients: number;
  seconds: number;
  queries: string[];
}

export interface LoadOutput {
  latencies: number[];
  errors: string[];
  elapsedSeconds: number;
  toolListChars: number;
  tools: number;
}

async function main(input: LoadInput): Promise<LoadOutput> {
  const clients: Client[] = [];
  for (let i = 0; i < input.clients; i++) {
    const client = new Client({ name: `bench-${i}`, version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(input.url)));
    clients.push(client);
  }
  const listed = await clients[0]!.listTools();
  // one warm call per client: the first calls of a session touch cold paths
  await Promise.all(clients.map((c, i) => c.callTool({ name: 'deep_search', arguments: { query: input.queries[i % input.queries.length]! } })));
  const latencies: number[] = [];
  const errors: string[] = [];
  const started = performance.now();
  const deadline = started + input.seconds * 1000;
  await Promise.all(
    clients.map(async (client, i) => {
      let n = i;
      while (performance.now() < deadline) {
        const query = input.queries[n++ % input.queries.length]!;
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
  const elapsedSeconds = (performance.now() - started) / 1000;
  for (const c of clients) await c.close();
  return { latencies, errors, elapsedSeconds, toolListChars: JSON.stringify(listed).length, tools: listed.tools.length };
}

if (parentPort) {
  main(workerData as LoadInput).then(
    (out) => parentPort!.postMessage({ ok: true, out }),
    (err: unknown) => parentPort!.postMessage({ ok: false, error: (err as Error).stack ?? String(err) }),
  );
}
