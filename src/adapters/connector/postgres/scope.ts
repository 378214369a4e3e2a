/** @module adapters/connector/postgres/scope: which schemas and objects a source covers (include schemas, skip globs). */
import type { SourceOptions } from '../../../ports/connector.js';
import type { CatalogRows } from './catalog-queries.js';

/** System schemas: `pg_catalog`, `pg_toast`, `pg_temp_N`, … (every `pg_` name is reserved) and `information_schema`. */
export function isSystemSchema(schema: string): boolean {
  return schema.startsWith('pg_') || schema === 'information_schema';
}

/** Compiles a glob (`*` any run of characters, `?` one character) to an anchored, case-insensitive RegExp. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'i');
}

export interface Scope {
  /** Included schemas; empty means every non-system schema. */
  readonly schemas: readonly string[];
  /** True when the schema itself is in scope. */
  includesSchema(schema: string): boolean;
  /** True when a top-level object (relation, sequence, type, routine) is in scope. */
  includes(schema: string, name: string): boolean;
}

/**
 * A source's scope. Skip patterns match an object's `name` or `schema.name`; a pattern matching a
 * schema's name skips the whole schema. Children (columns, constraints, indexes, triggers) follow
 * their relation and are not matched on their own.
 */
export function createScope(options: Pick<SourceOptions, 'schemas' | 'skipPatterns'>): Scope {
  const schemas = Object.freeze([...(options.schemas ?? [])]);
  const skips = (options.skipPatterns ?? []).map(globToRegExp);
  const skipped = (text: string): boolean => skips.some((re) => re.test(text));
  const includesSchema = (schema: string): boolean => !isSystemSchema(schema) && (schemas.length === 0 || schemas.includes(schema)) && !skipped(schema);
  return Object.freeze({
    schemas,
    includesSchema,
    includes: (schema: string, name: string) => includesSchema(schema) && !skipped(name) && !skipped(`${schema}.${name}`),
  });
}

/** Keeps the rows in scope; children follow their relation, dependencies their view. */
export function filterRows(rows: CatalogRows, scope: Scope): CatalogRows {
  const relations = rows.relations.filter((r) => scope.includes(r.schema, r.name));
  const kept = new Set(relations.map((r) => r.oid));
  const onKept = <T extends { rel_oid: number }>(list: T[]): T[] => list.filter((row) => kept.has(row.rel_oid));
  return {
    server: rows.server,
    schemas: rows.schemas.filter((s) => scope.includesSchema(s.name)),
    relations,
    columns: onKept(rows.columns),
    constraints: onKept(rows.constraints),
    indexes: onKept(rows.indexes),
    triggers: onKept(rows.triggers),
    sequences: rows.sequences.filter((s) => scope.includes(s.schema, s.name)),
    types: rows.types.filter((t) => scope.includes(t.schema, t.name)),
    routines: rows.routines.filter((r) => scope.includes(r.schema, r.name)),
    viewDependencies: rows.viewDependencies.filter((d) => kept.has(d.view_oid)),
  };
}
