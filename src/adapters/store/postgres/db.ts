/**
 * @module adapters/store/postgres/db
 * The one query shape the store's modules use (a pool or a client inside a transaction), the
 * filter conditions as SQL, and the small row helpers.
 */
import type { QueryResult, QueryResultRow } from 'pg';
import type { ChunkFilter, ObjectFilter } from '../../../ports/store.js';

export interface Db {
  query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}

/** Placeholders numbered after the values already collected. */
export class Params {
  readonly values: unknown[] = [];
  constructor(initial: readonly unknown[] = []) {
    this.values.push(...initial);
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** ChunkFilter as a condition on the chunks table aliased `alias` (the rule of ../chunk-scope.ts). */
export function chunkFilterSql(filter: ChunkFilter, alias: string, p: Params): string {
  const parts: string[] = [];
  if (filter.sources && filter.sources.length > 0) parts.push(`${alias}.source = ANY(${p.add(filter.sources)}::text[])`);
  if (filter.kinds && filter.kinds.length > 0) parts.push(`${alias}.kind = ANY(${p.add(filter.kinds)}::text[])`);
  const scope = [`(${alias}.project IS NULL AND ${alias}.session IS NULL)`];
  if (filter.projects && filter.projects.length > 0) scope.push(`${alias}.project = ANY(${p.add(filter.projects)}::text[])`);
  if (filter.session) scope.push(`${alias}.session = ${p.add(filter.session)}`);
  parts.push(scope.length === 1 ? scope[0]! : `(${scope.join(' OR ')})`);
  return parts.join(' AND ');
}

/** ObjectFilter without its cursor and limit, as a condition on `objects`. */
export function objectFilterSql(filter: ObjectFilter, p: Params): string {
  const where: string[] = [];
  if (filter.source !== undefined) where.push(`source = ${p.add(filter.source)}`);
  if (filter.sources !== undefined) where.push(`source = ANY(${p.add(filter.sources)}::text[])`);
  if (filter.kinds && filter.kinds.length > 0) where.push(`kind = ANY(${p.add(filter.kinds)}::text[])`);
  if (filter.parentId !== undefined) where.push(`parent_id = ${p.add(filter.parentId)}`);
  if (filter.parentIds !== undefined) where.push(`parent_id = ANY(${p.add(filter.parentIds)}::text[])`);
  if (filter.schema !== undefined) {
    // a prefix test without LIKE: `_` and `%` are common in schema names
    where.push(`(path = ${p.add(filter.schema)} OR left(path, ${p.add(filter.schema.length + 1)}) = ${p.add(`${filter.schema}.`)})`);
  }
  if (filter.idPrefix !== undefined && filter.idPrefix !== '') {
    where.push(`left(id, ${p.add(filter.idPrefix.length)}) = ${p.add(filter.idPrefix)}`);
  }
  return where.length > 0 ? where.join(' AND ') : 'true';
}

export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown }).code === '23505';
}
