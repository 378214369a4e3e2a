/**
 * @module test/contracts/entity-store.contract
 * The entity part of the Store contract (run from describeStoreContract): links written with
 * their chunks, replaced and removed with them, unlinked entities gone at once, scopes taken
 * from the chunks, the neighbourhood behind related chunks, and the glossary listing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogObject, Chunk, EntityMention, SemanticType } from '../../src/ports/catalog.js';
import type { ChunkFilter, ChunkWrite, EntityRecord, SourceUpdate, Store } from '../../src/ports/store.js';

const m = (name: string, semanticType: SemanticType, confidence: number, nerType: EntityMention['nerType'] = null): EntityMention => ({
  name,
  displayName: name.replace(/\b\p{L}/gu, (c) => c.toUpperCase()),
  semanticType,
  nerType,
  confidence,
});

function object(kind: string, path: string, resource: string): CatalogObject {
  return {
    id: `shop:${kind}:${path}`,
    source: 'shop',
    kind,
    path,
    name: path.split('.').pop()!,
    parentId: null,
    resource,
    comment: null,
    definition: null,
    attributes: {},
  };
}

function chunkOf(o: CatalogObject, extra: Partial<Chunk> = {}): Chunk {
  return {
    id: o.id,
    objectId: o.id,
    source: 'shop',
    kind: o.kind,
    name: o.name.replace(/_/g, ' '),
    comment: '',
    definition: '',
    context: '',
    text: `${o.kind} ${o.name}`,
    contentHash: `h:${o.id}`,
    project: null,
    session: null,
    ...extra,
  };
}

/** Entities per object path of the fixture. `zebra` is on one chunk only; `common` on all. */
const ENTITIES: Record<string, EntityMention[]> = {
  'public.orders': [m('order', 'CONCEPT', 0.9), m('customer', 'CONCEPT', 0.4), m('web shop', 'TERM', 0.65), m('common', 'CONCEPT', 0.3)],
  'public.orders.id': [m('order', 'CONCEPT', 0.45), m('common', 'CONCEPT', 0.3)],
  'public.orders.customer_id': [m('customer id', 'TERM', 0.9), m('customer', 'CONCEPT', 0.675), m('order', 'CONCEPT', 0.45), m('common', 'CONCEPT', 0.3)],
  'public.orders.total': [m('total', 'ATTRIBUTE', 0.9), m('order', 'CONCEPT', 0.45), m('common', 'CONCEPT', 0.3)],
  'public.customers': [m('customer', 'CONCEPT', 0.9), m('acme corp', 'CONCEPT', 0.8, 'ORG'), m('common', 'CONCEPT', 0.3)],
  'public.customers.id': [m('customer', 'CONCEPT', 0.45), m('common', 'CONCEPT', 0.3)],
  'public.customers.email': [m('email', 'CONCEPT', 0.9), m('customer', 'CONCEPT', 0.45), m('zebra', 'CONCEPT', 0.5), m('common', 'CONCEPT', 0.3)],
  'public.products': [m('product', 'CONCEPT', 0.9), m('common', 'CONCEPT', 0.3)],
  'public.products.sku': [m('SKU', 'TERM', 0.9), m('product', 'CONCEPT', 0.45), m('common', 'CONCEPT', 0.3)],
};

const id = (path: string): string => `shop:${path.split('.').length === 2 ? 'table' : 'column'}:${path}`;

async function seed(store: Store): Promise<Map<string, CatalogObject>> {
  await store.addSource({ name: 'shop', type: 'postgres', url: 'postgres://reader@localhost/shop', options: {}, createdAt: '2025-01-01T00:00:00.000Z' });
  const byTable = new Map<string, CatalogObject[]>();
  const objects = new Map<string, CatalogObject>();
  for (const path of Object.keys(ENTITIES)) {
    const table = path.split('.').slice(0, 2).join('.');
    const o = object(path === table ? 'table' : 'column', path, `table:${table}`);
    objects.set(path, o);
    byTable.set(table, [...(byTable.get(table) ?? []), o]);
  }
  const upsert: ChunkWrite[] = [...objects.entries()].map(([path, o]) => ({ chunk: chunkOf(o), vector: null, entities: ENTITIES[path]! }));
  const update: SourceUpdate = {
    source: 'shop',
    sourceHash: 'src-1',
    changed: [...byTable].map(([table, list]) => ({ resource: `table:${table}`, hash: `h-${table}`, objects: list, edges: [] })),
    removedResources: [],
    chunks: { upsert, remove: [], effectiveContexts: [] },
    outcome: { at: '2025-01-02T00:00:00.000Z', ok: true, message: 'updated', added: 3, changed: 0, removed: 0, durationMs: 1 },
  };
  await store.applySourceUpdate(update);
  return objects;
}

