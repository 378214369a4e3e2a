/**
 * @module adapters/store/postgres/tx
 * Transactions on pooled connections and the failures worth another try: a connection lost
 * (server restart, terminated backend, network) before COMMIT was sent, serialization failures
 * and deadlocks. Reads on the pool are retried on a lost connection, a few times over a few
 * seconds, so a PostgreSQL restart shows as a slow request rather than a failed one.
 */
import type pg from 'pg';

/** SQLSTATEs and socket errors of a connection that went away (or never came). */
const CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const CONNECTION_MESSAGE = /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection/i;
/** Serialization failure, deadlock. */
const CONFLICT_CODES = new Set(['40001', '40P01']);
/** Pauses between attempts after a lost connection (about 4 s in all). */
export const RECONNECT_DELAYS_MS: readonly number[] = [250, 500, 1000, 2000];

export function isConnectionError(err: unknown): boolean {
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  return CONNECTION_CODES.has(code) || (err instanceof Error && CONNECTION_MESSAGE.test(err.message));
}

export function isConflict(err: unknown): boolean {
  return CONFLICT_CODES.has(String((err as { code?: unknown } | null)?.code ?? ''));
}

/** Errors of transactions that failed before their COMMIT was sent: nothing of them was applied. */
const uncommitted = new WeakSet<object>();

/** True when a write that failed this way can run again without applying anything twice. */
export function canRetryWrite(err: unknown): boolean {
  return isConflict(err) || (typeof err === 'object' && err !== null && uncommitted.has(err) && isConnectionError(err));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `fn` inside one transaction on a pooled connection. A connection lost meanwhile fails the
 * query in flight rather than the process, and is discarded instead of going back to the pool.
 */
export async function inTransaction<T>(pool: pg.Pool, begin: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  let committing = false;
  let client: pg.PoolClient | null = null;
  const ignore = (): void => undefined;
  let broken = false;
  try {
    client = await pool.connect();
    client.on('error', ignore);
    await client.query(begin);
    const result = await fn(client);
    committing = true;
    await client.query('COMMIT');
    return result;
  } catch (err) {
    if (!committing && typeof err === 'object' && err !== null) uncommitted.add(err);
    await client?.query('ROLLBACK').catch(() => (broken = true));
    throw err;
  } finally {
    client?.off('error', ignore);
    client?.release(broken);
  }
}

/** Makes `pool.query` (single statements, all idempotent in this store) retry on a lost connection. */
export function retryPoolQueries(pool: pg.Pool, delays: readonly number[] = RECONNECT_DELAYS_MS): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const retrying = async (...args: unknown[]): Promise<unknown> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await query(...args);
      } catch (err) {
        if (attempt >= delays.length || !isConnectionError(err) || pool.ending) throw err;
        await sleep(delays[attempt]!);
      }
    }
  };
  Object.assign(pool, { query: retrying });
}
