/**
 * The scope contract, run on every transport (scope-stdio.test.ts, scope-http.test.ts): a
 * session sees only its projects' sources in every listing tool, resource and search, and
 * naming anything else is FORBIDDEN. Guards issue #9 §1: `list_data_sources {}`,
 * `list_modules {}` and `list_data_objects {}` listed other projects' GraphQL sources, and
 * resources/list filtered after paging (short or empty pages).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './fixture.js';
import { ALPHA, BETA, BULK_TABLES } from './scope.fixture.js';

/** Opens a session served on `project`; the contract closes it. */
export type ConnectToProject = (project: string) => Promise<Client>;

const sourceOf = (id: string) => id.slice(0, id.indexOf(':'));
const sourcesOf = (ids: readonly string[]) => [...new Set(ids.map(sourceOf))].sort();

async function allResources(client: Client): Promise<{ pages: Array<{ count: number; next: boolean }>; names: string[] }> {
  const pages: Array<{ count: number; next: boolean }> = [];
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor ? { cursor } : {});
    pages.push({ count: page.resources.length, next: Boolean(page.nextCursor) });
    names.push(...page.resources.map((r) => r.name));
    cursor = page.nextCursor;
  } while (cursor);
  return { pages, names };
}

async function expectForbidden(client: Client, tool: string, args: Record<string, unknown>): Promise<void> {
  const result = await call(client, tool, args);
  expect(result.isError, `${tool} ${JSON.stringify(args)} should be refused`).toBe(true);
  expect(result.data.error.code, `${tool} ${JSON.stringify(args)}`).toBe('FORBIDDEN');
}

