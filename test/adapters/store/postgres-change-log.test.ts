/**
 * The PostgreSQL store's change log on the real PostgreSQL at 127.0.0.1:5432: a process hears
 * another's commit through LISTEN/NOTIFY and refreshes only the chunks written since (its vector
 * answers equal a fresh load's), falls back to a whole load when the log was pruned past it,
 * polls while it cannot listen, and reads a store of schema version 1 only after `migrate`.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migratePostgresStore, openPostgresStore, type PostgresStore } from '../../../src/adapters/store/postgres/index.js';
import { migrate, PG_MIGRATIONS } from '../../../src/adapters/store/postgres/schema.js';
import { createPool } from '../../../src/adapters/store/postgres/pg-store.js';
import type { ChunkWrite } from '../../../src/ports/store.js';
import { randomVector, seededRandom } from '../../contracts/store.contract.js';
import { adminQuery, createTempDatabase, type TempDatabase } from '../../helpers/postgres.js';

const DIM = 16;
const databases: TempDatabase[] = [];
const open: PostgresStore[] = [];

async function freshUrl(): Promise<string> {
  const db = await createTempDatabase('pgstore_changes');
  databases.push(db);
  return db.adminDsn;
}

afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
});
afterAll(async () => {
  for (const db of databases) await db.drop();
});

const rnd = seededRandom(11);
function write(id: string, source = 'shop'): ChunkWrite {
  return {
    chunk: {
      id,
      objectId: id,
      source,
      kind: 'table',
      name: id,
      comment: '',
      definition: '',
      context: '',
      text: id,
      contentHash: `${id}:${rnd()}`,
      project: null,
      session: null,
    },
    vector: randomVector(rnd, DIM),
  };
}

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const t0 = Date.now();
  while (!(await ok())) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function twoProcesses(): Promise<{ url: string; a: PostgresStore; b: PostgresStore }> {
  const url = await freshUrl();
  const a = await openPostgresStore(url, { poolSize: 3 });
  const b = await openPostgresStore(url, { poolSize: 3 });
  open.push(a, b);
  for (const name of ['shop', 'crm']) {
    await a.addSource({ name, type: 'postgres', url: 'postgres://x@h/db', options: {}, createdAt: '2025-01-01T00:00:00.000Z' });
  }
  await a.setEmbeddingModel({ modelId: 'm', dimension: DIM });
  return { url, a, b };
}

/** Two processes, `count` shop chunks written by `a`, and a third store object built without a listening connection: polling only. */
async function withPollingStore(count: number) {
  const { url, a } = await twoProcesses();
  const rows = Array.from({ length: count }, (_, i) => write(`shop:table:s.t${i}`));
  await a.applyChunkChanges('shop', { upsert: rows, remove: [], effectiveContexts: [] });
  const { PostgresStore } = await import('../../../src/adapters/store/postgres/pg-store.js');
  const polling = new PostgresStore(createPool(url, { poolSize: 2 }), 'test');
  open.push(polling);
  return { url, a, rows, polling };
}

