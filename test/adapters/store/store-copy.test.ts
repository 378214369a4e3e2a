/**
 * `store copy` through the Store port, SQLite → PostgreSQL → SQLite, on real stores (a SQLite file
 * and a database on the PostgreSQL at 127.0.0.1:5432): everything an index holds arrives,
 * verified by counts and hashes per part, and the second copy's digest equals the first store's.
 * Also read back as behaviour: the glossary's history and ids, a session's document found by
 * its session only, the LLM cache, the ids given after a restored glossary.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../../src/adapters/store/postgres/index.js';
import { openSqliteStore } from '../../../src/adapters/store/sqlite/index.js';
import { localUser } from '../../../src/core/auth/user.js';
import { createProjectService } from '../../../src/core/projects/projects.js';
import { createSessionService } from '../../../src/core/sessions/session-service.js';
import { copyIndex, digestIndex, INCOMPLETE_COPY, type CopyReport } from '../../../src/core/store/copy-index.js';
import type { CatalogObject } from '../../../src/ports/catalog.js';
import type { Embedder } from '../../../src/ports/embedder.js';
import type { ChangeActor } from '../../../src/ports/glossary.js';
import type { ChunkWrite, Store } from '../../../src/ports/store.js';
import { fields, index } from '../../contracts/glossary-store.contract.js';
import { cliEnv, runCli } from '../../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../../helpers/postgres.js';

const AT = '2025-05-01T00:00:00.000Z';
const CLI: ChangeActor = { user: 'ana', client: null, via: 'cli' };
const MCP: ChangeActor = { user: null, client: 'claude-desktop/1.0', via: 'mcp' };

/** One axis per planted word, so session documents get real vectors. */
const tinyEmbedder = {
  modelId: 'tiny',
  dimension: 4,
  async embed(texts: string[]) {
    return texts.map((t) => Float32Array.from(['zeppelin', 'hangar', 'invoice', 'refund'].map((w) => (t.toLowerCase().includes(w) ? 1 : 0.01))));
  },
} as unknown as Embedder;

function object(id: string, kind: string, path: string, parentId: string | null, comment: string | null): CatalogObject {
  return {
    id,
    source: 'shop',
    kind,
    path,
    name: path.split('.').at(-1)!,
    parentId,
    resource: 'table:public.orders',
    comment,
    definition: null,
    attributes: { n: 1 },
  };
}

function chunkOf(o: CatalogObject, vector: number[]): ChunkWrite {
  return {
    chunk: {
      id: o.id,
      objectId: o.id,
      source: 'shop',
      kind: o.kind,
      name: o.name,
      comment: o.comment ?? '',
      definition: '',
      context: '',
      text: `${o.name} ${o.comment ?? ''}`,
      contentHash: `h:${o.id}`,
      project: null,
      session: null,
    },
    vector: Float32Array.from(vector),
    entities: [{ name: 'order', displayName: 'Order', semanticType: 'CONCEPT', nerType: null, confidence: 0.8 }],
  };
}

/** A small index with one of everything a store holds. */
async function populate(store: Store): Promise<void> {
  await store.setEmbeddingModel({ modelId: 'tiny', dimension: 4 });
  await store.addSource({ name: 'shop', type: 'postgres', url: 'postgres://reader@db/shop', options: { schemas: ['public'] }, createdAt: AT });
  const table = object('shop:table:public.orders', 'table', 'public.orders', null, 'one row per checkout');
  const column = object('shop:column:public.orders.total', 'column', 'public.orders.total', table.id, 'gross amount');
  await store.applySourceUpdate({
    source: 'shop',
    sourceHash: 'v1',
    changed: [
      {
        resource: 'table:public.orders',
        hash: 'r1',
        objects: [table, column],
        edges: [{ fromId: column.id, toId: table.id, kind: 'contains', resource: 'table:public.orders', attributes: {} }],
      },
    ],
    removedResources: [],
    chunks: {
      upsert: [chunkOf(table, [1, 0, 0, 0]), chunkOf(column, [0, 1, 0, 0])],
      remove: [],
      effectiveContexts: [{ objectId: table.id, text: 'checkout' }],
    },
    outcome: { at: AT, ok: true, message: 'updated', added: 2, changed: 0, removed: 0, durationMs: 5 },
  });
  await store.addContext({ source: 'shop', targetKind: 'object', target: table.id, text: 'Cancelled orders keep status=cancelled' });
  await store.addContext({ source: 'shop', targetKind: 'schema', target: 'public', text: 'the shop', origin: 'inferred', evidence: ['1', '2'] });
  const projects = createProjectService(store);
  await projects.create('billing', { sources: ['shop'] });
  await store.addToken({ id: 'tk1', name: 'ci', hash: 'c'.repeat(64), projects: ['billing'], roles: ['editor'], createdAt: AT });

  // a glossary with a history: created, updated by an MCP client, another term created and deleted
  const revenue = await store.createTerm(fields('Revenue', { aliases: ['sales'] }), index(fields('Revenue', { aliases: ['sales'] })), CLI, AT);
  const next = fields('Revenue', { aliases: ['sales', 'turnover'], definition: 'after refunds' });
  await store.updateTerm(revenue.id, next, index(next), MCP, '2025-05-02T00:00:00.000Z');
  const churn = await store.createTerm(fields('Churn', { project: 'billing' }), index(fields('Churn', { project: 'billing' })), CLI, AT);
  await store.deleteTerm(churn.id, CLI, '2025-05-03T00:00:00.000Z');
  await store.createTerm(fields('Margin', { project: 'billing' }), index(fields('Margin', { project: 'billing' })), MCP, AT);

  // sessions as the MCP server makes them: a document's chunks with vectors and entities
  const sessions = createSessionService({ store, projects, embedder: async () => tinyEmbedder });
  await sessions.open({ id: 'sess-a', project: 'billing', user: localUser('ana') });
  await sessions.open({ id: 'sess-b', project: 'default', user: localUser('bo') });
  await sessions.addDocument('sess-a', { name: 'runbook.md', text: '# Airships\n\nThe zeppelin sleeps in hangar 7 next to the invoice desk.' });
  await sessions.addDocument('sess-a', { name: 'notes.txt', text: 'Refund requests go to the billing team.' });

  await store.putCachedCompletion('k1', 'gpt-x', '{"terms":[]}', AT);
  await store.putCachedCompletion('k2', 'gpt-x', '{"skip":"opaque"}', '2025-05-04T00:00:00.000Z');
}

