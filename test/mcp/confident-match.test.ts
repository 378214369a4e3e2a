/**
 * deep_search's scores mean something: a question the shop covers scores above one about
 * something it does not hold, and with min_score the answer says there is no confident match.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectHttp, prepareCatalog, startInProcess, type Catalog, type InProcessServer } from './fixture.js';

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

describe('deep_search confidence', () => {
  it('reports a confidence, higher for a question the index covers', async () => {
    const covered = await call(client, 'deep_search', { query: 'order lines quantity per product', kinds: ['table'] });
    const lacking = await call(client, 'deep_search', { query: 'satellite telemetry antenna azimuth', kinds: ['table'] });
    expect(covered.data.confidence).toBeGreaterThan(0.5);
    expect(covered.data.hits[0].score).toBe(covered.data.confidence);
    expect(lacking.data.confidence ?? 0).toBeLessThan(covered.data.confidence);
  });

  it('says "no confident match" when nothing passes min_score', async () => {
    const result = await call(client, 'deep_search', { query: 'satellite telemetry antenna azimuth', kinds: ['table'], min_score: 0.3 });
    expect(result.isError).toBe(false);
    expect(result.data.hits).toEqual([]);
    expect(result.text).toMatch(/^no confident match: the best hit scores \d\.\d{3}, below min_score 0\.3$/);
    expect(result.data.notice).toBe(result.text);
  });
});
