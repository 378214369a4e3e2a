/**
 * @module adapters/store/sqlite/object-pages
 * listObjects' filter as SQL (its cursor is in ../cursors.ts).
 */
import type { ObjectFilter } from '../../../ports/store.js';

export { decodeCursor, encodeCursor } from '../cursors.js';

/** Default page size of `listObjects`. */
export const DEFAULT_PAGE_SIZE = 100;

/** A condition on `objects` for every part of the filter except the cursor and limit. */
export function objectFilterSql(filter: ObjectFilter): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.source !== undefined) {
    where.push('source = ?');
    params.push(filter.source);
  }
  if (filter.sources !== undefined) {
    where.push('source IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.sources));
  }
  if (filter.kinds && filter.kinds.length > 0) {
    where.push('kind IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.kinds));
  }
  if (filter.parentId !== undefined) {
    where.push('parent_id = ?');
    params.push(filter.parentId);
  }
  if (filter.parentIds !== undefined) {
    where.push('parent_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.parentIds));
  }
  if (filter.schema !== undefined) {
    // A prefix test without LIKE: `_` and `%` are common in schema names.
    where.push('(path = ? OR substr(path, 1, ?) = ?)');
    params.push(filter.schema, filter.schema.length + 1, `${filter.schema}.`);
  }
  if (filter.idPrefix !== undefined && filter.idPrefix !== '') {
    // A range on the primary key (uses its index), then an exact prefix test.
    where.push('id >= ? AND id < ? AND substr(id, 1, ?) = ?');
    params.push(filter.idPrefix, `${filter.idPrefix}\u{10FFFF}`, filter.idPrefix.length, filter.idPrefix);
  }
  return { sql: where.length > 0 ? where.join(' AND ') : '1', params };
}
