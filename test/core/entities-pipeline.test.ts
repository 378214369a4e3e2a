/**
 * Integration: entities and the query pipeline end to end on real parts: the demo sample
 * database on the real PostgreSQL (127.0.0.1:5432), the postgres connector, the SQLite store on
 * both vector backends and the builtin embedder. Entities are extracted and linked at update,
 * follow context changes and dropped tables, stay in their scope; related chunks come through
 * shared entities; `query` is deterministic; the backends agree; the rerank hook is advisory.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBuiltinCache, loadBuiltinEmbedder, type BuiltinEmbedder } from '../../src/adapters/embedder/builtin/index.js';
import { createPostgresConnector } from '../../src/adapters/connector/postgres/index.js';
import { openSqliteStore, type SqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createCommandReranker } from '../../src/adapters/reranker/command/index.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import type { EngineDeps } from '../../src/core/engine-deps.js';
import { createEntityLookups } from '../../src/core/entities/entity-lookups.js';
import { extractEntities } from '../../src/core/entities/extract.js';
import { lexicalField } from '../../src/core/search/lexical-text.js';
import type { SearchResult } from '../../src/core/search/types.js';
import { loadSampleSql } from '../../src/demo/sample-database.js';
import type { Chunk } from '../../src/ports/catalog.js';
import type { ChunkWrite, EntityRecord, Store } from '../../src/ports/store.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const SOURCE = 'demo';
const HANGARS = `${SOURCE}:table:shop.zeppelin_hangar`;

/** A table of our own beside the demo's, so the test does not depend on the sample's wording. */
const EXTRA_SQL = `
CREATE TABLE shop.zeppelin_hangar (
  hangar_id bigint PRIMARY KEY,
  airfield_code text NOT NULL,
  mooring_mast_count integer,
  helium_capacity_m3 numeric
);
COMMENT ON TABLE shop.zeppelin_hangar IS 'A hangar where the promotional zeppelin fleet is moored between flights.';
COMMENT ON COLUMN shop.zeppelin_hangar.helium_capacity_m3 IS 'Helium the hangar can store, in cubic metres.';
`;

const home = tempHome();
let db: TempDatabase;
let store: SqliteStore;
let embedder: BuiltinEmbedder;
let engine: Engine;
const connectors = new Map([['postgres', createPostgresConnector({ statementTimeoutMs: 5000 })]]);
const indexPath = join(home.dir, 'index.sqlite');

function engineOver(s: Store, extra: Partial<EngineDeps> = {}): Engine {
  return createEngine({ store: s, connectors, embedder: async () => embedder, lexical: lexicalField, ...extra });
}

async function update(): Promise<void> {
  const run = await engine.update({ source: SOURCE, allowExtraPrivileges: true });
  expect(run.ok, run.reports.map((r) => r.message).join('; ')).toBe(true);
}

