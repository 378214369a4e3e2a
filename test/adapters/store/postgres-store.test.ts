/**
 * The PostgreSQL store against the same contract as the SQLite store, on the real PostgreSQL at
 * 127.0.0.1:5432, in a database created for this run and dropped after it: every `open()` of the
 * contract starts from an empty store (the schema dropped and created again). Then what only a
 * shared store has: schema versions, an unreachable store, several processes on one store.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migratePostgresStore, openPostgresStore, POSTGRES_CAPABILITIES, type PostgresStore } from '../../../src/adapters/store/postgres/index.js';
import { createPool } from '../../../src/adapters/store/postgres/pg-store.js';
import { migrate, PG_MIGRATIONS } from '../../../src/adapters/store/postgres/schema.js';
import { describeStoreContract, randomVector, seededRandom } from '../../contracts/store.contract.js';
import { adminQuery, createTempDatabase, type TempDatabase } from '../../helpers/postgres.js';

const databases: TempDatabase[] = [];

async function freshUrl(): Promise<string> {
  const db = await createTempDatabase('pgstore_contract');
  databases.push(db);
  return db.adminDsn;
}

afterAll(async () => {
  for (const db of databases) await db.drop();
});

let contractUrl: string | null = null;

/** An empty store in this run's contract database. */
async function emptyStore(): Promise<PostgresStore> {
  contractUrl ??= await freshUrl();
  await adminQuery('DROP SCHEMA IF EXISTS sextant CASCADE', contractUrl);
  return openPostgresStore(contractUrl, { poolSize: 4 });
}

describeStoreContract('postgres', emptyStore, POSTGRES_CAPABILITIES);

