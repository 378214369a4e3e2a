/**
 * @module adapters/store/chunk-scope
 * The ChunkFilter rule (sources, kinds, visible scopes) for rows already in memory; every
 * store's SQL form of the filter applies exactly this rule.
 */
import type { ChunkFilter } from '../../ports/store.js';

/** The columns a filter looks at. */
export interface ChunkScopeRow {
  source: string;
  kind: string;
  project: string | null;
  session: string | null;
}

/** The same rule as the stores' SQL conditions, for rows already in memory. */
export function chunkFilterPredicate(filter: ChunkFilter): (row: ChunkScopeRow) => boolean {
  const sources = filter.sources && filter.sources.length > 0 ? new Set<string>(filter.sources) : null;
  const kinds = filter.kinds && filter.kinds.length > 0 ? new Set<string>(filter.kinds) : null;
  const projects = new Set<string>(filter.projects ?? []);
  const session = filter.session || null;
  return (row) => {
    if (sources && !sources.has(row.source)) return false;
    if (kinds && !kinds.has(row.kind)) return false;
    if (row.project === null && row.session === null) return true;
    return (row.project !== null && projects.has(row.project)) || (session !== null && row.session === session);
  };
}