async function listAll(filter: Parameters<Store['listEntities']>[0] = {}): Promise<EntityRecord[]> {
  const out: EntityRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listEntities(filter, { limit: 500, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

const entityKeys = async (id: string): Promise<string[]> => ((await store.entitiesOf([id])).get(id) ?? []).map((e) => e.key);
const order = (r: SearchResult): string[] => r.hits.map((h) => `${h.id}${h.related ? ' (related)' : ''} ${h.score}`);

beforeAll(async () => {
  const cache = join(home.dir, 'models', 'builtin.bin');
  await buildBuiltinCache(cache);
  embedder = await loadBuiltinEmbedder(cache);
  db = await createTempDatabase('sxt_entities');
  for (const sql of [...loadSampleSql(), EXTRA_SQL]) await db.exec(sql);
  store = await openSqliteStore(indexPath, { vector: 'js' });
  engine = engineOver(store);
  await engine.addSource({ name: SOURCE, url: db.adminDsn });
  await update();
}, 180_000);

afterAll(async () => {
  await store?.close();
  await db?.drop();
  home.cleanup();
});

describe('entities at update', () => {
  it('extracts and links entities for every chunk from names, comments and columns', async () => {
    const status = await engine.status();
    expect(status.index.chunks).toBeGreaterThan(300);
    expect(await entityKeys(HANGARS)).toEqual(
      expect.arrayContaining(['TERM:zeppelin hangar', 'CONCEPT:hangar', 'CONCEPT:zeppelin', 'TERM:airfield code', 'TERM:mooring mast count', 'CONCEPT:fleet']),
    );
    // a column: its own name, its comment, and its table (weaker)
    const helium = (await store.entitiesOf([`${SOURCE}:column:shop.zeppelin_hangar.helium_capacity_m3`])).get(
      `${SOURCE}:column:shop.zeppelin_hangar.helium_capacity_m3`,
    )!;
    const byKey = new Map(helium.map((e) => [e.key, e.confidence]));
    expect(byKey.get('CONCEPT:helium')).toBeGreaterThan(byKey.get('TERM:zeppelin hangar') ?? 1);
    expect(byKey.has('CONCEPT:metre')).toBe(true);
    const listed = await listAll();
    expect(listed.length).toBeGreaterThan(200);
    expect(listed.find((e) => e.key === 'TERM:zeppelin hangar')?.chunks).toBe(5);
    // every base chunk with a name has links
    const chunkIds = (await store.listObjects({ source: SOURCE, kinds: ['table'], limit: 1000 })).items.map((o) => o.id);
    const of = await store.entitiesOf(chunkIds);
    expect(chunkIds.filter((id) => !of.has(id))).toEqual([]);
  });

  it('brings a table’s columns back as related chunks of a table hit', async () => {
    const lookups = createEntityLookups(store);
    const related = await lookups.related([HANGARS], {}, 5);
    expect(related).toHaveLength(5);
    // its four columns share the most (and rarest) entities with it, so they come first
    expect(related.slice(0, 4).sort()).toEqual(
      ['airfield_code', 'hangar_id', 'helium_capacity_m3', 'mooring_mast_count'].map((c) => `${SOURCE}:column:shop.zeppelin_hangar.${c}`),
    );

    const orders = `${SOURCE}:table:shop.sales_order`;
    const ofOrders = await lookups.related([orders], {}, 5);
    // a wide table's own name is too common in a small index (df > √N): what its comment and
    // columns name rarely brings the tables and columns it is about
    expect(ofOrders).toHaveLength(5);
    expect(ofOrders).toContain(`${SOURCE}:table:shop.order_line`);
    expect(ofOrders.some((id) => id.startsWith(`${SOURCE}:column:shop.sales_order.`))).toBe(true);

    const result = await engine.query('zeppelin hangar airfield', { limit: 3, includeRelated: true, explain: true });
    const direct = result.hits.filter((h) => !h.related);
    const marked = result.hits.filter((h) => h.related);
    expect(direct).toHaveLength(3);
    expect(direct.some((h) => h.id.includes('zeppelin_hangar'))).toBe(true);
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.length).toBeLessThanOrEqual(5);
    expect(new Set(result.hits.map((h) => h.id)).size).toBe(result.hits.length);
    // each related chunk shares an entity with a hit and scores below every hit
    const of = await store.entitiesOf(result.hits.map((h) => h.id));
    const hitKeys = new Set(direct.flatMap((h) => (of.get(h.id) ?? []).map((e) => e.key)));
    for (const h of marked) {
      expect(
        (of.get(h.id) ?? []).some((e) => hitKeys.has(e.key)),
        h.id,
      ).toBe(true);
      expect(h.score).toBeLessThan(direct[direct.length - 1]!.score);
    }
    for (const h of direct) expect(h.explain?.entities).toEqual((of.get(h.id) ?? []).map((e) => e.name));
    // without the option nothing is added
    expect((await engine.query('zeppelin hangar airfield', { limit: 3 })).hits.some((h) => h.related)).toBe(false);
  });

  it('relinks a table and its columns when a context is added or removed', async () => {
    const column = `${SOURCE}:column:shop.zeppelin_hangar.airfield_code`;
    const change = await engine.addContext(HANGARS, 'Leased from Acme Airships in Friedrichshafen.');
    expect(change.chunksUpdated).toBeGreaterThanOrEqual(5);
    const withContext = await store.entitiesOf([HANGARS, column]);
    for (const id of [HANGARS, column]) {
      const names = withContext.get(id)!.map((e) => e.name);
      expect(names, id).toContain('friedrichshafen');
    }
    expect((await listAll()).some((e) => e.name === 'friedrichshafen')).toBe(true);

    await engine.removeContext(change.context.id);
    for (const [id, entities] of await store.entitiesOf([HANGARS, column])) {
      expect(
        entities.map((e) => e.name),
        id,
      ).not.toContain('friedrichshafen');
    }
    expect((await listAll()).some((e) => e.name === 'friedrichshafen')).toBe(false);
  });
});

describe('scoped chunks', () => {
  const hangarOf = (suffix: string, scope: Partial<Chunk>, comment: string): ChunkWrite => {
    const chunk: Chunk = {
      id: `${HANGARS}#${suffix}`,
      objectId: HANGARS,
      source: SOURCE,
      kind: 'table',
      name: 'zeppelin hangar notes',
      comment,
      definition: '',
      context: '',
      text: `zeppelin hangar notes. ${comment}`,
      contentHash: `scoped:${suffix}`,
      project: null,
      session: null,
      ...scope,
    };
    return { chunk, vector: null, entities: extractEntities({ kind: 'document', name: 'zeppelin_hangar', comment }) };
  };

  beforeAll(async () => {
    await store.applyChunkChanges(SOURCE, {
      upsert: [
        hangarOf('p1', { project: 'p1' }, 'Mooring checklist agreed with Skyward Logistics.'),
        hangarOf('s1', { session: 's1' }, 'Inspection by Hindenburg Safety Board next week.'),
      ],
      remove: [],
      effectiveContexts: [],
    });
  });

  afterAll(async () => {
    await store.applyChunkChanges(SOURCE, { upsert: [], remove: [`${HANGARS}#p1`, `${HANGARS}#s1`], effectiveContexts: [] });
  });

  it('shows their entities only in their scope', async () => {
    const names = async (filter: Parameters<Store['listEntities']>[0]) => (await listAll(filter)).map((e) => e.name);
    const base = await names({});
    expect(base).not.toContain('skyward logistics');
    expect(base).not.toContain('hindenburg safety board');
    expect(await names({ projects: ['p1'] })).toContain('skyward logistics');
    expect(await names({ projects: ['p1'] })).not.toContain('hindenburg safety board');
    expect(await names({ session: 's1' })).toContain('hindenburg safety board');
    const hangar = async (filter: Parameters<Store['listEntities']>[0]) => (await listAll(filter)).find((e) => e.key === 'TERM:zeppelin hangar')?.chunks;
    expect(await hangar({})).toBe(5);
    expect(await hangar({ projects: ['p1'], session: 's1' })).toBe(7);
  });

  it('relates them only inside their scope', async () => {
    const lookups = createEntityLookups(store);
    const inScope = await lookups.related([HANGARS], { projects: ['p1'], session: 's1' }, 10);
    expect(inScope).toEqual(expect.arrayContaining([`${HANGARS}#p1`, `${HANGARS}#s1`]));
    const base = await lookups.related([HANGARS], {}, 10);
    expect(base.some((id) => id.includes('#'))).toBe(false);
    const other = await lookups.related([HANGARS], { session: 's2' }, 10);
    expect(other).toEqual(base);
  });
});

describe('query pipeline', () => {
  const QUERIES = ['monthly revenue by product category', 'customer email address', 'open support tickets', 'zeppelin hangars', 'refunds of invoices'];

  it('gives the same order for the same index and query, every time', async () => {
    for (const q of QUERIES) {
      const first = order(await engine.query(q, { limit: 10, includeRelated: true }));
      expect(first.length).toBeGreaterThan(0);
      for (let i = 1; i < 20; i++) expect(order(await engine.query(q, { limit: 10, includeRelated: true }))).toEqual(first);
    }
  });

  it('gives the same vsearch top-k on sqlite-vec and on JS vectors', async () => {
    const vecStore = await openSqliteStore(indexPath, { vector: 'sqlite-vec' });
    try {
      expect([store.vectorBackend, vecStore.vectorBackend]).toEqual(['js', 'sqlite-vec']);
      const viaVec = engineOver(vecStore);
      for (const q of [...QUERIES, 'when was the parcel shipped', 'discount code']) {
        // a few more from JS, so a near-tie across the cut is recognised
        const js = (await engine.vsearch(q, { limit: 15 })).hits;
        const sv = (await viaVec.vsearch(q, { limit: 10 })).hits;
        expect(sv).toHaveLength(10);
        // scores are rounded to 4 decimals after float32 (sqlite-vec) or float64 (JS) cosines:
        // equal within one unit of the last place, ids equal except inside such near-ties
        const near = (a: number, b: number) => Math.abs(a - b) <= 1.5e-4;
        sv.forEach((hit, i) => {
          expect(near(hit.score, js[i]!.score), `${q} #${i}`).toBe(true);
          if (hit.id !== js[i]!.id) expect(js.filter((h) => near(h.score, hit.score)).map((h) => h.id)).toContain(hit.id);
        });
      }
    } finally {
      await vecStore.close();
    }
  });

  it('applies a good rerank hook and keeps the fused order when the hook fails', async () => {
    const q = 'customer email address';
    const fused = await engine.query(q, { limit: 6 });
    expect(fused.rerank).toBeNull();
    const ids = fused.hits.map((h) => h.id);

    const reverse = `node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const p=JSON.parse(s);console.log(JSON.stringify(p.results.map(r=>r.id).reverse()))})"`;
    const good = await engineOver(store, { rerank: createCommandReranker(reverse, { timeoutMs: 10_000 }) }).query(q, { limit: 6 });
    expect(good.rerank).toEqual({ applied: true, error: null });
    expect(good.hits.map((h) => h.id)).toEqual([...ids].reverse());

    const failing = await engineOver(store, { rerank: createCommandReranker('echo boom >&2; exit 3', { timeoutMs: 10_000 }) }).query(q, { limit: 6 });
    expect(failing.rerank?.applied).toBe(false);
    expect(failing.rerank?.error).toMatch(/3|boom/);
    expect(failing.hits.map((h) => h.id)).toEqual(ids);

    const garbage = await engineOver(store, { rerank: createCommandReranker('echo not-json', { timeoutMs: 10_000 }) }).query(q, { limit: 6 });
    expect(garbage.rerank?.applied).toBe(false);
    expect(garbage.hits.map((h) => h.id)).toEqual(ids);
  });
});

describe('dropped table', () => {
  it('removes its chunks’ links and the entities nothing else mentions', async () => {
    const before = await listAll();
    expect(before.some((e) => e.key === 'TERM:mooring mast count')).toBe(true);
    await db.exec('DROP TABLE shop.zeppelin_hangar');
    await update();
    expect(await store.entitiesOf([HANGARS, `${SOURCE}:column:shop.zeppelin_hangar.hangar_id`])).toEqual(new Map());
    const after = await listAll();
    for (const key of ['TERM:zeppelin hangar', 'TERM:mooring mast count', 'CONCEPT:zeppelin', 'CONCEPT:helium']) {
      expect(after.map((e) => e.key)).not.toContain(key);
    }
    // shared entities stay, with fewer chunks
    const customer = (list: EntityRecord[]) => list.find((e) => e.key === 'CONCEPT:customer')?.chunks ?? 0;
    expect(customer(after)).toBe(customer(before));
    expect((await store.cleanup()).entities).toBe(0);
  });
});
