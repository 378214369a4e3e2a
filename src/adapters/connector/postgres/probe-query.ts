/**
 * @module adapters/connector/postgres/probe-query
 * Validates a read-only query against the live database without changing anything: the query
 * runs once, wrapped as `SELECT * FROM (<sql>) AS sextant_probe LIMIT 1`, through the extended
 * protocol, inside the guarded READ ONLY transaction (rolled back) under the statement timeout.
 *
 * What refuses what (each checked by test/adapters/connector/postgres/probe-query.test.ts):
 * - a second statement (`…; DROP TABLE t`): the wrapper makes it a syntax error, and the
 *   extended protocol refuses several commands even if the wrapper were closed early;
 * - a data-modifying CTE (`WITH x AS (INSERT … RETURNING *) SELECT …`): not allowed below the
 *   top level (0A000), and the transaction is read-only anyway;
 * - DDL, `SELECT … INTO`, `COPY`: not a subquery (syntax error);
 * - writes inside functions, `nextval`, `FOR UPDATE`: refused by the read-only transaction.
 * Row values are never returned: only the output columns' names and `format_type` spellings.
 */
import { isSextantError } from '../../../kernel/errors.js';
import type { QueryProbe, SourceRecord } from '../../../ports/connector.js';
import { resolveTarget } from './dsn.js';
import { type GuardOptions, withGuardedSession } from './session-guard.js';
import { hideValues } from './hide-values.js';
import { screenSql } from './sql-screen.js';

const PREFIX = 'SELECT * FROM (\n';
const SUFFIX = '\n) AS sextant_probe LIMIT 1';

/** Codes of failures that say nothing about the query: the caller gets them thrown. */
const SYSTEM_CODES = new Set(['SOURCE_UNREACHABLE', 'AUTH_FAILED', 'DATABASE_NOT_FOUND', 'INVALID_DSN']);

/**
 * Where the query's code ends: after the last character that is not blank, a `;`, or part of a
 * comment, outside string literals, quoted identifiers and dollar quotes. Only used to drop a
 * trailing `;` (and comments after it); PostgreSQL stays the judge of everything else.
 */
export function codeEnd(sql: string): number {
  let end = 0;
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? n : nl + 1;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') ((depth += 1), (i += 2));
        else if (sql[i] === '*' && sql[i + 1] === '/') ((depth -= 1), (i += 2));
        else i += 1;
      }
    } else if (c === "'" || c === '"') {
      i += 1;
      while (i < n && !(sql[i] === c && sql[i + 1] !== c)) i += sql[i] === c ? 2 : 1;
      i += 1;
      end = Math.min(i, n);
    } else if (c === '$' && /^\$[A-Za-z_]?[A-Za-z0-9_]*\$/.test(sql.slice(i))) {
      const tag = /^\$[A-Za-z_]?[A-Za-z0-9_]*\$/.exec(sql.slice(i))![0];
      const close = sql.indexOf(tag, i + tag.length);
      i = close < 0 ? n : close + tag.length;
      end = i;
    } else {
      i += 1;
      if (c !== ';' && !/\s/u.test(c)) end = i;
    }
  }
  return end;
}

/** The query as it is wrapped: a trailing `;`, blanks and comments after the code dropped. */
export function probeText(sql: string): { text: string; body: string } {
  const body = sql.slice(0, codeEnd(sql));
  return { text: `${PREFIX}${body}${SUFFIX}`, body };
}

/** A server position (1-based, in characters of the wrapped text) as a position in `body`, or null. */
export function bodyPosition(position: unknown, body: string): number | null {
  const p = typeof position === 'number' ? position - [...PREFIX].length : NaN;
  return Number.isInteger(p) && p >= 1 && p <= [...body].length + 1 ? p : null;
}

/** First words a query may start with (inside the subquery the probe wraps it in). */
const QUERY_KEYWORDS = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE']);

export async function probeQuery(source: SourceRecord, sql: string, guards: GuardOptions): Promise<QueryProbe> {
  const { text, body } = probeText(sql);
  if (!body.trim()) return { ok: false, error: 'the SQL is empty', position: null, sqlState: null };
  const target = resolveTarget(source);
  return withGuardedSession(target, guards, async (session): Promise<QueryProbe> => {
    const allowDefiner = Array.isArray(source.options.allowDefiner) ? source.options.allowDefiner.filter((n): n is string => typeof n === 'string') : [];
    const refusal = await screenSql(session, body, allowDefiner);
    if (refusal) {
      const position = refusal.location === null ? null : Buffer.from(body).subarray(0, refusal.location).toString().length + 1;
      return { ok: false, error: `refused without running: ${refusal.name} ${refusal.reason}`, position, sqlState: null };
    }
    let fields;
    try {
      ({ fields } = await session.queryExtended(text));
    } catch (err) {
      if (!isSextantError(err) || SYSTEM_CODES.has(err.code)) throw err;
      if (err.code === 'STATEMENT_TIMEOUT') {
        return {
          ok: false,
          error: `the query did not finish within the statement timeout (${guards.statementTimeoutMs ?? 5000} ms)`,
          position: null,
          sqlState: (err.details?.sqlState as string | undefined) ?? null,
        };
      }
      const sqlState = (err.details?.sqlState as string | undefined) ?? null;
      if (sqlState === null) throw err;
      const position = bodyPosition(err.details?.position, body);
      let error = hideValues(String(err.details?.serverMessage ?? err.message), body);
      if (sqlState === '42601' && position !== null && [...body][position - 1] === ';') {
        error = `only one SQL statement is allowed (${error})`;
      } else if (sqlState === '42601') {
        // a DELETE or DROP wrapped as a subquery fails as a syntax error at its second word: name the real cause
        const first = /^\s*([A-Za-z]+)/.exec(body)?.[1];
        if (first && !QUERY_KEYWORDS.has(first.toUpperCase()))
          error = `only a query (SELECT, WITH, VALUES or TABLE) is allowed, not ${first.toUpperCase()} (${error})`;
      }
      return { ok: false, error, position, sqlState };
    }
    if (fields.length === 0) return { ok: false, error: 'the query returns no columns', position: null, sqlState: null };
    const types = await session.query<{ type: string }>(
      'SELECT format_type(u.o, NULLIF(u.m, -1)) AS type FROM unnest($1::oid[], $2::int[]) WITH ORDINALITY AS u(o, m, i) ORDER BY u.i',
      [fields.map((f) => f.dataTypeID), fields.map((f) => f.dataTypeModifier)],
    );
    return { ok: true, columns: fields.map((f, i) => ({ name: f.name, type: types[i]?.type ?? 'unknown' })) };
  });
}
