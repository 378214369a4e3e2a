/**
 * Test helper: an engine over a fresh PostgreSQL database (the real server of the tests) with a
 * SQLite index in a temporary home. `ddl` creates the catalog, the database is registered as
 * source `source` and indexed. Lexical search only, or with `vectors` the builtin word vectors
 * (the cache shared by test runs).
 */
import { join } from 'node:path';
import { openEmbedder } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import { createPostgresConnector } from '../../src/adapters/connector/postgres/index.js';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import type { EngineDeps } from '../../src/core/engine-deps.js';
import { lexicalField } from '../../src/core/search/lexical-text.js';
import { SHARED_MODELS_DIR } from './models.js';
import { createTempDatabase } from './postgres.js';
import { tempHome } from './temp-home.js';

/** Two databases (schemas) that share generic words (name, date, city), each with words of its own. */
export const RACING_AND_LIBRARY = `
  CREATE SCHEMA racing; CREATE SCHEMA library;
  CREATE TABLE racing.drivers (id bigint PRIMARY KEY, name text, nationality text, birth_date date);
  CREATE TABLE racing.circuits (id bigint PRIMARY KEY, name text, city text, country text);
  CREATE TABLE racing.races (id bigint PRIMARY KEY, circuit_id bigint REFERENCES racing.circuits, race_date date, laps int);
  CREATE TABLE racing.lap_times (race_id bigint REFERENCES racing.races, driver_id bigint REFERENCES racing.drivers, lap int, milliseconds int);
  CREATE TABLE library.books (id bigint PRIMARY KEY, title text, isbn text, published_date date);
  CREATE TABLE library.members (id bigint PRIMARY KEY, name text, city text, joined_date date);
  CREATE TABLE library.loans (book_id bigint REFERENCES library.books, member_id bigint REFERENCES library.members, due_date date, returned_date date);
  CREATE TABLE library.authors (id bigint PRIMARY KEY, name text, nationality text);
`;

export interface PgEngine {
  engine: Engine;
  /** Closes the engine, drops the database, removes the home. */
  cleanup(): Promise<void>;
}

export async function engineOverDatabase(options: {
  prefix: string;
  ddl: string;
  source: string;
  ranker?: EngineDeps['ranker'];
  vectors?: boolean;
}): Promise<PgEngine> {
  const home = tempHome();
  const builtin = loadConfig({
    env: { SEXTANT_HOME: home.dir, SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: SHARED_MODELS_DIR },
    configFile: join(home.dir, 'none.yaml'),
  });
  const db = await createTempDatabase(options.prefix);
  await db.exec(options.ddl);
  const engine = createEngine({
    store: await openSqliteStore(join(home.dir, 'index.sqlite')),
    connectors: new Map([['postgres', createPostgresConnector({ statementTimeoutMs: 2000 })]]),
    embedder: options.vectors ? () => openEmbedder(builtin) : async () => null,
    lexical: lexicalField,
    ...(options.ranker !== undefined ? { ranker: options.ranker } : {}),
  });
  await engine.addSource({ name: options.source, url: db.adminDsn, options: { allowExtraPrivileges: true } });
  const run = await engine.update({ allowExtraPrivileges: true });
  if (!run.ok) throw new Error(`indexing ${options.source} failed: ${JSON.stringify(run)}`);
  return {
    engine,
    async cleanup() {
      await engine.close();
      await db.drop();
      home.cleanup();
    },
  };
}
