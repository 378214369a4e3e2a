/**
 * deep_search's scores mean something over MCP: a question the index covers scores above one
 * about something it does not hold, and with min_score the answer says there is no confident
 * match. The same two databases as the engine's own test (test/core/calibrated-search), here
 * with the builtin word vectors, so the scores are the hybrid ones an agent sees.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectInMemory } from '../helpers/in-memory-mcp.js';
import { engineOverDatabase, RACING_AND_LIBRARY, type PgEngine } from '../helpers/pg-engine.js';
import { call } from './fixture.js';

const COVERED = 'fastest lap milliseconds of each driver';
const LACKING = 'vaccination doses per hospital ward name';

let index: PgEngine;
let client: Client;

beforeAll(async () => {
  index = await engineOverDatabase({ prefix: 'sxt_confident', ddl: RACING_AND_LIBRARY, source: 'org', vectors: true });
  client = await connectInMemory(index.engine, 'default');
}, 120_000);

afterAll(async () => {
  await client?.close();
  await index?.cleanup();
});

describe('deep_search confidence', () => {
  it('reports a confidence, higher for a question the index covers', async () => {
    const covered = await call(client, 'deep_search', { query: COVERED, kinds: ['table'] });
    const lacking = await call(client, 'deep_search', { query: LACKING, kinds: ['table'] });
    expect(covered.data.confidence).toBeGreaterThan(0.5);
    expect(covered.data.hits[0].score).toBe(covered.data.confidence);
    expect(lacking.data.confidence ?? 0).toBeLessThan(covered.data.confidence);
  });

  it('says "no confident match" when nothing passes min_score', async () => {
    const result = await call(client, 'deep_search', { query: LACKING, kinds: ['table'], min_score: 0.5 });
    expect(result.isError).toBe(false);
    expect(result.data.hits).toEqual([]);
    expect(result.text).toMatch(/^no confident match: the best hit scores \d\.\d{3}, below min_score 0\.5$/);
    expect(result.data.notice).toBe(result.text);
  });
});
