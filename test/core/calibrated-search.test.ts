/**
 * Route, then rank, and scores that mean something: over several databases (schemas), the one
 * whose tables and columns cover the question leads; a question about something the index does
 * not hold scores low, and `minScore` then says there is no confident match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { engineOverDatabase, RACING_AND_LIBRARY, type PgEngine } from '../helpers/pg-engine.js';

let index: PgEngine;
let engine: Engine;

beforeAll(async () => {
  index = await engineOverDatabase({ prefix: 'sxt_calibrated', ddl: RACING_AND_LIBRARY, source: 'org' });
  engine = index.engine;
});

afterAll(() => index?.cleanup());

describe('routing and calibrated scores', () => {
  it("ranks the tables of the database the question's words point to first", async () => {
    const result = await engine.query('fastest lap milliseconds of each driver by nationality', { kinds: ['table', 'view'], explain: true });
    expect(result.hits[0]!.objectId).toMatch(/^org:table:racing\./);
    expect(result.hits[0]!.explain!.lists.map((l) => l.name)).toContain('routing');
  });

  it('scores a question the index covers well above one about something it lacks', async () => {
    const covered = await engine.query('fastest lap milliseconds of each driver', { kinds: ['table', 'view'] });
    const lacking = await engine.query('vaccination doses per hospital ward name', { kinds: ['table', 'view'] });
    expect(covered.confidence).toBeGreaterThan(0.5);
    expect(covered.hits[0]!.score).toBe(covered.confidence);
    expect(lacking.confidence ?? 0).toBeLessThan(0.3);
    expect(lacking.confidence ?? 0).toBeLessThan(covered.confidence!);
  });

  it('says there is no confident match when nothing passes min_score', async () => {
    const result = await engine.query('vaccination doses per hospital ward name', { kinds: ['table', 'view'], minScore: 0.5 });
    expect(result.hits).toEqual([]);
    expect(result.notice).toMatch(/^no confident match: the best hit scores 0\.\d{3}, below min_score 0\.5$/);
    const kept = await engine.query('fastest lap milliseconds of each driver', { kinds: ['table', 'view'], minScore: 0.5 });
    expect(kept.hits.length).toBeGreaterThan(0);
    expect(kept.notice).toBeUndefined();
  });
});