describe('PostgreSQL store: the change log', () => {
  it('hears another process commit and refreshes only the chunks it wrote; answers equal a fresh load', async () => {
    const { url, a, b } = await twoProcesses();
    const shop = Array.from({ length: 300 }, (_, i) => write(`shop:table:s.t${String(i).padStart(3, '0')}`));
    const crm = Array.from({ length: 200 }, (_, i) => write(`crm:table:c.t${String(i).padStart(3, '0')}`, 'crm'));
    await a.applyChunkChanges('shop', { upsert: shop, remove: [], effectiveContexts: [] });
    await a.applyChunkChanges('crm', { upsert: crm, remove: [], effectiveContexts: [] });
    const probe = randomVector(rnd, DIM);
    expect(await b.vectorSearch({ vector: probe, limit: 5 })).toHaveLength(5);
    expect(b.vectorCacheStats()).toMatchObject({ wholeLoads: 1, incrementalLoads: 0, rows: 500 });
    await until('b listening', () => b.health().changes === 'listen');

    // a rewrites two chunks, adds one, removes one; b hears it and refreshes on its own, before any search
    const added = write('shop:table:s.zzz_new');
    const changed = [write(shop[10]!.chunk.id), write(crm[5]!.chunk.id, 'crm')];
    await a.applyChunkChanges('shop', { upsert: [changed[0]!, added], remove: [shop[20]!.chunk.id], effectiveContexts: [] });
    await a.applyChunkChanges('crm', { upsert: [changed[1]!], remove: [], effectiveContexts: [] });
    const counter = await a.changeCounter();
    await until('b refreshed', () => b.vectorCacheStats().stamp === counter);
    expect(b.vectorCacheStats()).toMatchObject({ wholeLoads: 1, rows: 500 });
    expect(b.vectorCacheStats().changedRows).toBe(4);

    expect((await b.vectorSearch({ vector: added.vector!, limit: 1 }))[0]!.chunkId).toBe(added.chunk.id);
    expect((await b.vectorSearch({ vector: changed[1]!.vector!, limit: 1 }))[0]!.chunkId).toBe(crm[5]!.chunk.id);
    const fresh = await openPostgresStore(url, { poolSize: 2 });
    open.push(fresh);
    for (let q = 0; q < 20; q++) {
      const query = { vector: randomVector(rnd, DIM), limit: 10, ...(q % 2 ? { sources: ['crm'] } : {}) };
      expect(await b.vectorSearch(query)).toEqual(await fresh.vectorSearch(query));
    }
    expect((await b.vectorSearch({ vector: shop[20]!.vector!, limit: 500 })).map((h) => h.chunkId)).not.toContain(shop[20]!.chunk.id);
  });

  it('logs vectors written apart from their chunks, a removed source, and a new model (reloaded whole)', async () => {
    const { a, b } = await twoProcesses();
    // b reads the counter now (as it would hear it a moment later)
    const seen = () => b.changeCounter();
    const rows = Array.from({ length: 50 }, (_, i) => write(`crm:table:c.t${i}`, 'crm'));
    await a.applyChunkChanges('crm', { upsert: rows.map((r) => ({ ...r, vector: null })), remove: [], effectiveContexts: [] });
    expect(await b.vectorSearch({ vector: rows[0]!.vector!, limit: 5 })).toEqual([]);
    await a.putVectors([{ chunkId: rows[3]!.chunk.id, vector: rows[3]!.vector! }]);
    await seen();
    expect((await b.vectorSearch({ vector: rows[3]!.vector!, limit: 5 })).map((h) => h.chunkId)).toEqual([rows[3]!.chunk.id]);
    await a.removeSource('crm');
    await seen();
    expect(await b.vectorSearch({ vector: rows[3]!.vector!, limit: 5 })).toEqual([]);
    const before = b.vectorCacheStats();
    await a.applyChunkChanges('shop', { upsert: rows.slice(0, 40).map((r, i) => write(`shop:table:s.t${i}`)), remove: [], effectiveContexts: [] });
    await a.setEmbeddingModel({ modelId: 'm2', dimension: 4 });
    const small = write('shop:table:s.t1');
    small.vector = new Float32Array([1, 0, 0, 0]);
    await a.applyChunkChanges('shop', { upsert: [small], remove: [], effectiveContexts: [] });
    await seen();
    expect((await b.vectorSearch({ vector: new Float32Array([1, 0, 0, 0]), limit: 5 })).map((h) => h.chunkId)).toEqual(['shop:table:s.t1']);
    expect(b.vectorCacheStats().wholeLoads).toBeGreaterThan(before.wholeLoads);
  });

  it('a new model of another dimension reloads whole though this process holds vectors of the old one', async () => {
    const { a, rows, polling: b } = await withPollingStore(40);
    // polling only: its next refresh reads the model change and the new model's vector in one go
    expect((await b.vectorSearch({ vector: rows[7]!.vector!, limit: 1 }))[0]!.chunkId).toBe('shop:table:s.t7');
    await a.setEmbeddingModel({ modelId: 'm2', dimension: 4 });
    const small = write('shop:table:s.t1');
    small.vector = new Float32Array([1, 0, 0, 0]);
    await a.applyChunkChanges('shop', { upsert: [small], remove: [], effectiveContexts: [] });
    await b.changeCounter();
    expect((await b.vectorSearch({ vector: new Float32Array([1, 0, 0, 0]), limit: 5 })).map((h) => h.chunkId)).toEqual(['shop:table:s.t1']);
    expect(b.vectorCacheStats()).toMatchObject({ wholeLoads: 2, rows: 1 });
  });

  it('reloads whole after cleanup pruned the log past it, and polls when it cannot listen', async () => {
    const { url, a, rows, polling } = await withPollingStore(30);
    expect(polling.health()).toEqual({ status: 'ok', changes: 'poll' });
    expect(await polling.vectorSearch({ vector: rows[0]!.vector!, limit: 1 })).toEqual([{ chunkId: rows[0]!.chunk.id, score: expect.closeTo(1, 5) }]);
    // these chunks have no objects: cleanup removes them all as orphans; the next prunes their tombstones
    await a.cleanup();
    expect((await adminQuery('SELECT count(*)::int AS n FROM sextant.chunk_changes', url)).rows[0].n).toBe(30);
    await a.cleanup();
    const log = await adminQuery('SELECT count(*)::int AS n FROM sextant.chunk_changes', url);
    expect(log.rows[0].n).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // the log cannot say what went: the polling process reloads whole instead of keeping them
    expect(await polling.vectorSearch({ vector: rows[0]!.vector!, limit: 1 })).toEqual([]);
    expect(polling.vectorCacheStats()).toMatchObject({ wholeLoads: 2, incrementalLoads: 0, rows: 0 });
  });

  it('refuses a store of version 1 naming `sextant store migrate`, and migrates it with its chunks logged', async () => {
    const url = await freshUrl();
    const pool = createPool(url, { poolSize: 1 });
    const client = await pool.connect();
    await migrate(client, 'upgrade', 1, PG_MIGRATIONS);
    await client.query(`INSERT INTO sextant.sources (name, type, url, created_at) VALUES ('shop', 'postgres', 'x', 'now')`);
    await client.query(
      `INSERT INTO sextant.chunks (id, object_id, source, kind, name, comment, definition, context, text, content_hash) VALUES ('shop:table:s.a', 'shop:table:s.a', 'shop', 'table', 'a', '', '', '', 'a', 'h')`,
    );
    client.release();
    await pool.end();
    await expect(openPostgresStore(url, { migrateCommand: 'sextant store migrate --store URL' })).rejects.toMatchObject({
      code: 'INDEX_VERSION_MISMATCH',
      hint: expect.stringContaining('sextant store migrate --store URL'),
    });
    expect(await migratePostgresStore(url)).toMatchObject({ from: 1, to: 3, applied: [{ version: 2 }, { version: 3 }] });
    const store = await openPostgresStore(url);
    open.push(store);
    const logged = await adminQuery('SELECT chunk_id, source FROM sextant.chunk_changes', url);
    expect(logged.rows).toEqual([{ chunk_id: 'shop:table:s.a', source: 'shop' }]);
  });
});
