/**
 * @module test/contracts/store.contract
 * The Store port contract: every store adapter (SQLite now, PostgreSQL later) runs this suite.
 * `open` must return a fresh, empty store each call.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogEdge, CatalogObject, Chunk } from '../../src/ports/catalog.js';
import type { SourceRecord } from '../../src/ports/connector.js';
import type {
  ChunkFilter,
  ChunkWrite,
  ProjectRecord,
  ScoredChunk,
  SessionDocumentRecord,
  SessionRecord,
  SourceUpdate,
  Store,
  StoreCapabilities,
  TokenRecord,
  UpdateOutcome,
} from '../../src/ports/store.js';
import { describeEntityStoreContract } from './entity-store.contract.js';
import { describeGlossaryStoreContract } from './glossary-store.contract.js';

// ---------------------------------------------------------------------------------------------
// fixture helpers (deterministic)

/** mulberry32: a small seeded PRNG, so every run builds the same fixture. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomVector(rnd: () => number, dimension: number): Float32Array {
  const v = new Float32Array(dimension);
  for (let i = 0; i < dimension; i++) v[i] = rnd() * 2 - 1;
  return v;
}

/** Exact cosine top-k over `candidates` in double precision, ties by id (code-unit order). */
export function bruteForceTopK(candidates: ReadonlyArray<{ id: string; vector: Float32Array }>, query: Float32Array, limit: number): ScoredChunk[] {
  const norm = (v: Float32Array): number => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  const qn = norm(query);
  const scored: ScoredChunk[] = [];
  for (const c of candidates) {
    const cn = norm(c.vector);
    if (cn === 0 || qn === 0) continue;
    let dot = 0;
    for (let i = 0; i < query.length; i++) dot += query[i]! * c.vector[i]!;
    scored.push({ chunkId: c.id, score: dot / (qn * cn) });
  }
  scored.sort((a, b) => b.score - a.score || (a.chunkId < b.chunkId ? -1 : a.chunkId > b.chunkId ? 1 : 0));
  return scored.slice(0, limit);
}

/**
 * Same ranking up to float noise: scores match rank by rank within `tol`, and ids match rank by
 * rank except inside groups whose expected scores are within `tol` of each other (there any
 * order is fine). `expected` should hold a few more rows than `actual` so a near-tie across the
 * cut is recognised.
 */
export function expectSameRanking(actual: ScoredChunk[], expected: ScoredChunk[], limit: number, tol = 1e-5): void {
  expect(actual.length).toBe(Math.min(limit, expected.length));
  actual.forEach((row, i) => {
    const want = expected[i]!;
    expect(Math.abs(row.score - want.score)).toBeLessThan(tol);
    if (row.chunkId !== want.chunkId) {
      const tied = expected.filter((e) => Math.abs(e.score - want.score) < tol).map((e) => e.chunkId);
      expect(tied).toContain(row.chunkId);
    }
  });
}

function source(name: string): SourceRecord {
  return { name, type: 'postgres', url: `postgres://reader@localhost/${name}`, options: { schemas: ['public'] }, createdAt: '2025-01-01T00:00:00.000Z' };
}

function outcome(message = 'updated'): UpdateOutcome {
  return { at: '2025-01-02T00:00:00.000Z', ok: true, message, added: 1, changed: 0, removed: 0, durationMs: 12 };
}

function object(src: string, kind: string, path: string, resource: string, extra: Partial<CatalogObject> = {}): CatalogObject {
  const segments = path.split('.');
  return {
    id: `${src}:${kind}:${path}`,
    source: src,
    kind,
    path,
    name: segments[segments.length - 1]!,
    parentId: null,
    resource,
    comment: null,
    definition: null,
    attributes: {},
    ...extra,
  };
}

function table(src: string, schema: string, name: string, columns: string[]): { resource: string; objects: CatalogObject[] } {
  const resource = `table:${schema}.${name}`;
  const t = object(src, 'table', `${schema}.${name}`, resource, { parentId: `${src}:schema:${schema}`, attributes: { rows: 10 } });
  const cols = columns.map((c) => object(src, 'column', `${schema}.${name}.${c}`, resource, { parentId: t.id, attributes: { type: 'text' } }));
  return { resource, objects: [t, ...cols] };
}

function chunkOf(o: CatalogObject, fields: Partial<Chunk> = {}): Chunk {
  return {
    id: o.id,
    objectId: o.id,
    source: o.source,
    kind: o.kind,
    name: o.name.replace(/_/g, ' '),
    comment: o.comment ?? '',
    definition: o.definition ?? '',
    context: '',
    text: `${o.kind} ${o.name}`,
    contentHash: `hash:${o.id}:${fields.name ?? ''}:${fields.context ?? ''}`,
    project: null,
    session: null,
    ...fields,
  };
}

function update(src: string, changed: SourceUpdate['changed'], extra: Partial<SourceUpdate> = {}): SourceUpdate {
  return {
    source: src,
    sourceHash: `src-hash-${changed.map((c) => c.hash).join('+')}`,
    changed,
    removedResources: [],
    chunks: { upsert: [], remove: [], effectiveContexts: [] },
    outcome: outcome(),
    ...extra,
  };
}

/** A small catalogue: shop.public.{orders, customers, order_lines} with a FK edge and chunks. */
async function seedShop(store: Store, dimension = 4): Promise<{ tables: ReturnType<typeof table>[]; edges: CatalogEdge[] }> {
  await store.addSource(source('shop'));
  await store.setEmbeddingModel({ modelId: 'test-model', dimension });
  const schema = object('shop', 'schema', 'public', 'schema:public');
  const orders = table('shop', 'public', 'orders', ['id', 'customer_id', 'total']);
  const customers = table('shop', 'public', 'customers', ['id', 'name']);
  const lines = table('shop', 'public', 'order_lines', ['id', 'order_id']);
  const fk: CatalogEdge = {
    fromId: 'shop:table:public.orders',
    toId: 'shop:table:public.customers',
    kind: 'foreign_key',
    resource: orders.resource,
    attributes: { columns: ['customer_id'] },
  };
  const fk2: CatalogEdge = {
    fromId: 'shop:table:public.order_lines',
    toId: 'shop:table:public.orders',
    kind: 'foreign_key',
    resource: lines.resource,
    attributes: {},
  };
  const rnd = seededRandom(7);
  const all = [schema, ...orders.objects, ...customers.objects, ...lines.objects];
  await store.applySourceUpdate(
    update(
      'shop',
      [
        { resource: 'schema:public', hash: 'h-schema', objects: [schema], edges: [] },
        { resource: orders.resource, hash: 'h-orders-1', objects: orders.objects, edges: [fk] },
        { resource: customers.resource, hash: 'h-customers-1', objects: customers.objects, edges: [] },
        { resource: lines.resource, hash: 'h-lines-1', objects: lines.objects, edges: [fk2] },
      ],
      {
        chunks: {
          upsert: all.map((o) => ({ chunk: chunkOf(o), vector: randomVector(rnd, dimension) })),
          remove: [],
          effectiveContexts: [{ objectId: 'shop:table:public.orders', text: 'one row per checkout' }],
        },
      },
    ),
  );
  return { tables: [orders, customers, lines], edges: [fk, fk2] };
}

