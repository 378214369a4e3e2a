/**
 * Any GraphQL API without Hugr fields (graphql-yoga): discovery through plain introspection with
 * a configured service header, operations that validate against the API's schema, execution with
 * the user's token validated client-side, and introspection locked down.
 */
import { join } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphqlConnector } from '../../../../src/adapters/connector/graphql/index.js';
import { openSqliteStore } from '../../../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../../../src/core/engine.js';
import { LIBRARY_SDL, type PlainServer, startPlainServer } from '../../../helpers/plain-graphql-server.js';
import { tempHome } from '../../../helpers/temp-home.js';

const home = tempHome();
const env = { API_TOKEN: 'Bearer service-token-1234' };
let server: PlainServer;
let engine: Engine;

beforeAll(async () => {
  server = await startPlainServer({ serviceToken: 'service-token-1234', userTokens: ['user-token-5678'] });
  engine = createEngine({
    store: await openSqliteStore(join(home.dir, 'index.sqlite'), { vector: 'js' }),
    connectors: new Map([['graphql', createGraphqlConnector({ type: 'graphql', env })]]),
    embedder: async () => null,
  });
  await engine.addSource({ name: 'library', url: server.url, options: { headerEnvs: { Authorization: 'API_TOKEN' } } });
  const run = await engine.update({ source: 'library' });
  expect(run.ok, run.reports[0]?.message).toBe(true);
});

afterAll(async () => {
  await engine?.close();
  await server?.close();
  home.cleanup();
});

describe('plain GraphQL API', () => {
  it('indexes operations, types, fields and enums from plain introspection', async () => {
    const books = await engine.get('library:graphql_query:query.books');
    expect(books.object.comment).toBe('All books, optionally of one genre');
    expect(books.object.attributes).toMatchObject({ root: 'query', graphqlPath: 'query.books', returns: '[Book!]!' });
    expect((await engine.get('library:graphql_query:mutation.addBook')).object.attributes.root).toBe('mutation');
    expect((await engine.get('library:graphql_type:Book')).children.map((c) => c.name).sort()).toEqual(['author', 'genre', 'id', 'title', 'year']);
    expect((await engine.get('library:enum:Genre')).object.attributes.values).toEqual(['FICTION', 'HISTORY', 'SCIENCE']);
    const hits = await engine.search('books genre', { sources: ['library'] });
    expect(hits.hits.map((h) => h.id)).toContain('library:graphql_query:query.books');
  });

  it('writes operations that validate against the API schema', async () => {
    const schema = buildSchema(LIBRARY_SDL);
    for (const id of ['library:graphql_query:query.books', 'library:graphql_query:query.author', 'library:graphql_query:mutation.addBook']) {
      const o = (await engine.get(id)).object;
      expect(
        validate(schema, parse(o.definition!)).map((e) => e.message),
        id,
      ).toEqual([]);
    }
  });

  it('sent the service header on discovery only; queries carry the user token, validated client-side', async () => {
    const before = server.requests.length;
    const result = await engine.graphql.query({ source: 'library', query: '{ books(genre: FICTION) { title year } }', userToken: 'user-token-5678' });
    expect(result).toMatchObject({ success: true, validation: 'client' });
    expect(result.tables[0]).toMatchObject({ path: 'books', columns: ['title', 'year'], total: 2 });
    for (const r of server.requests.slice(before)) expect(r.headers.authorization).toBe('Bearer user-token-5678');
    for (const r of server.requests.slice(0, before)) expect(r.headers.authorization).toBe('Bearer service-token-1234');
    const bad = await engine.graphql.query({ source: 'library', query: '{ books { titel } }', userToken: 'user-token-5678' });
    expect(bad).toMatchObject({ success: false, failedAt: 'validation', validation: 'client' });
    expect(bad.errors[0]!.suggestions).toContain('title');
  });

  it('refuses a mutation unless developer tools are on', async () => {
    const m = 'mutation { addBook(input: {title: "Kindred", genre: FICTION, authorId: "1"}) { id title } }';
    await expect(engine.graphql.query({ source: 'library', query: m, userToken: 'user-token-5678' })).rejects.toMatchObject({ code: 'USAGE' });
    const ok = await engine.graphql.query({ source: 'library', query: m, userToken: 'user-token-5678', developerTools: true });
    expect(ok.values).toEqual([{ path: 'addBook', value: { id: '99', title: 'Kindred' } }]);
  });

  it('says clearly when introspection is locked down', async () => {
    const locked = await startPlainServer({ serviceToken: 'service-token-1234', userTokens: [], introspection: false });
    try {
      const connector = createGraphqlConnector({ type: 'graphql', env });
      const err = await connector
        .introspect({ name: 'x', type: 'graphql', url: locked.url, options: { headerEnvs: { Authorization: 'API_TOKEN' } }, createdAt: '' })
        .catch((e: Error) => e);
      expect(err).toMatchObject({ code: 'INTROSPECTION_FAILED' });
      expect(String((err as Error).message)).toMatch(/introspection/i);
    } finally {
      await locked.close();
    }
  });
});
