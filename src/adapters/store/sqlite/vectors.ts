/**
 * @module adapters/store/sqlite/vectors
 * Exact cosine search over the float32 BLOBs in `vectors`, by two interchangeable backends:
 * sqlite-vec's scalar `vec_distance_cosine` in SQL, or a JS loop over an in-memory matrix.
 */
import type { Database } from 'better-sqlite3';
import { createRequire } from 'node:module';
import { SextantError } from '../../../kernel/errors.js';
import type { ScoredChunk, VectorQuery } from '../../../ports/store.js';
import { chunkFilterPredicate, chunkFilterSql, type ChunkScopeRow } from './chunk-filter.js';
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

/** float32 little-endian BLOB, the layout sqlite-vec reads. */
export function encodeVector(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
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

interface Matrix {
  dimension: number;
  /** Row-major, each row scaled to unit length (zero rows stay zero and are skipped). */
  data: Float32Array;
  ids: string[];
  rows: ChunkScopeRow[];
  zero: Uint8Array;
  /** Rows a filter accepts (1) and zero rows excluded, per filter: built once per matrix. */
  masks: Map<string, Uint8Array>;
}

/** Distinct filters whose row masks are kept per matrix (a few bytes per row each). */
const MASK_CACHE_SIZE = 32;

/**
 * Exact cosine over a Float32Array matrix loaded on first search. Rows are scanned in chunk-id
 * order (SQLite's BINARY collation, as in the SQL backend), so a strict `>` keeps the smaller
 * id on ties. The matrix is dropped after writes here and when another connection commits
 * (`PRAGMA data_version` changes).
 */
export class JsVectorBackend implements VectorBackend {
  readonly name = 'js';
  readonly #db: Database;
  #matrix: Matrix | null = null;
  #dataVersion = -1;

  constructor(db: Database) {
    this.#db = db;
  }

  invalidate(): void {
    this.#matrix = null;
  }

  search(query: VectorQuery): ScoredChunk[] {
    if (query.limit <= 0 || isZero(query.vector)) return [];
    const m = this.#load();
    const dim = m.dimension;
    if (m.ids.length === 0 || query.vector.length !== dim) return [];
    const q = unit(query.vector);
    const mask = this.#mask(m, query);
    const top = new TopK(query.limit);
    const data = m.data;
    const count = m.ids.length;
    const even = dim - (dim % 2);
    // Two rows per pass share each query load, two accumulators per row keep the additions
    // independent: about 2.2x the plain loop at 100k x 100 (5 ms instead of 11 ms here).
    let r = 0;
    for (; r + 1 < count; r += 2) {
      const takeA = mask[r] === 1;
      const takeB = mask[r + 1] === 1;
      if (!takeA && !takeB) continue;
      const a = r * dim;
      const b = a + dim;
      let a0 = 0;
      let a1 = 0;
      let b0 = 0;
      let b1 = 0;
      let i = 0;
      for (; i < even; i += 2) {
        const x = q[i]!;
        const y = q[i + 1]!;
        a0 += x * data[a + i]!;
        a1 += y * data[a + i + 1]!;
        b0 += x * data[b + i]!;
        b1 += y * data[b + i + 1]!;
      }
      if (i < dim) {
        a0 += q[i]! * data[a + i]!;
        b0 += q[i]! * data[b + i]!;
      }
      if (takeA) top.offer(r, a0 + a1);
      if (takeB) top.offer(r + 1, b0 + b1);
    }
    if (r < count && mask[r] === 1) {
      let dot = 0;
      for (let i = 0, base = r * dim; i < dim; i++) dot += q[i]! * data[base + i]!;
      top.offer(r, dot);
    }
    const out: ScoredChunk[] = [];
    for (let i = 0; i < top.filled; i++) out.push({ chunkId: m.ids[top.rows[i]!]!, score: top.scores[i]! });
    return out;
  }

  #mask(m: Matrix, filter: VectorQuery): Uint8Array {
    const key = JSON.stringify([filter.sources ?? [], filter.kinds ?? [], filter.projects ?? [], filter.session || null]);
    let mask = m.masks.get(key);
    if (mask === undefined) {
      const accept = chunkFilterPredicate(filter);
      mask = new Uint8Array(m.ids.length);
      for (let r = 0; r < mask.length; r++) mask[r] = m.zero[r] === 0 && accept(m.rows[r]!) ? 1 : 0;
      if (m.masks.size >= MASK_CACHE_SIZE) m.masks.delete(m.masks.keys().next().value!);
      m.masks.set(key, mask);
    }
    return mask;
  }

  #load(): Matrix {
    const version = this.#db.pragma('data_version', { simple: true }) as number;
    if (this.#matrix && version === this.#dataVersion) return this.#matrix;
    this.#dataVersion = version;
    const count = this.#db.prepare<[], number>('SELECT count(*) FROM vectors').pluck().get() ?? 0;
    const first = this.#db.prepare<[], number>('SELECT length(vector) FROM vectors LIMIT 1').pluck().get();
    const dimension = first === undefined ? 0 : first / 4;
    const data = new Float32Array(count * dimension);
    const bytes = new Uint8Array(data.buffer);
    const ids: string[] = [];
    const rows: ChunkScopeRow[] = [];
    const zero = new Uint8Array(count);
    const select = this.#db.prepare<[], ChunkScopeRow & { id: string; vector: Buffer }>(
      `SELECT c.id, c.source, c.kind, c.project, c.session, v.vector
       FROM vectors v JOIN chunks c ON c.rid = v.rid ORDER BY c.id`,
    );
    let r = 0;
    for (const row of select.iterate()) {
      if (row.vector.length !== dimension * 4 || r >= count) continue;
      bytes.set(row.vector, r * dimension * 4);
      const base = r * dimension;
      let norm = 0;
      for (let i = 0; i < dimension; i++) norm += data[base + i]! * data[base + i]!;
      norm = Math.sqrt(norm);
      if (norm === 0) zero[r] = 1;
      else for (let i = 0; i < dimension; i++) data[base + i] = data[base + i]! / norm;
      ids.push(row.id);
      rows.push({ source: row.source, kind: row.kind, project: row.project, session: row.session });
      r++;
    }
    this.#matrix = { dimension, data: data.subarray(0, r * dimension), ids, rows, zero, masks: new Map() };
    return this.#matrix;
  }
}

/**
 * The best k (score, row) pairs so far, descending. Rows arrive in id order and only a strictly
 * higher score displaces, so ties keep the smaller id. k is small: a linear insert beats a heap.
 */
class TopK {
  readonly scores: Float64Array;
  readonly rows: Int32Array;
  filled = 0;
  readonly #k: number;

  constructor(k: number) {
    this.#k = k;
    this.scores = new Float64Array(k);
    this.rows = new Int32Array(k);
  }

  offer(row: number, score: number): void {
    const k = this.#k;
    if (this.filled === k && !(score > this.scores[k - 1]!)) return;
    let at = this.filled < k ? this.filled : k - 1;
    while (at > 0 && score > this.scores[at - 1]!) {
      this.scores[at] = this.scores[at - 1]!;
      this.rows[at] = this.rows[at - 1]!;
      at--;
    }
    this.scores[at] = score;
    this.rows[at] = row;
    if (this.filled < k) this.filled++;
  }
}

function isZero(v: Float32Array): boolean {
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) return false;
  return true;
}

function unit(v: Float32Array): Float64Array {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  norm = Math.sqrt(norm);
  const out = new Float64Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! / norm;
  return out;
}
