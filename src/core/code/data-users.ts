/**
 * @module core/code/data-users
 * The code that touches the data a request is about (issue 16): the request's best hits among
 * tables, columns and GraphQL operations and fields are looked up in a code source's
 * `uses_table` / `uses_column` / `uses_field` edges (a column's users first, then its table's), and the files that use them
 * join the onboarding plan, each with what it uses and where.
 */
import { RELATION_KINDS, type CatalogEdge } from '../../ports/catalog.js';
import { USES_COLUMN_EDGE_KIND, USES_FIELD_EDGE_KIND, USES_TABLE_EDGE_KIND } from '../kinds/code/code-links.js';
import type { SearchHit } from '../search/types.js';

/** Object kinds a data topic's hits are read from. */
export const DATA_TOPIC_KINDS: readonly string[] = Object.freeze([...RELATION_KINDS, 'column', 'graphql_query', 'graphql_field', 'data_object']);

/** How many of the request's data hits are followed to code. */
export const DATA_TOPIC_HITS = 5;

export interface DataUse {
  /** The code file, workspace-relative. */
  file: string;
  /** The table, column, operation or field it uses (`source:kind:path`). */
  uses: string;
  kind: string;
  line?: number;
}

/** `source:path` of the used object → its users in one code source. */
export type DataUsers = ReadonlyMap<string, readonly DataUse[]>;

const sourcePath = (id: string) => {
  const [source, , ...rest] = id.split(':');
  return `${source}:${rest.join(':')}`;
};

/** The users index of one code source, from its edges (`pathOf`: code file id → path). */
export function dataUsersIndex(edges: readonly CatalogEdge[], pathOf: ReadonlyMap<string, string>): DataUsers {
  const out = new Map<string, DataUse[]>();
  for (const e of edges) {
    if (e.kind !== USES_TABLE_EDGE_KIND && e.kind !== USES_COLUMN_EDGE_KIND && e.kind !== USES_FIELD_EDGE_KIND) continue;
    const file = pathOf.get(e.fromId);
    if (!file) continue;
    const key = sourcePath(e.toId);
    const use: DataUse = { file, uses: e.toId, kind: e.kind, ...(typeof e.attributes.line === 'number' ? { line: e.attributes.line } : {}) };
    const list = out.get(key);
    if (list) list.push(use);
    else out.set(key, [use]);
  }
  return out;
}

/**
 * The users of the first hits this code uses (a column's, then its table's), best hit first, each file
 * once: in a project of several databases the best hits may all be other services' tables. A hit
 * the request's words do not match (found by meaning only: `explain.lexicalRank` null) is not
 * followed: a vector search always has a nearest table, the request need not be about it.
 */
export function dataUsersOf(hits: readonly SearchHit[], users: DataUsers): DataUse[] {
  const usersOf = (hit: SearchHit) => {
    const parent = hit.name.includes('.') ? hit.name.slice(0, hit.name.lastIndexOf('.')) : '';
    const own = users.get(`${hit.source}:${hit.name}`) ?? [];
    return hit.kind === 'column' && parent ? [...own, ...(users.get(`${hit.source}:${parent}`) ?? [])] : own;
  };
  const out: DataUse[] = [];
  const seen = new Set<string>();
  const followed = hits.filter((h) => (!h.explain || h.explain.lexicalRank !== null) && usersOf(h).length).slice(0, DATA_TOPIC_HITS);
  for (const hit of followed) {
    for (const use of usersOf(hit)) {
      if (seen.has(use.file)) continue;
      seen.add(use.file);
      out.push(use);
    }
  }
  return out;
}

const TARGET_LABELS: Record<string, string> = { graphql_query: 'GraphQL operation', graphql_field: 'GraphQL field', data_object: 'data object' };

/** Why a data user is in the plan: `uses table billing.invoice (line 3)`, `uses GraphQL field Book.title (line 2)`. */
export function dataUseWhy(use: DataUse): string {
  const [, kind = '', ...path] = use.uses.split(':');
  const label = use.kind === USES_TABLE_EDGE_KIND ? 'table' : (TARGET_LABELS[kind] ?? kind);
  return `uses ${label} ${path.join(':')}${use.line ? ` (line ${use.line})` : ''}`;
}
