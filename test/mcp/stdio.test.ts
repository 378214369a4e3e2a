/**
 * MCP over stdio, through the built CLI as a desktop client runs it (`sextant mcp`): the tool
 * contract, and the stdio rules: stdout carries only the protocol (the SDK client would fail on
 * anything else) and structured logs land on stderr, one line per tool call.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectStdio, prepareCatalog, type Catalog } from './fixture.js';
import { describeToolContract } from './tools.case.js';

let catalog: Catalog;
let client: Client;
let stderr: () => string;

beforeAll(async () => {
  catalog = await prepareCatalog();
  ({ client, stderr } = await connectStdio(catalog.env));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await catalog?.cleanup();
});

describeToolContract('stdio', () => client);

describe('stdio transport', () => {
  it('logs every tool call as a JSON line on stderr: tool, session, user, duration, outcome', async () => {
    await call(client, 'list_sources');
    await call(client, 'get', { object: 'nope:table:x.y' });
    const lines = stderr()
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const calls = lines.filter((l) => l.event === 'tool_call');
    expect(calls.length).toBeGreaterThanOrEqual(2);
    const ok = calls.find((l) => l.tool === 'list_sources')!;
    expect(ok).toMatchObject({ outcome: 'ok', project: 'default', session: expect.any(String), user: expect.any(String), durationMs: expect.any(Number) });
    expect(calls.some((l) => l.tool === 'get' && l.outcome === 'error' && l.code === 'OBJECT_NOT_FOUND')).toBe(true);
  });

  it('says nothing of a fault when a client leaves before the search has warmed up', async () => {
    const quick = await connectStdio(catalog.env);
    await quick.client.close();
    // the process logs its last lines while it closes: wait until the session-closed line is there
    await expect.poll(() => quick.stderr(), { timeout: 10_000 }).toMatch(/stdio session closed/);
    await new Promise((r) => setTimeout(r, 500));
    expect(quick.stderr()).not.toMatch(/warm-up query failed/);
    expect(quick.stderr()).not.toMatch(/"level":(40|50)/);
  });

  it('deep_search searches a misspelt query respelt and says so, or as typed in double quotes', async () => {
    const respelt = await call(client, 'deep_search', { query: 'custmers' });
    expect(respelt.isError).toBe(false);
    expect(respelt.data).toMatchObject({ query: 'customers', corrected_from: 'custmers' });
    expect(respelt.data.hits[0].id).toBe('shopdb:table:shop.customers');
    expect(respelt.text.split('\n')[0]).toBe(
      'showing results for "customers": nothing matched "custmers" well (the query in double quotes searches it as typed)',
    );
    const typed = await call(client, 'deep_search', { query: '"custmers"' });
    expect(typed.data.query).toBe('"custmers"');
    expect(typed.data.corrected_from).toBeUndefined();
    expect(typed.data.suggestion).toBeUndefined();
  });

  it('keeps documents of one stdio process away from another', async () => {
    const other = await connectStdio(catalog.env);
    try {
      await call(client, 'add_document', { name: 'mine.txt', text: 'quokka husbandry notes' });
      expect((await call(client, 'search', { query: 'quokka' })).data.count).toBe(1);
      expect((await call(other.client, 'search', { query: 'quokka' })).data.count).toBe(0);
    } finally {
      await other.client.close();
      await call(client, 'remove_document', { name: 'mine.txt' });
    }
  });

  it("lists its session with the client's name and version once the client has initialized", async () => {
    // the session is opened before initialize; the name is recorded when the client's initialized notification arrives
    await call(client, 'list_sources');
    const engine = await catalog.engine();
    try {
      const clients = (await engine.sessions.list()).map((s) => s.client);
      expect(clients).toContain('sextant-test/1.0.0');
    } finally {
      await engine.close();
    }
  });

  it('removes its session and documents when stopped with SIGTERM', async () => {
    const other = await connectStdio(catalog.env);
    await call(other.client, 'add_document', { name: 'bye.txt', text: 'dugong' });
    const engine = await catalog.engine();
    try {
      const before = (await engine.sessions.list()).length;
      const chunks = (await engine.status()).index.chunks;
      const pid = (other.client.transport as unknown as { pid: number | null }).pid!;
      process.kill(pid, 'SIGTERM');
      for (let i = 0; i < 50 && (await engine.sessions.list()).length >= before; i++) await new Promise((r) => setTimeout(r, 100));
      expect((await engine.sessions.list()).length).toBe(before - 1);
      expect((await engine.status()).index.chunks).toBe(chunks - 1);
    } finally {
      await engine.close();
      await other.client.close().catch(() => undefined);
    }
  });

  it('serves another project with --project and refuses an unknown one at start', async () => {
    const engine = await catalog.engine();
    await engine.projects.create('ledger-only', { sources: ['ledger'] });
    await engine.close();
    const scoped = await connectStdio(catalog.env, ['--project', 'ledger-only']);
    try {
      const sources = await call(scoped.client, 'list_sources');
      expect(sources.data.sources.map((s: { name: string }) => s.name)).toEqual(['ledger']);
      const denied = await call(scoped.client, 'search', { query: 'orders', sources: ['shopdb'] });
      expect(denied.isError).toBe(true);
      expect(denied.data.error.code).toBe('FORBIDDEN');
    } finally {
      await scoped.client.close();
    }
    await expect(connectStdio(catalog.env, ['--project', 'nope'])).rejects.toThrow();
  });
});