// ---------------------------------------------------------------------------------------------
// the search fixture: ≥ 200 chunks so FTS5's IDF behaves as on a real index

const POOL = (
  'account address amount balance batch branch budget campaign carrier category channel city code company contract ' +
  'country coupon currency delivery department device discount employee event fee inventory item journal ledger lead ' +
  'location member message note payment period plan price product profile promotion quantity rate refund region report ' +
  'review role route sale schedule segment shipment sku status store supplier tax team ticket transfer unit user vendor ' +
  'warehouse zone'
).split(' ');

export const SEARCH_DIMENSION = 16;

interface SearchFixture {
  chunks: Chunk[];
  vectors: Map<string, Float32Array>;
}

/**
 * Two sources: `shop` (230 objects) and `crm` (40), every object with a chunk and a vector.
 * Planted words (never in the pool): `invoice` in one chunk's context and another's definition;
 * `zeppelin` in two identical chunks; `quasar` in base, project and session chunks; `nebula` in
 * both sources and two kinds.
 */
async function seedSearch(store: Store): Promise<SearchFixture> {
  const rnd = seededRandom(2024);
  const words = (n: number): string => Array.from({ length: n }, () => POOL[Math.floor(rnd() * POOL.length)]!).join(' ');
  await store.addSource(source('shop'));
  await store.addSource(source('crm'));
  await store.setEmbeddingModel({ modelId: 'test-model', dimension: SEARCH_DIMENSION });
  const chunks: Chunk[] = [];
  const vectors = new Map<string, Float32Array>();
  const build = (src: string, count: number, planted: Record<number, Partial<Chunk>>): { writes: SourceUpdate['changed']; upsert: ChunkWrite[] } => {
    const writes: SourceUpdate['changed'] = [];
    const upsert: ChunkWrite[] = [];
    for (let t = 0; t < count / 10; t++) {
      const resource = `table:public.t${String(t).padStart(3, '0')}`;
      const objects: CatalogObject[] = [];
      for (let i = 0; i < 10; i++) {
        const n = t * 10 + i;
        const kind = i === 0 ? 'table' : 'column';
        const o = object(src, kind, `public.t${String(t).padStart(3, '0')}.c${String(n).padStart(3, '0')}`, resource);
        objects.push(o);
        const chunk = chunkOf(o, {
          name: `${words(2)} c ${n}`,
          comment: rnd() < 0.7 ? words(6) : '',
          definition: rnd() < 0.5 ? words(10) : '',
          context: rnd() < 0.3 ? words(8) : '',
          ...planted[n],
        });
        chunk.contentHash = `h:${chunk.id}:${chunk.name}:${chunk.context}`;
        const vector = randomVector(rnd, SEARCH_DIMENSION);
        chunks.push(chunk);
        vectors.set(chunk.id, vector);
        upsert.push({ chunk, vector });
      }
      writes.push({ resource, hash: `h-${resource}`, objects, edges: [] });
    }
    return { writes, upsert };
  };
  const shop = build('shop', 230, {
    // Same field lengths; only the column holding `invoice` differs.
    11: { comment: 'ledger entry of the customer', definition: 'amount currency tax fee rate period', context: 'billing team owns this invoice data' },
    12: { comment: 'ledger entry of the customer', definition: 'amount currency tax fee invoice period', context: 'billing team owns this ledger data' },
    21: { name: 'zeppelin hangar', comment: '', definition: '', context: '' },
    22: { name: 'zeppelin hangar', comment: '', definition: '', context: '' },
    31: { name: 'quasar base', project: null, session: null },
    32: { name: 'quasar project', project: 'p1' },
    33: { name: 'quasar session', session: 's1' },
    34: { name: 'quasar other project', project: 'p2' },
    40: { name: 'nebula table' },
    41: { name: 'nebula column' },
    // the same two words, together in one row and far apart in the other (proximity)
    50: { name: 'pulsar magnetar', comment: '', definition: '', context: '' },
    51: { name: 'pulsar', comment: '', definition: '', context: 'one two three four five six seven eight nine ten magnetar' },
  });
  const crm = build('crm', 40, { 1: { name: 'nebula crm column' } });
  await store.applySourceUpdate(update('shop', shop.writes, { chunks: { upsert: shop.upsert, remove: [], effectiveContexts: [] } }));
  await store.applySourceUpdate(update('crm', crm.writes, { chunks: { upsert: crm.upsert, remove: [], effectiveContexts: [] } }));
  return { chunks, vectors };
}

const id = (n: number, src = 'shop'): string => {
  const t = String(Math.floor(n / 10)).padStart(3, '0');
  return `${src}:${n % 10 === 0 ? 'table' : 'column'}:public.t${t}.c${String(n).padStart(3, '0')}`;
};

function visible(chunk: Chunk, filter: ChunkFilter): boolean {
  if (filter.sources?.length && !filter.sources.includes(chunk.source)) return false;
  if (filter.kinds?.length && !filter.kinds.includes(chunk.kind)) return false;
  if (chunk.project === null && chunk.session === null) return true;
  return (chunk.project !== null && (filter.projects ?? []).includes(chunk.project)) || (!!filter.session && chunk.session === filter.session);
}

async function snapshotSearches(store: Store, fixture: SearchFixture): Promise<unknown[]> {
  const rnd = seededRandom(99);
  const out: unknown[] = [];
  for (const words of [['invoice'], ['zeppelin'], ['quasar'], ['nebula'], ['ledger'], ['payment', 'refund']]) {
    out.push(await store.lexicalSearch({ terms: words.map((w) => [w]), limit: 20, projects: ['p1'], session: 's1' }));
  }
  for (let i = 0; i < 5; i++) out.push(await store.vectorSearch({ vector: randomVector(rnd, SEARCH_DIMENSION), limit: 10 }));
  out.push(await store.getChunks(fixture.chunks.slice(0, 20).map((c) => c.id)));
  return out;
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  await expect(promise).rejects.toMatchObject({ code });
}

// ---------------------------------------------------------------------------------------------

type TestBody = () => Promise<void>;

/**
 * A test that needs a store capability: it runs on stores that declare it and is skipped, with
 * the reason in its name, on the others (a second backend passes the contract role by role).
 */
export function itWith(capabilities: StoreCapabilities, need: keyof StoreCapabilities, name: string, body: TestBody): void {
  if (capabilities[need]) it(name, body);
  else it.skip(`${name} (skipped: this store declares no ${need})`, body);
}

