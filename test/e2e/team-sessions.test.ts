/**
 * MCP sessions in a shared PostgreSQL store, through two real `sextant mcp --http` processes of
 * two homes (two machines) on one store: a session opened on server A is served by server B with
 * the same Mcp-Session-Id (no sticky routing), its documents found there; closing it on one
 * server ends it on the other; one server at a time sweeps expired sessions (the holder of the
 * store's advisory lock), and when that server dies the other takes over.
 *
 * (Beside test/e2e/team-store.test.ts rather than in it: that file's servers and updates are
 * another helper's area, and these servers run with a short idle time.)
 *
 * The official SDK client switches servers the way it reconnects: a Client whose
 * StreamableHTTPClientTransport is given the session id sends no `initialize` and puts the id in
 * the Mcp-Session-Id header of every request, as a client behind a load balancer does when its
 * next request lands on another server.
 */
import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, mcpUrlOf, startCli } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';
import { call, connectHttp } from '../mcp/fixture.js';

/** Idle seconds before a session expires; the servers sweep every TTL/2 (at least 1 s). */
const TTL_S = 8;

interface Server {
  name: string;
  child: ChildProcess;
  url: string;
  /** JSON log lines so far. */
  logs(): Array<Record<string, unknown>>;
}

async function startServer(name: string, env: NodeJS.ProcessEnv): Promise<Server> {
  const child = startCli(['mcp', '--http', '--port', '0'], env);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = await mcpUrlOf(child).catch((e: Error) => {
    throw new Error(`${name}: ${e.message}`);
  });
  const logs = () =>
    stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { name, child, url, logs };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The SDK client on `url`, continuing an existing session instead of initializing a new one. */
async function resume(url: string, sessionId: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url), { sessionId });
  const client = new Client({ name: 'sextant-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

const sweeperEvents = (s: Server) => s.logs().filter((l) => l.event === 'session_sweeper');

describe('MCP sessions in a shared PostgreSQL store, served by any server', () => {
  let storeDb: TempDatabase;
  const homes = [tempHome(), tempHome()];
  const servers: Server[] = [];

  beforeAll(async () => {
    storeDb = await createTempDatabase('team_sessions');
    const env = (i: number) => cliEnv(homes[i]!.dir, { SEXTANT_STORE_URL: storeDb.adminDsn, SEXTANT_MCP_SESSION_TTL_S: String(TTL_S) });
    // one after the other: the first creates the store's schema
    servers.push(await startServer('A', env(0)));
    servers.push(await startServer('B', env(1)));
  }, 200_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await storeDb?.drop();
    for (const home of homes) home.cleanup();
  });

  const sessionRows = async (id: string) =>
    (
      await storeDb.exec(
        `SELECT (SELECT count(*) FROM sextant.sessions WHERE id = '${id}')::int AS sessions,
                (SELECT count(*) FROM sextant.session_documents WHERE session = '${id}')::int AS documents,
                (SELECT count(*) FROM sextant.chunks WHERE session = '${id}')::int AS chunks`,
      )
    ).rows[0] as { sessions: number; documents: number; chunks: number };

  it('serves a session opened on server A from server B with the same Mcp-Session-Id, documents included', async () => {
    const [a, b] = servers as [Server, Server];
    const onA = await connectHttp(a.url);
    const sessionId = (onA.transport as StreamableHTTPClientTransport).sessionId!;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const added = await call(onA, 'add_document', { name: 'runbook.md', text: '# Airships\n\nThe zeppelin moors at hangar seven.' });
    expect(added.isError, added.text).toBe(false);
    expect(await sessionRows(sessionId)).toEqual({ sessions: 1, documents: 1, chunks: 1 });

    const { client: onB, transport } = await resume(b.url, sessionId);
    expect(transport.sessionId).toBe(sessionId);
    const found = await call(onB, 'deep_search', { query: 'zeppelin hangar', mode: 'lexical' });
    expect(found.isError, found.text).toBe(false);
    expect(JSON.stringify(found.data)).toContain('runbook.md');
    const doc = await call(onB, 'get', { object: '_session:document:runbook.md' });
    expect(doc.isError, doc.text).toBe(false);
    expect(doc.text).toContain('hangar seven');
    // a document added through B is seen through A
    expect((await call(onB, 'add_document', { name: 'notes.md', text: 'Refunds are approved by the billing desk.' })).isError).toBe(false);
    expect(JSON.stringify((await call(onA, 'deep_search', { query: 'refunds billing desk', mode: 'lexical' })).data)).toContain('notes.md');
    expect(b.logs().some((l) => l.event === 'session_adopted' && l.session === sessionId)).toBe(true);

    // another session's id is not this one: a fresh session on B does not see the documents
    const other = await connectHttp(b.url);
    expect(JSON.stringify((await call(other, 'deep_search', { query: 'zeppelin hangar', mode: 'lexical' })).data)).not.toContain('runbook.md');
    await other.close();

    // closed on B (HTTP DELETE), the session ends on A too, with its documents
    await transport.terminateSession();
    await onB.close();
    expect(await sessionRows(sessionId)).toEqual({ sessions: 0, documents: 0, chunks: 0 });
    const after = await call(onA, 'status').catch((err: unknown) => ({ isError: true, text: String(err), data: null }));
    expect(after.isError).toBe(true);
    expect(after.text).toMatch(/session/i);
    await onA.close().catch(() => undefined);
  }, 120_000);

  it('answers an unknown session id with 404 on every server', async () => {
    for (const s of servers) {
      const res = await fetch(s.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': '00000000-0000-4000-8000-000000000000',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(res.status).toBe(404);
    }
  });

  it('lets one server at a time sweep expired sessions; they disappear with their documents; a dead sweeper is replaced', async () => {
    const [a, b] = servers as [Server, Server];
    // each server has swept (or not) at least once
    await until('both servers to report their sweep role', () => (sweeperEvents(a).length && sweeperEvents(b).length ? true : undefined));
    const held = servers.filter((s) => sweeperEvents(s).at(-1)!.held === true);
    expect(held.map((s) => s.name)).toHaveLength(1);
    const holder = held[0]!;
    const other = holder === a ? b : a;
    expect(sweeperEvents(other).every((e) => e.held === false)).toBe(true);

    // a session opened on the server that does not sweep, then left idle, is removed by the sweeper
    const idle = await connectHttp(other.url);
    const idleId = (idle.transport as StreamableHTTPClientTransport).sessionId!;
    expect((await call(idle, 'add_document', { name: 'scratch.md', text: 'temporary notes about airships' })).isError).toBe(false);
    expect(await sessionRows(idleId)).toEqual({ sessions: 1, documents: 1, chunks: 1 });
    await until('the idle session to be swept', async () => ((await sessionRows(idleId)).sessions === 0 ? true : undefined), (TTL_S + 15) * 1000);
    expect(await sessionRows(idleId)).toEqual({ sessions: 0, documents: 0, chunks: 0 });
    // the server that held it closed its transport too
    await until('the idle session to close on its server', () =>
      other.logs().some((l) => l.event === 'session_closed' && l.session === idleId) ? true : undefined,
    );
    await idle.close().catch(() => undefined);
    expect(sweeperEvents(other).every((e) => e.held === false)).toBe(true);

    // the sweeper dies: its lock goes with its connection, and the other server starts sweeping
    holder.child.kill('SIGKILL');
    await until('the other server to take the sweep lock', () => (sweeperEvents(other).at(-1)?.held === true ? true : undefined), 30_000);
    const orphan = await connectHttp(other.url);
    const orphanId = (orphan.transport as StreamableHTTPClientTransport).sessionId!;
    await until('the survivor to sweep an idle session', async () => ((await sessionRows(orphanId)).sessions === 0 ? true : undefined), (TTL_S + 15) * 1000);
    await orphan.close().catch(() => undefined);
  }, 120_000);
});