describe('PostgreSQL store: schema versions and several processes', () => {
  const open: PostgresStore[] = [];
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
  });

  it('records its schema version and refuses a store of a newer version, naming the upgrade', async () => {
    const url = await freshUrl();
    open.push(await openPostgresStore(url));
    const versions = await adminQuery('SELECT version, description FROM sextant.schema_version ORDER BY version', url);
    expect(versions.rows.map((r: { version: number }) => r.version)).toEqual([1, 2, 3]);
    await adminQuery("INSERT INTO sextant.schema_version VALUES (99, 'now', 'from the future')", url);
    await expect(openPostgresStore(url)).rejects.toMatchObject({ code: 'INDEX_VERSION_MISMATCH', hint: expect.stringContaining('upgrade Sextant') });
  });

  it('moves a store of version 2 to 3 with `migrate`: its sessions gain a client name, null until one is put', async () => {
    const url = await freshUrl();
    const pool = createPool(url, { poolSize: 1 });
    const client = await pool.connect();
    await migrate(client, 'upgrade', 2, PG_MIGRATIONS);
    await client.query(
      `INSERT INTO sextant.sessions (id, project, user_name, active_projects, created_at, last_seen_at, expires_at) VALUES ('s1', 'default', 'ann', '["default"]', 'a', 'a', '9999')`,
    );
    client.release();
    await pool.end();
    await expect(openPostgresStore(url)).rejects.toMatchObject({ code: 'INDEX_VERSION_MISMATCH' });
    expect(await migratePostgresStore(url)).toMatchObject({ from: 2, to: 3, applied: [{ version: 3 }] });
    const store = await openPostgresStore(url);
    open.push(store);
    expect(await store.getSession('s1')).toMatchObject({ id: 's1', user: 'ann', client: null });
    await store.putSession({ ...(await store.getSession('s1'))!, client: 'zeppelin-agent/4.2.0' });
    expect((await store.listSessions()).map((s) => s.client)).toEqual(['zeppelin-agent/4.2.0']);
  });

  it('refuses an unreachable store with one clear error and the password masked', async () => {
    const err = await openPostgresStore('postgres://sextant:hunter22@127.0.0.1:1/nowhere').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'SOURCE_UNREACHABLE' });
    expect(String((err as Error).message)).toContain('postgres://sextant:***@127.0.0.1:1/nowhere');
    expect(String((err as Error).message)).not.toContain('hunter22');
  });

  it('shows one process the writes of another: catalog, vectors (its matrix reloads) and sessions', async () => {
    const url = await freshUrl();
    const a = await openPostgresStore(url);
    const b = await openPostgresStore(url);
    open.push(a, b);
    const rnd = seededRandom(3);
    await a.addSource({ name: 'shop', type: 'postgres', url: 'postgres://x@h/db', options: {}, createdAt: '2025-01-01T00:00:00.000Z' });
    await a.setEmbeddingModel({ modelId: 'm', dimension: 8 });
    const chunk = (id: string, name: string) => ({
      chunk: {
        id,
        objectId: id,
        source: 'shop',
        kind: 'table',
        name,
        comment: '',
        definition: '',
        context: '',
        text: name,
        contentHash: id,
        project: null,
        session: null,
      },
      vector: randomVector(rnd, 8),
    });
    const first = chunk('shop:table:public.orders', 'orders');
    await a.applyChunkChanges('shop', { upsert: [first], remove: [], effectiveContexts: [] });
    const before = await b.changeCounter();
    expect((await b.vectorSearch({ vector: first.vector, limit: 5 })).map((h) => h.chunkId)).toEqual(['shop:table:public.orders']);
    const second = chunk('shop:table:public.invoices', 'invoices');
    await a.applyChunkChanges('shop', { upsert: [second], remove: [], effectiveContexts: [] });
    expect(await b.changeCounter()).toBeGreaterThan(before);
    expect((await b.vectorSearch({ vector: second.vector, limit: 1 })).map((h) => h.chunkId)).toEqual(['shop:table:public.invoices']);
    expect((await b.lexicalSearch({ terms: [['invoice']], limit: 5 })).map((h) => h.chunkId)).toEqual(['shop:table:public.invoices']);
    await a.putSession({
      id: 's1',
      project: 'default',
      user: 'ann',
      activeProjects: ['default'],
      client: null,
      createdAt: 'a',
      lastSeenAt: 'a',
      expiresAt: '9999',
    });
    expect(await b.getSession('s1')).toMatchObject({ id: 's1', user: 'ann' });
  });

  it('holds the update lock of a source across processes: the second waits and is told who holds it; a dead holder frees it', async () => {
    const url = await freshUrl();
    const a = await openPostgresStore(url);
    const b = await openPostgresStore(url);
    open.push(a, b);
    const held = await a.lockSource('shop');
    const waits: string[] = [];
    let acquired = false;
    const second = b.lockSource('shop', { onWait: (holder) => waits.push(holder) }).then((lock) => {
      acquired = true;
      return lock;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(acquired).toBe(false);
    expect(waits).toEqual([expect.stringMatching(new RegExp(`^sextant update shop on .* pid ${process.pid}`))]);
    await held.release();
    await (await second).release();
    expect(acquired).toBe(true);
    // a holder whose connection dies (a killed updater) leaves the lock free
    const doomed = await a.lockSource('crm');
    await adminQuery("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE 'sextant update crm%'", url);
    const next = await b.lockSource('crm');
    await next.release();
    await doomed.release();
  });

  it('gives the session sweep lock to one process at a time; a dead or closed holder passes it on', async () => {
    const url = await freshUrl();
    const [a, b] = [await openPostgresStore(url, { poolSize: 2 }), await openPostgresStore(url, { poolSize: 2 })];
    open.push(a, b);
    expect(await Promise.all([a.holdSweepLock(), a.holdSweepLock()])).toEqual([true, true]);
    expect(await b.holdSweepLock()).toBe(false);
    expect(await b.holdSweepLock()).toBe(false);
    // the holder's connection dies (a killed server): the next caller of another process takes the lock
    const killed = await adminQuery(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE 'sextant session sweeper%' AND datname = current_database()",
      url,
    );
    expect(killed.rowCount).toBe(1);
    // the terminated backend lets go of the lock as it exits, a moment after the signal
    let taken = false;
    for (let i = 0; i < 100 && !taken; i++) {
      taken = await b.holdSweepLock();
      if (!taken) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(taken).toBe(true);
    expect(await a.holdSweepLock()).toBe(false);
    // a holder that closes its store gives it up; its pool ended cleanly
    await b.close();
    expect(await a.holdSweepLock()).toBe(true);
    const holders = await adminQuery(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = ${0x5e7a_0002}
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      url,
    );
    expect(holders.rows[0].n).toBe(1);
  });

  it('retries an update whose connection dies mid-way, and keeps the previous index whole while every attempt dies', async () => {
    const url = await freshUrl();
    const store = await openPostgresStore(url);
    open.push(store);
    await store.addSource({ name: 'shop', type: 'postgres', url: 'postgres://x@h/db', options: {}, createdAt: '2025-01-01T00:00:00.000Z' });
    const object = (n: number, resource: string) => ({
      id: `shop:column:public.t.c${n}`,
      source: 'shop',
      kind: 'column',
      path: `public.t.c${n}`,
      name: `c${n}`,
      parentId: null,
      resource,
      comment: 'a column with a comment long enough to make the write take a while',
      definition: null,
      attributes: {},
    });
    const chunkOf = (o: ReturnType<typeof object>) => ({
      chunk: {
        id: o.id,
        objectId: o.id,
        source: 'shop',
        kind: 'column',
        name: o.name,
        comment: o.comment,
        definition: '',
        context: '',
        text: o.name,
        contentHash: o.id,
        project: null,
        session: null,
      },
      vector: null,
    });
    const outcome = { at: 'now', ok: true, message: 'updated', added: 1, changed: 0, removed: 0, durationMs: 1 };
    const small = [object(0, 'table:public.t')];
    await store.applySourceUpdate({
      source: 'shop',
      sourceHash: 'v1',
      changed: [{ resource: 'table:public.t', hash: 'h1', objects: small, edges: [] }],
      removedResources: [],
      chunks: { upsert: small.map(chunkOf), remove: [], effectiveContexts: [] },
      outcome,
    });
    const big = Array.from({ length: 20_000 }, (_, n) => object(n, 'table:public.t'));
    const update = (hash: string) =>
      store
        .applySourceUpdate({
          source: 'shop',
          sourceHash: hash,
          changed: [{ resource: 'table:public.t', hash, objects: big, edges: [] }],
          removedResources: [],
          chunks: { upsert: big.map(chunkOf), remove: [], effectiveContexts: [] },
          outcome,
        })
        .then(
          () => 'committed',
          (err: unknown) => String((err as Error).message),
        );
    /** Terminates the writing backend whenever it is inside the transaction, `times` times at most, until `settled`. */
    const killWrites = async (settled: Promise<string>, times: number): Promise<number> => {
      let done = false;
      void settled.then(() => (done = true));
      let killed = 0;
      while (!done && killed < times) {
        const r = await adminQuery(
          "SELECT pg_terminate_backend(pid) AS t FROM pg_stat_activity WHERE application_name = 'sextant-store' AND state = 'active' AND query LIKE 'INSERT INTO%'",
          url,
        );
        killed += r.rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return killed;
    };
    // every attempt dies: the write fails after its retries and the index stays as it was
    const doomed = update('v2');
    expect(await killWrites(doomed, 100)).toBeGreaterThan(1);
    expect(await doomed).toMatch(/terminat/i);
    expect((await store.getSource('shop'))!.sourceHash).toBe('v1');
    expect(await store.objectIds('shop')).toEqual(['shop:column:public.t.c0']);
    expect((await store.info()).chunks).toBe(1);
    expect(await store.resourceHashes('shop')).toEqual(new Map([['table:public.t', 'h1']]));
    // one attempt dies: the retry on a new connection commits the whole update
    const retried = update('v3');
    expect(await killWrites(retried, 1)).toBe(1);
    expect(await retried).toBe('committed');
    expect((await store.getSource('shop'))!.sourceHash).toBe('v3');
    expect((await store.objectIds('shop')).length).toBe(20_000);
  }, 120_000);
});
