/**
 * Route, then rank, and scores that mean something: over several databases (schemas), the one
 * whose tables and columns cover the question leads; a question about something the index does
 * not hold scores low, and `minScore` then says there is no confident match.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresConnector } from '../../src/adapters/connector/postgres/index.js';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import { lexicalField } from '../../src/core/search/lexical-text.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let db: TempDatabase;
let engine: Engine;

beforeAll(async () => {
  db = await createTempDatabase('sxt_calibrated');
  // Two databases share generic words (name, date, city); each has words of its own.
  await db.exec(`
    CREATE SCHEMA racing; CREATE SCHEMA library;
    CREATE TABLE racing.drivers (id bigint PRIMARY KEY, name text, nationality text, birth_date date);
    CREATE TABLE racing.circuits (id bigint PRIMARY KEY, name text, city text, country text);
    CREATE TABLE racing.races (id bigint PRIMARY KEY, circuit_id bigint REFERENCES racing.circuits, race_date date, laps int);
    CREATE TABLE racing.lap_times (race_id bigint REFERENCES racing.races, driver_id bigint REFERENCES racing.drivers, lap int, milliseconds int);
    CREATE TABLE library.books (id bigint PRIMARY KEY, title text, isbn text, published_date date);
    CREATE TABLE library.members (id bigint PRIMARY KEY, name text, city text, joined_date date);
    CREATE TABLE library.loans (book_id bigint REFERENCES library.books, member_id bigint REFERENCES library.members, due_date date, returned_date date);
    CREATE TABLE library.authors (id bigint PRIMARY KEY, name text, nationality text);
  `);
  const store = await openSqliteStore(join(home.dir, 'index.sqlite'));
  engine = createEngine({
    store,
    connectors: new Map([['postgres', createPostgresConnector({ statementTimeoutMs: 2000 })]]),
    embedder: async () => null,
    lexical: lexicalField,
  });
  await engine.addSource({ name: 'org', url: db.adminDsn, options: { allowExtraPrivileges: true } });
  expect((await engine.update({ allowExtraPrivileges: true })).ok).toBe(true);
});

afterAll(async () => {
  await engine?.close();
  await db?.drop();
  home.cleanup();
});

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
