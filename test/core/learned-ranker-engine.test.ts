/**
 * The shipped learned column ranker (`search.ranker: learned`, src/core/search/learned-ranker.json)
 * loaded as the app loads it, in an engine over a small real index: it reorders a column search
 * that RRF alone orders otherwise, puts the column the question names first, and gives the
 * same order on every run and on an index built the same way. `search.ranker: rrf` loads nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRankerModels } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { RankerModels } from '../../src/core/search/learned-ranker.js';
import { engineOverDatabase, RACING_AND_LIBRARY, type PgEngine } from '../helpers/pg-engine.js';

const home = mkdtempSync(join(tmpdir(), 'sextant-ranker-'));
const rankerSetting = (ranker: string) =>
  loadRankerModels(loadConfig({ env: { SEXTANT_HOME: home, SEXTANT_RANKER: ranker }, configFile: join(home, 'none.yaml') }));

/** Questions and the column each is about. */
const QUESTIONS: ReadonlyArray<[string, string]> = [
  ['city of the circuit', 'org:column:racing.circuits.city'],
  ['fastest lap milliseconds', 'org:column:racing.lap_times.milliseconds'],
];

let models: RankerModels | null;
let learned: PgEngine;
let rrf: PgEngine;

const columns = async (index: PgEngine, question: string) => (await index.engine.query(question, { kinds: ['column'], limit: 8 })).hits.map((h) => h.objectId);

beforeAll(async () => {
  models = rankerSetting('learned');
  learned = await engineOverDatabase({ prefix: 'sxt_learned', ddl: RACING_AND_LIBRARY, source: 'org', ranker: models });
  rrf = await engineOverDatabase({ prefix: 'sxt_rrf', ddl: RACING_AND_LIBRARY, source: 'org', ranker: null });
}, 120_000);

afterAll(async () => {
  await learned?.cleanup();
  await rrf?.cleanup();
  rmSync(home, { recursive: true, force: true });
});

describe('the learned column ranker in the engine', () => {
  it('is loaded by search.ranker learned (a column model only), and not by rrf', () => {
    expect(models?.columns?.target).toBe('columns');
    expect(models?.relations).toBeUndefined();
    expect(rankerSetting('rrf')).toBeNull();
  });

  it.each(QUESTIONS)('reorders "%s": the column asked about first, in another order than RRF alone', async (question, gold) => {
    const byModel = await columns(learned, question);
    const byRrf = await columns(rrf, question);
    expect(byModel[0]).toBe(gold);
    expect(byModel).not.toEqual(byRrf);
    expect(byRrf).toContain(gold);
  });

  it('is deterministic: the same order on every run and on an index built the same way', async () => {
    const again = await engineOverDatabase({ prefix: 'sxt_learned2', ddl: RACING_AND_LIBRARY, source: 'org', ranker: rankerSetting('learned') });
    try {
      for (const [question] of QUESTIONS) {
        const first = await columns(learned, question);
        expect(await columns(learned, question)).toEqual(first);
        expect(await columns(again, question)).toEqual(first);
      }
    } finally {
      await again.cleanup();
    }
  });
});
