/**
 * @module adapters/store/postgres/sweep-lock
 * The session-sweep lock of a PostgreSQL store: a session-level advisory lock on one fixed key,
 * held on a connection of its own for as long as this process lives. Whichever process holds it
 * removes expired sessions for every server; the others leave them alone. A holder that dies (or
 * loses its connection) frees the lock with its backend, and the next caller of another process
 * takes it.
 */
import { hostname } from 'node:os';
import type pg from 'pg';

/** A fixed key, beside the migration lock (0x5e7a_0001, transaction-level) in ./schema.ts. */
export const SWEEP_LOCK_KEY = 0x5e7a_0002;

export class SweepLock {
  readonly #pool: pg.Pool;
  #held: pg.PoolClient | null = null;
  #pending: Promise<boolean> | null = null;
  readonly #ignore = (): void => undefined;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  /** True while this process holds the lock; tries to take it when it does not. Concurrent calls share one attempt. */
  hold(): Promise<boolean> {
    this.#pending ??= this.#hold().finally(() => (this.#pending = null));
    return this.#pending;
  }

  async #hold(): Promise<boolean> {
    if (this.#held) {
      // the lock lives as long as its connection: a lost connection means it is gone
      try {
        await this.#held.query('SELECT 1');
        return true;
      } catch {
        this.#drop();
      }
    }
    const client = await this.#pool.connect();
    client.on('error', this.#ignore);
    try {
      const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [SWEEP_LOCK_KEY]);
      if (got.rows[0]!.ok) {
        await client.query(`SELECT set_config('application_name', $1, false)`, [`sextant session sweeper on ${hostname()} pid ${process.pid}`.slice(0, 63)]);
        this.#held = client;
        return true;
      }
      client.off('error', this.#ignore);
      client.release();
      return false;
    } catch (err) {
      client.off('error', this.#ignore);
      client.release(true);
      throw err;
    }
  }

  /** Gives the lock up (before the pool ends): unlocked at once, then its connection closed. */
  async release(): Promise<void> {
    await this.#pending?.catch(() => false);
    await this.#held?.query('SELECT pg_advisory_unlock($1)', [SWEEP_LOCK_KEY]).catch(() => undefined);
    this.#drop();
  }

  #drop(): void {
    const held = this.#held;
    this.#held = null;
    if (!held) return;
    held.off('error', this.#ignore);
    // destroyed rather than returned: the pool must not hand out a connection that holds the lock
    held.release(true);
  }
}
