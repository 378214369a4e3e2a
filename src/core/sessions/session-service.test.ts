import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqlite/index.js';
import type { Embedder } from '../../ports/embedder.js';
import type { Store } from '../../ports/store.js';
import { localUser, type RequestUser } from '../auth/user.js';
import { createProjectService } from '../projects/projects.js';
import { createSearchService } from '../search/search-service.js';
import { createSessionService, type SessionService } from './session-service.js';
import { SESSION_SOURCE } from './session-documents.js';

/** A deterministic 4-d "embedder": one axis per planted word. */
const tinyEmbedder: Embedder = {
  modelId: 'tiny',
  dimension: 4,
  async embed(texts) {
    return texts.map((t) => Float32Array.from(['zeppelin', 'hangar', 'invoice', 'refund'].map((w) => (t.toLowerCase().includes(w) ? 1 : 0.01))));
  },
} as Embedder;

let dir: string;
let store: Store;
let sessions: SessionService;
const ana = localUser('ana');
const search = () => createSearchService({ store, embedder: async () => tinyEmbedder });

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sextant-sessions-'));
  store = await openSqliteStore(join(dir, 'index.sqlite'));
  await store.setEmbeddingModel({ modelId: 'tiny', dimension: 4 });
  for (const name of ['shop', 'crm']) {
    await store.addSource({ name, type: 'postgres', url: `postgres://r@h/${name}`, options: {}, createdAt: new Date().toISOString() });
  }
  const projects = createProjectService(store);
  await projects.create('billing', { sources: ['shop'] });
  await projects.create('support', { sources: ['crm'] });
  sessions = createSessionService({ store, projects, embedder: async () => tinyEmbedder });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sessions', () => {
  it("keeps the client's name given at opening or named later, across active-project changes", async () => {
    expect((await sessions.open({ id: 'a', project: 'billing', user: ana, client: 'agent/1.0' })).client).toBe('agent/1.0');
    expect((await sessions.open({ id: 'b', project: 'billing', user: ana })).client).toBeNull();
    await sessions.nameClient('b', 'desktop/2.3');
    await sessions.setActiveProjects('b', ['support'], ana);
    expect((await sessions.list()).map((s) => [s.id, s.client])).toEqual([
      ['a', 'agent/1.0'],
      ['b', 'desktop/2.3'],
    ]);
    await expect(sessions.nameClient('gone', 'x/1')).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });

  it('opens on a project with it active, and refuses unknown projects', async () => {
    const s = await sessions.open({ id: 'a', project: 'billing', user: ana });
    expect(s).toMatchObject({ id: 'a', project: 'billing', user: 'ana', activeProjects: ['billing'] });
    await expect(sessions.open({ project: 'nope', user: ana })).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    await expect(sessions.get('zzz')).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });

  it('makes a document visible to its own session only, lexically and by vector', async () => {
    await sessions.open({ id: 'a', project: 'default', user: ana });
    await sessions.open({ id: 'b', project: 'default', user: ana });
    const doc = await sessions.addDocument('a', { name: 'runbook.md', text: '# Airships\n\nThe zeppelin sleeps in hangar 7.' });
    expect(doc).toMatchObject({ name: 'runbook.md', mimeType: 'text/markdown', chunks: 1, objectId: `${SESSION_SOURCE}:document:runbook.md` });
    const s = search();
    const inA = await s.query('zeppelin hangar', await sessions.scope('a'));
    expect(inA.hits.map((h) => [h.objectId, h.kind, h.source])).toEqual([[doc.objectId, 'document', SESSION_SOURCE]]);
    expect((await s.vsearch('zeppelin', await sessions.scope('a'))).hits[0]?.objectId).toBe(doc.objectId);
    expect((await s.query('zeppelin hangar', await sessions.scope('b'))).hits).toEqual([]);
    expect((await s.query('zeppelin hangar', {})).hits).toEqual([]);
    expect((await sessions.getDocument('a', 'runbook.md')).text).toContain('hangar 7');
    await expect(sessions.getDocument('b', 'runbook.md')).rejects.toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
  });

  it('replaces a document of the same name and removes it with its chunks', async () => {
    await sessions.open({ id: 'a', project: 'default', user: ana });
    await sessions.addDocument('a', { name: 'notes', text: 'zeppelin' });
    await sessions.addDocument('a', { name: 'notes', text: 'invoice refund policy' });
    const s = search();
    expect((await s.search('zeppelin', await sessions.scope('a'))).hits).toEqual([]);
    expect((await s.search('invoice', await sessions.scope('a'))).hits).toHaveLength(1);
    expect((await sessions.listDocuments('a')).map((d) => d.name)).toEqual(['notes']);
    await sessions.removeDocument('a', 'notes');
    expect((await s.search('invoice', await sessions.scope('a'))).hits).toEqual([]);
    await expect(sessions.removeDocument('a', 'notes')).rejects.toMatchObject({ code: 'DOCUMENT_NOT_FOUND', hint: expect.stringContaining('no documents') });
  });

  it('validates documents, naming the field', async () => {
    await sessions.open({ id: 'a', project: 'default', user: ana });
    await expect(sessions.addDocument('a', { name: 'a#b', text: 'x' })).rejects.toMatchObject({ code: 'USAGE', details: { field: 'name' } });
    await expect(sessions.addDocument('a', { name: 'ok', text: '   ' })).rejects.toMatchObject({ code: 'USAGE', details: { field: 'text' } });
    await expect(sessions.addDocument('a', { name: 'ok', text: 'x'.repeat(500_001) })).rejects.toMatchObject({ code: 'USAGE', details: { field: 'text' } });
  });

  it('scopes sources to the active projects and keeps session documents in scope', async () => {
    await sessions.open({ id: 'a', project: 'billing', user: ana });
    expect(await sessions.scope('a')).toEqual({ sources: ['shop', SESSION_SOURCE], projects: ['billing'], session: 'a' });
    await expect(sessions.scope('a', ['crm'])).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(sessions.scope('a', ['nope'])).rejects.toMatchObject({ code: 'SOURCE_NOT_FOUND' });
    await sessions.setActiveProjects('a', ['support'], ana);
    const scope = await sessions.scope('a', ['crm']);
    expect(scope).toEqual({ sources: ['crm'], projects: ['billing', 'support'], session: 'a' });
    await sessions.setActiveProjects('a', ['default'], ana);
    expect((await sessions.scope('a')).sources).toBeUndefined();
    await sessions.setActiveProjects('a', [], ana);
    expect((await sessions.get('a')).activeProjects).toEqual(['billing']);
  });

  it('only activates projects the credential may use', async () => {
    const limited: RequestUser = { subject: 'ci', roles: [], projects: ['billing'], via: 'token' };
    await sessions.open({ id: 'a', project: 'billing', user: limited });
    await expect(sessions.setActiveProjects('a', ['support'], limited)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // a missing project looks like another's to a limited credential: existence is not its to learn (issue 11 §8)
    await expect(sessions.setActiveProjects('a', ['nope'], limited)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await sessions.open({ id: 'b', project: 'billing', user: ana });
    await expect(sessions.setActiveProjects('b', ['nope'], ana)).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });

  it('expires idle sessions with their documents; touching keeps a session alive', async () => {
    await sessions.open({ id: 'idle', project: 'default', user: ana, ttlMs: 1000 });
    await sessions.open({ id: 'busy', project: 'default', user: ana, ttlMs: 1000 });
    await sessions.addDocument('idle', { name: 'a', text: 'zeppelin' });
    expect(await sessions.touch('busy', 60_000)).toBe(true);
    expect(await sessions.expireIdle(new Date(Date.now() + 5000))).toEqual(['idle']);
    expect((await store.info()).chunks).toBe(0);
    await expect(sessions.get('idle')).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect(await sessions.touch('idle', 1000)).toBe(false);
    expect(await sessions.close('busy')).toBe(true);
    expect(await sessions.list()).toEqual([]);
  });

  it('touches a session with a short idle time often enough that use keeps it alive', async () => {
    const opened = await sessions.open({ id: 'short', project: 'default', user: ana, ttlMs: 400 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await sessions.touch('short')).toBe(true);
    expect((await sessions.get('short')).expiresAt > opened.expiresAt).toBe(true);
  });

  it('sweeps expired sessions when it holds the store’s sweep lock (a SQLite store: always), and can forget one without removing it', async () => {
    expect(sessions.shared).toBe(false);
    await sessions.open({ id: 'old', project: 'default', user: ana, ttlMs: 10 });
    await sessions.open({ id: 'kept', project: 'default', user: ana });
    expect(await sessions.sweep(new Date(Date.now() + 1000))).toEqual({ swept: true, removed: ['old'] });
    sessions.forget('kept');
    expect((await sessions.get('kept')).id).toBe('kept');
  });
});

describe('session document entities', () => {
  it('links document chunks to their entities, visible to the session only, gone with the document', async () => {
    await sessions.open({ id: 'a', project: 'default', user: ana });
    await sessions.addDocument('a', { name: 'crm.md', text: '# Churn\n\nAcme Corp tracks customer churn and refund requests every quarter.' });
    const chunkId = (await store.lexicalSearch({ terms: [['churn']], limit: 5, session: 'a' }))[0]!.chunkId;
    const names = (await store.entitiesOf([chunkId])).get(chunkId) ?? [];
    expect(names.length).toBeGreaterThan(0);
    expect(names.map((e) => e.name).join(' ')).toMatch(/churn|customer|refund/i);
    await sessions.removeDocument('a', 'crm.md');
    expect((await store.entitiesOf([chunkId])).get(chunkId) ?? []).toEqual([]);
  });

  it("lists the session's entities: of its documents alone, or of everything it searches, paged", async () => {
    await sessions.open({ id: 'a', project: 'default', user: ana });
    await sessions.open({ id: 'b', project: 'default', user: ana });
    await sessions.addDocument('a', { name: 'crm.md', text: '# Churn\n\nAcme Corp tracks customer churn and refund requests every quarter.' });
    const own = await sessions.entities('a', { documentsOnly: true });
    expect(own.items.map((e) => e.name).join(' ')).toMatch(/churn/i);
    expect(own.items.every((e) => e.chunks === 1)).toBe(true);
    expect((await sessions.entities('a')).items.map((e) => e.key)).toEqual(expect.arrayContaining(own.items.map((e) => e.key)));
    expect((await sessions.entities('b', { documentsOnly: true })).items).toEqual([]);
    const first = await sessions.entities('a', { documentsOnly: true, limit: 1 });
    expect(first.items).toHaveLength(1);
    const second = await sessions.entities('a', { documentsOnly: true, limit: 1, cursor: first.nextCursor! });
    expect(second.items[0]!.key).toBe(own.items[1]!.key);
  });
});
