/**
 * MCP over Streamable HTTP with the SDK client against the server in this process: the tool
 * contract, session isolation, projects (URL, sources, developer tools and the write-tool
 * gate), session close and idle expiry.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../src/presentations/mcp/tool-registry.js';
import { call, connectHttp, OTHER_SOURCE, prepareCatalog, SOURCE, startInProcess, type Catalog, type InProcessServer } from './fixture.js';
import { describeToolContract, READ_AND_SESSION_TOOLS } from './tools.case.js';

/** A write tool for tests only: it records what it was asked to write. */
const written: string[] = [];
const testWriteTool = defineTool({
  name: 'test_write',
  title: 'Test write',
  description: 'Writes a note to shared state (test only)',
  access: 'write',
  input: { note: z.string() },
  async run(args) {
    written.push(args.note);
    return { structured: { written: args.note }, text: `wrote ${args.note}` };
  },
});

function transportOf(c: Client): StreamableHTTPClientTransport {
  return c.transport as StreamableHTTPClientTransport;
}

let catalog: Catalog;
let server: InProcessServer;
let client: Client;

beforeAll(async () => {
  catalog = await prepareCatalog();
  server = await startInProcess(catalog, { extraTools: [testWriteTool] });
  await server.engine.projects.create('ledger-only', { sources: [OTHER_SOURCE] });
  await server.engine.projects.create('dev', { developerTools: true });
  client = await connectHttp(server.url);
}, 120_000);

afterAll(async () => {
  await client?.close();
  await server?.close();
  await catalog?.cleanup();
});

describeToolContract('streamable http', () => client);

describe('http sessions', () => {
  it('keeps a document added in session A out of session B', async () => {
    const b = await connectHttp(server.url);
    try {
      await call(client, 'add_document', { name: 'notes.md', text: 'The wombat ledger closes every Friday.' });
      const inA = await call(client, 'deep_search', { query: 'wombat ledger friday' });
      expect(inA.data.hits[0].id).toBe('_session:document:notes.md');
      const inB = await call(b, 'deep_search', { query: 'wombat ledger friday' });
      expect(inB.data.hits.map((h: { id: string }) => h.id)).not.toContain('_session:document:notes.md');
      expect((await call(b, 'search', { query: 'wombat' })).data.count).toBe(0);
      const readInB = await call(b, 'get', { object: '_session:document:notes.md' });
      expect(readInB.isError).toBe(true);
      expect(readInB.data.error.code).toBe('DOCUMENT_NOT_FOUND');
    } finally {
      await b.close();
      await call(client, 'remove_document', { name: 'notes.md' });
    }
  });

  it('removes a session and its documents when the client ends it', async () => {
    const c = await connectHttp(server.url);
    await call(c, 'add_document', { name: 'temp.md', text: 'platypus' });
    const transport = transportOf(c);
    const id = transport.sessionId!;
    const chunks = (await server.engine.status()).index.chunks;
    expect((await server.engine.search('platypus', { session: id })).hits).toHaveLength(1);
    await transport.terminateSession();
    await c.close();
    expect((await server.engine.sessions.list()).map((s) => s.id)).not.toContain(id);
    expect((await server.engine.status()).index.chunks).toBe(chunks - 1);
    expect((await server.engine.search('platypus', { session: id })).hits).toEqual([]);
  });

  it('expires idle sessions, removing their data; the client then gets session-not-found', async () => {
    const quick = await startInProcess(catalog, { sessionTtlMs: 600 });
    try {
      const c = await connectHttp(quick.url);
      await call(c, 'add_document', { name: 'idle.md', text: 'echidna' });
      const id = transportOf(c).sessionId!;
      expect((await quick.engine.sessions.list()).map((s) => s.id)).toContain(id);
      await new Promise((r) => setTimeout(r, 2600));
      expect((await quick.engine.sessions.list()).map((s) => s.id)).not.toContain(id);
      expect((await quick.engine.search('echidna', { session: id })).hits).toEqual([]);
      await expect(c.callTool({ name: 'status', arguments: {} })).rejects.toThrow(/404|session not found/i);
      const log = readFileSync(quick.logFile, 'utf8');
      expect(log).toContain('"reason":"idle"');
      await c.close().catch(() => undefined);
    } finally {
      await quick.close();
    }
  });
});

