/**
 * @module adapters/store/postgres/vector-cache
 * This process's vectors: the in-memory matrix of the JS backend, loaded whole once and then
 * refreshed from the change log (only the chunks written since), one refresh at a time however
 * many searches ask for it. A refresh reads the counter and the changes in one snapshot, so the
 * matrix's stamp describes exactly what it holds.
 */
import type pg from 'pg';
import { VectorMatrix, type MatrixRow } from '../vector-matrix.js';
import { readChanges } from './change-log.js';
import { inTransaction } from './tx.js';

const SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

export interface VectorCacheStats {
  /** Counter value the matrix describes (-1 before the first load). */
  stamp: number;
  rows: number;
  wholeLoads: number;
  incrementalLoads: number;
  /** Changed chunks read by incremental loads. */
  changedRows: number;
}

export class PgVectorCache {
  readonly #pool: pg.Pool;
  #current: { stamp: number; matrix: VectorMatrix } | null = null;
  #refreshing: Promise<{ stamp: number; matrix: VectorMatrix }> | null = null;
  readonly #stats = { wholeLoads: 0, incrementalLoads: 0, changedRows: 0 };

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  get loaded(): boolean {
    return this.#current !== null;
  }

  stats(): VectorCacheStats {
    return { stamp: this.#current?.stamp ?? -1, rows: this.#current?.matrix.size ?? 0, ...this.#stats };
  }

  /** The matrix as of counter `stamp` or later. */
  async at(stamp: number): Promise<VectorMatrix> {
    for (;;) {
      const current = this.#current;
      if (current && current.stamp >= stamp) return current.matrix;
      const refreshed = await this.refresh();
      if (refreshed.stamp >= stamp) return refreshed.matrix;
    }
  }

  /** Brings the matrix up to the store's counter now; concurrent callers share one refresh. */
  refresh(): Promise<{ stamp: number; matrix: VectorMatrix }> {
    this.#refreshing ??= this.#load().finally(() => (this.#refreshing = null));
    return this.#refreshing;
  }

  async #load(): Promise<{ stamp: number; matrix: VectorMatrix }> {
    const base = this.#current;
    const next = await inTransaction(this.#pool, SNAPSHOT, async (client) => {
      if (base && base.matrix.size > 0) {
        const changes = await readChanges(client, base.stamp, Math.max(1000, base.matrix.size >> 2));
        // a vector of another length is a new model's: the old matrix's rows cannot take it (a patch would drop it)
        const sameModel = changes.rows.every((r) => r.vector === null || r.vector.length === base.matrix.dimension * 4);
        if (!changes.whole && sameModel) {
          this.#stats.incrementalLoads++;
          this.#stats.changedRows += changes.rows.length;
          return { stamp: changes.at, matrix: changes.rows.length === 0 ? base.matrix : base.matrix.patched(changes.rows) };
        }
      }
      this.#stats.wholeLoads++;
      const at = Number((await client.query<{ n: string }>('SELECT n FROM change_counter WHERE id = 1')).rows[0]!.n);
      const rows = (
        await client.query<MatrixRow>(
          'SELECT c.id, c.source, c.kind, c.project, c.session, v.vector FROM vectors v JOIN chunks c ON c.rid = v.rid ORDER BY c.id',
        )
      ).rows;
      return { stamp: at, matrix: new VectorMatrix(rows.length, rows[0] ? rows[0].vector.length / 4 : 0, rows) };
    });
    if (!this.#current || this.#current.stamp <= next.stamp) this.#current = next;
    return next;
  }
}
