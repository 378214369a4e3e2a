/** @module adapters/connector/postgres: the PostgreSQL connector (guarded sessions, access check, catalog introspection). */
import { SextantError } from '../../../kernel/errors.js';
import type { Connector, IntrospectOptions, SourceRecord } from '../../../ports/connector.js';
import { checkAccess } from './access-check.js';
import { checkPasswordEnv, parseDsn } from './dsn.js';
import { introspectSource } from './introspect.js';
import { probeQuery } from './probe-query.js';
import { resolveGuards } from './session-guard.js';

export interface PostgresConnectorOptions {
  /** Server-side statement timeout in ms (default 5000); tests lower it. */
  statementTimeoutMs?: number;
}

function checkStringList(value: unknown, name: string): void {
  if (value !== undefined && !(Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length > 0))) {
    throw new SextantError('USAGE', `${name} must be a list of non-empty strings`, { hint: `fix the source's ${name}, then retry` });
  }
}

/** The `postgres` connector. Every operation opens one guarded, read-only session and closes it. */
export function createPostgresConnector(options: PostgresConnectorOptions = {}): Connector {
  const guards = resolveGuards({ statementTimeoutMs: options.statementTimeoutMs });
  return Object.freeze({
    type: 'postgres',
    validate(source: SourceRecord): void {
      parseDsn(source.url);
      checkStringList(source.options.schemas, 'schemas');
      checkStringList(source.options.skipPatterns, 'skipPatterns');
      checkPasswordEnv(source.options.passwordEnv);
    },
    checkAccess: (source: SourceRecord) => checkAccess(source, guards),
    introspect: (source: SourceRecord, introspectOptions?: IntrospectOptions) => introspectSource(source, introspectOptions, guards),
    probeQuery: (source: SourceRecord, sql: string) => probeQuery(source, sql, guards),
  });
}

export { classifyPgError } from './classify-error.js';
export { resolveTarget } from './dsn.js';
export { type GuardOptions, type GuardedSession, type ResultField, withGuardedSession } from './session-guard.js';
