/**
 * An agent finding and describing a two-step REST request over MCP (stdio, the official SDK
 * client): the TMDB spec indexed as an `openapi` source, `list_operations` paged and filtered,
 * `describe` naming the call that yields the id, and operations in `deep_search`.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import { assertBuilt, cliEnv } from '../helpers/cli.js';
import { SHARED_MODELS_DIR } from '../helpers/models.js';
import { tempHome } from '../helpers/temp-home.js';
import { call, connectStdio } from './fixture.js';

const TMDB = resolve(__dirname, '../../../shared/bench/api-retrieval/specs/tmdb.json');
const home = tempHome();
const env = cliEnv(home.dir, { SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: SHARED_MODELS_DIR });
let client: Client;

beforeAll(async () => {
  assertBuilt();
  if (!existsSync(TMDB)) throw new Error(`TMDB spec not found at ${TMDB}: the shared folder (../shared/bench/api-retrieval) must sit beside the repository`);
  const engine = await openEngine(loadConfig({ env, configFile: join(home.dir, 'config.yaml') }));
  try {
    await engine.addSource({ name: 'tmdb', url: TMDB });
    const run = await engine.update({});
    expect(run.ok, run.reports[0]?.message).toBe(true);
  } finally {
    await engine.close();
  }
  client = (await connectStdio(env)).client;
}, 120_000);

afterAll(async () => {
  await client?.close();
  home.cleanup();
});

describe('MCP session over a REST API', () => {
  it('lists operations filtered by method and path prefix, paged', async () => {
    const first = await call(client, 'list_operations', { source: 'tmdb', path: 'GET /person', limit: 3 });
    expect(first.isError).toBe(false);
    expect(first.data.total).toBe(5);
    expect(first.data.items.map((o: { path: string }) => o.path)).toEqual([
      '/person/{person_id}',
      '/person/{person_id}/images',
      '/person/{person_id}/movie_credits',
    ]);
    const next = await call(client, 'list_operations', { source: 'tmdb', path: 'GET /person', limit: 3, cursor: first.data.next_cursor });
    expect(next.data.items).toHaveLength(2);
    expect(next.data.next_cursor).toBeNull();
  });

  it('finds the goal operation, and describe names the first step that yields its id', async () => {
    const found = await call(client, 'search', { query: 'movie credits of a person', kinds: ['api_endpoint'], top_k: 5 });
    const ids = found.data.hits.map((h: { id: string }) => h.id);
    expect(ids).toContain('tmdb:api_endpoint:GET /person/{person_id}/movie_credits');
    const described = await call(client, 'describe', { object: 'tmdb:api_endpoint:GET /person/{person_id}/movie_credits' });
    expect(described.isError).toBe(false);
    expect(described.text).toContain('GET https://api.themoviedb.org/3/person/{person_id}/movie_credits');
    expect(described.text).toMatch(/person_id: call GET \/search\/person \(results\[\]\.id\)/);
    expect(described.data.inputs[0].producers[0].operation).toBe('GET /search/person');
    const step = await call(client, 'describe', { object: 'tmdb:api_endpoint:GET /search/person' });
    expect(step.text).toContain('query (query, string, required)');
    expect(step.data.feeds.map((f: { operation: string }) => f.operation)).toContain('GET /person/{person_id}/movie_credits');
  });

  it('ranks the lookup a two-step request never names (hybrid search, the structure support)', async () => {
    const found = await call(client, 'deep_search', { query: 'give me the number of movies directed by Sofia Coppola', kinds: ['api_endpoint'], top_k: 5 });
    expect(found.data.hits.map((h: { id: string }) => h.id)).toContain('tmdb:api_endpoint:GET /search/person');
  });

  it('returns operations from deep_search', async () => {
    const deep = await call(client, 'deep_search', { query: 'reviews of a movie' });
    expect(deep.isError).toBe(false);
    expect(deep.text).toContain('tmdb:api_endpoint:GET /movie/{movie_id}/reviews');
  });

  it('refuses an unknown source in list_operations with the known ones', async () => {
    const missing = await call(client, 'list_operations', { source: 'nope' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/unknown source 'nope'/);
  });
});
