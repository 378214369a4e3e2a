/**
 * How the PostgreSQL store connects and survives its connection: statement timeouts, TLS by
 * sslmode (on a private cluster with a self-signed certificate; the shared one at 5432 has TLS
 * off), reads that wait out a restart, and a write whose connection is lost before COMMIT.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresStore, type PostgresStore } from '../../../src/adapters/store/postgres/index.js';
import { createTempDatabase, type TempDatabase } from '../../helpers/postgres.js';
import { startPrivatePostgres, type PrivatePostgres } from '../../helpers/private-postgres.js';

const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function store(url: string, options: Parameters<typeof openPostgresStore>[1] = {}): Promise<PostgresStore> {
  const s = await openPostgresStore(url, { poolSize: 2, ...options });
  cleanup.push(() => s.close());
  return s;
}

describe('PostgreSQL store connections', () => {
  let shared: TempDatabase;
  let tls: PrivatePostgres;

  it('cancels a statement past store.statement_timeout_ms', async () => {
    shared = await createTempDatabase('pgstore_conn');
    cleanup.push(() => shared.drop());
    const s = await store(shared.adminDsn, { statementTimeoutMs: 200 });
    await expect(s.pool.query('SELECT pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
    expect((await s.pool.query<{ t: string }>("SELECT current_setting('statement_timeout') AS t")).rows[0]!.t).toBe('200ms');
    // status names the vector search in use and what the database offers of pgvector (none here)
    expect((await s.info()).vectorBackend).toMatch(
      /^js \(exact, in memory, refreshed from the change log; pgvector (is not available in this database|.* but not used yet)\)$/,
    );
  });

  it('speaks TLS by sslmode: require encrypts, verify-ca checks the CA, verify-full the host name too', async () => {
    tls = await startPrivatePostgres({ tls: true });
    cleanup.push(() => tls.destroy());
    const encrypted = async (s: PostgresStore) =>
      (await s.pool.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).rows[0]!.ssl;
    expect(await encrypted(await store(tls.url, { sslmode: 'require' }))).toBe(true);
    expect(await encrypted(await store(tls.url, { sslmode: 'disable' }))).toBe(false);
    // the option wins over the URL's own parameter
    expect(await encrypted(await store(`${tls.url}?sslmode=disable`, { sslmode: 'require' }))).toBe(true);
    // without the option the URL's parameter means what libpq (and the option) mean: require takes any certificate
    expect(await encrypted(await store(`${tls.url}?sslmode=require`))).toBe(true);
    expect(await encrypted(await store(`${tls.url}?sslmode=verify-ca&sslrootcert=${encodeURIComponent(tls.certFile!)}`))).toBe(true);
    expect(await encrypted(await store(`${tls.url}?sslmode=prefer`))).toBe(false);
    expect(await encrypted(await store(tls.url, { sslmode: 'verify-ca', sslRootCert: tls.certFile! }))).toBe(true);
    // self-signed for another host name: verify-full refuses it, and so does verify-ca without the CA
    await expect(openPostgresStore(tls.url, { sslmode: 'verify-full', sslRootCert: tls.certFile! })).rejects.toMatchObject({
      code: 'SOURCE_UNREACHABLE',
      message: expect.stringMatching(/Hostname\/IP does not match|altnames/i),
    });
    await expect(openPostgresStore(tls.url, { sslmode: 'verify-ca' })).rejects.toMatchObject({
      code: 'SOURCE_UNREACHABLE',
      message: expect.stringMatching(/self[- ]signed/i),
    });
    // a server without TLS: one clear error
    await expect(openPostgresStore(shared.adminDsn, { sslmode: 'require' })).rejects.toMatchObject({
      code: 'SOURCE_UNREACHABLE',
      message: expect.stringContaining('does not support SSL'),
    });
  }, 60_000);

  it('waits out a short restart: a read issued while PostgreSQL is down answers once it is back', async () => {
    const s = await store(tls.url, { sslmode: 'require' });
    await s.addSource({ name: 'shop', type: 'postgres', url: 'postgres://x@h/db', options: {}, createdAt: '2025-01-01T00:00:00.000Z' });
    tls.stop();
    const read = s.listSources();
    const write = s.addContext({ source: 'shop', targetKind: 'source', target: 'shop', text: 'written across a restart' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    tls.start();
    expect((await read).map((x) => x.name)).toEqual(['shop']);
    expect((await write).text).toBe('written across a restart');
    expect((await s.listContexts('shop')).map((c) => c.text)).toEqual(['written across a restart']);
  }, 60_000);
});
