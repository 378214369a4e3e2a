/**
 * The SQLite store: the port contract on both vector backends, backend agreement, file checks
 * (corrupt, foreign, other version) and their repair, WAL, orphan cleanup, derived-table repair,
 * write throughput.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AUTO_PREFERENCE,
  BM25_WEIGHTS,
  openSqliteStore,
  repairIndex,
  repairIndexFile,
  SCHEMA_VERSION,
  SQLITE_CAPABILITIES,
  type SqliteStore,
} from '../../../src/adapters/store/sqlite/index.js';
import { migrationPath, type Migration } from '../../../src/adapters/store/sqlite/schema.js';
import type { CatalogObject, Chunk } from '../../../src/ports/catalog.js';
import type { ChunkWrite, ScoredChunk, SourceUpdate } from '../../../src/ports/store.js';
import { describeStoreContract, randomVector, seededRandom } from '../../contracts/store.contract.js';
import { tempHome } from '../../helpers/temp-home.js';

const home = tempHome();
afterAll(() => home.cleanup());
let fileCounter = 0;
/** A path in a directory that does not exist yet (the store creates it). */
function tmpFile(): string {
  fileCounter++;
  return join(home.dir, `case-${fileCounter}`, 'nested', 'index.sqlite');
}

describeStoreContract('sqlite, sqlite-vec backend', () => openSqliteStore(tmpFile(), { vector: 'sqlite-vec' }), SQLITE_CAPABILITIES);
describeStoreContract('sqlite, js backend', () => openSqliteStore(tmpFile(), { vector: 'js' }), SQLITE_CAPABILITIES);

// ---------------------------------------------------------------------------------------------

function obj(source: string, n: number): CatalogObject {
  const path = `public.t${Math.floor(n / 10)}.c${n}`;
  return {
    id: `${source}:column:${path}`,
    source,
    kind: 'column',
    path,
    name: `c${n}`,
    parentId: null,
    resource: `table:public.t${Math.floor(n / 1000)}`,
    comment: 'customer order line amount',
    definition: null,
    attributes: { type: 'integer', nullable: n % 2 === 0 },
  };
}

function chunkOf(o: CatalogObject, extra: Partial<Chunk> = {}): Chunk {
  return {
    id: o.id,
    objectId: o.id,
    source: o.source,
    kind: o.kind,
    name: `column c ${o.name}`,
    comment: o.comment ?? '',
    definition: '',
    context: '',
    text: `column ${o.name}`,
    contentHash: `h:${o.id}`,
    project: null,
    session: null,
    ...extra,
  };
}

/** One update writing `count` objects (grouped by resource) with chunks and optional vectors. */
function bulkUpdate(source: string, count: number, vector: ((n: number) => Float32Array) | null, offset = 0): SourceUpdate {
  const byResource = new Map<string, CatalogObject[]>();
  const upsert: ChunkWrite[] = [];
  for (let n = offset; n < offset + count; n++) {
    const o = obj(source, n);
    (byResource.get(o.resource) ?? byResource.set(o.resource, []).get(o.resource)!).push(o);
    upsert.push({ chunk: chunkOf(o, { kind: n % 3 === 0 ? 'table' : 'column' }), vector: vector ? vector(n) : null });
  }
  return {
    source,
    sourceHash: `hash-${source}-${count}`,
    changed: [...byResource].map(([resource, objects]) => ({ resource, hash: `h-${resource}`, objects, edges: [] })),
    removedResources: [],
    chunks: { upsert, remove: [], effectiveContexts: [] },
    outcome: { at: '2025-01-01T00:00:00.000Z', ok: true, message: 'updated', added: count, changed: 0, removed: 0, durationMs: 1 },
  };
}

async function addSource(store: SqliteStore, name: string): Promise<void> {
  await store.addSource({ name, type: 'postgres', url: `postgres://r@h/${name}`, options: {}, createdAt: '2025-01-01T00:00:00.000Z' });
}

function raw(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  return db;
}

// ---------------------------------------------------------------------------------------------