describe('http sessions removed elsewhere, and ports in use', () => {
  it('closes the transport of a session another process removed', async () => {
    const quick = await startInProcess(catalog, { sessionTtlMs: 60_000 });
    const sweeping = await startInProcess(catalog, { sessionTtlMs: 1000, port: 0 });
    try {
      const c = await connectHttp(sweeping.url);
      await call(c, 'status');
      const id = transportOf(c).sessionId!;
      await quick.engine.sessions.close(id); // as `sextant cleanup` in another process would
      await new Promise((r) => setTimeout(r, 1300));
      expect(readFileSync(sweeping.logFile, 'utf8')).toContain('"reason":"removed"');
      await expect(c.callTool({ name: 'status', arguments: {} })).rejects.toThrow(/404|session not found/i);
      await c.close().catch(() => undefined);
    } finally {
      await sweeping.close();
      await quick.close();
    }
  });

  it('says the port is in use instead of crashing', async () => {
    const port = Number(new URL(server.url).port);
    await expect(startInProcess(catalog, { port })).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringContaining('in use') });
  });
});

describe('projects over http', () => {
  it('serves /mcp/{project} with its sources only; unknown projects are 404', async () => {
    const scoped = await connectHttp(`${server.url}/ledger-only`);
    try {
      const status = await call(scoped, 'status');
      expect(status.data.session.project).toBe('ledger-only');
      expect((await call(scoped, 'list_sources')).data.sources.map((s: { name: string }) => s.name)).toEqual([OTHER_SOURCE]);
      const hits = await call(scoped, 'search', { query: 'orders customers invoices', top_k: 20 });
      expect(hits.data.hits.every((h: { source: string }) => h.source === OTHER_SOURCE)).toBe(true);
      const denied = await call(scoped, 'describe', { object: `${SOURCE}:table:shop.orders` });
      expect(denied.isError).toBe(true);
      expect(denied.data.error.code).toBe('FORBIDDEN');
      const widened = await call(scoped, 'set_active_projects', { projects: ['default'] });
      expect(widened.data.sources).toBe('all');
      expect((await call(scoped, 'describe', { object: `${SOURCE}:table:shop.orders` })).isError).toBe(false);
    } finally {
      await scoped.close();
    }
    await expect(connectHttp(`${server.url}/nope`)).rejects.toThrow(/404|no project/);
  });

  it('lists and runs write tools only where developer tools are on, and follows the toggle', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(READ_AND_SESSION_TOOLS);
    const refused = await call(client, 'test_write', { note: 'no' });
    expect(refused.isError).toBe(true);

    const dev = await connectHttp(`${server.url}/dev`);
    try {
      const devTools = (await dev.listTools()).tools;
      expect(devTools.map((t) => t.name)).toContain('test_write');
      expect(devTools.find((t) => t.name === 'test_write')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect((await call(dev, 'test_write', { note: 'yes' })).text).toBe('wrote yes');
      expect(written).toEqual(['yes']);
    } finally {
      await dev.close();
    }

    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    await server.engine.projects.set('default', 'developer-tools', 'on');
    try {
      await call(client, 'status');
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('test_write');
      expect((await call(client, 'test_write', { note: 'toggled' })).isError).toBe(false);
      expect(written).toEqual(['yes', 'toggled']);
    } finally {
      await server.engine.projects.set('default', 'developer-tools', 'off');
    }
    await call(client, 'status');
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('test_write');
    expect((await call(client, 'test_write', { note: 'off again' })).isError).toBe(true);
    expect(written).toEqual(['yes', 'toggled']);
    // the toggle on and the toggle off each announced a new tool list (on the client's GET stream)
    await new Promise((r) => setTimeout(r, 100));
    expect(changed).toBeGreaterThanOrEqual(2);
  });
});

describe('health', () => {
  it('answers GET /health without auth', async () => {
    const res = await fetch(`${server.base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, name: 'sextant' });
  });
});
