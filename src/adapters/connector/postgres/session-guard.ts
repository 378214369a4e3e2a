/** @module adapters/connector/postgres/session-guard: opens one guarded, read-only PostgreSQL session per operation. */
import pg from 'pg';
import { SextantError } from '../../../kernel/errors.js';
import { redactText } from '../../../kernel/redact.js';
import { type BackendKey, cancelBackend } from './cancel-backend.js';
import { classifyPgError, isClientTimeout } from './classify-error.js';
import { type PgTarget, describeTarget, toClientConfig } from './dsn.js';

export interface GuardOptions {
  /** Server-side `statement_timeout` in ms (default 5000). */
  statementTimeoutMs?: number | undefined;
  /** Server-side `idle_in_transaction_session_timeout` in ms (default 10000). */
  idleInTransactionTimeoutMs?: number;
  /** How long to wait for the TCP connect and login, in ms (default 5000). */
  connectTimeoutMs?: number | undefined;
}

export type ResolvedGuards = { [K in keyof GuardOptions]-?: number };

export const DEFAULT_GUARDS: Readonly<ResolvedGuards> = Object.freeze({
  statementTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 10_000,
  connectTimeoutMs: 5_000,
});

/**
 * Client-side backstop on top of `statement_timeout`: PGlite (the embedded demo server) accepts
 * but does not enforce `statement_timeout`, so a stuck query would otherwise hang forever.
 */
const CLIENT_GRACE_MS = 5_000;

/** One column of a result as the server described it. */
export interface ResultField {
  name: string;
  /** Type oid (`pg_type.oid`). */
  dataTypeID: number;
  /** Type modifier (`atttypmod`), -1 when none: `format_type(oid, typmod)` spells it. */
  dataTypeModifier: number;
}

export interface GuardedSession {
  /** Password-free `host:port/database` label, for messages. */
  readonly target: string;
  /** Statements issued so far on this session, guard statements included. */
  readonly queryCount: number;
  /** Runs one statement; failures are classified SextantErrors (`details.sqlState` kept). */
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
  /**
   * Runs ONE statement through the extended protocol, where the server itself refuses a string
   * of several statements (the simple protocol behind `query` without parameters runs them all),
   * and returns the rows with the result's columns. Failures as `query`, plus the server's own
   * text in `details.serverMessage` and its 1-based error `position` in `details.position`.
   */
  queryExtended<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; fields: ResultField[] }>;
}

/** Defaults filled in and every value checked (positive whole ms); throws USAGE otherwise. */
export function resolveGuards(options: GuardOptions): ResolvedGuards {
  const guards: ResolvedGuards = { ...DEFAULT_GUARDS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) };
  for (const [key, value] of Object.entries(guards)) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new SextantError('USAGE', `${key} must be a positive whole number of milliseconds`, { hint: `fix ${key}, then retry` });
    }
  }
  return guards;
}

/** `pg` client config: connection fields plus every guard as a startup parameter. */
export function guardedClientConfig(target: PgTarget, options: GuardOptions = {}): pg.ClientConfig {
  const guards = resolveGuards(options);
  return {
    ...toClientConfig(target),
    application_name: 'sextant',
    connectionTimeoutMillis: guards.connectTimeoutMs,
    statement_timeout: guards.statementTimeoutMs,
    idle_in_transaction_session_timeout: guards.idleInTransactionTimeoutMs,
    query_timeout: guards.statementTimeoutMs + CLIENT_GRACE_MS,
    options: '-c default_transaction_read_only=on',
  };
}

/**
 * Startup parameters are not enough: PGlite's socket server ignores them and poolers may drop
 * them, so every guard is also SET right after login and the values the server reports back
 * are checked before any other statement runs. The previous values come back too (read in a
 * MATERIALIZED CTE, so before the SETs) to be restored at the end: PGlite's socket server
 * shares ONE backend session among its clients, so our settings would outlive our connection.
 */
const GUARD_SQL = `WITH previous AS MATERIALIZED (
  SELECT ARRAY[current_setting('default_transaction_read_only'), current_setting('statement_timeout'),
    current_setting('idle_in_transaction_session_timeout'), current_setting('application_name')] AS settings)
SELECT set_config('default_transaction_read_only', 'on', false) AS read_only,
  set_config('statement_timeout', $1, false) AS statement_timeout,
  set_config('idle_in_transaction_session_timeout', $2, false) AS idle_timeout,
  set_config('application_name', 'sextant', false) AS application_name,
  previous.settings AS previous
FROM previous`;

const RESTORE_SQL = `SELECT set_config('default_transaction_read_only', $1, false), set_config('statement_timeout', $2, false),
  set_config('idle_in_transaction_session_timeout', $3, false), set_config('application_name', $4, false)`;

/** Statements issued after `work` returns: ROLLBACK, then restoring the previous settings. */
export const CLOSING_STATEMENTS = 2;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses a duration as PostgreSQL shows it (`5s`, `50ms`, `1min`, `0`) into ms; null if unparseable. */
export function parseDurationMs(shown: string): number | null {
  const m = /^\s*(\d+)\s*(ms|s|min|h|d)?\s*$/.exec(shown);
  return m ? Number(m[1]) * UNIT_MS[m[2] ?? 'ms']! : null;
}

interface GuardRow {
  read_only: string;
  statement_timeout: string;
  idle_timeout: string;
  previous: string[];
}

