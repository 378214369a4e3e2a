/** @module adapters/connector/postgres/dsn: parses a PostgreSQL DSN and resolves its password without leaking it. */
import type { ClientConfig } from 'pg';
import { SextantError } from '../../../kernel/errors.js';
import { redactDsn, registerSecret } from '../../../kernel/redact.js';
import type { SourceRecord } from '../../../ports/connector.js';

/** Where and as whom to connect; `password` is a secret (already registered for redaction). */
export interface PgTarget {
  host: string;
  port: number;
  database: string | undefined;
  user: string | undefined;
  password: string | undefined;
  ssl: false | { rejectUnauthorized: boolean };
}

// no `user:password@` in the hint itself: it would be masked like a real password
const HINT =
  'use postgres://user@host[:port]/database (or postgresql://) with the password in --password-env, or percent-encoded in the URL (@ as %40, / as %2F, ? as %3F, # as %23), then retry';
const SSL_MODES: Record<string, PgTarget['ssl']> = {
  disable: false,
  allow: false,
  prefer: false,
  require: { rejectUnauthorized: false },
  'no-verify': { rejectUnauthorized: false },
  'verify-ca': { rejectUnauthorized: true },
  'verify-full': { rejectUnauthorized: true },
};

function invalid(message: string, dsn: string): SextantError {
  const shown = redactDsn(dsn).replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return new SextantError('INVALID_DSN', `${message}: ${shown.length > 200 ? `${shown.slice(0, 199)}… (${shown.length} characters)` : shown}`, { hint: HINT });
}

function decode(part: string, dsn: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw invalid('DSN has a malformed percent-encoding', dsn);
  }
}

/**
 * Parses `postgres://` / `postgresql://` DSNs. Supported query parameters: `sslmode`, `host`
 * (e.g. a socket directory: `postgres:///shop?host=/var/run/postgresql`), `port` and `user`; others are ignored (they never reach the server, so a
 * DSN cannot switch the session guards off). Throws INVALID_DSN; messages are redacted.
 */
export function parseDsn(dsn: string): PgTarget {
  const text = dsn.trim();
  if (!/^postgres(ql)?:\/\//i.test(text)) throw invalid('not a PostgreSQL DSN (expected postgres:// or postgresql://)', text);
  if (/[\u0000-\u001f\u007f]|%00/i.test(text)) throw invalid('DSN contains a control character (a NUL byte, a newline…)', text);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('DSN is not a valid URL', text);
  }
  const params = url.searchParams;
  const host = params.get('host') ?? url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw invalid('DSN has no host', text);
  const portText = params.get('port') ?? (url.port || '5432');
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) throw invalid('DSN has an invalid port', text);
  const path = url.pathname.replace(/^\//, '');
  if (path.includes('/')) throw invalid('DSN path must be a single database name', text);
  const sslmode = (params.get('sslmode') ?? 'disable').toLowerCase();
  const ssl = SSL_MODES[sslmode];
  if (ssl === undefined) throw invalid(`DSN has an unknown sslmode "${sslmode}"`, text);
  // libpq reads `?password=` too; honour it rather than silently connecting without it
  const password = url.password ? decode(url.password, text) : (params.get('password') ?? undefined);
  registerSecret(password);
  return Object.freeze({
    host,
    port,
    database: path ? decode(path, text) : undefined,
    user: url.username ? decode(url.username, text) : (params.get('user') ?? undefined),
    password,
    ssl,
  });
}

/** Checks `options.passwordEnv` is an environment variable name (or absent). Throws INVALID_DSN. */
export function checkPasswordEnv(variable: unknown): string | undefined {
  if (variable === undefined) return undefined;
  if (typeof variable !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) {
    throw new SextantError('INVALID_DSN', 'passwordEnv must be an environment variable name', {
      hint: 'set passwordEnv to a name like PGPASSWORD_PROD, then retry',
    });
  }
  return variable;
}

/**
 * The source's target with its password resolved: `options.passwordEnv` (an environment variable
 * name) wins over a password in the DSN. The password is registered so it is redacted everywhere.
 */
export function resolveTarget(source: Pick<SourceRecord, 'url' | 'options'>, env: NodeJS.ProcessEnv = process.env): PgTarget {
  const target = parseDsn(source.url);
  const variable = checkPasswordEnv(source.options.passwordEnv);
  if (variable === undefined) return target;
  const password = env[variable];
  if (password === undefined || password === '') {
    throw new SextantError('INVALID_DSN', `environment variable ${variable} (passwordEnv) is not set`, {
      hint: `export ${variable}=<password> in the environment that runs sextant, then retry`,
    });
  }
  registerSecret(password);
  return Object.freeze({ ...target, password });
}

/** A short, password-free label for messages: `host:port/database`. */
export function describeTarget(target: PgTarget): string {
  return `${target.host}:${target.port}/${target.database ?? target.user ?? ''}`;
}

/** The connection part of a `pg` client config (session guards are added by session-guard). */
export function toClientConfig(target: PgTarget): ClientConfig {
  const config: ClientConfig = { host: target.host, port: target.port, ssl: target.ssl };
  if (target.database !== undefined) config.database = target.database;
  if (target.user !== undefined) config.user = target.user;
  if (target.password !== undefined) config.password = target.password;
  return config;
}
