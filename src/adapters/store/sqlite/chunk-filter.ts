/**
 * @module adapters/store/sqlite/chunk-filter
 * The ChunkFilter (sources, kinds, visible scopes) as a SQL condition and as a JS predicate,
 * so the lexical search and both vector backends apply exactly the same rule.
 */
import type { ChunkFilter } from '../../../ports/store.js';

export { chunkFilterPredicate, type ChunkScopeRow } from '../chunk-scope.js';

/**
 * A condition on the chunks table aliased `alias`. Lists travel as one JSON parameter each, so
 * the SQL text depends only on which parts are present and the statement is prepared once.
 * Empty lists mean "no restriction".
 */
export function chunkFilterSql(filter: ChunkFilter, alias: string): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.sources && filter.sources.length > 0) {
    parts.push(`${alias}.source IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(filter.sources));
  }
  if (filter.kinds && filter.kinds.length > 0) {
    parts.push(`${alias}.kind IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(filter.kinds));
  }
  const scope = [`(${alias}.project IS NULL AND ${alias}.session IS NULL)`];
  if (filter.projects && filter.projects.length > 0) {
    scope.push(`${alias}.project IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(filter.projects));
  }
  if (filter.session) {
    scope.push(`${alias}.session = ?`);
    params.push(filter.session);
  }
  parts.push(scope.length === 1 ? scope[0]! : `(${scope.join(' OR ')})`);
  return { sql: parts.join(' AND '), params };
}