describe('sqlite store: vector backends', () => {
  it('sqlite-vec and JS return the same top-k on 2,000 seeded vectors × 100 dims over 50 queries', async () => {
    const path = tmpFile();
    const vec = await openSqliteStore(path, { vector: 'sqlite-vec' });
    const js = await openSqliteStore(path, { vector: 'js' });
    try {
      expect(vec.vectorBackend).toBe('sqlite-vec');
      expect(js.vectorBackend).toBe('js');
      const rnd = seededRandom(12345);
      await addSource(vec, 'a');
      await addSource(vec, 'b');
      await vec.setEmbeddingModel({ modelId: 'bench', dimension: 100 });
      await vec.applySourceUpdate(bulkUpdate('a', 1000, () => randomVector(rnd, 100)));
      await vec.applySourceUpdate(bulkUpdate('b', 1000, () => randomVector(rnd, 100), 1000));
      let compared = 0;
      for (let q = 0; q < 50; q++) {
        const vector = randomVector(rnd, 100);
        for (const filter of [{}, { sources: ['b'], kinds: ['column'] }]) {
          const a = await vec.vectorSearch({ vector, limit: 10, ...filter });
          const b = await js.vectorSearch({ vector, limit: 10, ...filter });
          expect(b.map((h) => h.chunkId)).toEqual(a.map((h) => h.chunkId));
          a.forEach((h, i) => expect(Math.abs(h.score - b[i]!.score)).toBeLessThan(1e-5));
          expect(a).toHaveLength(10);
          compared++;
        }
      }
      expect(compared).toBe(100);
    } finally {
      await vec.close();
      await js.close();
    }
  });

  it('the JS matrix follows writes from another connection', async () => {
    const path = tmpFile();
    const writer = await openSqliteStore(path, { vector: 'sqlite-vec' });
    const js = await openSqliteStore(path, { vector: 'js' });
    try {
      await addSource(writer, 'a');
      await writer.setEmbeddingModel({ modelId: 'm', dimension: 3 });
      await writer.applySourceUpdate(bulkUpdate('a', 3, (n) => new Float32Array([n === 0 ? 1 : 0, n === 1 ? 1 : 0, n === 2 ? 1 : 0])));
      const q = new Float32Array([1, 0, 0]);
      expect((await js.vectorSearch({ vector: q, limit: 1 }))[0]?.chunkId).toBe(obj('a', 0).id);
      await writer.putVectors([{ chunkId: obj('a', 2).id, vector: new Float32Array([2, 0, 0.1]) }]);
      const [first, second] = await js.vectorSearch({ vector: q, limit: 2 });
      expect([first?.chunkId, second?.chunkId]).toEqual([obj('a', 0).id, obj('a', 2).id]);
    } finally {
      await writer.close();
      await js.close();
    }
  });

  it('picks the measured default for auto and treats zero vectors as matching nothing', async () => {
    const store = await openSqliteStore(tmpFile());
    try {
      expect(store.vectorBackend).toBe(AUTO_PREFERENCE);
      expect((await store.info()).vectorBackend).toBe(AUTO_PREFERENCE);
      await addSource(store, 'a');
      await store.setEmbeddingModel({ modelId: 'm', dimension: 2 });
      await store.applySourceUpdate(bulkUpdate('a', 2, (n) => new Float32Array(n === 0 ? [0, 0] : [1, 1])));
      expect((await store.vectorSearch({ vector: new Float32Array([1, 0]), limit: 5 })).map((h) => h.chunkId)).toEqual([obj('a', 1).id]);
      expect(await store.vectorSearch({ vector: new Float32Array([0, 0]), limit: 5 })).toEqual([]);
      await expect(store.vectorSearch({ vector: new Float32Array(3), limit: 5 })).rejects.toThrow(/dimension/);
    } finally {
      await store.close();
    }
  });
});

