/**
 * JSON-RPC batches and the rate limit (issue 11 §4: one POST carrying 100 deep_search calls
 * counted as one request). Over real HTTP on loopback with 60 messages a minute (a burst of 6):
 * a batch is charged per message, so the request after a batch of 10 is refused with 429; a
 * batch over 20 messages is refused with 400 before any of it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareCatalog, startInProcess, type Catalog, type InProcessServer } from './fixture.js';

let catalog: Catalog;
let server: InProcessServer;

const HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const listTools = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });

function post(body: unknown, session?: string): Promise<Response> {
  return fetch(server.url, {
    method: 'POST',
    headers: { ...HEADERS, ...(session ? { 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': '2025-03-26' } : {}) },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  catalog = await prepareCatalog();
  server = await startInProcess(catalog, { rateLimitPerMinute: 60 });
}, 180_000);

afterAll(async () => {
  await server?.close();
  await catalog?.cleanup();
});

describe('JSON-RPC batches', () => {
  it('are capped at 20 messages and charged to the rate limit per message', async () => {
    const init = await post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'batcher', version: '1' } },
    });
    expect(init.status).toBe(200);
    const session = init.headers.get('mcp-session-id')!;
    await init.text();

    const tooBig = await post(
      Array.from({ length: 21 }, (_, i) => listTools(100 + i)),
      session,
    );
    expect(tooBig.status).toBe(400);
    expect(((await tooBig.json()) as { error: { message: string } }).error.message).toBe('a batch of 21 messages; send at most 20 in one request');

    const batch = await post(
      Array.from({ length: 10 }, (_, i) => listTools(i + 1)),
      session,
    );
    expect(batch.status).toBe(200);
    expect((await batch.json()) as unknown[]).toHaveLength(10);

    const next = await post(listTools(11), session);
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