/** `capabilities` are the store's own (`store.capabilities`), known before any test opens one. */
export function describeStoreContract(name: string, open: () => Promise<Store>, capabilities: StoreCapabilities): void {
  describe(`Store contract: ${name}`, () => {
    describeEntityStoreContract(open);

    describeGlossaryStoreContract(open);

    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('capabilities and change counter', () => {
      it('declares its capabilities as plain flags', () => {
        expect(Object.keys(store.capabilities).sort()).toEqual(['ann', 'proximity', 'serversShareSessions', 'sharedAcrossProcesses']);
        for (const flag of Object.values(store.capabilities)) expect(typeof flag).toBe('boolean');
      });

      it('moves the change counter on writes readers can see, not on reads', async () => {
        const start = await store.changeCounter();
        await store.listSources();
        expect(await store.changeCounter()).toBe(start);
        await store.addSource(source('shop'));
        const afterSource = await store.changeCounter();
        expect(afterSource).not.toBe(start);
        await store.addContext({ source: 'shop', targetKind: 'source', target: 'shop', text: 'The web shop' });
        expect(await store.changeCounter()).not.toBe(afterSource);
      });
    });

    describe('sources', () => {
      it('adds, reads, lists, updates and removes sources', async () => {
        await store.addSource(source('shop'));
        await store.addSource(source('crm'));
        expect(await store.getSource('shop')).toEqual({ ...source('shop'), sourceHash: null, lastUpdate: null });
        expect((await store.listSources()).map((s) => s.name)).toEqual(['crm', 'shop']);
        expect(await store.getSource('nope')).toBeNull();

        await store.updateSource('shop', { url: 'postgres://other@db/shop' });
        await store.updateSource('shop', { options: { schemas: ['sales'] } });
        const updated = await store.getSource('shop');
        expect(updated?.url).toBe('postgres://other@db/shop');
        expect(updated?.options).toEqual({ schemas: ['sales'] });

        await store.recordOutcome('shop', outcome('unchanged'));
        expect((await store.getSource('shop'))?.lastUpdate).toEqual(outcome('unchanged'));
        // a failure keeps what failed and what to do apart
        const failed = { ...outcome('no documents at /srv/share'), ok: false, hint: 'check the location, then run `sextant update --source shop` again' };
        await store.recordOutcome('shop', failed);
        expect((await store.getSource('shop'))?.lastUpdate).toEqual(failed);

        expect(await store.removeSource('crm')).toBe(true);
        expect(await store.removeSource('crm')).toBe(false);
        expect((await store.listSources()).map((s) => s.name)).toEqual(['shop']);
      });

      it('refuses a duplicate name and unknown sources with stable codes', async () => {
        await store.addSource(source('shop'));
        await expectCode(store.addSource(source('shop')), 'SOURCE_EXISTS');
        await expectCode(store.updateSource('nope', { url: 'x' }), 'SOURCE_NOT_FOUND');
        await expectCode(store.recordOutcome('nope', outcome()), 'SOURCE_NOT_FOUND');
        await expectCode(store.applySourceUpdate(update('nope', [])), 'SOURCE_NOT_FOUND');
      });
    });

    describe('applySourceUpdate', () => {
      it('stores objects, edges, resource hashes, the source hash and the outcome', async () => {
        const { tables } = await seedShop(store);
        expect(await store.resourceHashes('shop')).toEqual(
          new Map([
            ['schema:public', 'h-schema'],
            ['table:public.customers', 'h-customers-1'],
            ['table:public.order_lines', 'h-lines-1'],
            ['table:public.orders', 'h-orders-1'],
          ]),
        );
        const stored = await store.getSource('shop');
        expect(stored?.sourceHash).toBe('src-hash-h-schema+h-orders-1+h-customers-1+h-lines-1');
        expect(stored?.lastUpdate).toEqual(outcome());
        const orders = tables[0]!.objects[0]!;
        expect(await store.getObject(orders.id)).toEqual(orders);
        expect((await store.sourceObjects('shop')).map((o) => o.id)).toEqual([...(await store.objectIds('shop'))]);
        expect(await store.objectIds('shop')).toHaveLength(11);
        expect(await store.sourceEdges('shop')).toHaveLength(2);
        expect(await store.effectiveContext(orders.id)).toBe('one row per checkout');
      });

      it('reads only the objects and edges of the kinds asked, in the order of all of them', async () => {
        await seedShop(store);
        const [objects, edges] = [await store.sourceObjects('shop'), await store.sourceEdges('shop')];
        expect(await store.sourceObjects('shop', ['table', 'schema'])).toEqual(objects.filter((o) => o.kind === 'table' || o.kind === 'schema'));
        expect((await store.sourceObjects('shop', ['table'])).map((o) => o.id)).toEqual([
          'shop:table:public.customers',
          'shop:table:public.order_lines',
          'shop:table:public.orders',
        ]);
        expect(await store.sourceObjects('shop', [])).toEqual([]);
        expect(await store.sourceObjects('shop', ['view'])).toEqual([]);
        expect(await store.sourceEdges('shop', ['foreign_key', 'imports'])).toEqual(edges);
        expect(await store.sourceEdges('shop', ['imports'])).toEqual([]);
        expect(await store.sourceEdges('shop', [])).toEqual([]);
      });

      it('replaces the objects and edges of a changed resource and deletes a removed one', async () => {
        await seedShop(store);
        const orders = table('shop', 'public', 'orders', ['id', 'placed_at']);
        await store.applySourceUpdate(
          update('shop', [{ resource: orders.resource, hash: 'h-orders-2', objects: orders.objects, edges: [] }], {
            removedResources: ['table:public.order_lines'],
          }),
        );
        const ids = await store.objectIds('shop');
        expect(ids).toContain('shop:column:public.orders.placed_at');
        expect(ids).not.toContain('shop:column:public.orders.total');
        expect(ids.filter((i) => i.includes('order_lines'))).toEqual([]);
        expect(ids).toContain('shop:column:public.customers.name');
        expect(await store.sourceEdges('shop')).toEqual([]);
        const hashes = await store.resourceHashes('shop');
        expect(hashes.get('table:public.orders')).toBe('h-orders-2');
        expect(hashes.has('table:public.order_lines')).toBe(false);
        expect(hashes.get('table:public.customers')).toBe('h-customers-1');
      });

      it('is atomic: a failure midway leaves the previous state intact', async () => {
        await seedShop(store);
        const before = {
          source: await store.getSource('shop'),
          objects: await store.sourceObjects('shop'),
          edges: await store.sourceEdges('shop'),
          hashes: await store.resourceHashes('shop'),
          chunks: await store.chunkHashes('shop'),
          search: await store.lexicalSearch({ terms: [['orders']], limit: 10 }),
          info: await store.info(),
        };
        const orders = table('shop', 'public', 'orders', ['id', 'placed_at']);
        const duplicate = orders.objects[1]!;
        const newChunk = chunkOf(orders.objects[2]!, { name: 'placed at', contentHash: 'new' });
        await expect(
          store.applySourceUpdate(
            update('shop', [{ resource: orders.resource, hash: 'h-orders-2', objects: [...orders.objects, duplicate], edges: [] }], {
              removedResources: ['table:public.order_lines'],
              chunks: { upsert: [{ chunk: newChunk, vector: null }], remove: ['shop:table:public.customers'], effectiveContexts: [] },
            }),
          ),
        ).rejects.toThrow();
        expect(await store.getSource('shop')).toEqual(before.source);
        expect(await store.sourceObjects('shop')).toEqual(before.objects);
        expect(await store.sourceEdges('shop')).toEqual(before.edges);
        expect(await store.resourceHashes('shop')).toEqual(before.hashes);
        expect(await store.chunkHashes('shop')).toEqual(before.chunks);
        expect(await store.lexicalSearch({ terms: [['orders']], limit: 10 })).toEqual(before.search);
        const info = await store.info();
        expect([info.chunks, info.vectors, info.countsByKind]).toEqual([before.info.chunks, before.info.vectors, before.info.countsByKind]);
      });

      it('is atomic when a vector of the wrong dimension comes last', async () => {
        await seedShop(store);
        const before = await store.chunkHashes('shop');
        const o = object('shop', 'table', 'public.extra', 'table:public.extra');
        await expect(
          store.applySourceUpdate(
            update('shop', [{ resource: 'table:public.extra', hash: 'x', objects: [o], edges: [] }], {
              chunks: { upsert: [{ chunk: chunkOf(o), vector: new Float32Array(7) }], remove: [], effectiveContexts: [] },
            }),
          ),
        ).rejects.toThrow();
        expect(await store.getObject(o.id)).toBeNull();
        expect(await store.chunkHashes('shop')).toEqual(before);
      });
    });

    describe('objects', () => {
      it('returns outgoing and incoming edges', async () => {
        const { edges } = await seedShop(store);
        const orders = await store.edgesOf('shop:table:public.orders');
        expect(orders.outgoing).toEqual([edges[0]]);
        expect(orders.incoming).toEqual([edges[1]]);
        expect(await store.edgesOf('shop:table:public.customers')).toEqual({ outgoing: [], incoming: [edges[0]] });
        expect(await store.edgesOf('shop:table:nope')).toEqual({ outgoing: [], incoming: [] });
      });

      it('gets objects by id in the order asked, skipping unknown ids', async () => {
        await seedShop(store);
        const got = await store.getObjects(['shop:table:public.orders', 'shop:table:nope', 'shop:schema:public']);
        expect(got.map((o) => o.id)).toEqual(['shop:table:public.orders', 'shop:schema:public']);
        expect(await store.getObject('shop:table:nope')).toBeNull();
      });

      it('filters listObjects by source, kinds, parent and schema', async () => {
        await seedShop(store);
        await store.addSource(source('crm'));
        const crmTable = table('crm', 'sales', 'leads', ['id']);
        await store.applySourceUpdate(update('crm', [{ resource: crmTable.resource, hash: 'c', objects: crmTable.objects, edges: [] }]));

        const tables = await store.listObjects({ source: 'shop', kinds: ['table'] });
        expect(tables.items.map((o) => o.id)).toEqual(['shop:table:public.customers', 'shop:table:public.order_lines', 'shop:table:public.orders']);
        expect(tables.total).toBe(3);
        expect(tables.nextCursor).toBeNull();

        const columns = await store.listObjects({ parentId: 'shop:table:public.orders' });
        expect(columns.items.map((o) => o.name)).toEqual(['customer_id', 'id', 'total']);
        const ofTwo = await store.listObjects({ parentIds: ['shop:table:public.orders', 'crm:table:sales.leads', 'shop:table:nope'], sources: ['crm'] });
        expect(ofTwo.items.map((o) => o.id)).toEqual(['crm:column:sales.leads.id']);
        expect((await store.listObjects({ parentIds: ['shop:table:public.orders', 'crm:table:sales.leads'] })).total).toBe(4);
        expect((await store.listObjects({ parentIds: [] })).total).toBe(0);

        expect((await store.listObjects({ schema: 'sales' })).items.map((o) => o.id)).toEqual(['crm:column:sales.leads.id', 'crm:table:sales.leads']);
        expect((await store.listObjects({ source: 'shop', schema: 'public', kinds: ['schema'] })).total).toBe(1);
        expect((await store.listObjects({ schema: 'publi' })).total).toBe(0);
        expect((await store.listObjects({ kinds: ['table', 'schema'] })).total).toBe(5);

        const prefixed = await store.listObjects({ idPrefix: 'shop:table:public.order' });
        expect(prefixed.items.map((o) => o.id)).toEqual(['shop:table:public.order_lines', 'shop:table:public.orders']);
        expect((await store.listObjects({ idPrefix: 'shop:table:public.orders', kinds: ['table'] })).total).toBe(1);
        expect((await store.listObjects({ idPrefix: 'crm:', sources: ['shop'] })).total).toBe(0);
        // `_` and `%` are literal characters of a prefix, not patterns
        expect((await store.listObjects({ idPrefix: 'shop:table:public.order_' })).items.map((o) => o.id)).toEqual(['shop:table:public.order_lines']);
        expect((await store.listObjects({ idPrefix: 'shop:table:public.order%' })).total).toBe(0);
      });

      it('filters listObjects by a list of sources inside the query, so totals and pages count only those', async () => {
        await seedShop(store);
        await store.addSource(source('crm'));
        const crmTable = table('crm', 'sales', 'leads', ['id']);
        await store.applySourceUpdate(update('crm', [{ resource: crmTable.resource, hash: 'c', objects: crmTable.objects, edges: [] }]));
        const crmOnly = await store.listObjects({ sources: ['crm'], limit: 1 });
        expect(crmOnly.total).toBe(2);
        expect(crmOnly.items.map((o) => o.id)).toEqual(['crm:column:sales.leads.id']);
        const second = await store.listObjects({ sources: ['crm'], limit: 1, cursor: crmOnly.nextCursor! });
        expect(second.items.map((o) => o.id)).toEqual(['crm:table:sales.leads']);
        expect(second.nextCursor).toBeNull();
        expect((await store.listObjects({ sources: [] })).total).toBe(0);
        expect((await store.listObjects({ sources: ['crm'], source: 'shop' })).total).toBe(0);
        expect((await store.listObjects({ sources: ['shop', 'crm'], kinds: ['table'] })).total).toBe(4);
      });

      it('paginates listObjects with a stable order and an opaque cursor', async () => {
        await seedShop(store);
        const all = await store.objectIds();
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const page: Awaited<ReturnType<Store['listObjects']>> = await store.listObjects({ limit: 3, ...(cursor ? { cursor } : {}) });
          expect(page.total).toBe(all.length);
          expect(page.items.length).toBeLessThanOrEqual(3);
          seen.push(...page.items.map((o) => o.id));
          cursor = page.nextCursor;
          pages++;
        } while (cursor);
        expect(seen).toEqual(all);
        expect(pages).toBe(Math.ceil(all.length / 3));
        await expectCode(store.listObjects({ cursor: '%%%not-a-cursor' }), 'USAGE');
      });
    });

    describe('contexts', () => {
      it('adds, lists and removes contexts', async () => {
        await store.addSource(source('shop'));
        await store.addSource(source('crm'));
        const a = await store.addContext({ source: 'shop', targetKind: 'source', target: 'shop', text: 'The web shop' });
        const b = await store.addContext({ source: 'shop', targetKind: 'object', target: 'shop:table:public.orders', text: 'One row per checkout' });
        const c = await store.addContext({ source: 'crm', targetKind: 'schema', target: 'sales', text: 'Sales pipeline' });
        expect(a.id).toBeLessThan(b.id);
        expect(Number.isNaN(Date.parse(a.createdAt))).toBe(false);
        expect(b).toMatchObject({ source: 'shop', targetKind: 'object', target: 'shop:table:public.orders', text: 'One row per checkout' });
        expect((await store.listContexts()).map((x) => x.id)).toEqual([a.id, b.id, c.id]);
        expect(await store.listContexts('shop')).toEqual([a, b]);
        expect(await store.removeContext(a.id)).toEqual(a);
        expect(await store.removeContext(a.id)).toBeNull();
        expect(await store.listContexts('shop')).toEqual([b]);
        await expectCode(store.addContext({ source: 'nope', targetKind: 'source', target: 'nope', text: 'x' }), 'SOURCE_NOT_FOUND');
      });

      it("keeps a context's origin and the evidence an inferred one cites", async () => {
        await store.addSource(source('shop'));
        const manual = await store.addContext({ source: 'shop', targetKind: 'source', target: 'shop', text: 'The web shop' });
        const inferred = await store.addContext({
          source: 'shop',
          targetKind: 'object',
          target: 'shop:table:public.ord',
          text: 'Orders, one row per checkout',
          origin: 'inferred',
          evidence: ['table public.ord', 'column total numeric'],
        });
        expect(manual.origin).toBe('manual');
        expect(manual.evidence).toBeUndefined();
        expect(inferred).toMatchObject({ origin: 'inferred', evidence: ['table public.ord', 'column total numeric'] });
        expect(await store.listContexts('shop')).toEqual([manual, inferred]);
      });

      it('dates a context now, or as given (a copy keeps the original date)', async () => {
        await store.addSource(source('shop'));
        const before = new Date().toISOString();
        const now = await store.addContext({ source: 'shop', targetKind: 'source', target: 'shop', text: 'today' });
        const dated = await store.addContext({ source: 'shop', targetKind: 'source', target: 'shop', text: 'then', createdAt: '2024-02-03T04:05:06.000Z' });
        expect(now.createdAt >= before).toBe(true);
        expect(dated.createdAt).toBe('2024-02-03T04:05:06.000Z');
        expect((await store.listContexts('shop')).map((c) => c.createdAt)).toEqual([now.createdAt, '2024-02-03T04:05:06.000Z']);
      });

      it('writes and clears effective contexts', async () => {
        await seedShop(store);
        const id = 'shop:column:public.orders.total';
        expect(await store.effectiveContext(id)).toBeNull();
        await store.applyChunkChanges('shop', { upsert: [], remove: [], effectiveContexts: [{ objectId: id, text: 'gross, in cents' }] });
        expect(await store.effectiveContext(id)).toBe('gross, in cents');
        await store.applyChunkChanges('shop', { upsert: [], remove: [], effectiveContexts: [{ objectId: id, text: '' }] });
        expect(await store.effectiveContext(id)).toBeNull();
      });
    });

    describe('chunks', () => {
      it('upserts and removes chunks with their FTS rows and vectors', async () => {
        await seedShop(store);
        const o = (await store.getObject('shop:column:public.orders.total'))!;
        const chunk = chunkOf(o, { name: 'total', context: 'gross amount in cents', contentHash: 'v2' });
        await store.applyChunkChanges('shop', { upsert: [{ chunk, vector: null }], remove: [], effectiveContexts: [] });
        expect(await store.getChunks([chunk.id])).toEqual([chunk]);
        expect((await store.chunkHashes('shop')).get(chunk.id)).toBe('v2');
        expect((await store.lexicalSearch({ terms: [['cents']], limit: 5 })).map((r) => r.chunkId)).toEqual([chunk.id]);
        // Rewritten without a vector: the old vector no longer describes it.
        expect((await store.chunksWithoutVectors(10)).map((c) => c.id)).toEqual([chunk.id]);

        const changed = { ...chunk, context: 'net amount', contentHash: 'v3' };
        await store.applyChunkChanges('shop', { upsert: [{ chunk: changed, vector: new Float32Array([1, 0, 0, 0]) }], remove: [], effectiveContexts: [] });
        expect(await store.lexicalSearch({ terms: [['cents']], limit: 5 })).toEqual([]);
        expect((await store.lexicalSearch({ terms: [['net']], limit: 5 })).map((r) => r.chunkId)).toEqual([chunk.id]);
        expect(await store.chunksWithoutVectors(10)).toEqual([]);

        await store.applyChunkChanges('shop', { upsert: [], remove: [chunk.id], effectiveContexts: [] });
        expect(await store.getChunks([chunk.id])).toEqual([]);
        expect(await store.lexicalSearch({ terms: [['net']], limit: 5 })).toEqual([]);
        const hits = await store.vectorSearch({ vector: new Float32Array([1, 0, 0, 0]), limit: 100 });
        expect(hits.map((h) => h.chunkId)).not.toContain(chunk.id);
        expect((await store.info()).chunks).toBe(10);
      });

      it('gets chunks in the order asked and lists chunks without vectors by id', async () => {
        await seedShop(store);
        const ids = ['shop:table:public.orders', 'shop:nope', 'shop:schema:public'];
        expect((await store.getChunks(ids)).map((c) => c.id)).toEqual(['shop:table:public.orders', 'shop:schema:public']);
        await store.setEmbeddingModel({ modelId: 'other-model', dimension: 4 });
        const missing = await store.chunksWithoutVectors(5);
        expect(missing.map((c) => c.id)).toEqual([...(await store.chunkHashes('shop')).keys()].sort().slice(0, 5));
      });
    });

    describe('lexicalSearch', () => {
      let fixture: SearchFixture;
      beforeEach(async () => {
        fixture = await seedSearch(store);
      });

      it('has a realistic fixture', () => {
        expect(fixture.chunks.length).toBeGreaterThanOrEqual(200);
      });

      it('ranks a context match above a definition-only match of the same word', async () => {
        const hits = await store.lexicalSearch({ terms: [['invoice']], limit: 10 });
        expect(hits.map((h) => h.chunkId)).toEqual([id(11), id(12)]);
        expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
        expect(hits[1]!.score).toBeGreaterThan(0);
      });

      itWith(capabilities, 'proximity', 'ranks a row holding the near words together above one holding them apart', async () => {
        const near = { words: ['pulsar', 'magnetar'], distance: 4 };
        const apart = await store.lexicalSearch({ terms: [['pulsar'], ['magnetar']], limit: 10 });
        expect(new Set(apart.map((h) => h.chunkId))).toEqual(new Set([id(50), id(51)]));
        const hits = await store.lexicalSearch({ terms: [['pulsar'], ['magnetar']], near, limit: 10 });
        expect(hits.map((h) => h.chunkId)).toEqual([id(50), id(51)]);
        const lead = (r: typeof hits) => r.find((h) => h.chunkId === id(50))!.score - r.find((h) => h.chunkId === id(51))!.score;
        expect(lead(hits)).toBeGreaterThan(lead(apart));
      });

      it('sorts by score, breaking ties by chunk id', async () => {
        const hits = await store.lexicalSearch({ terms: [['zeppelin']], limit: 10 });
        expect(hits.map((h) => h.chunkId)).toEqual([id(21), id(22)]);
        expect(hits[0]!.score).toBe(hits[1]!.score);
        const many = await store.lexicalSearch({ terms: [['ledger'], ['payment'], ['refund']], limit: 50 });
        for (let i = 1; i < many.length; i++) {
          const [a, b] = [many[i - 1]!, many[i]!];
          expect(a.score > b.score || (a.score === b.score && a.chunkId < b.chunkId)).toBe(true);
        }
        expect((await store.lexicalSearch({ terms: [['ledger'], ['payment'], ['refund']], limit: 5 })).length).toBe(5);
      });

      it('applies source and kind filters', async () => {
        const all = await store.lexicalSearch({ terms: [['nebula']], limit: 10 });
        expect(new Set(all.map((h) => h.chunkId))).toEqual(new Set([id(40), id(41), id(1, 'crm')]));
        expect((await store.lexicalSearch({ terms: [['nebula']], limit: 10, sources: ['crm'] })).map((h) => h.chunkId)).toEqual([id(1, 'crm')]);
        expect((await store.lexicalSearch({ terms: [['nebula']], limit: 10, kinds: ['table'] })).map((h) => h.chunkId)).toEqual([id(40)]);
        expect((await store.lexicalSearch({ terms: [['nebula']], limit: 10, sources: ['shop'], kinds: ['column'] })).map((h) => h.chunkId)).toEqual([id(41)]);
      });

      it('shows base chunks always and project/session chunks only in their scope', async () => {
        const ids = async (filter: ChunkFilter): Promise<string[]> =>
          (await store.lexicalSearch({ terms: [['quasar']], limit: 10, ...filter })).map((h) => h.chunkId).sort();
        expect(await ids({})).toEqual([id(31)]);
        expect(await ids({ projects: ['p1'] })).toEqual([id(31), id(32)]);
        expect(await ids({ session: 's1' })).toEqual([id(31), id(33)]);
        expect(await ids({ projects: ['p1', 'p2'], session: 's1' })).toEqual([id(31), id(32), id(33), id(34)]);
        expect(await ids({ session: 's2', projects: [] })).toEqual([id(31)]);
      });

      it('treats query syntax in forms as plain text, and an empty query as no hits', async () => {
        await expect(store.lexicalSearch({ terms: [['"unterminated']], limit: 5 })).resolves.toEqual([]);
        await expect(store.lexicalSearch({ terms: [['orders AND']], limit: 5 })).resolves.toBeInstanceOf(Array);
        expect(await store.lexicalSearch({ terms: [], limit: 5 })).toEqual([]);
      });
    });

    describe('vectorSearch', () => {
      let fixture: SearchFixture;
      beforeEach(async () => {
        fixture = await seedSearch(store);
      });

      it('returns the brute-force top-k by cosine similarity, with filters and scopes', async () => {
        const rnd = seededRandom(5);
        const filters: ChunkFilter[] = [{}, { sources: ['crm'] }, { kinds: ['table'] }, { projects: ['p1'], session: 's1' }];
        for (const filter of filters) {
          const candidates = fixture.chunks.filter((c) => visible(c, filter)).map((c) => ({ id: c.id, vector: fixture.vectors.get(c.id)! }));
          for (let q = 0; q < 5; q++) {
            const vector = randomVector(rnd, SEARCH_DIMENSION);
            const actual = await store.vectorSearch({ vector, limit: 8, ...filter });
            expectSameRanking(actual, bruteForceTopK(candidates, vector, 12), 8);
          }
        }
      });

      it('counts the vectors of the chunks visible under a filter', async () => {
        const filters: ChunkFilter[] = [{}, { sources: ['crm'] }, { kinds: ['table'] }, { projects: ['p1'], session: 's1' }];
        for (const filter of filters) expect(await store.countVectors(filter)).toBe(fixture.chunks.filter((c) => visible(c, filter)).length);
        await store.setEmbeddingModel({ modelId: 'another-model', dimension: 3 });
        expect(await store.countVectors({})).toBe(0);
      });

      it('never returns chunks outside the scope', async () => {
        const q = fixture.vectors.get(id(32))!;
        expect((await store.vectorSearch({ vector: q, limit: 300 })).map((h) => h.chunkId)).not.toContain(id(32));
        const scoped = await store.vectorSearch({ vector: q, limit: 1, projects: ['p1'] });
        expect(scoped[0]?.chunkId).toBe(id(32));
        expect(scoped[0]!.score).toBeCloseTo(1, 5);
      });

      it('drops every vector when the model changes and rejects vectors of another dimension', async () => {
        await store.setEmbeddingModel({ modelId: 'test-model', dimension: SEARCH_DIMENSION });
        expect((await store.info()).vectors).toBe(fixture.chunks.length);

        await expect(store.putVectors([{ chunkId: id(1), vector: new Float32Array(3) }])).rejects.toThrow(/dimension/);

        await store.setEmbeddingModel({ modelId: 'another-model', dimension: 3 });
        expect(await store.embeddingModel()).toEqual({ modelId: 'another-model', dimension: 3 });
        const info = await store.info();
        expect(info.vectors).toBe(0);
        expect(info.embeddingModel).toEqual({ modelId: 'another-model', dimension: 3 });
        expect(await store.vectorSearch({ vector: new Float32Array([1, 2, 3]), limit: 5 })).toEqual([]);
        expect((await store.chunksWithoutVectors(1000)).length).toBe(fixture.chunks.length);

        await store.putVectors([
          { chunkId: id(1), vector: new Float32Array([1, 0, 0]) },
          { chunkId: id(2), vector: new Float32Array([0, 1, 0]) },
        ]);
        const hits = await store.vectorSearch({ vector: new Float32Array([1, 0.1, 0]), limit: 5 });
        expect(hits.map((h) => h.chunkId)).toEqual([id(1), id(2)]);
        // A batch with one bad vector writes none of it.
        await expect(
          store.putVectors([
            { chunkId: id(3), vector: new Float32Array([0, 0, 1]) },
            { chunkId: id(4), vector: new Float32Array(4) },
          ]),
        ).rejects.toThrow();
        expect((await store.info()).vectors).toBe(2);

        await store.setEmbeddingModel({ modelId: 'another-model', dimension: 5 });
        expect((await store.info()).vectors).toBe(0);
      });
    });

    describe('removeSource', () => {
      it('removes everything of the source and nothing of another', async () => {
        const fixture = await seedSearch(store);
        await store.addContext({ source: 'shop', targetKind: 'source', target: 'shop', text: 'web shop' });
        const crmContext = await store.addContext({ source: 'crm', targetKind: 'source', target: 'crm', text: 'sales' });
        await store.applyChunkChanges('shop', { upsert: [], remove: [], effectiveContexts: [{ objectId: id(11), text: 'web shop' }] });
        await store.applyChunkChanges('crm', { upsert: [], remove: [], effectiveContexts: [{ objectId: id(1, 'crm'), text: 'sales' }] });

        expect(await store.removeSource('shop')).toBe(true);
        expect(await store.getSource('shop')).toBeNull();
        expect(await store.objectIds('shop')).toEqual([]);
        expect(await store.sourceEdges('shop')).toEqual([]);
        expect((await store.resourceHashes('shop')).size).toBe(0);
        expect(await store.listContexts('shop')).toEqual([]);
        expect((await store.chunkHashes('shop')).size).toBe(0);
        expect(await store.effectiveContext(id(11))).toBeNull();
        expect(await store.getChunks([id(11)])).toEqual([]);
        expect((await store.lexicalSearch({ terms: [['nebula']], limit: 10 })).map((h) => h.chunkId)).toEqual([id(1, 'crm')]);
        const crmCount = fixture.chunks.filter((c) => c.source === 'crm').length;
        const hits = await store.vectorSearch({ vector: fixture.vectors.get(id(11))!, limit: 1000, projects: ['p1', 'p2'], session: 's1' });
        expect(hits.every((h) => h.chunkId.startsWith('crm:'))).toBe(true);
        expect(hits).toHaveLength(crmCount);
        const info = await store.info();
        expect([info.chunks, info.vectors]).toEqual([crmCount, crmCount]);
        expect(Object.values(info.countsByKind).reduce((a, b) => a + b, 0)).toBe(crmCount);

        expect(await store.listContexts()).toEqual([crmContext]);
        expect(await store.effectiveContext(id(1, 'crm'))).toBe('sales');
      });
    });

    describe('projects, tokens and sessions', () => {
      const at = (minute: number): string => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();
      const session = (id: string, expiresMinute: number): SessionRecord => ({
        id,
        project: 'default',
        user: 'ana',
        activeProjects: ['default'],
        client: null,
        createdAt: at(0),
        lastSeenAt: at(0),
        expiresAt: at(expiresMinute),
      });
      const docChunk = (sessionId: string, objectId: string, n: number, body: string): ChunkWrite => ({
        chunk: {
          id: `${objectId}#${n}@${sessionId}`,
          objectId,
          source: '_session',
          kind: 'document',
          name: 'runbook',
          comment: body,
          definition: '',
          context: '',
          text: body,
          contentHash: `h:${sessionId}:${n}:${body}`,
          project: null,
          session: sessionId,
        },
        vector: Float32Array.from([1, n, 0, 0]),
      });
      const document = (sessionId: string, name: string, chunks: number): SessionDocumentRecord => ({
        session: sessionId,
        name,
        objectId: `_session:document:${name}`,
        mimeType: 'text/markdown',
        text: `# ${name}`,
        chunks,
        createdAt: at(1),
      });

      it('stores projects and replaces their sources and settings', async () => {
        expect(await store.listProjects()).toEqual([]);
        const billing: ProjectRecord = { name: 'billing', sources: ['shop'], settings: { developerTools: false }, createdAt: at(0) };
        await store.putProject(billing);
        await store.putProject({ name: 'analytics', sources: [], settings: { developerTools: true }, createdAt: at(1) });
        expect(await store.getProject('billing')).toEqual(billing);
        expect(await store.getProject('nope')).toBeNull();
        await store.putProject({ ...billing, sources: ['shop', 'crm'], settings: { developerTools: true }, createdAt: at(5) });
        expect(await store.getProject('billing')).toEqual({ ...billing, sources: ['shop', 'crm'], settings: { developerTools: true } });
        expect((await store.listProjects()).map((p) => p.name)).toEqual(['analytics', 'billing']);
      });

      it('stores tokens by hash, refuses duplicate names and removes by name or id', async () => {
        const token: TokenRecord = { id: 't1', name: 'ci', hash: 'a'.repeat(64), projects: ['billing'], roles: ['reader'], createdAt: at(0) };
        await store.addToken(token);
        await store.addToken({ ...token, id: 't2', name: 'laptop', hash: 'b'.repeat(64), projects: [], roles: [] });
        await expectCode(store.addToken({ ...token, id: 't3', hash: 'c'.repeat(64) }), 'USAGE');
        expect(await store.findTokenByHash('a'.repeat(64))).toEqual(token);
        expect(await store.findTokenByHash('c'.repeat(64))).toBeNull();
        expect((await store.listTokens()).map((t) => t.name)).toEqual(['ci', 'laptop']);
        expect(await store.removeToken('ci')).toBe(true);
        expect(await store.removeToken('t2')).toBe(true);
        expect(await store.removeToken('ci')).toBe(false);
        expect(await store.listTokens()).toEqual([]);
      });

      it('keeps sessions and touches them without losing documents', async () => {
        await store.putSession(session('s1', 30));
        expect(await store.getSession('s1')).toEqual(session('s1', 30));
        expect(await store.touchSession('s1', at(10), at(40))).toBe(true);
        expect(await store.getSession('s1')).toMatchObject({ lastSeenAt: at(10), expiresAt: at(40) });
        expect(await store.touchSession('gone', at(10), at(40))).toBe(false);
        await store.setEmbeddingModel({ modelId: 'test-model', dimension: 4 });
        await store.putSessionDocument(document('s1', 'runbook.md', 1), [docChunk('s1', '_session:document:runbook.md', 0, 'zeppelin mooring')]);
        await store.putSession({ ...session('s1', 50), activeProjects: ['default', 'billing'] });
        expect((await store.getSession('s1'))?.activeProjects).toEqual(['default', 'billing']);
        expect(await store.listSessionDocuments('s1')).toHaveLength(1);
        expect((await store.listSessions()).map((s) => s.id)).toEqual(['s1']);
      });

      it("keeps a session's client name, replaced by the next put and read back by list", async () => {
        await store.putSession(session('s1', 30));
        expect((await store.getSession('s1'))?.client).toBeNull();
        await store.putSession({ ...session('s1', 30), client: 'claude-code/2.1.0' });
        expect(await store.getSession('s1')).toEqual({ ...session('s1', 30), client: 'claude-code/2.1.0' });
        expect(await store.touchSession('s1', at(10), at(40))).toBe(true);
        expect((await store.listSessions()).map((s) => s.client)).toEqual(['claude-code/2.1.0']);
      });

      it('lists the chunk ids of a session’s documents', async () => {
        await store.setEmbeddingModel({ modelId: 'test-model', dimension: 4 });
        await store.putSession(session('s1', 30));
        await store.putSession(session('s2', 30));
        await store.putSessionDocument(document('s1', 'b.md', 2), [
          docChunk('s1', '_session:document:b.md', 1, 'two'),
          docChunk('s1', '_session:document:b.md', 0, 'one'),
        ]);
        await store.putSessionDocument(document('s1', 'a.md', 1), [docChunk('s1', '_session:document:a.md', 0, 'three')]);
        await store.putSessionDocument(document('s2', 'a.md', 1), [docChunk('s2', '_session:document:a.md', 0, 'four')]);
        expect(await store.sessionChunkIds('s1')).toEqual(['_session:document:a.md#0@s1', '_session:document:b.md#0@s1', '_session:document:b.md#1@s1']);
        expect(await store.sessionChunkIds('nope')).toEqual([]);
      });

      it('gives its sweep lock to this process and keeps it', async () => {
        expect(await store.holdSweepLock()).toBe(true);
        expect(await store.holdSweepLock()).toBe(true);
      });

      it('scopes session documents to their session and replaces or removes them with their chunks', async () => {
        await store.setEmbeddingModel({ modelId: 'test-model', dimension: 4 });
        await store.putSession(session('s1', 30));
        await store.putSession(session('s2', 30));
        const objectId = '_session:document:runbook.md';
        await store.putSessionDocument(document('s1', 'runbook.md', 2), [
          docChunk('s1', objectId, 0, 'zeppelin mooring'),
          docChunk('s1', objectId, 1, 'hangar doors'),
        ]);
        await store.putSessionDocument(document('s2', 'runbook.md', 1), [docChunk('s2', objectId, 0, 'zeppelin fuel')]);
        const lex = async (match: string, sessionId: string | null) =>
          (await store.lexicalSearch({ terms: [[match]], limit: 10, session: sessionId })).map((h) => h.chunkId);
        expect(await lex('zeppelin', 's1')).toEqual([`${objectId}#0@s1`]);
        expect(await lex('zeppelin', 's2')).toEqual([`${objectId}#0@s2`]);
        expect(await lex('zeppelin', null)).toEqual([]);
        const vec = await store.vectorSearch({ vector: Float32Array.from([1, 0, 0, 0]), limit: 10, session: 's1' });
        expect(vec.map((h) => h.chunkId).sort()).toEqual([`${objectId}#0@s1`, `${objectId}#1@s1`]);
        expect(await store.getSessionDocument('s1', 'runbook.md')).toEqual(document('s1', 'runbook.md', 2));
        expect(await store.getSessionDocument('s1', 'other.md')).toBeNull();

        // Same name again: the old chunks go, the new ones come.
        await store.putSessionDocument(document('s1', 'runbook.md', 1), [docChunk('s1', objectId, 0, 'airship mooring')]);
        expect(await lex('zeppelin', 's1')).toEqual([]);
        expect(await lex('hangar', 's1')).toEqual([]);
        expect(await lex('airship', 's1')).toEqual([`${objectId}#0@s1`]);

        expect(await store.removeSessionDocument('s1', 'runbook.md')).toBe(true);
        expect(await store.removeSessionDocument('s1', 'runbook.md')).toBe(false);
        expect(await lex('airship', 's1')).toEqual([]);
        expect(await store.listSessionDocuments('s1')).toEqual([]);
        expect(await lex('zeppelin', 's2')).toEqual([`${objectId}#0@s2`]);
        await expectCode(store.putSessionDocument(document('nope', 'x.md', 0), []), 'USAGE');
      });

      it('removes sessions with their documents, chunks and vectors', async () => {
        await store.setEmbeddingModel({ modelId: 'test-model', dimension: 4 });
        await store.putSession(session('s1', 30));
        await store.putSessionDocument(document('s1', 'a.md', 1), [docChunk('s1', '_session:document:a.md', 0, 'zeppelin')]);
        expect((await store.info()).vectors).toBe(1);
        expect(await store.removeSession('s1')).toBe(true);
        expect(await store.removeSession('s1')).toBe(false);
        expect(await store.getSession('s1')).toBeNull();
        expect(await store.listSessionDocuments('s1')).toEqual([]);
        const info = await store.info();
        expect([info.chunks, info.vectors]).toEqual([0, 0]);
      });

      it('expires idle sessions; cleanup keeps live session documents and removes expired ones', async () => {
        await seedShop(store);
        await store.putSession(session('old', 5));
        await store.putSession(session('live', 60 * 24 * 365 * 100));
        await store.putSessionDocument(document('old', 'a.md', 1), [docChunk('old', '_session:document:a.md', 0, 'zeppelin old')]);
        await store.putSessionDocument(document('live', 'a.md', 1), [docChunk('live', '_session:document:a.md', 0, 'zeppelin live')]);
        const before = await store.info();
        expect(await store.removeExpiredSessions(at(1))).toEqual([]);
        const removed = await store.cleanup();
        expect(removed.sessions).toBe(1);
        expect(await store.getSession('old')).toBeNull();
        expect(await store.listSessionDocuments('old')).toEqual([]);
        expect((await store.lexicalSearch({ terms: [['zeppelin']], limit: 10, session: 'live' })).map((h) => h.chunkId)).toEqual([
          '_session:document:a.md#0@live',
        ]);
        const after = await store.info();
        expect([after.chunks, after.vectors]).toEqual([before.chunks - 1, before.vectors - 1]);
        expect(await store.cleanup()).toSatisfy((counts: Record<string, number>) => Object.values(counts).every((n) => n === 0));

        await store.putSession(session('idle', 10));
        expect(await store.removeExpiredSessions(at(11))).toEqual(['idle']);
        expect(await store.getSession('live')).not.toBeNull();
      });
    });

    describe('source locks and vector reads', () => {
      it('makes a second holder of a source lock wait for the first, naming it, and leaves other sources free', async () => {
        const order: string[] = [];
        const waits: string[] = [];
        const first = await store.lockSource('shop');
        const other = await store.lockSource('crm');
        const second = store.lockSource('shop', { onWait: (holder) => waits.push(holder) }).then((lock) => {
          order.push('second');
          return lock;
        });
        await new Promise((resolve) => setTimeout(resolve, 150));
        order.push('first released');
        await first.release();
        await (await second).release();
        await other.release();
        expect(order).toEqual(['first released', 'second']);
        expect(waits.length).toBe(1);
        expect(waits[0]).not.toBe('');
        await (await store.lockSource('shop')).release();
      });

      it('reads stored vectors back by chunk id, exactly', async () => {
        const fixture = await seedSearch(store);
        const ids = [id(11), id(40), 'shop:nope'];
        const read = await store.vectorsOf(ids);
        expect([...read.keys()].sort()).toEqual([id(11), id(40)]);
        expect([...read.get(id(40))!]).toEqual([...fixture.vectors.get(id(40))!]);
      });
    });

    describe('maintenance', () => {
      it('keeps search results identical through cleanup and repair', async () => {
        const fixture = await seedSearch(store);
        const before = await snapshotSearches(store, fixture);
        const removed = await store.cleanup();
        expect(Object.values(removed).every((n) => n === 0)).toBe(true);
        expect(await snapshotSearches(store, fixture)).toEqual(before);
        const rebuilt = await store.repair();
        expect(Object.keys(rebuilt).length).toBeGreaterThan(0);
        expect(await snapshotSearches(store, fixture)).toEqual(before);
        const info = await store.info();
        expect([info.chunks, info.vectors]).toEqual([fixture.chunks.length, fixture.chunks.length]);
      });

      it('reports what it holds', async () => {
        await seedShop(store);
        const info = await store.info();
        expect(info.countsByKind).toEqual({ column: 7, schema: 1, table: 3 });
        expect(info.chunks).toBe(11);
        expect(info.vectors).toBe(11);
        expect(info.embeddingModel).toEqual({ modelId: 'test-model', dimension: 4 });
        expect(info.schemaVersion).toBeGreaterThan(0);
        expect(info.sizeBytes).toBeGreaterThan(0);
        expect(info.vectorBackend).not.toBe('');
      });
    });
  });
}
