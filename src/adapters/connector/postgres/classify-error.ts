/** @module adapters/connector/postgres/classify-error: maps driver errors to SextantError codes and hints, purely (never throws). */
import { type ErrorCode, SextantError, isSextantError } from '../../../kernel/errors.js';
import { redactText } from '../../../kernel/redact.js';

interface Rule {
  code: ErrorCode;
  what: string;
  hint: string;
}

const UNREACHABLE: Rule = {
  code: 'SOURCE_UNREACHABLE',
  what: 'cannot reach PostgreSQL',
  hint: 'check host/port and that the server is running, then retry',
};
const AUTH: Rule = {
  code: 'AUTH_FAILED',
  what: 'PostgreSQL refused the login',
  hint: 'check the user name, the password (or passwordEnv) and that the role may log in, then retry',
};
const NO_DATABASE: Rule = {
  code: 'DATABASE_NOT_FOUND',
  what: 'database does not exist',
  hint: 'check the database name in the DSN (list them with \\l in psql), then retry',
};
const NO_PASSWORD: Rule = {
  code: 'AUTH_FAILED',
  what: 'PostgreSQL asked for a password and none was given',
  hint: 'put the password in the DSN, or keep it out of the index with --password-env VAR (and export VAR), then retry',
};
const NO_SSL: Rule = {
  code: 'SOURCE_UNREACHABLE',
  what: 'the server does not accept SSL connections',
  hint: 'use sslmode=prefer or sslmode=disable in the DSN, or enable SSL on the server, then retry',
};
const NO_SOCKET: Rule = {
  code: 'SOURCE_UNREACHABLE',
  what: 'no PostgreSQL socket there',
  hint: 'check the socket directory (host=/path) and the port, or connect over TCP (host=127.0.0.1), then retry',
};
const TIMEOUT: Rule = {
  code: 'STATEMENT_TIMEOUT',
  what: 'a catalog query exceeded the statement timeout',
  hint: 'check for long-held locks (pg_locks) or a busy server, then retry',
};
const FAILED: Rule = {
  code: 'INTROSPECTION_FAILED',
  what: 'PostgreSQL query failed',
  hint: 'check that the role can read the system catalogs, then retry',
};

/** SQLSTATE → rule. 57014 is also a user cancel; for our own sessions that only comes from the timeout. */
const BY_SQLSTATE: Record<string, Rule> = {
  '28P01': AUTH,
  '28000': AUTH,
  '3D000': NO_DATABASE,
  '57014': TIMEOUT,
  '55P03': TIMEOUT,
  '57P03': UNREACHABLE,
  '53300': UNREACHABLE,
  '08001': UNREACHABLE,
  '08006': UNREACHABLE,
};

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE']);
const CONNECT_TIMEOUT = /timeout expired|connection timeout|Connection terminated unexpectedly/i;
const QUERY_TIMEOUT = /Query read timeout/i;

function field(err: unknown, key: string): unknown {
  try {
    return err !== null && typeof err === 'object' ? (err as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined; // a throwing getter: treat the field as absent
  }
}

function codeOf(err: unknown): string | undefined {
  const code = field(err, 'code');
  if (typeof code === 'string' && code) return code;
  const inner = field(err, 'errors');
  if (Array.isArray(inner)) return inner.map(codeOf).find((c) => c !== undefined);
  return undefined;
}

function messageOf(err: unknown): string {
  const message = field(err, 'message');
  if (typeof message === 'string' && message) return message;
  const inner = field(err, 'errors');
  if (Array.isArray(inner)) return messageOf(inner[0]);
  if (typeof err === 'string') return err;
  return err === null || err === undefined ? 'unknown error' : Object.prototype.toString.call(err);
}

function ruleFor(code: string | undefined, message: string): Rule {
  if (code && BY_SQLSTATE[code]) return BY_SQLSTATE[code];
  if (/client password must be a string|no password supplied|password is required/i.test(message)) return NO_PASSWORD;
  if (/does not support SSL/i.test(message)) return NO_SSL;
  if (code === 'ENOENT' && /\.s\.PGSQL\./.test(message)) return NO_SOCKET;
  if (code && SOCKET_CODES.has(code)) return UNREACHABLE;
  if (QUERY_TIMEOUT.test(message)) return TIMEOUT;
  if (CONNECT_TIMEOUT.test(message)) return UNREACHABLE;
  return FAILED;
}

/** True for the driver's own `query_timeout` (the client gave up; the server may still be running the query). */
export function isClientTimeout(err: unknown): boolean {
  return !isSextantError(err) && QUERY_TIMEOUT.test(messageOf(err));
}

/**
 * Classifies any error thrown by `pg` or the socket layer. `target` is a password-free label such
 * as `db.example.com:5432/shop`. A SextantError passes through unchanged. The original error is
 * not attached (it may carry connection details); its SQLSTATE or errno is kept in `details`.
 */
export function classifyPgError(err: unknown, target?: string): SextantError {
  if (isSextantError(err)) return err;
  const code = codeOf(err);
  const raw = messageOf(err);
  const rule = ruleFor(code, raw);
  const where = target ? ` at ${redactText(target)}` : '';
  const message = redactText(`${rule.what}${where}: ${raw}`.replace(/\s+/g, ' ').trim());
  const details: Record<string, unknown> = {};
  if (code && /^[0-9A-Z]{5}$/.test(code) && !SOCKET_CODES.has(code)) details.sqlState = code;
  else if (code) details.errno = code;
  return new SextantError(rule.code, message, { hint: rule.hint, details });
}
