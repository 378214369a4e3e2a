/**
 * Roles enforced (issue 11 §3): a `--role reader` token listed and called the glossary write
 * tools. Every tool × role through the SDK Client over Streamable HTTP on loopback, with
 * developer tools on: a reader lists and calls every read and session tool and is refused the
 * write tools (and GraphQL mutations) by the core with FORBIDDEN; an editor and an admin pass
 * the role check everywhere. A token without a role is a reader.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/presentations/mcp/tools/index.js';
import { call, connectHttp, prepareCatalog, SOURCE, startInProcess, type Catalog, type InProcessServer } from './fixture.js';

type Role = 'reader' | 'editor' | 'admin';
const WRITE_TOOLS = new Set(['create_glossary_term', 'update_glossary_term', 'delete_glossary_term']);
const term = (role: string) => `orders_${role}`;

/** Arguments each tool is called with: valid, so a permitted call is judged by its own outcome. */
const ARGS: Record<string, (role: string) => Record<string, unknown>> = {
  list_sources: () => ({}),
  list_schemas: () => ({ source: SOURCE }),
  list_objects: () => ({ source: SOURCE, limit: 2 }),
  list_documents: () => ({ source: SOURCE }),
  list_operations: () => ({}),
  deep_search: () => ({ query: 'orders' }),
  search: () => ({ query: 'orders' }),
  get: () => ({ object: `${SOURCE}:table:shop.orders` }),
  describe: () => ({ object: `${SOURCE}:table:shop.orders` }),
  status: () => ({}),
  onboarding_plan: () => ({ request: 'orders' }),
  list_files: () => ({ source: SOURCE }),
  add_document: () => ({ name: 'notes.md', text: '# Notes\nOrders ship daily.' }),
  remove_document: () => ({ name: 'notes.md' }),
  set_active_projects: () => ({ projects: [] }),
  list_data_sources: () => ({}),
  list_modules: () => ({}),
  list_data_objects: () => ({ module: 'crm' }),
  graphql_query: () => ({ source: SOURCE, query: '{ __typename }' }),
  list_glossary: () => ({}),
  get_glossary_sql: (role) => ({ term: term(role) }),
  create_glossary_term: (role) => ({
    term: term(role),
    definition: 'How many orders exist',
    defining_sql: 'SELECT count(*) AS orders FROM shop.orders',
    source: SOURCE,
  }),
  update_glossary_term: (role) => ({ term: term(role), definition: 'How many orders were ever placed' }),
  delete_glossary_term: (role) => ({ term: term(role) }),
  find_related_terms: (role) => ({ term: term(role) }),
  find_matching_clusters: () => ({ query: 'orders' }),
};

/** Failures a permitted call may still meet on this catalog (no GraphQL source, no such term yet): anything but the role check. */
const EXPECTED_NON_ROLE_ERRORS: Record<string, string[]> = {
  list_data_objects: ['USAGE', 'OBJECT_NOT_FOUND', 'MODULE_NOT_FOUND'],
  graphql_query: ['USAGE'],
  onboarding_plan: ['SOURCE_NOT_FOUND'],
  get_glossary_sql: ['TERM_NOT_FOUND'],
  find_related_terms: ['TERM_NOT_FOUND'],
};

let catalog: Catalog;
let server: InProcessServer;
const tokens: Record<string, string> = {};
const clients: Client[] = [];

async function connectAs(token: string): Promise<Client> {
  const client = await connectHttp(server.url, { Authorization: `Bearer ${token}` });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  catalog = await prepareCatalog();
  server = await startInProcess(catalog);
  for (const role of ['reader', 'editor', 'admin'] as const) tokens[role] = (await server.engine.tokens.create({ name: `as-${role}`, roles: [role] })).token;
  tokens.none = (await server.engine.tokens.create({ name: 'no-role' })).token;
  await server.engine.projects.set('default', 'developer-tools', 'on');
}, 180_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await server?.close();
  await catalog?.cleanup();
});

describe('roles over MCP (every tool × role)', () => {
  it('covers every tool the server has, listed or not', () => {
    expect(Object.keys(ARGS).sort()).toEqual(TOOLS.map((t) => t.name).sort());
  });

  it('refuses unknown roles when a token is created, naming the three', async () => {
    await expect(server.engine.tokens.create({ name: 'typo', roles: ['writer'] })).rejects.toMatchObject({
      code: 'USAGE',
      hint: expect.stringContaining('reader, editor, admin'),
    });
  });

  for (const role of ['reader', 'editor', 'admin'] as const satisfies readonly Role[]) {
    it(`${role}: tools/list shows exactly the tools it may call, and each call gets past the role check only when allowed`, async () => {
      const client = await connectAs(tokens[role]!);
      const listed = (await client.listTools()).tools.map((t) => t.name);
      const listedTools = TOOLS.filter((t) => t.listed !== false).map((t) => t.name);
      const mayWrite = role !== 'reader';
      expect(listed.sort()).toEqual(listedTools.filter((name) => mayWrite || !WRITE_TOOLS.has(name)).sort());
      expect((await call(client, 'status')).data.role).toBe(role);

      for (const tool of TOOLS) {
        const result = await call(client, tool.name, ARGS[tool.name]!(role));
        const code: string | undefined = result.data?.error?.code;
        if (!mayWrite && WRITE_TOOLS.has(tool.name)) {
          expect(code, `${role} ${tool.name}`).toBe('FORBIDDEN');
          expect(result.text, `${role} ${tool.name}`).toContain('needs the editor role');
        } else if (result.isError) {
          expect(EXPECTED_NON_ROLE_ERRORS[tool.name] ?? [], `${role} ${tool.name}: ${result.text}`).toContain(code);
        }
      }
      if (mayWrite) expect(await server.engine.glossary.find('default', term(role))).toBeNull(); // created, updated, deleted
    });
  }

  it('a token without a role is a reader', async () => {
    const client = await connectAs(tokens.none!);
    expect((await call(client, 'status')).data.role).toBe('reader');
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('create_glossary_term');
    const refused = await call(client, 'create_glossary_term', ARGS.create_glossary_term!('none'));
    expect(refused.data.error.code).toBe('FORBIDDEN');
    // what to do, for an agent: ask for a token with the role (no command line to run, no remedy object)
    const hint = 'ask the user or an administrator for an access token with the editor role, then connect with it (no tool changes roles)';
    expect(refused.data.error).toEqual({ code: 'FORBIDDEN', message: "create_glossary_term needs the editor role; this credential's role is reader", hint });
    expect(refused.text).toBe(`error FORBIDDEN: create_glossary_term needs the editor role; this credential's role is reader\nhint: ${hint}`);
  });

  it('a GraphQL mutation needs the editor role (checked in core before the source is asked)', async () => {
    const mutation = { source: SOURCE, query: 'mutation { noop }' };
    const reader = await call(await connectAs(tokens.reader!), 'graphql_query', mutation);
    expect(reader.data.error.code).toBe('FORBIDDEN');
    expect(reader.text).toContain('a GraphQL mutation needs the editor role');
    const editor = await call(await connectAs(tokens.editor!), 'graphql_query', mutation);
    expect(editor.data.error.code).toBe('USAGE'); // past the role check: shopdb is no GraphQL source
  });
});
