/**
 * Session caps (issue 11 §7: one token opened 1,000 sessions, each kept 30 min). Over the SDK
 * Client on loopback HTTP, with 2 sessions per credential and 3 in all: the session idle longest
 * is closed to make room (its next call fails), of the same credential first; when every
 * session that would have to go is busy, initialize is refused with 429 and a clear message.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectHttp, prepareCatalog, startInProcess, type Catalog, type InProcessServer } from './fixture.js';
import { createHoldTool } from './hold-tool.js';

const hold = createHoldTool();

let catalog: Catalog;
let server: InProcessServer;
const tokens: Record<string, string> = {};
const clients: Client[] = [];

async function open(who: 'a' | 'b'): Promise<Client> {
  const client = await connectHttp(server.url, { Authorization: `Bearer ${tokens[who]}` });
  clients.push(client);
  expect((await call(client, 'list_sources')).isError).toBe(false);
  return client;
}

/** An initialize POST without a client, to read the status and body of a refusal. */
const initializeRaw = (url: string, token: string) =>
  fetch(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    }),
  });

const alive = async (client: Client) =>
  client.callTool({ name: 'status', arguments: {} }).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  catalog = await prepareCatalog();
  server = await startInProcess(catalog, { sessionCaps: { perCredential: 2, total: 3 }, extraTools: [hold.tool] });
  for (const who of ['a', 'b', 'c']) tokens[who] = (await server.engine.tokens.create({ name: `cap-${who}` })).token;
}, 180_000);

afterAll(async () => {
  hold.release();
  for (const c of clients) await c.close().catch(() => undefined);
  await server?.close();
  await catalog?.cleanup();
});

describe('session caps', () => {
  it("closes the credential's session idle longest at its cap, then the one idle longest of all at the total cap", async () => {
    const a1 = await open('a');
    const a2 = await open('a');
    const a3 = await open('a');
    expect(await alive(a1)).toBe(false);
    expect(await alive(a2)).toBe(true);
    expect(await alive(a3)).toBe(true);
    expect(server.sessionCount()).toBe(2);

    const b1 = await open('b');
    expect(server.sessionCount()).toBe(3);
    const b2 = await open('b');
    expect(server.sessionCount()).toBe(3);
    expect(await alive(a2)).toBe(false);
    for (const client of [a3, b1, b2]) expect(await alive(client)).toBe(true);
  });

  it('refuses initialize with 429 and a clear message when every session that would have to go is busy', async () => {
    const busy = await Promise.all([open('b'), open('b')]);
    const pending = busy.map((client) => call(client, 'hold'));
    await new Promise((r) => setTimeout(r, 200));
    const refused = await initializeRaw(server.url, tokens.b!);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: number; message: string; data?: { hint?: string } } };
    // message and hint apart: the message reads on its own, the hint is the error's data
    expect(body.error).toEqual({
      code: -32000,
      message: 'this credential already has 2 sessions open, all busy (limit 2)',
      data: { hint: 'reuse an open session, or close one (HTTP DELETE with its Mcp-Session-Id) before opening another' },
    });
    hold.release();
    for (const result of await Promise.all(pending)) expect(result.data.held).toBe(true);
  });

  it('ends within the cap when initializes arrive at once (sessions opened meanwhile are evicted in turn)', async () => {
    const wide = await startInProcess(catalog, { sessionCaps: { perCredential: 2, total: 100 } });
    try {
      const initialize = () => initializeRaw(wide.url, tokens.c!).then(async (res) => (await res.text(), res.status));
      const statuses = await Promise.all(Array.from({ length: 6 }, initialize));
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
      expect(wide.sessionCount()).toBe(2);
    } finally {
      await wide.close();
    }
  });
});