describe('store copy: SQLite → PostgreSQL → SQLite carries everything, verified', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sextant-copy-'));
  let pgDb: TempDatabase;
  let sqliteA: Store;
  let postgres: Store;
  let sqliteC: Store;
  let first: CopyReport;
  let second: CopyReport;

  beforeAll(async () => {
    pgDb = await createTempDatabase('store_copy');
    sqliteA = await openSqliteStore(join(dir, 'a.sqlite'));
    await populate(sqliteA);
    postgres = await openPostgresStore(pgDb.adminDsn, { poolSize: 4 });
    sqliteC = await openSqliteStore(join(dir, 'c.sqlite'));
    first = await copyIndex(sqliteA, postgres);
    second = await copyIndex(postgres, sqliteC);
  }, 120_000);

  afterAll(async () => {
    for (const s of [sqliteA, postgres, sqliteC]) await s?.close();
    await pgDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every part and verifies it by counts and hashes, both ways', () => {
    expect(first.mismatches).toEqual([]);
    expect(second.mismatches).toEqual([]);
    expect(first.source.counts).toEqual({
      sources: 1,
      objects: 4, // two catalog objects and the two terms' objects
      edges: 1,
      chunks: 2,
      vectors: 2,
      entities: 2,
      contexts: 2,
      projects: 1,
      tokens: 1,
      terms: 2,
      termChunks: 2,
      glossaryHistory: 5,
      sessions: 2,
      sessionDocuments: 2,
      sessionChunks: 2,
      llmCache: 2,
    });
    expect(second.target).toEqual(first.source);
  });

  it('gives the round trip the first store’s digest', async () => {
    expect(await digestIndex(sqliteC)).toEqual(await digestIndex(sqliteA));
  });

  it('keeps the glossary’s ids, authors, dates and history, and numbers new terms after them', async () => {
    for (const store of [postgres, sqliteC]) {
      expect(await store.glossaryHistory('default')).toEqual(await sqliteA.glossaryHistory('default'));
      expect((await store.glossaryHistory('billing')).map((c) => [c.term, c.action])).toEqual([
        ['Churn', 'create'],
        ['Churn', 'delete'],
        ['Margin', 'create'],
      ]);
      expect(await store.findTerm('default', 'turnover')).toEqual(await sqliteA.findTerm('default', 'turnover'));
    }
    const added = await postgres.createTerm(fields('Cost'), index(fields('Cost')), CLI, AT);
    expect(added.id).toBeGreaterThan(Math.max(...(await sqliteA.listTerms()).map((t) => t.id), 2));
    expect((await postgres.allGlossaryHistory()).at(-1)).toMatchObject({ term: 'Cost', id: 6 });
  });

  it('serves a copied session’s document to that session only, lexically and by vector', async () => {
    for (const store of [postgres, sqliteC]) {
      const lexical = (session: string) => store.lexicalSearch({ terms: [['zeppelin']], limit: 5, session });
      expect((await lexical('sess-a')).map((h) => h.chunkId)).toEqual([expect.stringMatching(/^_session:document:runbook\.md#1@/)]);
      expect(await lexical('sess-b')).toEqual([]);
      const byVector = await store.vectorSearch({ vector: Float32Array.from([0.01, 0.01, 0.01, 1]), limit: 1, session: 'sess-a' });
      expect(byVector.map((h) => h.chunkId)).toEqual([expect.stringMatching(/^_session:document:notes\.txt#1@/)]);
      expect((await store.getSession('sess-a'))?.activeProjects).toEqual(['billing']);
    }
  });

  it('keeps the LLM cache with its dates', async () => {
    expect(await sqliteC.listCachedCompletions()).toEqual(await sqliteA.listCachedCompletions());
    expect(await postgres.getCachedCompletion('k2')).toBe('{"skip":"opaque"}');
  });

  it('gives the copied sources their own hash and last update once the copy is whole', async () => {
    for (const store of [postgres, sqliteC]) {
      expect(await store.getSource('shop')).toMatchObject({ sourceHash: 'v1', lastUpdate: { ok: true, message: 'updated', at: AT } });
    }
  });

  it('leaves a copy interrupted halfway marked as such: status shows it, update reads the source again, a new copy into it is refused', async () => {
    const target = await openSqliteStore(join(dir, 'interrupted.sqlite'));
    try {
      const stop = new Error('interrupted');
      await expect(
        copyIndex(sqliteA, target, (p) => {
          if (p.detail === 'sessions and LLM cache') throw stop;
        }),
      ).rejects.toBe(stop);
      // the source and its chunks arrived, the sessions did not: the source says the copy is incomplete
      expect((await target.info()).chunks).toBeGreaterThan(0);
      expect(await target.listSessions()).toEqual([]);
      const shop = await target.getSource('shop');
      expect(shop?.lastUpdate).toMatchObject({ ok: false, message: INCOMPLETE_COPY });
      expect(shop?.sourceHash).not.toBe('v1');
      const before = await digestIndex(target);
      await expect(copyIndex(sqliteA, target)).rejects.toMatchObject({ code: 'USAGE', message: 'the target store holds an earlier copy that did not finish' });
      expect(await digestIndex(target)).toEqual(before);
    } finally {
      await target.close();
    }
  });

  it('prints a summary whose counts are the table’s (glossary objects included), and --json the digests only', async () => {
    const env = cliEnv(dir);
    const r = await runCli(['store', 'copy', '--from', `sqlite://${join(dir, 'c.sqlite')}`, '--to', `sqlite://${join(dir, 'cli.sqlite')}`], env);
    expect(r.code, r.stderr).toBe(0);
    const table = new Map(
      r.stdout
        .split('\n')
        .map((line) => /^(\w+)\s+(\d+)\s+(\d+)\s+same hash$/.exec(line.trim()))
        .filter((m) => m !== null)
        .map((m) => [m[1]!, Number(m[3])]),
    );
    expect(table.get('objects')).toBe(4);
    expect(table.size).toBe(Object.keys(first.source.counts).length);
    const summary = r.stdout.split('\n').find((line) => line.startsWith('copied '));
    expect(summary).toBe(
      'copied 1 source, 4 objects, 2 chunks, 2 vectors, 2 glossary terms, 5 glossary changes, 2 sessions, 2 session documents, 2 cached LLM answers',
    );
    const json = await runCli(
      ['store', 'copy', '--from', `sqlite://${join(dir, 'c.sqlite')}`, '--to', `sqlite://${join(dir, 'cli-json.sqlite')}`, '--json'],
      env,
    );
    expect(Object.keys(json.json)).toEqual(['ok', 'from', 'to', 'source', 'target', 'mismatches']);
    expect(json.json.target.counts).toEqual(first.source.counts);
  });

  it('marks a source unfinished from the moment it is added, so a copy stopped right after is refused as such', async () => {
    const target = await openSqliteStore(join(dir, 'stopped-early.sqlite'));
    try {
      const stop = new Error('stopped');
      // the target fails its first write after adding the source: the copy stops there
      const failing = new Proxy(target, {
        get: (store, key) => {
          if (key === 'applySourceUpdate') return () => Promise.reject(stop);
          const value: unknown = Reflect.get(store, key);
          return typeof value === 'function' ? value.bind(store) : value;
        },
      });
      await expect(copyIndex(sqliteA, failing)).rejects.toBe(stop);
      expect((await target.getSource('shop'))?.lastUpdate).toMatchObject({ ok: false, message: INCOMPLETE_COPY });
      await expect(copyIndex(sqliteA, target)).rejects.toMatchObject({ code: 'USAGE', message: 'the target store holds an earlier copy that did not finish' });
    } finally {
      await target.close();
    }
  });

  it('refuses a target that is not empty, writing nothing', async () => {
    const before = await digestIndex(sqliteC);
    await expect(copyIndex(sqliteA, sqliteC)).rejects.toMatchObject({ code: 'USAGE', message: expect.stringContaining('not empty') });
    expect(await digestIndex(sqliteC)).toEqual(before);
  });
});
