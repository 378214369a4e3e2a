/**
 * Glossary MCP tools through the SDK Client over Streamable HTTP (issue 5, seed 002 test list):
 * tool visibility with developer tools off/on; create valid / minimal / invalid / duplicate /
 * missing field; update by name / alias / invalid SQL / missing, origin becoming `client`;
 * delete by name / alias / missing with the alias cascade; read tools; history names the client;
 * every failure's hint worded for an agent (suggested terms, the glossary tools, no CLI command).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../../src/core/glossary/index.js';
import { call, connectHttp, OTHER_SOURCE, prepareCatalog, SOURCE, startInProcess, type Catalog, type InProcessServer } from './fixture.js';

const WRITE_TOOLS = ['create_glossary_term', 'delete_glossary_term', 'update_glossary_term'];
const READ_TOOLS = ['get_glossary_sql', 'list_glossary'];
const ACTIVE_SQL = "SELECT count(DISTINCT customer_id) AS active_users FROM shop.orders WHERE status = 'paid'";

let catalog: Catalog;
let server: InProcessServer;
let client: Client;

beforeAll(async () => {
  catalog = await prepareCatalog();
  server = await startInProcess(catalog);
  client = await connectHttp(server.url);
}, 180_000);

afterAll(async () => {
  await client?.close();
  await server?.close();
  await catalog?.cleanup();
});

const names = async () => (await client.listTools()).tools.map((t) => t.name);

describe('glossary tools over MCP', () => {
  it('lists only the read tools with developer tools off and refuses the write tools', async () => {
    const listed = await names();
    for (const t of READ_TOOLS) expect(listed).toContain(t);
    for (const t of WRITE_TOOLS) expect(listed).not.toContain(t);
    const refused = await call(client, 'create_glossary_term', { term: 'X', definition: 'x', defining_sql: 'SELECT 1', source: SOURCE });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/developer tools are off|disabled/);
    expect(await server.engine.glossary.list('default')).toEqual([]);
  });

  describe('with developer tools on', () => {
    beforeAll(async () => {
      await server.engine.projects.set('default', 'developer-tools', 'on');
      await call(client, 'list_glossary');
    });
    afterAll(async () => {
      await server.engine.projects.set('default', 'developer-tools', 'off');
    });

    it('lists the write tools too', async () => {
      const listed = await names();
      for (const t of [...READ_TOOLS, ...WRITE_TOOLS]) expect(listed).toContain(t);
    });

    it('creates a term with all fields: SQL validated, output columns captured, origin client', async () => {
      const created = await call(client, 'create_glossary_term', {
        term: 'Active Users',
        definition: 'Customers with a paid order',
        defining_sql: ACTIVE_SQL,
        base_table: 'shop.orders',
        aliases: ['MAU', 'active customers'],
        source: SOURCE,
      });
      expect(created.isError).toBe(false);
      expect(created.data).toEqual({
        success: true,
        term: {
          term: 'Active Users',
          definition: 'Customers with a paid order',
          defining_sql: ACTIVE_SQL,
          output_columns: [{ name: 'active_users', type: 'bigint' }],
          aliases: ['MAU', 'active customers'],
          base_table: 'shop.orders',
          source: SOURCE,
          origin: 'client',
          status: 'valid',
        },
      });
      const history = await server.engine.glossary.history('default', 'Active Users');
      expect(history[0]).toMatchObject({ action: 'create', actor: { client: 'sextant-test/1.0.0', via: 'mcp' } });
    });

    it('creates a term with the minimal fields', async () => {
      const created = await call(client, 'create_glossary_term', {
        term: 'Order Count',
        definition: 'Orders placed',
        defining_sql: 'SELECT count(*) AS orders FROM shop.orders',
        source: SOURCE,
      });
      expect(created.data).toMatchObject({
        success: true,
        term: { term: 'Order Count', aliases: [], base_table: null, output_columns: [{ name: 'orders', type: 'bigint' }] },
      });
    });

    it('returns failures as results: invalid SQL, duplicate, missing field', async () => {
      const invalid = await call(client, 'create_glossary_term', {
        term: 'Revenue',
        definition: 'Money',
        defining_sql: 'SELECT sum(amount) FROM billing.invoices',
        source: SOURCE,
      });
      expect(invalid.isError).toBe(false);
      expect(invalid.data).toMatchObject({
        success: false,
        error: expect.stringMatching(/^SQL validation failed: column "amount" does not exist/),
        code: 'SQL_INVALID',
        hint: `see the tables and columns of source '${SOURCE}' with the \`describe\` tool (object "${SOURCE}", then a table's id)`,
      });
      expect(invalid.text).toMatch(/\nhint: see the tables and columns of source /);
      const duplicate = await call(client, 'create_glossary_term', {
        term: 'active users',
        definition: 'again',
        defining_sql: 'SELECT 1 AS one',
        source: SOURCE,
      });
      expect(duplicate.data).toEqual({
        success: false,
        error: "term 'active users' already exists",
        code: 'TERM_EXISTS',
        hint: "change it with the `update_glossary_term` tool (term 'Active Users'), or pick another name",
      });
      const missing = await call(client, 'create_glossary_term', { term: '', definition: 'x', defining_sql: 'SELECT 1', source: SOURCE });
      expect(missing.data).toMatchObject({ success: false, error: "field 'term' is required" });
      const hidden = await call(client, 'create_glossary_term', {
        term: 'Sneaky',
        definition: 'x',
        defining_sql: 'WITH x AS (DELETE FROM shop.orders RETURNING *) SELECT count(*) FROM x',
        source: SOURCE,
      });
      expect(hidden.data).toMatchObject({ success: false, error: expect.stringMatching(/^SQL validation failed/) });
      const noSource = await call(client, 'create_glossary_term', { term: 'Ambiguous', definition: 'x', defining_sql: 'SELECT 1 AS one' });
      expect(noSource.data).toMatchObject({ success: false, error: expect.stringMatching(/several sources/) });
    });

    it("gives every failure a hint for an agent: suggestions as they are, remedies as the glossary tools, never the command line's", async () => {
      const failures: Array<{ code: string; hint: string; suggestions?: string[]; result: Awaited<ReturnType<typeof call>> }> = [
        {
          // a near name: suggested as it is, here and on the command line
          code: 'TERM_NOT_FOUND',
          hint: "did you mean 'Active Users', 'active customers'?",
          suggestions: ['Active Users', 'active customers'],
          result: await call(client, 'get_glossary_sql', { term: 'Activ Users' }),
        },
        {
          code: 'TERM_NOT_FOUND',
          hint: "did you mean 'Order Count'?",
          suggestions: ['Order Count'],
          result: await call(client, 'delete_glossary_term', { term: 'Ordr Count' }),
        },
        {
          // nothing near: the command line says `sextant glossary list`
          code: 'TERM_NOT_FOUND',
          hint: 'list the terms with the `list_glossary` tool',
          result: await call(client, 'update_glossary_term', { term: 'Zyx', definition: 'x' }),
        },
        {
          // the command line says `sextant glossary edit 'Active Users' …`
          code: 'TERM_EXISTS',
          hint: "change it with the `update_glossary_term` tool (term 'Active Users'), or pick another name",
          result: await call(client, 'create_glossary_term', { term: 'ACTIVE USERS', definition: 'again', defining_sql: 'SELECT 1 AS one', source: SOURCE }),
        },
        {
          code: 'ALIAS_CONFLICT',
          hint: "pick another name, or change term 'Active Users' with the `update_glossary_term` tool",
          result: await call(client, 'create_glossary_term', { term: 'mau', definition: 'again', defining_sql: 'SELECT 1 AS one', source: SOURCE }),
        },
        {
          // the command line says `sextant describe shopdb`
          code: 'BASE_TABLE_NOT_FOUND',
          hint: `see the tables and columns of source '${SOURCE}' with the \`describe\` tool (object "${SOURCE}", then a table's id)`,
          result: await call(client, 'create_glossary_term', {
            term: 'Elsewhere',
            definition: 'x',
            defining_sql: 'SELECT 1 AS one',
            base_table: 'qqqxyzzy',
            source: SOURCE,
          }),
        },
        {
          code: 'SOURCE_NOT_FOUND',
          hint: `the sources of project 'default': ${OTHER_SOURCE}, ${SOURCE}`,
          result: await call(client, 'create_glossary_term', { term: 'Elsewhere', definition: 'x', defining_sql: 'SELECT 1 AS one', source: 'nope' }),
        },
      ];
      for (const { code, hint, suggestions, result } of failures) {
        expect(result.isError, hint).toBe(false);
        expect(result.data).toEqual({ success: false, error: expect.any(String), code, hint, ...(suggestions ? { suggestions } : {}) });
        expect(result.text).toBe(`failed: ${result.data.error}\nhint: ${hint}`);
        expect(result.text).not.toContain('sextant ');
      }
      // nothing changed
      expect((await server.engine.glossary.list('default')).map((t) => t.term)).toEqual(['Active Users', 'Order Count']);
    });

    it('reads terms: get_glossary_sql by alias, list_glossary with filters', async () => {
      const got = await call(client, 'get_glossary_sql', { term: 'mau' });
      expect(got.data).toMatchObject({
        success: true,
        term: 'Active Users',
        defining_sql: ACTIVE_SQL,
        output_columns: [{ name: 'active_users', type: 'bigint' }],
      });
      expect((await call(client, 'get_glossary_sql', { term: 'Unknown' })).data).toMatchObject({ success: false, error: "term 'Unknown' not found" });
      const all = await call(client, 'list_glossary');
      expect(all.data.terms.map((t: { term: string }) => t.term)).toEqual(['Active Users', 'Order Count']);
      expect((await call(client, 'list_glossary', { text: 'paid' })).data.count).toBe(1);
      expect((await call(client, 'list_glossary', { origin: 'manual' })).data.count).toBe(0);
    });

    it('updates by name and by alias: only given fields, aliases replaced whole, origin becomes client', async () => {
      const manual = await server.engine.glossary.create(
        'default',
        {
          term: 'Invoice Total',
          definition: 'Sum of invoices',
          sql: 'SELECT sum(amount_cents) AS cents FROM billing.invoices',
          source: SOURCE,
          aliases: ['billed'],
        },
        cliActor('ana'),
        'manual',
      );
      expect(manual.success).toBe(true);
      const byName = await call(client, 'update_glossary_term', { term: 'Invoice Total', definition: 'Sum of issued invoices, in cents' });
      expect(byName.data).toMatchObject({
        success: true,
        term: {
          definition: 'Sum of issued invoices, in cents',
          aliases: ['billed'],
          origin: 'client',
          defining_sql: 'SELECT sum(amount_cents) AS cents FROM billing.invoices',
        },
      });
      const byAlias = await call(client, 'update_glossary_term', {
        term: 'BILLED',
        aliases: ['invoiced'],
        defining_sql: 'SELECT sum(amount_cents)::numeric(18,2) AS cents FROM billing.invoices',
      });
      expect(byAlias.data).toMatchObject({
        success: true,
        term: { term: 'Invoice Total', aliases: ['invoiced'], output_columns: [{ name: 'cents', type: 'numeric(18,2)' }] },
      });
      const invalid = await call(client, 'update_glossary_term', { term: 'invoiced', defining_sql: 'SELECT sum(amount_cents) FROM billing.invoice' });
      expect(invalid.data).toMatchObject({ success: false, error: expect.stringMatching(/^SQL validation failed: relation "billing.invoice" does not exist/) });
      expect((await server.engine.glossary.get('default', 'invoiced')).sql).toBe('SELECT sum(amount_cents)::numeric(18,2) AS cents FROM billing.invoices');
      const missing = await call(client, 'update_glossary_term', { term: 'Unknown', definition: 'x' });
      expect(missing.data).toEqual({
        success: false,
        error: "term 'Unknown' not found",
        code: 'TERM_NOT_FOUND',
        hint: 'list the terms with the `list_glossary` tool',
      });
      const noop = await call(client, 'update_glossary_term', { term: 'Order Count' });
      expect(noop.data).toMatchObject({ success: true });
      const history = await server.engine.glossary.history('default', 'Invoice Total');
      expect(history.map((h) => [h.action, h.actor.via])).toEqual([
        ['create', 'cli'],
        ['update', 'mcp'],
        ['update', 'mcp'],
      ]);
      expect(history[1]).toMatchObject({ before: { origin: 'manual' }, after: { origin: 'client' } });
    });

    it('finds related terms and matching clusters, and deep_search finds terms', async () => {
      const related = await call(client, 'find_related_terms', { term: 'MAU' });
      expect(related.data).toMatchObject({ success: true, term: 'Active Users' });
      const clusters = await call(client, 'find_matching_clusters', { query: 'invoices in cents' });
      expect(clusters.data.clusters.flatMap((c: { terms: Array<{ term: string }> }) => c.terms.map((t) => t.term))).toContain('Invoice Total');
      const viaList = await call(client, 'list_glossary', { related_to: 'MAU' });
      expect(viaList.data).toEqual(related.data);
      const topic = await call(client, 'list_glossary', { topic: 'invoices in cents' });
      expect(topic.data).toEqual(clusters.data);
      const search = await call(client, 'deep_search', { query: 'active users paid order' });
      expect(search.data.hits.some((h: { kind: string }) => h.kind === 'glossary_term')).toBe(true);
    });

    it('deletes by name and by alias with the aliases, and says when the term is missing', async () => {
      const byAlias = await call(client, 'delete_glossary_term', { term: 'mau' });
      expect(byAlias.data).toEqual({ success: true, message: "Term 'Active Users' deleted successfully" });
      expect((await call(client, 'get_glossary_sql', { term: 'MAU' })).data.success).toBe(false);
      const byName = await call(client, 'delete_glossary_term', { term: 'Order Count' });
      expect(byName.data).toEqual({ success: true, message: "Term 'Order Count' deleted successfully" });
      const missing = await call(client, 'delete_glossary_term', { term: 'Order Count' });
      expect(missing.data).toEqual({
        success: false,
        error: "term 'Order Count' not found",
        code: 'TERM_NOT_FOUND',
        hint: 'list the terms with the `list_glossary` tool',
      });
      // the alias went with its term: it can name a new term
      const reuse = await call(client, 'create_glossary_term', { term: 'MAU', definition: 'Monthly active users', defining_sql: ACTIVE_SQL, source: SOURCE });
      expect(reuse.data.success).toBe(true);
    });
  });

  it('hides the write tools again when developer tools go off', async () => {
    await call(client, 'list_glossary');
    const listed = await names();
    for (const t of WRITE_TOOLS) expect(listed).not.toContain(t);
  });
});
