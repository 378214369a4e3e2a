/**
 * Optional LLM summaries of GraphQL elements: written once per element content (cached), used in
 * chunks and search, regenerated only for the element that changed, kept by single-element updates.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGraphqlConnector } from '../../src/adapters/connector/graphql/index.js';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import { lexicalField } from '../../src/core/search/lexical-text.js';
import type { ChatMessage, Llm } from '../../src/ports/llm.js';
import { SECRET, startAcmeServer } from '../helpers/acme-deployment.js';
import { hugrIntrospection } from '../helpers/hugr-annotate.js';
import { ACME } from '../helpers/hugr-fixtures.js';
import type { HugrTestServer } from '../helpers/hugr-test-server.js';
import { tempHome } from '../helpers/temp-home.js';

/** A deterministic stand-in for a chat model: names the element and each listed field. */
class FakeLlm implements Llm {
  readonly modelId = 'fake-summarizer';
  calls: string[] = [];
  async complete(messages: readonly ChatMessage[]): Promise<string> {
    const user = messages.at(-1)!.content;
    this.calls.push(user.split('\n')[0]!);
    const fields = Object.fromEntries([...user.matchAll(/^- ([a-z_]+):/gm)].map((m) => [m[1]!, `Business meaning of ${m[1]}.`]));
    const name = /"([^"]+)"/.exec(user)?.[1] ?? 'element';
    return JSON.stringify({ summary: `Zanzibar summary of ${name}.`, fields });
  }
}

const home = tempHome();
const llm = new FakeLlm();
let server: HugrTestServer;
let engine: Engine;

beforeAll(async () => {
  server = await startAcmeServer();
  engine = createEngine({
    store: await openSqliteStore(join(home.dir, 'index.sqlite'), { vector: 'js' }),
    connectors: new Map([['hugr', createGraphqlConnector({ type: 'hugr', env: { S: SECRET } })]]),
    embedder: async () => null,
    llm: async () => llm,
    lexical: lexicalField,
  });
  await engine.addSource({ name: 'mesh', type: 'hugr', url: server.url, options: { secretKeyEnv: 'S' } });
});
afterAll(async () => {
  await engine?.close();
  await server?.close();
  home.cleanup();
});

it('summarises data sources, modules, data objects and fields once, and searches them', async () => {
  const first = await engine.update({ source: 'mesh' });
  expect(first.ok).toBe(true);
  const calls = llm.calls.length;
  expect(calls).toBeGreaterThan(10);
  const customers = await engine.get('mesh:data_object:crm.pg_customers');
  expect(customers.object.attributes.summary).toBe('Zanzibar summary of crm.pg_customers.');
  expect((await engine.get('mesh:graphql_field:crm.pg_customers.name')).object.attributes.summary).toBe('Business meaning of name.');
  const hits = await engine.search('zanzibar summary pg customers', { sources: ['mesh'] });
  expect(hits.hits[0]?.id).toBe('mesh:data_object:crm.pg_customers');

  const again = await engine.update({ source: 'mesh' });
  expect(again.reports[0]!.status).toBe('unchanged');
  expect(llm.calls.length).toBe(calls);
});

it('regenerates only the changed element; a single-element update keeps summaries', async () => {
  const before = llm.calls.length;
  const same = await engine.update({ source: 'mesh', object: 'crm.pg_orders' });
  expect(same.reports[0]!.status).toBe('unchanged');
  expect(llm.calls.length).toBe(before);

  const sdl = ACME.sdl().replace('  email: String @exclude_mcp\n', '  email: String @exclude_mcp\n  segment: String\n');
  server.setSchema(sdl, hugrIntrospection(sdl));
  try {
    const run = await engine.update({ source: 'mesh', object: 'crm.pg_customers' });
    expect(run.reports[0]).toMatchObject({ status: 'updated', changed: 1 });
    expect(llm.calls.slice(before)).toEqual(['data object "crm.pg_customers": Customers of the company']);
    expect((await engine.get('mesh:graphql_field:crm.pg_customers.segment')).object.attributes.summary).toBe('Business meaning of segment.');
    expect((await engine.get('mesh:data_object:crm.pg_orders')).object.attributes.summary).toBe('Zanzibar summary of crm.pg_orders.');
  } finally {
    server.setSchema(ACME.sdl(), ACME.introspection());
  }
});
