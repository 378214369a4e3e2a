/**
 * Sessions in a shared PostgreSQL store, with two HTTP servers in this process, each over its own
 * engine and store connection (as two machines): a session another server opened is served only
 * to the credential and project that opened it; a server that stops, or sheds a session to stay
 * under its cap, leaves the session to the other servers instead of deleting it; an expired
 * session is not revived by another server. (The same through two real processes, with the
 * sweep: test/e2e/team-sessions.test.ts.)
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import { cliEnv } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';
import { defineTool } from '../../src/presentations/mcp/tool-registry.js';
import { call, connectHttp, startInProcess, type Catalog, type InProcessServer } from './fixture.js';

/** Test only: the client name a tool call is told (glossary edits record it as their client). */
const clientNameTool = defineTool({
  name: 'client_name',
  title: 'Client name',
  description: 'Test only: the MCP client this session serves, as tools see it.',
  access: 'read',
  input: {},
  run: async (_args, ctx) => {
    const client = ctx.clientInfo?.() ?? null;
    return { structured: { client }, text: String(client) };
  },
});

/** The MCP session id of a connected client. */
const sessionOf = (client: Client) => (client.transport as StreamableHTTPClientTransport).sessionId!;

/** A client continuing session `sessionId` on `url` (no initialize), with a bearer token. */
async function resume(url: string, sessionId: string, token: string): Promise<Client> {
  const client = new Client({ name: 'sextant-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { sessionId, requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

/** A raw tools/list with a session id: the HTTP status tells whether the server serves that session to this credential. */
async function statusWith(url: string, sessionId: string, token: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': sessionId,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  await res.body?.cancel();
  return res.status;
}

describe('MCP sessions in a shared store, between servers', () => {
  let storeDb: TempDatabase;
  const home = tempHome();
  let catalog: Catalog;
  let a: InProcessServer;
  let b: InProcessServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    storeDb = await createTempDatabase('shared_sessions');
    const env = cliEnv(home.dir, { SEXTANT_STORE_URL: storeDb.adminDsn });
    catalog = { home: home.dir, env, engine: () => openEngine(loadConfig({ env })), cleanup: async () => undefined };
    const setup = await catalog.engine();
    try {
      await setup.projects.create('other');
      for (const name of ['alice', 'bob', 'carol']) tokens[name] = (await setup.tokens.create({ name })).token;
    } finally {
      await setup.close();
    }
    a = await startInProcess(catalog, { extraTools: [clientNameTool] });
    b = await startInProcess(catalog, { sessionCaps: { perCredential: 1, total: 10 }, extraTools: [clientNameTool] });
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await storeDb?.drop();
    home.cleanup();
  });

  it('serves a session to the credential and project that opened it, on any server, and to no one else', async () => {
    const onA = await connectHttp(a.url, { authorization: `Bearer ${tokens.alice}` });
    const id = sessionOf(onA);
    expect((await call(onA, 'add_document', { name: 'plan.md', text: 'The zeppelin leaves from hangar nine.' })).isError).toBe(false);
    expect(await statusWith(b.url, id, tokens.bob!)).toBe(404);
    expect(await statusWith(`${b.url}/other`, id, tokens.alice!)).toBe(404);
    expect(b.sessionCount()).toBe(0);
    const onB = await resume(b.url, id, tokens.alice!);
    const hits = await call(onB, 'deep_search', { query: 'zeppelin hangar', mode: 'lexical' });
    expect(JSON.stringify(hits.data)).toContain('plan.md');
    expect(b.sessionCount()).toBe(1);
    // once adopted by alice, bob still cannot use it there
    expect(await statusWith(b.url, id, tokens.bob!)).toBe(404);
    await onB.close();
    await onA.close();
  });

  it("knows the client's name and version on a server that takes the session over, which never sees its initialize", async () => {
    const agent = new Client({ name: 'zeppelin-agent', version: '4.2.0' });
    await agent.connect(new StreamableHTTPClientTransport(new URL(a.url), { requestInit: { headers: { authorization: `Bearer ${tokens.carol}` } } }));
    const id = sessionOf(agent);
    expect((await call(agent, 'client_name')).data).toEqual({ client: 'zeppelin-agent/4.2.0' });
    // the resuming client is named otherwise, but sends no initialize: B learns the name from the store
    const onB = await resume(b.url, id, tokens.carol!);
    try {
      expect((await call(onB, 'client_name')).data).toEqual({ client: 'zeppelin-agent/4.2.0' });
      expect((await b.engine.sessions.get(id)).client).toBe('zeppelin-agent/4.2.0');
    } finally {
      await onB.close();
      await agent.close();
    }
  });

  it('leaves a session it sheds to stay under its cap to the other servers, documents and all', async () => {
    const first = await connectHttp(b.url, { authorization: `Bearer ${tokens.alice}` });
    const id = sessionOf(first);
    expect((await call(first, 'add_document', { name: 'keep.md', text: 'Refunds go through the billing desk.' })).isError).toBe(false);
    // alice's second session on B (cap: one per credential) sheds the first from B's memory only
    const second = await connectHttp(b.url, { authorization: `Bearer ${tokens.alice}` });
    expect(sessionOf(second)).not.toBe(id);
    expect(await b.engine.sessions.get(id)).toMatchObject({ id });
    const onA = await resume(a.url, id, tokens.alice!);
    expect(JSON.stringify((await call(onA, 'deep_search', { query: 'refunds billing desk', mode: 'lexical' })).data)).toContain('keep.md');
    await onA.close();
    await second.close();
    await first.close().catch(() => undefined);
  });

  it('leaves its sessions to the other servers when it stops, and does not revive an expired one', async () => {
    const c = await startInProcess(catalog);
    const onC = await connectHttp(c.url, { authorization: `Bearer ${tokens.bob}` });
    const id = sessionOf(onC);
    expect((await call(onC, 'add_document', { name: 'notes.md', text: 'Airship maintenance every Tuesday.' })).isError).toBe(false);
    await c.close();
    const onA = await resume(a.url, id, tokens.bob!);
    expect(JSON.stringify((await call(onA, 'get', { object: '_session:document:notes.md' })).text)).toContain('Tuesday');
    await onA.close();

    // a session past its deadline (not swept yet) is unknown to a server that does not hold it
    const stale = await connectHttp(a.url, { authorization: `Bearer ${tokens.bob}` });
    const staleId = sessionOf(stale);
    await storeDb.exec(`UPDATE sextant.sessions SET expires_at = '${new Date(Date.now() - 1000).toISOString()}' WHERE id = '${staleId}'`);
    expect(await statusWith(b.url, staleId, tokens.bob!)).toBe(404);
    await stale.close().catch(() => undefined);
  });
});
