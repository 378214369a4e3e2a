/**
 * Small HTTP edges of issue 11 §8, over real sockets on loopback: a malformed %-escape in
 * `/mcp/{project}` was a 500 before auth with an empty log line (now 400, logged); `Host:
 * 127.999.999.999` passed the loopback check (now 403); a connection that never finishes its
 * headers was never closed (now closed after the headers timeout); invalid params (tools/call's
 * too) came back as -32603 with a raw zod dump (now -32602, one short line). A refusal's
 * JSON-RPC error keeps what failed (`message`) and what to do (`data.hint`) apart.
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallToolResultSchema, ListToolsResultSchema, McpError, ReadResourceResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { call, connectHttp, prepareCatalog, startInProcess, type Catalog, type InProcessServer } from './fixture.js';

let catalog: Catalog;
let server: InProcessServer;
const HEADERS_MS = 500;

function rawPost(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

beforeAll(async () => {
  catalog = await prepareCatalog();
  server = await startInProcess(catalog, { timeouts: { headersMs: HEADERS_MS, requestMs: 5_000 } });
}, 180_000);

afterAll(async () => {
  await server?.close();
  await catalog?.cleanup();
});

describe('HTTP edges', () => {
  it('a malformed %-escape in the project is a 400, and the log says why', async () => {
    const res = await rawPost('/mcp/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body).toContain('malformed %-escape');
    await new Promise((r) => setTimeout(r, 100));
    expect(readFileSync(server.logFile, 'utf8')).toMatch(/"status":400.*malformed %-escape/);
  });

  it("keeps a refusal's message and hint apart: error.message reads alone, error.data.hint says what to do", async () => {
    const unknown = await rawPost('/mcp', { 'Mcp-Session-Id': 'no-such-session' });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32001, message: 'session not found', data: { hint: 'start a new one with initialize' } },
      id: null,
    });
    const none = await rawPost('/mcp');
    expect(none.status).toBe(400);
    expect(JSON.parse(none.body).error).toEqual({ code: -32000, message: 'no valid Mcp-Session-Id header', data: { hint: 'send initialize first' } });
  });

  it('Host 127.999.999.999 is no loopback name: 403', async () => {
    const port = new URL(server.url).port;
    expect((await rawPost('/mcp', { Host: `127.999.999.999:${port}` })).status).toBe(403);
    expect((await rawPost('/mcp', { Host: `127.0.0.1:${port}` })).status).not.toBe(403);
  });

  it('closes a connection whose headers never finish', async () => {
    const port = Number(new URL(server.url).port);
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
      socket.on('data', () => undefined);
      socket.on('close', () => resolve(Date.now() - started));
      socket.on('error', reject);
      setTimeout(() => {
        socket.destroy();
        reject(new Error('still open after 10 s'));
      }, 10_000);
    });
    expect(closedAfter).toBeGreaterThanOrEqual(HEADERS_MS - 50);
  }, 15_000);

  it('invalid params are -32602 with one short line, not -32603 with a zod dump', async () => {
    const client = await connectHttp(server.url);
    try {
      const failures = await Promise.all([
        client.request({ method: 'resources/read', params: { uri: 5 } } as never, ReadResourceResultSchema).catch((e: unknown) => e),
        client.request({ method: 'tools/list', params: { cursor: { x: 1 } } } as never, ListToolsResultSchema).catch((e: unknown) => e),
        client.request({ method: 'tools/call', params: { name: 'deep_search', arguments: 'revenue' } } as never, CallToolResultSchema).catch((e: unknown) => e),
        client.request({ method: 'tools/call', params: { arguments: {} } } as never, CallToolResultSchema).catch((e: unknown) => e),
      ]);
      for (const err of failures) {
        expect(err).toBeInstanceOf(McpError);
        expect((err as McpError).code).toBe(-32602);
        expect((err as McpError).message).not.toContain('\n');
        expect((err as McpError).message.length).toBeLessThan(300);
      }
      expect((failures[0] as McpError).message).toContain('invalid params for resources/read: uri: ');
      expect((failures[2] as McpError).message).toContain('invalid params for tools/call: arguments: ');
      expect((failures[3] as McpError).message).toContain('invalid params for tools/call: name: ');
      // Arguments a tool's own schema refuses are a tool error the agent can correct (MCP 2025-11-25), naming the field.
      const badArgument = await call(client, 'deep_search', { query: 5 });
      expect(badArgument.isError).toBe(true);
      expect(badArgument.text).toMatch(/^error USAGE: invalid arguments for deep_search: query: /);
      // an argument the tool does not take is refused with the ones it does, not silently dropped
      const unknown = await call(client, 'deep_search', { query: 'revenue', limit: 3 });
      expect(unknown.isError).toBe(true);
      expect(unknown.text).toBe(
        "error USAGE: invalid arguments for deep_search: unknown argument 'limit' (it takes query, top_k, min_score, kinds, sources, fields_query, include_related, mode)",
      );
    } finally {
      await client.close();
    }
  });
});
