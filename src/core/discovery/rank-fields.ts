/**
 * @module core/discovery/rank-fields
 * `fields_query`: ranks the columns inside each relation hit of a search. One column search for
 * the fields query (same scope as the main search) is grouped by the column's relation, so a
 * hit for `orders` can say which of its columns hold "shipping date".
 */
import { RELATION_KINDS } from '../../ports/catalog.js';
import type { RankedField, SearchHit, SearchOptions, SearchResult } from '../search/types.js';

export type { RankedField };

/** Columns considered per fields query: enough for every relation in a 50-hit page to get some. */
const COLUMN_CANDIDATES = 100;
const FIELDS_PER_HIT = 5;

/** Relation id → its best columns for `fieldsQuery`, best first. */
export async function rankFields(
  search: (query: string, options: SearchOptions) => Promise<SearchResult>,
  hits: readonly SearchHit[],
  fieldsQuery: string,
  scope: Pick<SearchOptions, 'sources' | 'projects' | 'session'>,
): Promise<Map<string, RankedField[]>> {
  const relations = hits.filter((h) => RELATION_KINDS.includes(h.kind));
  const out = new Map<string, RankedField[]>();
  if (!relations.length || !fieldsQuery.trim()) return out;
  const sources = [...new Set(relations.map((h) => h.source))];
  const result = await search(fieldsQuery, { ...scope, sources, kinds: ['column'], limit: COLUMN_CANDIDATES, noRerank: true });
  // A column id is `<source>:column:<schema>.<relation>.<column>`: its relation path drops the last segment.
  const byRelation = new Map<string, RankedField[]>();
  for (const hit of result.hits) {
    const path = hit.name;
    const cut = path.lastIndexOf('.');
    if (cut < 0) continue;
    const key = `${hit.source}\u0000${path.slice(0, cut)}`;
    const list = byRelation.get(key) ?? [];
    list.push({ name: path.slice(cut + 1), id: hit.objectId, score: hit.score });
    byRelation.set(key, list);
  }
  for (const hit of relations) {
    const fields = byRelation.get(`${hit.source}\u0000${hit.name}`);
    if (fields?.length) out.set(hit.objectId, fields.slice(0, FIELDS_PER_HIT));
  }
  return out;
}

/** The result with each direct relation hit carrying its best columns for `options.fieldsQuery`. */
export async function withRankedFields(
  search: (query: string, options: SearchOptions) => Promise<SearchResult>,
  result: SearchResult,
  options: SearchOptions,
): Promise<SearchResult> {
  if (!options.fieldsQuery?.trim()) return result;
  const scope = {
    ...(options.sources ? { sources: options.sources } : {}),
    ...(options.projects ? { projects: options.projects } : {}),
    ...(options.session !== undefined ? { session: options.session } : {}),
  };
  const fields = await rankFields(
    search,
    result.hits.filter((h) => !h.related),
    options.fieldsQuery,
    scope,
  );
  return { ...result, hits: result.hits.map((h) => (fields.has(h.objectId) && !h.related ? { ...h, fields: fields.get(h.objectId)! } : h)) };
}
