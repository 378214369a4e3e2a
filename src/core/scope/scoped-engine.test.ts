import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../adapters/store/sqlite/index.js';
import type { CatalogObject } from '../../ports/catalog.js';
import type { Store } from '../../ports/store.js';
import { localUser, type RequestUser } from '../auth/user.js';
import { createEngine, type Engine } from '../engine.js';
import { createScopedEngine, type ScopedEngine } from './scoped-engine.js';

/** Sources and what they hold: `aaa` sorts before everything, so a filter after paging would empty alpha's first page. */
const SOURCES = { aaa: 'postgres', shop: 'postgres', mesh: 'hugr', mesh2: 'hugr' } as const;
const ALPHA = ['mesh', 'shop'];
const BETA = ['aaa', 'mesh2'];

function object(source: string, kind: string, path: string, extra: Partial<CatalogObject> = {}): CatalogObject {
  return {
    id: `${source}:${kind}:${path}`,
    source,
    kind,
    path,
    name: path.split('.').pop()!,
    parentId: null,
    resource: `${kind}:${path}`,
    comment: null,
    definition: null,
    attributes: {},
    ...extra,
  };
}

function objectsOf(source: string): CatalogObject[] {
  if (source === 'aaa')
    return [
      object(source, 'schema', 'wide'),
      ...Array.from({ length: 30 }, (_, i) => object(source, 'table', `wide.t${String(i).padStart(2, '0')}`, { parentId: 'aaa:schema:wide' })),
    ];
  if (source === 'shop')
    return [
      object(source, 'schema', 'public'),
      object(source, 'table', 'public.orders', { parentId: 'shop:schema:public' }),
      object(source, 'table', 'public.customers', { parentId: 'shop:schema:public' }),
    ];
  return [
    object(source, 'data_source', 'pg', { attributes: { engine: 'postgres' } }),
    object(source, 'module', 'crm'),
    object(source, 'data_object', 'crm.customers', { parentId: `${source}:module:crm`, attributes: { module: 'crm', graphqlPath: 'crm.customers' } }),
  ];
}

let dir: string;
let store: Store;
let engine: Engine;

async function sessionOn(project: string, id = `s-${project}`, user: RequestUser = localUser('ana')): Promise<ScopedEngine> {
  await engine.sessions.open({ id, project, user });
  return createScopedEngine(engine, { session: id, project, user });
}