function checkGuards(row: GuardRow | undefined, guards: ResolvedGuards, target: string): void {
  const ok =
    row !== undefined &&
    row.read_only === 'on' &&
    parseDurationMs(row.statement_timeout) === guards.statementTimeoutMs &&
    parseDurationMs(row.idle_timeout) === guards.idleInTransactionTimeoutMs;
  if (!ok) {
    throw new SextantError('INTROSPECTION_FAILED', `session guards did not take effect at ${target}`, {
      hint: 'connect directly or through a session-mode pooler, then retry',
      details: { reported: row ?? null },
    });
  }
}

async function closeQuietly(client: pg.Client): Promise<void> {
  const ended = client.end().catch(() => undefined);
  const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 1_000).unref());
  if ((await Promise.race([ended, timer])) === 'late') {
    // The server did not answer Terminate (e.g. still busy after a client-side timeout): drop the socket.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  }
}

/** The key the server gave this client at login, or null before login. */
function backendKeyOf(client: pg.Client): BackendKey | null {
  const { processID, secretKey } = client as unknown as { processID: number | null; secretKey: number | null };
  return typeof processID === 'number' && typeof secretKey === 'number' ? { processID, secretKey } : null;
}

/**
 * After the client-side timeout the server is still running the query (a server or pooler that
 * does not enforce `statement_timeout`, a call that escapes it): cancel it before reporting the
 * timeout, so nothing keeps running after Sextant said it stopped. The message says which.
 */
async function cancelAfterClientTimeout(client: pg.Client, target: PgTarget, timeout: SextantError): Promise<SextantError> {
  const key = backendKeyOf(client);
  const cancelled = key !== null && (await cancelBackend(target, key));
  const outcome = cancelled
    ? 'the query was cancelled on the server'
    : 'cancelling it on the server failed: it may run until the server ends it (pg_stat_activity shows it, pg_cancel_backend stops it)';
  return new SextantError(timeout.code, `${timeout.message}; ${outcome}`, {
    ...(timeout.hint ? { hint: timeout.hint } : {}),
    details: { ...timeout.details, clientTimeout: true, cancelled },
  });
}

/**
 * Opens one connection, applies and verifies the guards, runs `work` inside a single
 * `REPEATABLE READ READ ONLY` transaction (one consistent catalog snapshot, read-only even behind
 * a transaction pooler), then rolls back, restores the previous settings and closes the
 * connection. Statements run one after another: the embedded demo server serves one connection
 * and no concurrent queries.
 */
export async function withGuardedSession<T>(target: PgTarget, options: GuardOptions, work: (session: GuardedSession) => Promise<T>): Promise<T> {
  const guards = resolveGuards(options);
  const label = describeTarget(target);
  const client = new pg.Client(guardedClientConfig(target, guards));
  // An idle client emits 'error' if the server goes away; without a listener Node would crash.
  client.on('error', () => undefined);
  let count = 0;
  // False once a failure did not come from the server (socket error, client-side timeout): the
  // connection may be busy or gone, so no closing statements are sent on it.
  let healthy = true;
  /** Classifies a failed statement; one that did not come from the server leaves the session unusable. */
  const failure = async (err: unknown): Promise<SextantError> => {
    const classified = classifyPgError(err, label);
    if (classified.details?.sqlState !== undefined) return classified;
    healthy = false;
    return isClientTimeout(err) ? cancelAfterClientTimeout(client, target, classified) : classified;
  };
  const session: GuardedSession = {
    target: label,
    get queryCount() {
      return count;
    },
    async query<R>(sql: string, params?: unknown[]): Promise<R[]> {
      count += 1;
      try {
        const result = await client.query(sql, params);
        return result.rows as R[];
      } catch (err) {
        throw await failure(err);
      }
    },
    async queryExtended<R>(sql: string, params: unknown[] = []): Promise<{ rows: R[]; fields: ResultField[] }> {
      count += 1;
      try {
        // queryMode is in pg >= 8.12; @types/pg does not declare it yet.
        const result = await client.query({ text: sql, values: params, queryMode: 'extended' } as pg.QueryConfig);
        const fields = result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID, dataTypeModifier: f.dataTypeModifier }));
        return { rows: result.rows as R[], fields };
      } catch (err) {
        const classified = await failure(err);
        if (classified.details?.sqlState === undefined) throw classified;
        const raw = err as { message?: unknown; position?: unknown };
        const position = Number(raw.position);
        throw new SextantError(classified.code, classified.message, {
          ...(classified.hint ? { hint: classified.hint } : {}),
          details: {
            ...classified.details,
            serverMessage: redactText(typeof raw.message === 'string' ? raw.message : classified.message),
            ...(Number.isInteger(position) && position > 0 ? { position } : {}),
          },
        });
      }
    },
  };
  let previous: string[] | undefined;
  try {
    try {
      await client.connect();
    } catch (err) {
      throw classifyPgError(err, label);
    }
    const [row] = await session.query<GuardRow>(GUARD_SQL, [`${guards.statementTimeoutMs}ms`, `${guards.idleInTransactionTimeoutMs}ms`]);
    previous = row?.previous;
    checkGuards(row, guards, label);
    await session.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return await work(session);
  } finally {
    if (previous && healthy) {
      await session.query('ROLLBACK').catch(() => undefined);
      await session.query(RESTORE_SQL, previous).catch(() => undefined);
    }
    await closeQuietly(client);
  }
}