async function allEntities(store: Store, filter: ChunkFilter = {}): Promise<EntityRecord[]> {
  const out: EntityRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listEntities(filter, { limit: 4, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

const keys = async (store: Store, filter: ChunkFilter = {}): Promise<string[]> => (await allEntities(store, filter)).map((e) => e.key);

export function describeEntityStoreContract(open: () => Promise<Store>): void {
  describe('entities', () => {
    let store: Store;
    let objects: Map<string, CatalogObject>;
    beforeEach(async () => {
      store = await open();
      objects = await seed(store);
    });
    afterEach(async () => {
      await store.close();
    });

    it('links entities with their chunks, strongest first, one row per (name, semantic type)', async () => {
      const of = await store.entitiesOf([id('public.orders.customer_id'), id('public.customers'), 'shop:nope']);
      expect([...of.keys()].sort()).toEqual([id('public.orders.customer_id'), id('public.customers')]);
      expect(of.get(id('public.orders.customer_id'))!.map((e) => [e.key, e.confidence])).toEqual([
        ['TERM:customer id', 0.9],
        ['CONCEPT:customer', 0.675],
        ['CONCEPT:order', 0.45],
        ['CONCEPT:common', 0.3],
      ]);
      expect(of.get(id('public.customers'))![1]).toEqual({
        key: 'CONCEPT:acme corp',
        name: 'acme corp',
        displayName: 'Acme Corp',
        semanticType: 'CONCEPT',
        nerType: 'ORG',
        confidence: 0.8,
      });
      const listed = await allEntities(store);
      expect(listed.map((e) => e.key)).toEqual([
        'TERM:SKU',
        'CONCEPT:acme corp',
        'CONCEPT:common',
        'CONCEPT:customer',
        'TERM:customer id',
        'CONCEPT:email',
        'CONCEPT:order',
        'CONCEPT:product',
        'ATTRIBUTE:total',
        'TERM:web shop',
        'CONCEPT:zebra',
      ]);
      expect(listed.find((e) => e.key === 'CONCEPT:customer')?.chunks).toBe(5);
      expect(listed.find((e) => e.key === 'CONCEPT:common')?.chunks).toBe(9);
    });

    it('pages the listing with an opaque cursor and filters it', async () => {
      const first = await store.listEntities({}, { limit: 3 });
      expect(first.items).toHaveLength(3);
      expect(first.nextCursor).not.toBeNull();
      const second = await store.listEntities({}, { limit: 3, cursor: first.nextCursor! });
      expect(second.items.map((e) => e.key)).toEqual(['CONCEPT:customer', 'TERM:customer id', 'CONCEPT:email']);
      expect((await store.listEntities({ semanticTypes: ['TERM'] })).items.map((e) => e.key)).toEqual(['TERM:SKU', 'TERM:customer id', 'TERM:web shop']);
      expect((await store.listEntities({ kinds: ['table'] })).items.map((e) => e.key)).not.toContain('CONCEPT:email');
      expect((await store.listEntities({ sources: ['crm'] })).items).toEqual([]);
      await expect(store.listEntities({}, { cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: 'USAGE' });
    });

    it('replaces a chunk’s links when it is rewritten and deletes entities left without links', async () => {
      const email = objects.get('public.customers.email')!;
      await store.applyChunkChanges('shop', {
        upsert: [{ chunk: chunkOf(email, { contentHash: 'v2' }), vector: null, entities: [m('email address', 'TERM', 0.9), m('customer', 'CONCEPT', 0.45)] }],
        remove: [],
        effectiveContexts: [],
      });
      expect((await store.entitiesOf([email.id])).get(email.id)!.map((e) => e.key)).toEqual(['TERM:email address', 'CONCEPT:customer']);
      const listed = await keys(store);
      expect(listed).toContain('TERM:email address');
      expect(listed).not.toContain('CONCEPT:zebra');
      expect(listed).not.toContain('CONCEPT:email');
      // written without entities: no links
      await store.applyChunkChanges('shop', { upsert: [{ chunk: chunkOf(email, { contentHash: 'v3' }), vector: null }], remove: [], effectiveContexts: [] });
      expect((await store.entitiesOf([email.id])).has(email.id)).toBe(false);
      expect(await keys(store)).not.toContain('TERM:email address');
      // they were deleted at once: cleanup finds nothing left to remove
      const removed = await store.cleanup();
      expect(removed.entities ?? 0).toBe(0);
      expect(removed.entityLinks ?? 0).toBe(0);
    });

    it('removes links with removed chunks and with a removed source', async () => {
      expect(await store.countChunks({})).toBe(9);
      await store.applyChunkChanges('shop', { upsert: [], remove: [id('public.products'), id('public.products.sku')], effectiveContexts: [] });
      expect(await store.countChunks({})).toBe(7);
      expect(await store.entitiesOf([id('public.products')])).toEqual(new Map());
      const listed = await keys(store);
      expect(listed).not.toContain('CONCEPT:product');
      expect(listed).not.toContain('TERM:SKU');
      expect((await allEntities(store)).find((e) => e.key === 'CONCEPT:common')?.chunks).toBe(7);

      await store.addSource({ name: 'crm', type: 'postgres', url: 'postgres://reader@localhost/crm', options: {}, createdAt: '2025-01-01T00:00:00.000Z' });
      const lead: CatalogObject = { ...object('table', 'sales.leads', 'table:sales.leads'), id: 'crm:table:sales.leads', source: 'crm' };
      await store.applySourceUpdate({
        source: 'crm',
        sourceHash: 'crm-1',
        changed: [{ resource: 'table:sales.leads', hash: 'l', objects: [lead], edges: [] }],
        removedResources: [],
        chunks: {
          upsert: [{ chunk: { ...chunkOf(lead), source: 'crm' }, vector: null, entities: [m('lead', 'CONCEPT', 0.9), m('customer', 'CONCEPT', 0.5)] }],
          remove: [],
          effectiveContexts: [],
        },
        outcome: { at: '2025-01-02T00:00:00.000Z', ok: true, message: 'updated', added: 1, changed: 0, removed: 0, durationMs: 1 },
      });
      expect(await store.removeSource('shop')).toBe(true);
      expect(await allEntities(store)).toEqual([
        { key: 'CONCEPT:customer', name: 'customer', displayName: 'Customer', semanticType: 'CONCEPT', nerType: null, chunks: 1 },
        { key: 'CONCEPT:lead', name: 'lead', displayName: 'Lead', semanticType: 'CONCEPT', nerType: null, chunks: 1 },
      ]);
      expect((await store.cleanup()).entities ?? 0).toBe(0);
    });

    it('keeps links intact when an update fails midway', async () => {
      const before = await store.entitiesOf([...objects.values()].map((o) => o.id));
      const email = objects.get('public.customers.email')!;
      await expect(
        store.applyChunkChanges('shop', {
          upsert: [
            { chunk: chunkOf(email, { contentHash: 'v2' }), vector: null, entities: [m('mail', 'CONCEPT', 0.9)] },
            { chunk: { ...chunkOf(email), source: 'other' }, vector: null },
          ],
          remove: [id('public.products')],
          effectiveContexts: [],
        }),
      ).rejects.toThrow();
      expect(await store.entitiesOf([...objects.values()].map((o) => o.id))).toEqual(before);
      expect(await keys(store)).not.toContain('CONCEPT:mail');
    });

    it('takes scope from the chunk: project and session entities are visible in their scope only', async () => {
      const orders = objects.get('public.orders')!;
      const scoped = (suffix: string, scope: Partial<Chunk>, entities: EntityMention[]): ChunkWrite => ({
        chunk: chunkOf(orders, { id: `${orders.id}#${suffix}`, contentHash: suffix, ...scope }),
        vector: null,
        entities,
      });
      await store.applyChunkChanges('shop', {
        upsert: [
          scoped('p1', { project: 'p1' }, [m('refund', 'CONCEPT', 0.8), m('order', 'CONCEPT', 0.5)]),
          scoped('s1', { session: 's1' }, [m('chargeback', 'CONCEPT', 0.8), m('refund', 'CONCEPT', 0.5), m('order', 'CONCEPT', 0.5)]),
          scoped('s2', { session: 's2' }, [m('secret plan', 'TERM', 0.8)]),
        ],
        remove: [],
        effectiveContexts: [],
      });
      const base = await keys(store);
      for (const k of ['CONCEPT:refund', 'CONCEPT:chargeback', 'TERM:secret plan']) expect(base).not.toContain(k);
      expect(await keys(store, { projects: ['p1'] })).toContain('CONCEPT:refund');
      expect(await keys(store, { projects: ['p1'] })).not.toContain('CONCEPT:chargeback');
      const s1 = await keys(store, { session: 's1' });
      expect(s1).toContain('CONCEPT:chargeback');
      expect(s1).not.toContain('TERM:secret plan');
      const withBoth = await allEntities(store, { projects: ['p1'], session: 's1' });
      expect(withBoth.find((e) => e.key === 'CONCEPT:refund')?.chunks).toBe(2);
      expect(withBoth.find((e) => e.key === 'CONCEPT:order')?.chunks).toBe(6);
      expect((await allEntities(store)).find((e) => e.key === 'CONCEPT:order')?.chunks).toBe(4);

      expect(await store.countChunks({})).toBe(9);
      expect(await store.countChunks({ projects: ['p1'], session: 's1' })).toBe(11);
      expect(await store.countChunks({ session: 's2', kinds: ['table'] })).toBe(4);

      // the neighbourhood of the session chunk: df counted in its scope, candidates in its scope
      const hit = `${orders.id}#s1`;
      const inScope = await store.entityLinks([hit], { session: 's1', projects: ['p1'] }, { maxDf: 10 });
      expect(inScope.df.get('CONCEPT:refund')).toBe(2);
      expect(inScope.df.get('CONCEPT:chargeback')).toBe(1);
      expect(inScope.links.get(`${orders.id}#p1`)).toEqual(new Set(['CONCEPT:refund', 'CONCEPT:order']));
      const outOfScope = await store.entityLinks([hit], { session: 's1' }, { maxDf: 10 });
      expect(outOfScope.df.get('CONCEPT:refund')).toBe(1);
      expect(outOfScope.links.has(`${orders.id}#p1`)).toBe(false);
    });

    it('gives the entity neighbourhood of hits: df capped at maxDf + 1, candidates through shared entities', async () => {
      const hits = [id('public.orders'), id('public.customers.email')];
      const { links, df } = await store.entityLinks(hits, {}, { maxDf: 4 });
      expect(Object.fromEntries([...df].sort())).toEqual({
        'CONCEPT:common': 5,
        'CONCEPT:customer': 5,
        'CONCEPT:email': 1,
        'CONCEPT:order': 4,
        'CONCEPT:zebra': 1,
        'TERM:web shop': 1,
      });
      // hits keep all their entities; candidates list only the shared ones within 2..maxDf (`order`)
      expect(links.get(id('public.orders'))).toEqual(new Set(['CONCEPT:order', 'CONCEPT:customer', 'TERM:web shop', 'CONCEPT:common']));
      expect(links.get(id('public.orders.total'))).toEqual(new Set(['CONCEPT:order']));
      expect([...links.keys()].sort()).toEqual(
        [id('public.orders'), id('public.orders.id'), id('public.orders.customer_id'), id('public.orders.total'), id('public.customers.email')].sort(),
      );
      // the filter narrows the candidates, not the hits
      const tables = await store.entityLinks(hits, { kinds: ['table'] }, { maxDf: 10 });
      expect([...tables.links.keys()].sort()).toEqual(
        [id('public.customers'), id('public.customers.email'), id('public.orders'), id('public.products')].sort(),
      );
      expect(await store.entityLinks([], {}, { maxDf: 4 })).toEqual({ links: new Map(), df: new Map() });
    });

    it('keeps entities through cleanup and repair', async () => {
      const ids = [...objects.values()].map((o) => o.id);
      const before = { of: await store.entitiesOf(ids), listed: await allEntities(store) };
      const removed = await store.cleanup();
      expect(removed.entities ?? 0).toBe(0);
      await store.repair();
      expect(await store.entitiesOf(ids)).toEqual(before.of);
      expect(await allEntities(store)).toEqual(before.listed);
    });
  });
}