export function describeScopeContract(transport: string, connect: ConnectToProject): void {
  describe(`a session sees only its projects' sources (${transport})`, () => {
    let alpha: Client;
    let beta: Client;

    beforeAll(async () => {
      [alpha, beta] = await Promise.all([connect(ALPHA.project), connect(BETA.project)]);
    }, 60_000);

    afterAll(async () => {
      await alpha?.close();
      await beta?.close();
    });

    it('list_sources and status name only visible sources, with their object totals', async () => {
      const listed = await call(alpha, 'list_sources');
      expect(listed.data.sources.map((s: { name: string }) => s.name)).toEqual([...ALPHA.sources]);
      expect(listed.data.sources.find((s: { name: string }) => s.name === 'ledger').objects).toBeGreaterThan(0);
      expect((await call(alpha, 'status')).data.sources).toBe(ALPHA.sources.length);
      // counts only what the session may see (issue 11 §8): the objects of its sources, not the index's
      const perSource = listed.data.sources.reduce((n: number, s: { objects: number }) => n + s.objects, 0);
      const byKind = Object.values((await call(alpha, 'status')).data.index.objects_by_kind as Record<string, number>);
      expect(byKind.reduce((a, b) => a + b, 0)).toBe(perSource);
      expect((await call(beta, 'list_sources')).data.sources.map((s: { name: string }) => s.name)).toEqual([...BETA.sources]);
    });

    it('status counts chunks and vectors of what the session may see, not of the index (issue 11 §8)', async () => {
      const index = async (client: Client) => (await call(client, 'status')).data.index as { chunks: number; vectors: number };
      const [alphaBefore, betaBefore] = [await index(alpha), await index(beta)];
      // beta holds 120 bulk tables and shopdb besides its GraphQL source; alpha two small sources
      expect(alphaBefore.chunks).toBeGreaterThan(0);
      expect(alphaBefore.chunks).toBeLessThan(betaBefore.chunks);
      expect(alphaBefore.vectors).toBeLessThanOrEqual(alphaBefore.chunks);
      expect(alphaBefore.vectors).toBeLessThan(betaBefore.vectors);
      // another session's document counts for that session alone
      expect((await call(beta, 'add_document', { name: 'count-me.md', text: 'A note that only beta may see.' })).isError).toBe(false);
      expect((await index(beta)).chunks).toBeGreaterThan(betaBefore.chunks);
      expect(await index(alpha)).toEqual(alphaBefore);
      await call(beta, 'add_document', { name: 'count-me.md', remove: true });
    });

    it('list_schemas and list_objects page visible sources and refuse the others', async () => {
      expect((await call(alpha, 'list_schemas', { source: 'ledger' })).data.schemas.map((s: { name: string }) => s.name)).toEqual(['billing']);
      const tables = await call(alpha, 'list_objects', { source: 'ledger', kind: 'table' });
      expect(tables.data.total).toBe(2);
      await expectForbidden(alpha, 'list_schemas', { source: 'shopdb' });
      await expectForbidden(alpha, 'list_objects', { source: 'bulk' });
      await expectForbidden(beta, 'list_objects', { source: 'ledger' });
      await expectForbidden(beta, 'list_operations', { source: 'ledger' });
    });

    it('list_data_sources, list_modules and list_data_objects without a source list only visible GraphQL sources', async () => {
      const dataSources = await call(alpha, 'list_data_sources', {});
      expect(dataSources.data.data_sources.length).toBeGreaterThan(0);
      expect(sourcesOf(dataSources.data.data_sources.map((d: { id: string }) => d.id))).toEqual(['mesh']);
      const modules = await call(alpha, 'list_modules', {});
      expect(modules.data.modules.length).toBeGreaterThan(0);
      expect(sourcesOf(modules.data.modules.map((m: { id: string }) => m.id))).toEqual(['mesh']);
      const members = await call(alpha, 'list_data_objects', { module: 'crm' });
      expect(members.data.dataObjects.length).toBeGreaterThan(0);
      expect(sourcesOf([...members.data.dataObjects, ...members.data.functions].map((o: { id: string }) => o.id))).toEqual(['mesh']);
      expect(sourcesOf((await call(beta, 'list_data_sources', {})).data.data_sources.map((d: { id: string }) => d.id))).toEqual(['mesh2']);
      await expectForbidden(alpha, 'list_data_sources', { source: 'mesh2' });
      await expectForbidden(alpha, 'list_modules', { source: 'mesh2' });
      await expectForbidden(alpha, 'list_data_objects', { source: 'mesh2', module: 'crm' });
    });

    it('describe and get refuse objects of invisible sources, database and GraphQL alike', async () => {
      expect((await call(alpha, 'describe', { object: 'ledger:table:billing.invoices' })).isError).toBe(false);
      expect((await call(alpha, 'describe', { object: 'mesh:data_object:crm.pg_customers' })).isError).toBe(false);
      await expectForbidden(alpha, 'describe', { object: 'shopdb' });
      await expectForbidden(alpha, 'describe', { object: 'sextant://shopdb/shop.orders' });
      await expectForbidden(alpha, 'describe', { object: 'mesh2:data_object:crm.pg_customers' });
      await expectForbidden(alpha, 'get', { object: 'shopdb:table:shop.orders' });
      await expectForbidden(alpha, 'get', { object: 'bulk:table:bulk.t001' });
      await expectForbidden(beta, 'get', { object: 'mesh:data_object:crm.pg_customers' });
    });

    it('search and deep_search find only visible sources, and refuse naming others', async () => {
      for (const tool of ['search', 'deep_search']) {
        const found = await call(alpha, tool, { query: 'customers orders invoices', top_k: 50 });
        expect(found.data.hits.length).toBeGreaterThan(0);
        for (const hit of found.data.hits as Array<{ source: string }>) expect(ALPHA.sources as readonly string[]).toContain(hit.source);
        await expectForbidden(alpha, tool, { query: 'orders', sources: ['shopdb'] });
      }
      const inBeta = await call(beta, 'deep_search', { query: 'customers orders', top_k: 50 });
      for (const hit of inBeta.data.hits as Array<{ source: string }>) expect(BETA.sources as readonly string[]).toContain(hit.source);
    });

    it('resources/list pages only visible objects: full pages, nothing of other projects', async () => {
      const a = await allResources(alpha);
      expect(a.names.length).toBeGreaterThan(0);
      expect(a.pages[0]!.count).toBe(Math.min(100, a.names.length));
      expect(sourcesOf(a.names)).toEqual([...ALPHA.sources]);
      const b = await allResources(beta);
      expect(b.names.filter((n) => n.startsWith('bulk:table:'))).toHaveLength(BULK_TABLES);
      for (const page of b.pages.slice(0, -1)) expect(page).toEqual({ count: 100, next: true });
      expect(sourcesOf(b.names)).toEqual([...BETA.sources]);
    });

    it('resources/read answers visible objects and refuses the others', async () => {
      const read = await alpha.readResource({ uri: 'sextant://ledger/billing.invoices' });
      expect(JSON.parse((read.contents[0] as { text: string }).text).id).toBe('ledger:table:billing.invoices');
      await expect(alpha.readResource({ uri: 'sextant://shopdb/shop.orders' })).rejects.toThrow(/FORBIDDEN|not part of the active projects/);
      await expect(beta.readResource({ uri: 'sextant://ledger/billing.invoices' })).rejects.toThrow(/FORBIDDEN|not part of the active projects/);
    });

    it('the _session pseudo-source passes the project check, and did-you-mean names only visible objects (issue 11 §5)', async () => {
      const leaks = (text: string) => /shopdb:|bulk:|mesh2:/.test(text);
      for (const [tool, object] of [
        ['describe', '_session:table:shop.orders'],
        ['get', '_session:table:shop.orders'],
        ['describe', 'sextant://_session/shop.orders'],
        ['describe', '_session:document:nope'],
        ['get', 'ledger:table:shop.orders'],
        ['describe', 'mesh:data_object:crm.pg_customerz'],
      ] as const) {
        const result = await call(alpha, tool, { object });
        expect(result.isError, `${tool} ${object}`).toBe(true);
        expect(leaks(result.text), `${tool} ${object}: ${result.text}`).toBe(false);
        for (const id of result.data.error.suggestions ?? []) expect(ALPHA.sources as readonly string[], `${tool} ${object}`).toContain(sourceOf(id));
      }
      await expect(alpha.readResource({ uri: 'sextant://_session/shop.orders' })).rejects.toThrow(/^(?!.*(shopdb:|bulk:|mesh2:))/s);
      expect((await call(alpha, 'get', { object: 'ledger:table:billing.invoicez' })).data.error.suggestions).toContain('ledger:table:billing.invoices');
    });

    it('follows set_active_projects within the session', async () => {
      const widened = await connect(ALPHA.project);
      try {
        await call(widened, 'set_active_projects', { projects: [BETA.project] });
        const names = (await call(widened, 'list_sources')).data.sources.map((s: { name: string }) => s.name).sort();
        expect(names).toEqual([...ALPHA.sources, ...BETA.sources].sort());
        expect(sourcesOf((await call(widened, 'list_data_sources', {})).data.data_sources.map((d: { id: string }) => d.id))).toEqual(['mesh', 'mesh2']);
        expect((await call(widened, 'get', { object: 'shopdb:table:shop.orders' })).isError).toBe(false);
      } finally {
        await widened.close();
      }
    });
  });
}
