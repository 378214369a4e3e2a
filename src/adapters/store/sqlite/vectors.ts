/**
 * @module adapters/store/sqlite/vectors
 * Exact cosine search over the float32 BLOBs in `vectors`, by two interchangeable backends:
 * sqlite-vec's scalar `vec_distance_cosine` in SQL, or a JS loop over an in-memory matrix.
 */
import type { Database } from 'better-sqlite3';
import { createRequire } from 'node:module';
import { SextantError } from '../../../kernel/errors.js';
import type { ScoredChunk, VectorQuery } from '../../../ports/store.js';
import { encodeVector, isZero, VectorMatrix, type MatrixRow } from '../vector-matrix.js';
import { chunkFilterSql } from './chunk-filter.js';

export { encodeVector } from '../vector-matrix.js';
import { StatementCache } from './statement-cache.js';

export type VectorBackendName = 'sqlite-vec' | 'js';
export type VectorBackendChoice = 'auto' | VectorBackendName;

/**
 * What `auto` uses when both backends are available. Measured on this machine (2 vCPU, Node 20,
 * better-sqlite3 12.11, sqlite-vec 0.1.9) with the opt-in benchmark in
 * test/adapters/store/sqlite-store.test.ts (`SEXTANT_BENCH=1 npx vitest run test/adapters/store`):
 * 100k vectors × 100 dims in two sources, top 10 filtered to one source (50k candidates), 20 queries
 * after a first one, two runs:
 *   sqlite-vec  first query 45–60 ms, then 38.8–40.1 ms/query (every query re-reads all BLOBs)
 *   js          first query 351–417 ms (loads the matrix), then 6.6–7.4 ms/query
 * JS is ~5.5× faster per query once loaded, so it is the default. The load (mostly reading 100k
 * BLOBs out of SQLite, ~150 ms of it) is paid again after each write, so JS wins from about the
 * 10th query after a write; a one-shot CLI query on a 100k index is ~0.3 s slower with JS, a
 * long-running server is much faster. Memory: dimension × 4 bytes per vector (40 MB here).
 */
export const AUTO_PREFERENCE: VectorBackendName = 'js';

/**
 * Both backends answer the same question: the `limit` chunks passing the filter with the highest
 * cosine similarity to `query.vector` (whose dimension the caller has checked), ties broken by
 * chunk id. Zero vectors (query or stored) have no direction and never match.
 */
export interface VectorBackend {
  readonly name: VectorBackendName;
  search(query: VectorQuery): ScoredChunk[];
  /** Drops cached state; called after every write on this connection. */
  invalidate(): void;
}

/** Loads the sqlite-vec extension into `db`; false when it is not available on this platform. */
export function tryLoadSqliteVec(db: Database): boolean {
  try {
    const require = createRequire(import.meta.url);
    const sqliteVec = require('sqlite-vec') as { load(db: Database): void };
    sqliteVec.load(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * `js` and `sqlite-vec` insist on that backend (the latter fails when the extension does not
 * load); `auto` uses {@link AUTO_PREFERENCE}, falling back to JS when sqlite-vec does not load.
 */
export function createVectorBackend(db: Database, choice: VectorBackendChoice): VectorBackend {
  const wanted = choice === 'auto' ? AUTO_PREFERENCE : choice;
  if (wanted === 'js') return new JsVectorBackend(db);
  if (tryLoadSqliteVec(db)) return new SqliteVecBackend(db);
  if (choice === 'auto') return new JsVectorBackend(db);
  throw new SextantError('CONFIG_INVALID', 'the sqlite-vec extension does not load on this platform', {
    hint: "set the vector backend to 'auto' or 'js' (exact cosine in JS, same results)",
  });
}

/** Cosine in SQL: the filter runs in the same statement, nothing is cached in JS. */
export class SqliteVecBackend implements VectorBackend {
  readonly name = 'sqlite-vec';
  readonly #statements: StatementCache;

  constructor(db: Database) {
    this.#statements = new StatementCache(db);
  }

  search(query: VectorQuery): ScoredChunk[] {
    if (query.limit <= 0 || isZero(query.vector)) return [];
    const filter = chunkFilterSql(query, 'c');
    const sql = `SELECT chunkId, score FROM (
        SELECT c.id AS chunkId, 1.0 - vec_distance_cosine(v.vector, ?) AS score
        FROM vectors v JOIN chunks c ON c.rid = v.rid
        WHERE ${filter.sql}
      ) WHERE score IS NOT NULL
      ORDER BY score DESC, chunkId ASC
      LIMIT ?`;
    return this.#statements.get<ScoredChunk>(sql).all(encodeVector(query.vector), ...filter.params, query.limit);
  }

  invalidate(): void {}
}

/**
 * Exact cosine over the shared in-memory {@link VectorMatrix}, loaded on first search. The
 * matrix is dropped after writes here and when another connection commits (`PRAGMA
 * data_version` changes).
 */
export class JsVectorBackend implements VectorBackend {
  readonly name = 'js';
  readonly #db: Database;
  #matrix: VectorMatrix | null = null;
  #dataVersion = -1;

  constructor(db: Database) {
    this.#db = db;
  }

  invalidate(): void {
    this.#matrix = null;
  }

  search(query: VectorQuery): ScoredChunk[] {
    if (query.limit <= 0 || isZero(query.vector)) return [];
    return this.#load().search(query);
  }

  #load(): VectorMatrix {
    const version = this.#db.pragma('data_version', { simple: true }) as number;
    if (this.#matrix && version === this.#dataVersion) return this.#matrix;
    this.#dataVersion = version;
    const count = this.#db.prepare<[], number>('SELECT count(*) FROM vectors').pluck().get() ?? 0;
    const first = this.#db.prepare<[], number>('SELECT length(vector) FROM vectors LIMIT 1').pluck().get();
    const select = this.#db.prepare<[], MatrixRow>(
      `SELECT c.id, c.source, c.kind, c.project, c.session, v.vector
       FROM vectors v JOIN chunks c ON c.rid = v.rid ORDER BY c.id`,
    );
    this.#matrix = new VectorMatrix(count, first === undefined ? 0 : first / 4, select.iterate());
    return this.#matrix;
  }
}
