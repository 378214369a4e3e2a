/**
 * The tool contract, run on every transport (stdio.test.ts, http.test.ts): each tool's happy
 * path and its user-fixable failures, which must come back as `isError` results that say what
 * to fix, never as protocol errors.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { call, OTHER_SOURCE, SOURCE } from './fixture.js';

/** Listed with developer tools off: the generic tools plus the family and session actions no generic tool covers. */
export const READ_AND_SESSION_TOOLS = [
  'add_document',
  'deep_search',
  'describe',
  'get',
  'get_glossary_sql',
  'graphql_query',
  'list_glossary',
  'list_objects',
  'list_operations',
  'list_sources',
  'onboarding_plan',
  'set_active_projects',
  'status',
];

/** Old names: callable for clients that use them, not listed (a listed tool does the same). */
export const UNLISTED_ALIASES = [
  'find_matching_clusters',
  'find_related_terms',
  'list_data_objects',
  'list_data_sources',
  'list_modules',
  'list_schemas',
  'remove_document',
  'search',
];

export function describeToolContract(transport: string, client: () => Client): void {
  describe(`tools over ${transport}`, () => {
    it('lists the read and session tools with annotations and input schemas', async () => {
      const { tools } = await client().listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(READ_AND_SESSION_TOOLS);
      const byName = new Map(tools.map((t) => [t.name, t]));
      expect(byName.get('deep_search')?.annotations).toMatchObject({ readOnlyHint: true });
      expect(byName.get('add_document')?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
      for (const alias of UNLISTED_ALIASES) expect(byName.has(alias)).toBe(false);
      expect(byName.get('deep_search')?.inputSchema.properties).toHaveProperty('fields_query');
      for (const t of tools) expect(t.description!.length).toBeGreaterThan(20);
    });

    // The new-user sweep: with no OpenAPI source at all, list_operations said only "0 in total".
    it('list_operations says there is no OpenAPI source (the fixture has none) and that an administrator adds one, naming no command', async () => {
      const listed = await call(client(), 'list_operations');
      expect(listed.isError).toBe(false);
      const note = 'no OpenAPI source here, so no REST operations to list: ask an administrator to add an openapi source and update it (no tool adds sources)';
      expect(listed.data).toEqual({ items: [], count: 0, total: 0, next_cursor: null, truncated: false, note });
      expect(listed.text).toBe(note);
    });

    it('list_sources and list_schemas walk down from the sources', async () => {
      const sources = await call(client(), 'list_sources');
      expect(sources.isError).toBe(false);
      expect(sources.data.sources.map((s: { name: string }) => s.name)).toEqual([OTHER_SOURCE, SOURCE]);
      const schemas = await call(client(), 'list_schemas', { source: SOURCE });
      expect(schemas.data.schemas.map((s: { name: string; objects: number }) => [s.name, s.objects > 0])).toEqual([
        ['billing', true],
        ['public', false],
        ['shop', true],
      ]);
      expect(schemas.text).toContain('shop: ');
      const unknown = await call(client(), 'list_schemas', { source: 'nope' });
      expect(unknown.isError).toBe(true);
      expect(unknown.data.error).toMatchObject({ code: 'SOURCE_NOT_FOUND' });
      expect(unknown.text).toContain(SOURCE);
    });

    it('list_objects pages with a cursor and counts', async () => {
      const first = await call(client(), 'list_objects', { source: SOURCE, schema: 'shop', kind: 'table', limit: 3 });
      expect(first.data).toMatchObject({ total: 4, count: 3, truncated: true });
      expect(first.text).toContain('showing 3 of 4');
      const second = await call(client(), 'list_objects', { source: SOURCE, schema: 'shop', kind: 'table', limit: 3, cursor: first.data.next_cursor });
      expect(second.data).toMatchObject({ count: 1, truncated: false, next_cursor: null });
      const ids = [...first.data.items, ...second.data.items].map((o: { id: string }) => o.id);
      expect(ids).toEqual([
        `${SOURCE}:table:shop.customers`,
        `${SOURCE}:table:shop.order_lines`,
        `${SOURCE}:table:shop.orders`,
        `${SOURCE}:table:shop.products`,
      ]);
      const badKind = await call(client(), 'list_objects', { source: SOURCE, kind: 'tabel' });
      expect(badKind.isError).toBe(true);
      expect(badKind.data.error).toMatchObject({ code: 'USAGE', field: 'kinds' });
      expect(badKind.text).toContain('table');
    });

    it('deep_search finds by meaning and ranks the columns inside table hits', async () => {
      const r = await call(client(), 'deep_search', {
        query: 'when did the parcel leave the warehouse',
        top_k: 5,
        fields_query: 'shipping date',
        sources: [SOURCE],
      });
      expect(r.isError).toBe(false);
      expect(r.data.mode).toBe('hybrid');
      const ids = r.data.hits.map((h: { id: string }) => h.id);
      expect(ids.slice(0, 3)).toContain(`${SOURCE}:column:shop.orders.shipping_date`);
      const tables = await call(client(), 'deep_search', { query: 'customer orders', kinds: ['table'], fields_query: 'shipping date', sources: [SOURCE] });
      const orders = tables.data.hits.find((h: { id: string }) => h.id === `${SOURCE}:table:shop.orders`);
      expect(orders.fields[0].name).toBe('shipping_date');
      expect(tables.text).toContain('fields: shipping_date');
    });

    it('deep_search marks truncation and refuses bad arguments by name', async () => {
      const r = await call(client(), 'deep_search', { query: 'orders', top_k: 1 });
      expect(r.data).toMatchObject({ count: 1, truncated: true });
      expect(r.text).toContain('[truncated');
      const tooMany = await call(client(), 'deep_search', { query: 'orders', top_k: 51 });
      expect(tooMany.isError).toBe(true);
      expect(tooMany.text).toContain('top_k');
      const kinds = await call(client(), 'deep_search', { query: 'orders', kinds: ['tabel'] });
      expect(kinds.isError).toBe(true);
      expect(kinds.data.error.hint).toContain('table');
      expect(kinds.text).toMatch(/did you mean table/);
      // a kind Sextant knows but this index holds none of yet is no error: it matches nothing
      const absent = await call(client(), 'deep_search', { query: 'orders', kinds: ['table', 'materialized_view'] });
      expect(absent.isError).toBe(false);
      const source = await call(client(), 'deep_search', { query: 'orders', sources: ['nope'] });
      expect(source.isError).toBe(true);
      expect(source.data.error.code).toBe('SOURCE_NOT_FOUND');
      const empty = await call(client(), 'deep_search', { query: '' });
      expect(empty.isError).toBe(true);
      expect(empty.text).toContain('query');
    });

    it('deep_search adds objects related through shared entities when asked, marked as such', async () => {
      const plain = await call(client(), 'deep_search', { query: 'invoice amount', top_k: 3, sources: [SOURCE] });
      expect(plain.data.hits.some((h: { related?: boolean }) => h.related)).toBe(false);
      const r = await call(client(), 'deep_search', { query: 'invoice amount', top_k: 3, sources: [SOURCE], include_related: true });
      const related = r.data.hits.filter((h: { related?: boolean }) => h.related);
      expect(related.length).toBeGreaterThan(0);
      expect(r.data.hits.slice(0, 3).every((h: { related?: boolean }) => !h.related)).toBe(true);
      expect(r.text).toContain('(related)');
    });

    it('search is lexical and filters by kind and source', async () => {
      const r = await call(client(), 'search', { query: 'invoice', kinds: ['table'], sources: [OTHER_SOURCE] });
      expect(r.data.mode).toBe('lexical');
      expect(r.data.hits[0].id).toBe(`${OTHER_SOURCE}:table:billing.invoices`);
      expect(r.data.hits.every((h: { source: string; kind: string }) => h.source === OTHER_SOURCE && h.kind === 'table')).toBe(true);
      const none = await call(client(), 'search', { query: 'zzzqqq' });
      expect(none.data.count).toBe(0);
      expect(none.text).toContain('no results');
    });

    it('get returns brief and full records, and suggestions for a typo', async () => {
      const brief = await call(client(), 'get', { object: `${SOURCE}:table:shop.orders` });
      expect(brief.data).toMatchObject({ kind: 'table', path: 'shop.orders', counts: { columns: 5 } });
      expect(brief.text).toContain('columns (5)');
      // a brief answer says which links there are, each way, so an agent knows to ask for them
      expect(brief.data.links).toMatchObject({ '→ foreign_key': 1 });
      expect(brief.text).toMatch(/^also: .*→ foreign_key 1.*\(detail "full" lists them\)$/m);
      const full = await call(client(), 'get', { object: `sextant://${SOURCE}/shop.orders`, detail: 'full' });
      expect(full.data.outgoing.map((e: { toId: string }) => e.toId)).toContain(`${SOURCE}:table:shop.customers`);
      // a foreign key's columns, as the CLI's get says them: two keys to one table are told apart
      expect(full.text).toContain(`→ foreign_key ${SOURCE}:table:shop.customers (customer_id → id)`);
      expect(full.data.columns).toHaveLength(5);
      const typo = await call(client(), 'get', { object: `${SOURCE}:table:shop.ordrs` });
      expect(typo.isError).toBe(true);
      expect(typo.data.error.code).toBe('OBJECT_NOT_FOUND');
      expect(typo.data.error.suggestions).toContain(`${SOURCE}:table:shop.orders`);
      // what failed on the first line, what to do on a hint line of its own
      expect(typo.text).toMatch(new RegExp(`^error OBJECT_NOT_FOUND: no object '${SOURCE}:table:shop\\.ordrs'[^\\n]*\\nhint: did you mean`));
      const bad = await call(client(), 'get', { object: 'not an id' });
      expect(bad.isError).toBe(true);
      expect(bad.data.error.code).toBe('INVALID_TARGET');
      // a source and a path or name without a kind: the hint names that source's objects of that path or name
      const shorthand = await call(client(), 'get', { object: `${SOURCE}:shop.orders` });
      expect(shorthand.data.error.code).toBe('INVALID_TARGET');
      expect(shorthand.text).toContain(`did you mean: ${SOURCE}:table:shop.orders`);
      const byName = await call(client(), 'get', { object: `${SOURCE}:Orders` });
      expect(byName.data.error.suggestions).toContain(`${SOURCE}:table:shop.orders`);
      const nothing = await call(client(), 'get', { object: `${SOURCE}:zzz` });
      expect(nothing.text).toContain(`sextant://${SOURCE}/zzz`);
      const badDetail = await call(client(), 'get', { object: `${SOURCE}:table:shop.orders`, detail: 'huge' });
      expect(badDetail.isError).toBe(true);
      expect(badDetail.text).toContain('detail');
    });

    it('describe gives columns, keys and join conditions, and walks sources and schemas', async () => {
      const orders = await call(client(), 'describe', { object: `${SOURCE}:table:shop.orders` });
      expect(orders.data.primaryKey).toEqual(['id']);
      expect(orders.data.joins).toEqual([{ table: `${SOURCE}:table:shop.customers`, on: 'orders.customer_id = customers.id' }]);
      expect(orders.text).toContain('customer_id bigint NOT NULL → shop.customers.id');
      const full = await call(client(), 'describe', { object: `${SOURCE}:table:shop.orders`, detail: 'full' });
      expect(full.data.referencedBy.map((j: { table: string }) => j.table).sort()).toEqual([
        `${SOURCE}:table:billing.invoices`,
        `${SOURCE}:table:shop.order_lines`,
      ]);
      const source = await call(client(), 'describe', { object: SOURCE });
      expect(source.data).toMatchObject({ level: 'source', schemasTotal: 3, counts: { table: 6, view: 1 } });
      const schema = await call(client(), 'describe', { object: `sextant://${SOURCE}/billing` });
      expect(schema.data.objects.map((o: { name: string }) => o.name)).toEqual(expect.arrayContaining(['invoices', 'payments', 'open_invoices']));
      const word = await call(client(), 'describe', { object: 'invoices' });
      expect(word.isError).toBe(true);
      expect(word.data.error.suggestions.some((id: string) => id.endsWith(':table:billing.invoices'))).toBe(true);
      const missing = await call(client(), 'describe', { object: `${SOURCE}:view:billing.open_invoice` });
      expect(missing.isError).toBe(true);
      expect(missing.data.error.suggestions).toContain(`${SOURCE}:view:billing.open_invoices`);
    });

    it('documents: add, find, read, replace, remove; errors name the fix', async () => {
      const added = await call(client(), 'add_document', {
        name: 'runbook.md',
        text: '# Refunds\n\nZeppelin refunds are approved by the finance desk within three days.',
      });
      expect(added.isError).toBe(false);
      expect(added.data.document).toMatchObject({ name: 'runbook.md', mime_type: 'text/markdown', chunks: 1 });
      const found = await call(client(), 'search', { query: 'zeppelin refunds' });
      expect(found.data.hits[0]).toMatchObject({ id: '_session:document:runbook.md', kind: 'document', source: '_session' });
      const onlyDocs = await call(client(), 'deep_search', { query: 'who approves refunds', kinds: ['document'] });
      expect(onlyDocs.data.hits.map((h: { id: string }) => h.id)).toEqual(['_session:document:runbook.md']);
      const read = await call(client(), 'get', { object: '_session:document:runbook.md' });
      expect(read.text).toContain('finance desk');
      const status = await call(client(), 'status');
      expect(status.data.session.documents).toEqual([{ name: 'runbook.md', chars: expect.any(Number), chunks: 1 }]);
      await call(client(), 'add_document', { name: 'runbook.md', text: 'Airship refunds go to the travel desk.' });
      expect((await call(client(), 'search', { query: 'zeppelin' })).data.count).toBe(0);
      const removed = await call(client(), 'remove_document', { name: 'runbook.md' });
      expect(removed.data.removed.name).toBe('runbook.md');
      expect((await call(client(), 'search', { query: 'airship' })).data.count).toBe(0);
      const again = await call(client(), 'remove_document', { name: 'runbook.md' });
      expect(again.isError).toBe(true);
      expect(again.data.error.code).toBe('DOCUMENT_NOT_FOUND');
      const badName = await call(client(), 'add_document', { name: 'a#b', text: 'x' });
      expect(badName.isError).toBe(true);
      expect(badName.data.error.field).toBe('name');
    });

    it('status and set_active_projects report the session', async () => {
      const status = await call(client(), 'status');
      expect(status.data.session).toMatchObject({ project: 'default', active_projects: ['default'] });
      expect(status.data.index.objects_by_kind.table).toBeGreaterThan(0);
      expect(status.data.developer_tools).toBe(false);
      const bad = await call(client(), 'set_active_projects', { projects: ['nope'] });
      expect(bad.isError).toBe(true);
      expect(bad.data.error.code).toBe('PROJECT_NOT_FOUND');
      const ok = await call(client(), 'set_active_projects', { projects: [] });
      expect(ok.data.active_projects).toEqual(['default']);
    });

    it('serves the guide prompt and every object as a resource', async () => {
      const { prompts } = await client().listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(['sextant_guide']);
      const prompt = await client().getPrompt({ name: 'sextant_guide' });
      expect(prompt.messages[0]!.content).toMatchObject({ type: 'text' });
      const { resourceTemplates } = await client().listResourceTemplates();
      expect(resourceTemplates[0]!.uriTemplate).toBe('sextant://{source}/{+path}');
      const list = await client().listResources();
      expect(list.resources.map((r) => r.uri)).toContain(`sextant://${SOURCE}/shop.orders`);
      const read = await client().readResource({ uri: `sextant://${SOURCE}/shop.orders` });
      const body = JSON.parse((read.contents[0] as { text: string }).text);
      expect(body).toMatchObject({ id: `${SOURCE}:table:shop.orders`, primaryKey: ['id'] });
      const index = await client().readResource({ uri: `sextant://${SOURCE}/shop.orders.orders_pkey?kind=index` });
      expect(JSON.parse((index.contents[0] as { text: string }).text).kind).toBe('index');
      // resources/read has no isError result: the protocol's "resource not found", its hint in the error's data
      const missing = await client()
        .readResource({ uri: `sextant://${SOURCE}/shop.orders_lines` })
        .then(
          () => null,
          (err: unknown) => err as McpError,
        );
      expect(missing).toBeInstanceOf(McpError);
      expect(missing!.code).toBe(-32002);
      expect(missing!.message).toMatch(/no object/);
      expect(missing!.message).not.toContain('did you mean');
      expect(missing!.data).toMatchObject({ uri: `sextant://${SOURCE}/shop.orders_lines`, hint: expect.stringContaining('did you mean') });
    });
  });
}
