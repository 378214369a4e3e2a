/**
 * The web UI's glossary keeps a refusal's hint apart from what failed, on the real PostgreSQL:
 * SQL a source's role may not run (more than read privileges, not accepted for the source) shows
 * the refusal in the live SQL check and on a form that was not saved, with the hint in the error
 * line's muted span, not joined into the message; so does a term the re-check after an update
 * found stale for that reason, on its page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresConnector } from '../../src/adapters/connector/postgres/index.js';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import { cliActor } from '../../src/core/glossary/index.js';
import { lexicalField } from '../../src/core/search/lexical-text.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { startUiHost, type UiHost } from '../helpers/ui-host.js';

let dir: string;
let db: TempDatabase;
let engine: Engine;
let served: UiHost;
const ana = cliActor('ana');

/** A browser's visit: the session cookie and the CSRF token the page carries. */
async function visit(path: string): Promise<{ cookie: string; csrf: string; text: string }> {
  const res = await fetch(served.base + path, { redirect: 'manual' });
  const text = await res.text();
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const csrf = /name="_csrf" value="([^"]+)"/.exec(text)?.[1] ?? '';
  return { cookie, csrf, text };
}

async function post(path: string, form: Record<string, string>): Promise<{ status: number; text: string }> {
  const session = await visit('/ui/glossary/new');
  const res = await fetch(served.base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
    body: new URLSearchParams({ ...form, _csrf: session.csrf }).toString(),
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text() };
}

/** The text of each `<p class="error">` line: its message, and its muted hint. */
function errorLines(page: string): Array<{ message: string; hint: string | null }> {
  return [...page.matchAll(/<p class="error" role="alert"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => {
    const body = m[1]!;
    const hint = /<span class="muted">([\s\S]*?)<\/span>/.exec(body)?.[1] ?? null;
    return { message: body.replace(/<span class="muted">[\s\S]*?<\/span>/, '').trim(), hint: hint?.trim() ?? null };
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sextant-ui-glossary-'));
  db = await createTempDatabase('sxt_uigl');
  await db.exec('CREATE TABLE orders (id bigint PRIMARY KEY, total numeric(12,2))');
  engine = createEngine({
    store: await openSqliteStore(join(dir, 'index.sqlite')),
    connectors: new Map([['postgres', createPostgresConnector({ statementTimeoutMs: 3000 })]]),
    embedder: async () => null,
    lexical: lexicalField,
  });
  // a superuser the source did not accept: indexed for this run only, its SQL is never run
  await engine.addSource({ name: 'shop', url: db.adminDsn });
  expect((await engine.update({ allowExtraPrivileges: true })).ok).toBe(true);
  served = await startUiHost(engine);
});

afterAll(async () => {
  await served?.ui.close();
  await served?.host.close();
  await engine?.close();
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('glossary refusals in the web UI', () => {
  it('shows the live SQL check refusal with its hint apart', async () => {
    const checked = await post('/ui/glossary/check-sql', { sql: 'SELECT count(*) AS n FROM orders' });
    expect(checked.status).toBe(200);
    const [line, ...more] = errorLines(checked.text);
    expect(more).toEqual([]);
    expect(line!.message).toMatch(/^role &#39;postgres&#39; of source &#39;shop&#39; has more than read privileges .*the SQL was not run$/);
    expect(line!.message).not.toMatch(/read-only role/);
    expect(line!.hint).toMatch(/^connect as a read-only role .*--allow-extra-privileges$/);
  });

  it('shows a form not saved for that reason with the hint apart', async () => {
    const created = await post('/ui/glossary/create', { term: 'Orders', definition: 'All orders', sql: 'SELECT count(*) AS n FROM orders' });
    expect(created.status).toBe(422);
    const sqlLine = errorLines(created.text).find((l) => l.message.startsWith('SQL validation failed'));
    expect(sqlLine?.message).toMatch(/the SQL was not run$/);
    expect(sqlLine?.hint).toMatch(/^connect as a read-only role /);
    expect(await engine.glossary.list('default')).toEqual([]);
  });

  it("shows a stale term's refusal from the re-check after an update with its hint apart", async () => {
    await engine.addSource({ name: 'ledger', url: db.adminDsn, options: { allowExtraPrivileges: true } });
    expect((await engine.update({ source: 'ledger' })).ok).toBe(true);
    const sql = 'SELECT count(*) AS n FROM orders';
    expect((await engine.glossary.create('default', { term: 'Order Count', definition: 'x', sql, source: 'ledger' }, ana, 'manual')).success).toBe(true);
    await engine.setSourceUrl('ledger', db.adminDsn, { allowExtraPrivileges: false });
    await db.exec('ALTER TABLE orders ADD COLUMN note text');
    expect((await engine.update({ source: 'ledger', allowExtraPrivileges: true })).glossary[0]!.broke).toHaveLength(1);
    const shown = await visit('/ui/glossary/term?name=Order%20Count');
    const [line, ...more] = errorLines(shown.text);
    expect(more).toEqual([]);
    expect(line!.message).toMatch(/^role &#39;postgres&#39; of source &#39;ledger&#39; has more than read privileges .*the SQL was not run$/);
    expect(line!.hint).toMatch(/^connect as a read-only role .*--allow-extra-privileges$/);
  });
});