async function allIds(scoped: ScopedEngine, limit: number): Promise<{ ids: string[]; pageSizes: number[]; totals: number[] }> {
  const ids: string[] = [];
  const pageSizes: number[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<ScopedEngine['listObjects']>> = await scoped.listObjects({ limit, ...(cursor ? { cursor } : {}) });
    ids.push(...page.items.map((o) => o.id));
    pageSizes.push(page.items.length);
    totals.push(page.total);
    cursor = page.nextCursor;
  } while (cursor);
  return { ids, pageSizes, totals };
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sextant-scope-'));
  store = await openSqliteStore(join(dir, 'index.sqlite'));
  for (const [name, type] of Object.entries(SOURCES)) {
    await store.addSource({
      name,
      type,
      url: type === 'hugr' ? 'http://localhost:1/hugr' : `postgres://r@h/${name}`,
      options: {},
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    const objects = objectsOf(name);
    const outcome = { at: '2025-01-02T00:00:00.000Z', ok: true, message: 'updated', added: objects.length, changed: 0, removed: 0, durationMs: 1 };
    await store.applySourceUpdate({
      source: name,
      sourceHash: name,
      changed: objects.map((o) => ({ resource: o.resource, hash: o.id, objects: [o], edges: [] })),
      removedResources: [],
      chunks: { upsert: [], remove: [], effectiveContexts: [] },
      outcome,
    });
  }
  engine = createEngine({ store, connectors: new Map(), embedder: async () => null });
  await engine.projects.create('alpha', { sources: ALPHA });
  await engine.projects.create('beta', { sources: BETA });
});

afterEach(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('scoped engine', () => {
  it('lists only the sources of the active projects', async () => {
    const alpha = await sessionOn('alpha');
    expect((await alpha.listSources()).map((s) => s.name)).toEqual(ALPHA);
    expect(await alpha.visibleSources()).toEqual(ALPHA);
    expect((await alpha.status()).sources.map((s) => s.name)).toEqual(ALPHA);
    const everything = await sessionOn('default');
    expect(await everything.visibleSources()).toBeNull();
    expect((await everything.listSources()).map((s) => s.name).sort()).toEqual(Object.keys(SOURCES).sort());
  });

  it('pages objects inside the store query: full pages and totals of visible objects only', async () => {
    const alpha = await sessionOn('alpha');
    const { ids, pageSizes, totals } = await allIds(alpha, 4);
    const expected = [...objectsOf('mesh'), ...objectsOf('shop')].map((o) => o.id).sort();
    expect(ids).toEqual(expected);
    expect(pageSizes).toEqual([4, 2]);
    expect(new Set(totals)).toEqual(new Set([expected.length]));
    expect((await alpha.listObjects({ parentId: 'aaa:schema:wide' })).total).toBe(0);
  });

  it('refuses a named invisible source or object with FORBIDDEN, and an unknown one with SOURCE_NOT_FOUND', async () => {
    const alpha = await sessionOn('alpha');
    await expect(alpha.listObjects({ source: 'aaa' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(alpha.get('aaa:table:wide.t00')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(alpha.get('sextant://aaa/wide.t00')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(alpha.describe('aaa', { detail: 'brief' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(alpha.listSchemas('aaa')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(alpha.describeObject('aaa:table:wide.t00', 'full')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(alpha.search('orders', { sources: ['aaa'] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(alpha.listObjects({ source: 'nope' })).rejects.toMatchObject({ code: 'SOURCE_NOT_FOUND', hint: 'sources you can use: mesh, shop' });
    expect((await alpha.get('shop:table:public.orders')).object.id).toBe('shop:table:public.orders');
    expect((await alpha.listSchemas('shop')).schemas.map((s) => s.name)).toEqual(['public']);
  });

  it('lists GraphQL data sources, modules and module members of visible sources only', async () => {
    const alpha = await sessionOn('alpha');
    expect((await alpha.graphql.listDataSources()).map((d) => d.id)).toEqual(['mesh:data_source:pg']);
    expect((await alpha.graphql.listModules()).map((m) => m.id)).toEqual(['mesh:module:crm']);
    expect((await alpha.graphql.listDataObjects({ module: 'crm' })).dataObjects.map((o) => o.id)).toEqual(['mesh:data_object:crm.customers']);
    await expect(alpha.graphql.listDataSources('mesh2')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(alpha.graphql.describe('mesh2:data_object:crm.customers')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(alpha.graphql.query({ source: 'mesh2', query: '{ x }' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const beta = await sessionOn('beta');
    expect((await beta.graphql.listModules()).map((m) => m.id)).toEqual(['mesh2:module:crm']);
  });

  it('follows set_active_projects at the next call', async () => {
    const alpha = await sessionOn('alpha');
    const before = (await alpha.listObjects({ limit: 1 })).total;
    await alpha.setActiveProjects(['beta']);
    expect((await alpha.listSources()).map((s) => s.name).sort()).toEqual([...ALPHA, ...BETA].sort());
    expect((await alpha.graphql.listDataSources()).map((d) => d.id)).toEqual(['mesh:data_source:pg', 'mesh2:data_source:pg']);
    expect((await alpha.listObjects({ limit: 1 })).total).toBe(before + objectsOf('aaa').length + objectsOf('mesh2').length);
    expect((await alpha.sessionRecord()).activeProjects).toEqual(['alpha', 'beta']);
  });

  it('binds the glossary to the served project', async () => {
    const alpha = await sessionOn('alpha');
    expect(await alpha.glossary.list()).toEqual([]);
    expect(await alpha.glossary.find('revenue')).toBeNull();
  });

  it('enforces the role in core: a reader may not write the glossary; a narrower credential drops active projects', async () => {
    const reader: RequestUser = { subject: 'rita', roles: ['reader'], projects: ['alpha', 'beta'], via: 'token' };
    const scoped = await sessionOn('alpha', 's-reader', reader);
    const [input, actor] = [
      { name: 'X', definition: 'x', sql: 'SELECT 1' },
      { user: 'rita', client: null, via: 'mcp' },
    ] as unknown as Parameters<ScopedEngine['glossary']['create']>;
    await expect(scoped.glossary.create(input, actor, 'client')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('needs the editor role'),
    });
    await expect(scoped.glossary.remove('X', actor)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await scoped.setActiveProjects(['beta']);
    await scoped.present({ ...reader, projects: ['alpha'] });
    expect((await scoped.sessionRecord()).activeProjects).toEqual(['alpha']);
    expect(await scoped.visibleSources()).toEqual(ALPHA);
    await expect(scoped.present({ ...reader, projects: ['beta'] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lists, adds, edits and removes contexts of visible sources only, with the editor role', async () => {
    const alpha = await sessionOn('alpha');
    const added = await alpha.contexts.add('sextant://shop/public.orders', 'One row per checkout');
    await engine.addContext('sextant://aaa', 'hidden from alpha');
    expect((await alpha.contexts.list()).map((c) => c.text)).toEqual(['One row per checkout']);
    await expect(alpha.contexts.add('sextant://aaa/wide', 'x')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const hidden = (await engine.listContexts('aaa'))[0]!;
    await expect(alpha.contexts.remove(hidden.id)).rejects.toMatchObject({ code: 'CONTEXT_NOT_FOUND' });
    const edited = await alpha.contexts.replace(added.context.id, 'One row per order');
    expect(edited.context).toMatchObject({ source: 'shop', targetKind: 'object', target: 'shop:table:public.orders', text: 'One row per order' });
    expect((await alpha.contexts.list('shop')).map((c) => c.text)).toEqual(['One row per order']);
    await alpha.contexts.remove(edited.context.id);
    expect(await alpha.contexts.list()).toEqual([]);
    const reader = await sessionOn('alpha', 's-read', { subject: 'rita', roles: ['reader'], projects: null, via: 'token' });
    await expect(reader.contexts.add('sextant://shop', 'x')).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('counts a visible source by kind, and keeps updates and the sessions overview to admins', async () => {
    const alpha = await sessionOn('alpha');
    expect(await alpha.sourceCounts('shop')).toEqual({ schema: 1, table: 2 });
    await expect(alpha.sourceCounts('aaa')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(alpha.operations.updateSource('aaa')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const overview = await alpha.operations.sessions();
    expect(overview.map((o) => [o.session.id, o.documents.length, o.entities])).toEqual([['s-alpha', 0, 0]]);
    const editor = await sessionOn('alpha', 's-editor', { subject: 'ed', roles: ['editor'], projects: null, via: 'token' });
    await expect(editor.operations.sessions()).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('admin') });
    await expect(editor.operations.updateSource('shop')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(editor.operations.checkAccess('shop')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(editor.operations.setDeveloperTools(true)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await alpha.operations.setDeveloperTools(true)).settings.developerTools).toBe(true);
    expect((await alpha.servedProject()).settings.developerTools).toBe(true);
    await expect(alpha.operations.checkAccess('aaa')).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