describe('sqlite store: lexical details', () => {
  it('folds diacritics, stems (porter), and exports its BM25 weights', async () => {
    expect(BM25_WEIGHTS).toEqual({ name: 3, comment: 2, definition: 1, context: 4 });
    const store = await openSqliteStore(tmpFile());
    try {
      await addSource(store, 'a');
      const o = obj('a', 1);
      await store.applySourceUpdate({
        ...bulkUpdate('a', 0, null),
        changed: [{ resource: o.resource, hash: 'h', objects: [o], edges: [] }],
        chunks: { upsert: [{ chunk: chunkOf(o, { comment: 'Crème brûlée orders' }), vector: null }], remove: [], effectiveContexts: [] },
      });
      expect((await store.lexicalSearch({ terms: [['creme']], limit: 5 })).map((h) => h.chunkId)).toEqual([o.id]);
      expect((await store.lexicalSearch({ terms: [['order']], limit: 5 })).map((h) => h.chunkId)).toEqual([o.id]);
      expect(await store.lexicalSearch({ terms: [['invoice']], limit: 5 })).toEqual([]);
      expect(await store.lexicalSearch({ terms: [['orders']], limit: 0 })).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('remembers results only until the index changes, on this connection or another', async () => {
    const path = tmpFile();
    const store = await openSqliteStore(path);
    const other = await openSqliteStore(path);
    const put = (s: SqliteStore, n: number, comment: string) => {
      const o = obj('a', n);
      return s.applySourceUpdate({
        ...bulkUpdate('a', 0, null),
        changed: [{ resource: o.resource, hash: `h${n}`, objects: [o], edges: [] }],
        chunks: { upsert: [{ chunk: chunkOf(o, { comment }), vector: null }], remove: [], effectiveContexts: [] },
      });
    };
    const brulee = async () => (await store.lexicalSearch({ terms: [['brulee']], limit: 5 })).map((h) => h.chunkId);
    try {
      await addSource(store, 'a');
      await put(store, 1, 'Crème brûlée orders');
      expect(await brulee()).toEqual([obj('a', 1).id]);
      const [hit] = await store.lexicalSearch({ terms: [['brulee']], limit: 5 });
      hit!.chunkId = 'changed by a caller';
      expect(await brulee()).toEqual([obj('a', 1).id]);
      await put(store, 2, 'brûlée');
      expect(await brulee()).toEqual([obj('a', 2).id, obj('a', 1).id]);
      await put(other, 3, 'brûlée brûlée');
      expect(await brulee()).toEqual([obj('a', 3).id, obj('a', 2).id, obj('a', 1).id]);
    } finally {
      await store.close();
      await other.close();
    }
  });

  it('ranks the top FTS rows, then filters; a narrow filter falls back to the filtered query, same result', async () => {
    const path = tmpFile();
    const store = await openSqliteStore(path);
    try {
      await addSource(store, 'a');
      await addSource(store, 'b');
      // 1,500 chunks of `a` (more than the FTS step reads) and 12 of `b` all match `customer`
      // with many equal scores
      await store.applySourceUpdate(bulkUpdate('a', 1500, null));
      await store.applySourceUpdate(bulkUpdate('b', 12, null, 5000));
      const db = raw(path);
      const w = BM25_WEIGHTS;
      const expected = (sources: string[] | null, kinds: string[] | null, limit: number): ScoredChunk[] =>
        db
          .prepare<unknown[], ScoredChunk>(
            `SELECT c.id AS chunkId, -bm25(chunks_fts, ${w.name}, ${w.comment}, ${w.definition}, ${w.context}) AS score
             FROM chunks_fts JOIN chunks c ON c.rid = chunks_fts.rowid
             WHERE chunks_fts MATCH ? AND (? IS NULL OR c.source IN (SELECT value FROM json_each(?)))
               AND (? IS NULL OR c.kind IN (SELECT value FROM json_each(?)))
             ORDER BY score DESC, c.id ASC LIMIT ?`,
          )
          .all(
            'customer OR c',
            sources && JSON.stringify(sources),
            sources && JSON.stringify(sources),
            kinds && JSON.stringify(kinds),
            kinds && JSON.stringify(kinds),
            limit,
          );
      try {
        for (const [sources, kinds] of [
          [null, null],
          [['b'], null],
          [['a'], ['table']],
          [null, ['column']],
        ] as Array<[string[] | null, string[] | null]>) {
          // the searches share one FTS step until a larger limit needs more rows
          for (const limit of [1, 10, 60, 300]) {
            const got = await store.lexicalSearch({ terms: [['customer'], ['c']], limit, ...(sources ? { sources } : {}), ...(kinds ? { kinds } : {}) });
            expect(got, JSON.stringify({ sources, kinds, limit })).toEqual(expected(sources, kinds, limit));
          }
        }
      } finally {
        db.close();
      }
    } finally {
      await store.close();
    }
  });
});

describe('sqlite store: the index file', () => {
  it('creates parent directories and writes through a WAL', async () => {
    const path = tmpFile();
    const store = await openSqliteStore(path);
    try {
      await addSource(store, 'a');
      expect(existsSync(path)).toBe(true);
      expect(existsSync(`${path}-wal`)).toBe(true);
      const db = raw(path);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.close();
      const info = await store.info();
      expect(info.location).toBe(path);
      expect(info.schemaVersion).toBe(SCHEMA_VERSION);
      expect(info.sizeBytes).toBeGreaterThan(readFileSync(path).length - 1);
    } finally {
      await store.close();
    }
  });

  it('refuses a file that is not SQLite with INDEX_CORRUPT and leaves it untouched', async () => {
    const path = tmpFile();
    await openSqliteStore(path).then((s) => s.close());
    const garbage = Buffer.from('this is not a database, it is a shopping list\n'.repeat(200));
    writeFileSync(path, garbage);
    await expect(openSqliteStore(path)).rejects.toMatchObject({ code: 'INDEX_CORRUPT', hint: expect.stringContaining('sextant repair') });
    expect(readFileSync(path).equals(garbage)).toBe(true);
  });

  it('refuses a foreign SQLite file with INDEX_CORRUPT without switching it to WAL', async () => {
    const path = tmpFile();
    await openSqliteStore(path).then((s) => s.close());
    writeFileSync(path, '');
    const db = raw(path);
    db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me')");
    db.close();
    await expect(openSqliteStore(path)).rejects.toMatchObject({ code: 'INDEX_CORRUPT', message: expect.stringContaining('not a Sextant index') });
    const again = raw(path);
    expect(again.pragma('journal_mode', { simple: true })).toBe('delete');
    again.close();
  });

  it('refuses an index of another schema version with INDEX_VERSION_MISMATCH', async () => {
    const path = tmpFile();
    await openSqliteStore(path).then((s) => s.close());
    const db = raw(path);
    db.prepare("UPDATE meta SET value = '99' WHERE key = 'schema_version'").run();
    db.close();
    await expect(openSqliteStore(path)).rejects.toMatchObject({
      code: 'INDEX_VERSION_MISMATCH',
      message: `index schema version 99, this sextant needs ${SCHEMA_VERSION}`,
      hint: 'run `sextant repair`',
    });
  });

  it('repair moves a corrupt file aside and creates a fresh index', async () => {
    const path = tmpFile();
    await openSqliteStore(path).then((s) => s.close());
    writeFileSync(path, 'garbage'.repeat(500));
    const report = await repairIndexFile(path);
    expect(report.action).toBe('moved-aside');
    expect(report.backupPath).toMatch(/index\.sqlite\.broken-\d{4}-\d\d-\d\dT/);
    expect(readFileSync(report.backupPath!, 'utf8')).toBe('garbage'.repeat(500));
    const store = await openSqliteStore(path);
    expect(await store.listSources()).toEqual([]);
    await store.close();
  });

  it('repair moves a foreign SQLite file aside, and open with repair: true does it too', async () => {
    const path = tmpFile();
    await openSqliteStore(path).then((s) => s.close());
    writeFileSync(path, '');
    const db = raw(path);
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY)');
    db.close();
    const store = await openSqliteStore(path, { repair: true });
    try {
      expect(store.fileRepair?.action).toBe('moved-aside');
      expect(existsSync(store.fileRepair!.backupPath!)).toBe(true);
      await addSource(store, 'a');
      expect((await store.listSources()).map((s) => s.name)).toEqual(['a']);
    } finally {
      await store.close();
    }
    const backup = raw(store.fileRepair!.backupPath!);
    expect(backup.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual(['notes']);
    backup.close();
  });

  it('adds the objects (kind, id) index to an index made without it, and counts databases through it', async () => {
    const path = tmpFile();
    const store = await openSqliteStore(path);
    await addSource(store, 'shop');
    await store.applySourceUpdate(bulkUpdate('shop', 5, null));
    await store.close();
    const db = raw(path);
    db.exec('DROP INDEX objects_kind');
    db.close();
    const reopened = await openSqliteStore(path);
    const schemas = (await reopened.listObjects({ kinds: ['schema'], limit: 1 })).total;
    await reopened.close();
    const check = raw(path);
    const plan = check
      .prepare<[], { detail: string }>('EXPLAIN QUERY PLAN SELECT count(*) FROM objects WHERE kind IN (SELECT value FROM json_each(\'["schema"]\'))')
      .all()
      .map((r) => r.detail)
      .join('; ');
    expect(check.prepare("SELECT count(*) FROM objects WHERE kind = 'schema'").pluck().get()).toBe(schemas);
    check.close();
    expect(plan).toContain('objects_kind');
  });

  for (const version of [0, 99]) {
    it(`repair rebuilds an index of schema version ${version}, keeping sources and contexts`, async () => {
      const path = tmpFile();
      const store = await openSqliteStore(path);
      await addSource(store, 'shop');
      await store.setEmbeddingModel({ modelId: 'm', dimension: 2 });
      await store.applySourceUpdate(bulkUpdate('shop', 20, () => new Float32Array([1, 2])));
      const context = await store.addContext({ source: 'shop', targetKind: 'source', target: 'shop', text: 'the web shop' });
      await store.close();
      const db = raw(path);
      db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(version));
      db.close();

      const report = await repairIndexFile(path);
      expect(report).toMatchObject({ action: 'rebuilt', previousVersion: version, schemaVersion: SCHEMA_VERSION, keptSources: 1, keptContexts: 1 });
      expect(report.message).toMatch(/no migration/);
      expect(existsSync(report.backupPath!)).toBe(true);

      const fresh = await openSqliteStore(path);
      try {
        const source = await fresh.getSource('shop');
        expect(source).toMatchObject({ name: 'shop', url: 'postgres://r@h/shop', sourceHash: null, lastUpdate: null });
        expect(await fresh.listContexts()).toEqual([context]);
        expect(await fresh.objectIds()).toEqual([]);
        expect((await fresh.info()).chunks).toBe(0);
        expect(await fresh.embeddingModel()).toBeNull();
      } finally {
        await fresh.close();
      }
    });
  }

  it('repair of a healthy index changes nothing and repairIndex rebuilds derived tables', async () => {
    const path = tmpFile();
    const store = await openSqliteStore(path);
    await addSource(store, 'a');
    await store.setEmbeddingModel({ modelId: 'm', dimension: 2 });
    await store.applySourceUpdate(bulkUpdate('a', 30, () => new Float32Array([1, 0])));
    await store.close();
    expect((await repairIndexFile(path)).action).toBe('none');
    const report = await repairIndex(path);
    expect(report).toMatchObject({ action: 'none', rebuilt: { ftsRows: 30, vectors: 30, vectorsDropped: 0 } });
    expect(report.summary).toMatch(/rebuilt 30 full-text row\(s\) and 30 vector\(s\)/);
    expect((await repairIndexFile(join(home.dir, 'absent', 'index.sqlite'))).action).toBe('none');
  });

  it("keeps a context's origin and evidence, and adds them to an older index on open, its contexts manual", async () => {
    const path = tmpFile();
    const store = await openSqliteStore(path);
    await addSource(store, 'shop');
    const manual = await store.addContext({ source: 'shop', targetKind: 'source', target: 'shop', text: 'the web shop' });
    const inferred = await store.addContext({
      source: 'shop',
      targetKind: 'object',
      target: 'shop:table:public.t0',
      text: 'drafted',
      origin: 'inferred',
      evidence: ['table public.t0', 'column c1 integer'],
    });
    expect(manual).toMatchObject({ origin: 'manual' });
    expect(manual.evidence).toBeUndefined();
    expect(inferred).toMatchObject({ origin: 'inferred', evidence: ['table public.t0', 'column c1 integer'] });
    expect(await store.listContexts('shop')).toEqual([manual, inferred]);
    await store.close();

    const db = raw(path);
    db.exec('DELETE FROM contexts WHERE id = ' + inferred.id + '; ALTER TABLE contexts DROP COLUMN origin; ALTER TABLE contexts DROP COLUMN evidence');
    db.close();
    const migrated = await openSqliteStore(path);
    try {
      expect(await migrated.listContexts()).toEqual([manual]);
      const again = await migrated.addContext({ source: 'shop', targetKind: 'schema', target: 'public', text: 'x', origin: 'inferred', evidence: ['F'] });
      expect((await migrated.listContexts()).at(-1)).toEqual(again);
    } finally {
      await migrated.close();
    }
  });

  it('adds sessions.client to an older index on open: its sessions read null, a new client name is kept', async () => {
    const path = tmpFile();
    const store = await openSqliteStore(path);
    const session = {
      id: 's1',
      project: 'default',
      user: 'ann',
      activeProjects: ['default'],
      client: 'old-agent/1.0',
      createdAt: 'a',
      lastSeenAt: 'a',
      expiresAt: '9999',
    };
    await store.putSession(session);
    await store.close();
    const db = raw(path);
    db.exec('ALTER TABLE sessions DROP COLUMN client');
    db.close();
    const migrated = await openSqliteStore(path);
    try {
      expect(await migrated.getSession('s1')).toEqual({ ...session, client: null });
      await migrated.putSession({ ...session, client: 'new-agent/2.0' });
      expect((await migrated.listSessions()).map((s) => s.client)).toEqual(['new-agent/2.0']);
    } finally {
      await migrated.close();
    }
  });

  it('finds a chain of migrations when there is one', () => {
    const step = (from: number, to: number): Migration => ({ from, to, description: `${from}→${to}`, up: () => {} });
    const steps = [step(1, 2), step(2, 3), step(3, 5)];
    expect(migrationPath(1, 3, steps)?.map((m) => m.description)).toEqual(['1→2', '2→3']);
    expect(migrationPath(1, 5, steps)?.map((m) => m.description)).toEqual(['1→2', '2→3', '3→5']);
    expect(migrationPath(0, 3, steps)).toBeNull();
    expect(migrationPath(5, 3, steps)).toBeNull();
    expect(migrationPath(3, 3, steps)).toEqual([]);
  });
});

describe('sqlite store: maintenance', () => {
  it('cleanup removes rows whose source, object or chunk is gone', async () => {
    const path = tmpFile();
    const store = await openSqliteStore(path);
    try {
      await addSource(store, 'a');
      await addSource(store, 'b');
      await store.setEmbeddingModel({ modelId: 'm', dimension: 2 });
      await store.applySourceUpdate(bulkUpdate('a', 10, () => new Float32Array([1, 0])));
      await store.applySourceUpdate(bulkUpdate('b', 10, () => new Float32Array([0, 1]), 100));
      await store.addContext({ source: 'a', targetKind: 'source', target: 'a', text: 'ctx' });
      await store.applyChunkChanges('a', { upsert: [], remove: [], effectiveContexts: [{ objectId: obj('a', 1).id, text: 'ctx' }] });
      // Orphans as a crashed or older writer could leave them.
      const db = raw(path);
      db.prepare("DELETE FROM sources WHERE name = 'a'").run();
      db.prepare('DELETE FROM objects WHERE id = ?').run(obj('b', 100).id);
      db.prepare("INSERT INTO chunks_fts (rowid, name, comment, definition, context) VALUES (999999, 'ghost', '', '', '')").run();
      db.close();
      expect((await store.lexicalSearch({ terms: [['ghost']], limit: 5 })).length).toBe(0);

      const removed = await store.cleanup();
      expect(removed).toEqual({
        objects: 10,
        edges: 0,
        resources: 1,
        contexts: 1,
        vectors: 11,
        ftsRows: 12,
        chunks: 11,
        effectiveContexts: 1,
        entityLinks: 0,
        entities: 0,
        sessions: 0,
        sessionDocuments: 0,
      });
      const info = await store.info();
      expect([info.chunks, info.vectors]).toEqual([9, 9]);
      expect((await store.lexicalSearch({ terms: [['customer']], limit: 50 })).every((h) => h.chunkId.startsWith('b:'))).toBe(true);
      expect(await store.vectorSearch({ vector: new Float32Array([1, 0]), limit: 50 })).toHaveLength(9);
      expect(Object.values(await store.cleanup()).every((n) => n === 0)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('repair rebuilds lost FTS rows and drops vectors that no longer fit', async () => {
    const path = tmpFile();
    const store = await openSqliteStore(path);
    try {
      await addSource(store, 'a');
      await store.setEmbeddingModel({ modelId: 'm', dimension: 2 });
      await store.applySourceUpdate(bulkUpdate('a', 10, () => new Float32Array([1, 0])));
      const before = await store.lexicalSearch({ terms: [['customer']], limit: 20 });
      expect(before).toHaveLength(10);
      const db = raw(path);
      db.prepare("INSERT INTO chunks_fts (chunks_fts) VALUES ('delete-all')").run();
      db.prepare('UPDATE vectors SET vector = zeroblob(12) WHERE rid = (SELECT min(rid) FROM vectors)').run();
      db.close();
      expect(await store.lexicalSearch({ terms: [['customer']], limit: 20 })).toEqual([]);
      expect(await store.repair()).toEqual({ ftsRows: 10, vectors: 9, vectorsDropped: 1, entityLinks: 0, entities: 0 });
      expect(await store.lexicalSearch({ terms: [['customer']], limit: 20 })).toEqual(before);
      expect(await store.chunksWithoutVectors(5)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});

describe('sqlite store: throughput', () => {
  it('writes 100k objects and 100k chunks with vectors in one update within seconds', async () => {
    const store = await openSqliteStore(tmpFile());
    try {
      await addSource(store, 'big');
      await store.setEmbeddingModel({ modelId: 'm', dimension: 100 });
      const rnd = seededRandom(1);
      const update = bulkUpdate('big', 100_000, () => randomVector(rnd, 100));
      const started = performance.now();
      await store.applySourceUpdate(update);
      const ms = performance.now() - started;
      console.info(`applySourceUpdate: 100k objects + 100k chunks + vectors in ${Math.round(ms)} ms`);
      const info = await store.info();
      expect([info.countsByKind.column, info.chunks, info.vectors]).toEqual([100_000, 100_000, 100_000]);
      const page = await store.listObjects({ source: 'big', limit: 50 });
      expect(page.total).toBe(100_000);
    } finally {
      await store.close();
    }
  });
});

describe('change counter across connections', () => {
  it('a second store on the same file sees the counter move when the first one writes', async () => {
    const path = tmpFile();
    const writer = await openSqliteStore(path);
    const reader = await openSqliteStore(path);
    try {
      const before = await reader.changeCounter();
      await writer.addSource({ name: 'shop', type: 'postgres', url: 'postgres://reader@db/shop', options: {}, createdAt: '2026-11-23T00:00:00.000Z' });
      expect(await reader.changeCounter()).not.toBe(before);
      expect((await reader.listSources()).map((s) => s.name)).toEqual(['shop']);
    } finally {
      await reader.close();
      await writer.close();
    }
  });
});
