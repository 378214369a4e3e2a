/**
 * @module adapters/store/vector-matrix
 * Exact cosine search in JS over an in-memory matrix of unit rows: the vector search of the
 * SQLite store's `js` backend and of the PostgreSQL store (each server process holds one matrix
 * and reloads it when the store's change counter moves).
 */
import type { ScoredChunk, VectorQuery } from '../../ports/store.js';
import { chunkFilterPredicate, type ChunkScopeRow } from './chunk-scope.js';

/** One stored vector as a store reads it: its chunk's id and scope, the float32 little-endian bytes. */
export interface MatrixRow extends ChunkScopeRow {
  id: string;
  vector: Uint8Array;
  /** Already scaled to unit length (a row copied from another matrix): kept as it is. */
  unit?: boolean;
}

/** A change to a matrix: a row to add or replace, or (vector null) the id to drop. */
export type MatrixChange = MatrixRow | { id: string; vector: null };

/** Distinct filters whose row masks are kept per matrix (a few bytes per row each). */
const MASK_CACHE_SIZE = 32;

/** float32 little-endian bytes, the layout both stores keep. */
export function encodeVector(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** A copy of stored float32 little-endian bytes as a vector. */
export function decodeVector(bytes: Uint8Array): Float32Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

/**
 * Rows must arrive in chunk-id order (code-unit order, SQLite's BINARY collation, PostgreSQL's
 * "C"), so a strict `>` keeps the smaller id on ties. Rows of another byte length than
 * `dimension × 4` are skipped.
 */
export class VectorMatrix {
  readonly dimension: number;
  /** Row-major, each row scaled to unit length (zero rows stay zero and are skipped). */
  readonly #data: Float32Array;
  readonly #ids: string[];
  readonly #rows: ChunkScopeRow[];
  readonly #zero: Uint8Array;
  /** Rows a filter accepts (1) and zero rows excluded, per filter: built once per matrix. */
  readonly #masks = new Map<string, Uint8Array>();

  constructor(count: number, dimension: number, rows: Iterable<MatrixRow>) {
    const data = new Float32Array(count * dimension);
    const bytes = new Uint8Array(data.buffer);
    const ids: string[] = [];
    const scopes: ChunkScopeRow[] = [];
    const zero = new Uint8Array(count);
    let r = 0;
    for (const row of rows) {
      if (row.vector.length !== dimension * 4 || r >= count) continue;
      bytes.set(row.vector, r * dimension * 4);
      const base = r * dimension;
      let norm = 0;
      for (let i = 0; i < dimension; i++) norm += data[base + i]! * data[base + i]!;
      norm = Math.sqrt(norm);
      if (norm === 0) zero[r] = 1;
      else if (!row.unit) for (let i = 0; i < dimension; i++) data[base + i] = data[base + i]! / norm;
      ids.push(row.id);
      scopes.push({ source: row.source, kind: row.kind, project: row.project, session: row.session });
      r++;
    }
    this.dimension = dimension;
    this.#data = data.subarray(0, r * dimension);
    this.#ids = ids;
    this.#rows = scopes;
    this.#zero = zero;
  }

  get size(): number {
    return this.#ids.length;
  }

  /**
   * A new matrix: these rows with `changes` applied in chunk-id order (a row replaces or adds its
   * id, a null vector drops it; the last change of an id wins). Kept rows are copied as they are.
   */
  patched(changes: readonly MatrixChange[]): VectorMatrix {
    const last = new Map<string, MatrixChange>();
    for (const change of changes) last.set(change.id, change);
    const incoming = [...last.values()].filter((c): c is MatrixRow => c.vector !== null).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const dim = this.dimension;
    const kept = (r: number): MatrixRow => ({
      id: this.#ids[r]!,
      ...this.#rows[r]!,
      vector: new Uint8Array(this.#data.buffer, this.#data.byteOffset + r * dim * 4, dim * 4),
      unit: true,
    });
    const ids = this.#ids;
    function* merged(): Generator<MatrixRow> {
      let j = 0;
      for (let r = 0; r < ids.length; r++) {
        const id = ids[r]!;
        while (j < incoming.length && incoming[j]!.id < id) yield incoming[j++]!;
        if (!last.has(id)) yield kept(r);
      }
      while (j < incoming.length) yield incoming[j++]!;
    }
    let removed = 0;
    for (const id of ids) if (last.has(id)) removed++;
    return new VectorMatrix(ids.length - removed + incoming.length, dim, merged());
  }

  /** The `limit` rows passing the filter with the highest cosine to `query.vector`, ties by id. */
  search(query: VectorQuery): ScoredChunk[] {
    if (query.limit <= 0 || isZero(query.vector)) return [];
    const dim = this.dimension;
    if (this.#ids.length === 0 || query.vector.length !== dim) return [];
    const q = unit(query.vector);
    const mask = this.#mask(query);
    const top = new TopK(query.limit);
    const data = this.#data;
    const count = this.#ids.length;
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
    for (let i = 0; i < top.filled; i++) out.push({ chunkId: this.#ids[top.rows[i]!]!, score: top.scores[i]! });
    return out;
  }

  #mask(filter: VectorQuery): Uint8Array {
    const key = JSON.stringify([filter.sources ?? [], filter.kinds ?? [], filter.projects ?? [], filter.session || null]);
    let mask = this.#masks.get(key);
    if (mask === undefined) {
      const accept = chunkFilterPredicate(filter);
      mask = new Uint8Array(this.#ids.length);
      for (let r = 0; r < mask.length; r++) mask[r] = this.#zero[r] === 0 && accept(this.#rows[r]!) ? 1 : 0;
      if (this.#masks.size >= MASK_CACHE_SIZE) this.#masks.delete(this.#masks.keys().next().value!);
      this.#masks.set(key, mask);
    }
    return mask;
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

export function isZero(v: Float32Array): boolean {
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
