/**
 * The team setup through the built CLI: the index in a PostgreSQL store (SEXTANT_STORE_URL),
 * `store migrate`, `update` from one home, `query`/`get`/`status` from it, an MCP HTTP server of
 * another home (another machine) on the same store answering an SDK client, two updates of one
 * source at once, and `store copy` of a SQLite index verified by counts and hashes. The store
 * URL carries a password (trust auth ignores it): it must never be printed.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSampleSql } from '../../src/demo/sample-database.js';
import { cliEnv, mcpUrlOf, runCli, startCli } from '../helpers/cli.js';
import { SHARED_MODELS_DIR } from '../helpers/models.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';
import { call, connectHttp } from '../mcp/fixture.js';

const SECRET = 'team-store-pw-42';
const withPassword = (dsn: string) => dsn.replace('postgres://postgres@', `postgres://postgres:${SECRET}@`);

describe('the index in PostgreSQL, shared by CLI runs and servers of several homes', () => {
  let source: TempDatabase;
  let storeDb: TempDatabase;
  let copyDb: TempDatabase;
  let storeUrl: string;
  const updater = tempHome();
  const server = tempHome();
  const local = tempHome();
  const base = { SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: SHARED_MODELS_DIR };
  let env: NodeJS.ProcessEnv;
  let readerDsn: string;
  const children: ChildProcess[] = [];
  const noSecret = (r: { stdout: string; stderr: string }) => expect(r.stdout + r.stderr).not.toContain(SECRET);

  beforeAll(async () => {
    source = await createTempDatabase('pgstore_e2e_src');
    for (const sql of loadSampleSql()) await source.exec(sql);
    const reader = await source.createRole(
      'pgstore_e2e_reader',
      'GRANT USAGE ON SCHEMA shop, billing, support TO {role}; GRANT SELECT ON ALL TABLES IN SCHEMA shop, billing, support TO {role};',
    );
    readerDsn = reader.dsn;
    storeDb = await createTempDatabase('pgstore_e2e_store');
    copyDb = await createTempDatabase('pgstore_e2e_copy');
    storeUrl = withPassword(storeDb.adminDsn);
    env = cliEnv(updater.dir, { ...base, SEXTANT_STORE_URL: storeUrl });
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (const db of [source, storeDb, copyDb]) await db?.drop();
    for (const home of [updater, server, local]) home.cleanup();
  });

  it('migrates the store once, then finds nothing to do', async () => {
    const first = await runCli(['store', 'migrate', '--store', storeUrl, '--json'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json).toMatchObject({ ok: true, from: 0, to: 3, applied: [{ version: 1 }, { version: 2 }, { version: 3 }] });
    expect(first.json.store).toContain('postgres://postgres:***@');
    const again = await runCli(['store', 'migrate', '--json'], env);
    expect(again.json).toMatchObject({ ok: true, from: 3, to: 3, applied: [] });
    noSecret(first);
    noSecret(again);
    // an empty store's status points at commands an installed CLI has (not the repository's npm scripts)
    const empty = await runCli(['status'], env);
    expect(empty.stdout).toContain('no sources; try `sextant demo` or `sextant source add <dsn> --name <name>`');
  });

  it('updates into the store and reads back with query, get and status', async () => {
    expect((await runCli(['source', 'add', readerDsn, '--name', 'shop'], env)).code).toBe(0);
    const update = await runCli(['update', '--json'], env, { timeoutMs: 180_000 });
    expect(update.code, update.stderr).toBe(0);
    expect(update.json.reports[0]).toMatchObject({ source: 'shop', status: 'updated' });
    const query = await runCli(['query', 'customer email', '--json'], env);
    expect(query.code, query.stderr).toBe(0);
    expect(query.json.hits.slice(0, 3).map((h: { objectId: string }) => h.objectId)).toContain('shop:column:shop.customer.email');
    const get = await runCli(['get', 'shop:table:shop.sales_order', '--json'], env);
    expect(get.code, get.stderr).toBe(0);
    expect(JSON.stringify(get.json)).toContain('sales_order');
    const status = await runCli(['status', '--json'], env);
    expect(status.json.index.location).toMatch(/^postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:5432\//);
    expect(status.json.index.chunks).toBeGreaterThan(50);
    for (const r of [update, query, get, status]) noSecret(r);
  }, 240_000);

  it('serves the same store from an MCP HTTP server of another home', async () => {
    const serverEnv = cliEnv(server.dir, { ...base, SEXTANT_STORE_URL: storeUrl });
    const child = startCli(['mcp', '--http', '--port', '0'], serverEnv);
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const url = await mcpUrlOf(child, 60_000);
    const client = await connectHttp(url);
    try {
      const hits = await call(client, 'deep_search', { query: 'customer email address' });
      expect(hits.isError, hits.text).toBe(false);
      expect(hits.data.hits.some((h: { source: string }) => h.source === 'shop')).toBe(true);
      // a change made by an update in the first home shows in the server without a restart
      await source.exec('CREATE TABLE shop.loyalty_voucher (id int PRIMARY KEY, voucher_code text); GRANT SELECT ON shop.loyalty_voucher TO PUBLIC;');
      const update = await runCli(['update', '--source', 'shop', '--json'], env, { timeoutMs: 180_000 });
      expect(update.code, update.stderr).toBe(0);
      const after = await call(client, 'deep_search', { query: 'loyalty voucher code' });
      expect(JSON.stringify(after.data)).toContain('loyalty_voucher');
    } finally {
      await client.close();
    }
    expect(stderr).not.toContain(SECRET);
  }, 240_000);

  it('runs two updates of one source at once: one waits for the other, both succeed, the index stays whole', async () => {
    await source.exec('ALTER TABLE shop.loyalty_voucher ADD COLUMN expires_on date');
    const [a, b] = await Promise.all([
      runCli(['update', '--source', 'shop', '--json'], env, { timeoutMs: 180_000 }),
      runCli(['update', '--source', 'shop', '--json'], cliEnv(server.dir, { ...base, SEXTANT_STORE_URL: storeUrl }), { timeoutMs: 180_000 }),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect([a.json.reports[0].status, b.json.reports[0].status].sort()).toEqual(['unchanged', 'updated']);
    const get = await runCli(['get', 'shop:column:shop.loyalty_voucher.expires_on', '--json'], env);
    expect(get.code, get.stderr).toBe(0);
  }, 240_000);

  it('copies a SQLite index into an empty PostgreSQL store, verified by counts and hashes', async () => {
    const localEnv = cliEnv(local.dir, base);
    expect((await runCli(['source', 'add', readerDsn, '--name', 'shop'], localEnv)).code).toBe(0);
    expect((await runCli(['update', '--json'], localEnv, { timeoutMs: 180_000 })).code).toBe(0);
    const copy = await runCli(['store', 'copy', '--from', `sqlite://${local.dir}/index.sqlite`, '--to', withPassword(copyDb.adminDsn), '--json'], localEnv, {
      timeoutMs: 180_000,
    });
    expect(copy.code, copy.stderr).toBe(0);
    expect(copy.json.mismatches).toEqual([]);
    expect(copy.json.source.counts.chunks).toBeGreaterThan(50);
    expect(copy.json.target.hashes).toEqual(copy.json.source.hashes);
    noSecret(copy);
    const query = await runCli(['query', 'customer email', '--json'], cliEnv(local.dir, { ...base, SEXTANT_STORE_URL: copyDb.adminDsn }));
    expect(query.json.hits.slice(0, 3).map((h: { objectId: string }) => h.objectId)).toContain('shop:column:shop.customer.email');
    const again = await runCli(['store', 'copy', '--from', `sqlite://${local.dir}/index.sqlite`, '--to', copyDb.adminDsn, '--json'], localEnv);
    expect(again.code).not.toBe(0);
    expect(again.json.error.message).toContain('not empty');
  }, 300_000);

  it("repairs the configured store: a PostgreSQL store's derived data, a sqlite:// URL's file, never the home's unused index", async () => {
    // what repair removes: a vector of another dimension than the model's, an entity no chunk links to
    await storeDb.exec("UPDATE sextant.vectors SET vector = '\\x00000000'::bytea WHERE rid = (SELECT min(rid) FROM sextant.vectors)");
    await storeDb.exec("INSERT INTO sextant.entities (name, display_name, semantic_type) VALUES ('zz unlinked', 'zz unlinked', 'TERM')");
    const chunks = (await runCli(['status', '--json'], env)).json.index.chunks as number;
    const repair = await runCli(['repair', '--json'], env, { timeoutMs: 120_000 });
    expect(repair.code, repair.stderr).toBe(0);
    expect(repair.json).toMatchObject({
      ok: true,
      action: 'none',
      path: expect.stringMatching(/^postgres:\/\/postgres:\*\*\*@/),
      salvage: null,
      reindex: null,
    });
    expect(repair.json.rebuilt).toMatchObject({ ftsRows: chunks, vectors: chunks - 1, vectorsDropped: 1, entities: 1 });
    const human = await runCli(['repair'], env, { timeoutMs: 120_000 });
    expect(human.stdout).toMatch(/^repair: postgres:\/\/postgres:\*\*\*@.*schema version 3.*rebuilt \d+ full-text row\(s\), kept \d+ vector\(s\)\n$/);
    expect(existsSync(join(updater.dir, 'index.sqlite'))).toBe(false);
    noSecret(repair);
    noSecret(human);

    const file = `${local.dir}/index.sqlite`;
    const onFile = await runCli(['repair', '--json'], cliEnv(server.dir, { ...base, SEXTANT_STORE_URL: `sqlite://${file}` }), { timeoutMs: 120_000 });
    expect(onFile.code, onFile.stderr).toBe(0);
    expect(onFile.json).toMatchObject({ ok: true, action: 'none', path: file });
    expect(onFile.json.rebuilt.ftsRows).toBeGreaterThan(50);
    expect(existsSync(join(server.dir, 'index.sqlite'))).toBe(false);
  }, 300_000);

  it('refuses an unreachable store with one clear error at start', async () => {
    const r = await runCli(['status', '--json'], cliEnv(server.dir, { ...base, SEXTANT_STORE_URL: `postgres://postgres:${SECRET}@127.0.0.1:1/none` }));
    expect(r.code).not.toBe(0);
    expect(r.json.error.code).toBe('SOURCE_UNREACHABLE');
    expect(r.json.error.message).toContain('postgres://postgres:***@127.0.0.1:1/none');
    noSecret(r);
  });

  it('refuses a store URL or source DSN whose password holds an unencoded / with one clear error, the password masked', async () => {
    const slashed = 'pw/with-slash-42';
    const url = `postgres://postgres:${slashed}@127.0.0.1:5432/none`;
    const home = cliEnv(server.dir, base);
    for (const args of [
      ['status', '--json'],
      ['store', 'migrate', '--json'],
    ]) {
      const r = await runCli(args, { ...home, SEXTANT_STORE_URL: url });
      expect(r.code).not.toBe(0);
      expect(r.json.error).toMatchObject({ code: 'CONFIG_INVALID', message: 'the store URL is not a valid URL: postgres://postgres:***@127.0.0.1:5432/none' });
      expect(r.json.error.hint).toContain('/ as %2F');
      expect(r.stdout + r.stderr).not.toContain('with-slash');
    }
    const added = await runCli(['source', 'add', url, '--name', 'slashed'], home);
    expect(added.code).not.toBe(0);
    expect(added.stderr).toContain('DSN is not a valid URL: postgres://postgres:***@127.0.0.1:5432/none');
    // the hint's own URL template is not mangled by the masking
    expect(added.stderr).toContain('use postgres://user@host[:port]/database');
    expect(added.stdout + added.stderr).not.toContain('with-slash');
  });
});
