/** @module adapters/connector/postgres/introspect: reads a source's catalog with a fixed handful of set-based queries. */
import { SextantError } from '../../../kernel/errors.js';
import type { SourceSnapshot } from '../../../ports/catalog.js';
import type { IntrospectOptions, SourceRecord } from '../../../ports/connector.js';
import * as sql from './catalog-queries.js';
import { resolveTarget } from './dsn.js';
import { createScope, filterRows } from './scope.js';
import { CLOSING_STATEMENTS, type GuardOptions, type GuardedSession, withGuardedSession } from './session-guard.js';
import { toSnapshot } from './to-objects.js';

/** Steps reported through `onProgress`, in order; one catalog query each. */
export const INTROSPECTION_STEPS = [
  'schemas',
  'relations',
  'columns',
  'constraints',
  'indexes',
  'sequences',
  'types',
  'routines',
  'triggers',
  'dependencies',
] as const;

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new SextantError('INTERRUPTED', 'introspection was cancelled', { hint: 'run the update again when ready' });
}

async function readCatalog(session: GuardedSession, schemas: readonly string[], options: IntrospectOptions): Promise<sql.CatalogRows> {
  const [server] = await session.query<sql.ServerRow>(sql.SERVER_SQL);
  if (!server) throw new SextantError('INTROSPECTION_FAILED', `no server information from ${session.target}`);
  const statements: Record<(typeof INTROSPECTION_STEPS)[number], string> = {
    schemas: sql.SCHEMAS_SQL,
    relations: sql.RELATIONS_SQL,
    columns: sql.COLUMNS_SQL,
    constraints: sql.CONSTRAINTS_SQL,
    indexes: sql.INDEXES_SQL,
    sequences: sql.SEQUENCES_SQL,
    types: sql.TYPES_SQL,
    routines: sql.routinesSql(server.version_num),
    triggers: sql.TRIGGERS_SQL,
    dependencies: sql.VIEW_DEPENDENCIES_SQL,
  };
  const results: Record<string, unknown[]> = {};
  const total = INTROSPECTION_STEPS.length;
  for (const [done, step] of INTROSPECTION_STEPS.entries()) {
    checkAborted(options.signal);
    options.onProgress?.(step, done, total);
    results[step] = await session.query(statements[step], [schemas]);
  }
  options.onProgress?.('done', total, total);
  return {
    server,
    schemas: results.schemas as sql.SchemaRow[],
    relations: results.relations as sql.RelationRow[],
    columns: results.columns as sql.ColumnRow[],
    constraints: results.constraints as sql.ConstraintRow[],
    indexes: results.indexes as sql.IndexRow[],
    sequences: results.sequences as sql.SequenceRow[],
    types: results.types as sql.TypeRow[],
    routines: results.routines as sql.RoutineRow[],
    triggers: results.triggers as sql.TriggerRow[],
    viewDependencies: results.dependencies as sql.ViewDependencyRow[],
  };
}

/**
 * Introspects one source on one guarded session. The number of statements is fixed (guards,
 * server info and one per step), whatever the number of tables; `info.queries` records it.
 */
export async function introspectSource(source: SourceRecord, options: IntrospectOptions = {}, guards: GuardOptions = {}): Promise<SourceSnapshot> {
  checkAborted(options.signal);
  const target = resolveTarget(source);
  const scope = createScope(source.options);
  const started = performance.now();
  const { rows, queries } = await withGuardedSession(target, guards, async (session) => ({
    rows: await readCatalog(session, scope.schemas, options),
    queries: session.queryCount + CLOSING_STATEMENTS,
  }));
  const snapshot = toSnapshot(source.name, filterRows(rows, scope));
  const found = new Set(rows.schemas.map((s) => s.name));
  const missingSchemas = scope.schemas.filter((s) => !found.has(s));
  snapshot.info = {
    ...snapshot.info,
    queries,
    durationMs: Math.round(performance.now() - started),
    ...(missingSchemas.length > 0 ? { missingSchemas } : {}),
  };
  return snapshot;
}
