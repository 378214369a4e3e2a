/**
 * @module adapters/store/postgres/entities
 * The reads behind related chunks, `--explain` and the entity listing (links are written by
 * writes.ts with their chunks). Same answers as the SQLite store's entities module.
 */
import type { ChunkFilter, EntityFilter, EntityLink, EntityLinks, EntityPage, EntityRecord } from '../../../ports/store.js';
import { chunkFilterPredicate, type ChunkScopeRow } from '../chunk-scope.js';
import { decodeEntityCursor, encodeEntityCursor } from '../cursors.js';
import { addLink, groupLinks } from '../rows.js';
import { chunkFilterSql, Params, type Db } from './db.js';

const KEY_SQL = "e.semantic_type || ':' || e.name";
const DEFAULT_ENTITY_PAGE = 100;

export async function countChunks(db: Db, filter: ChunkFilter): Promise<number> {
  const p = new Params();
  const where = chunkFilterSql(filter, 'c', p);
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM chunks c WHERE ${where}`, p.values)).rows[0]!.n;
}

export async function entitiesOf(db: Db, chunkIds: readonly string[]): Promise<Map<string, EntityLink[]>> {
  const rows = await db.query<EntityLink & { chunkId: string }>(
    `SELECT c.id AS "chunkId", ${KEY_SQL} AS key, e.name, e.display_name AS "displayName", e.semantic_type AS "semanticType",
            e.ner_type AS "nerType", ce.confidence
     FROM chunks c JOIN chunk_entities ce ON ce.rid = c.rid JOIN entities e ON e.id = ce.entity_id
     WHERE c.id = ANY($1::text[])`,
    [chunkIds],
  );
  return groupLinks(rows.rows);
}

/** See `Store.entityLinks`. */
export async function entityLinks(db: Db, chunkIds: readonly string[], filter: ChunkFilter, maxDf: number): Promise<EntityLinks> {
  const links = new Map<string, Set<string>>();
  const df = new Map<string, number>();
  if (chunkIds.length === 0) return { links, df };
  const add = (chunkId: string, key: string): void => addLink(links, chunkId, key);
  const hits = await db.query<{ chunkId: string; entityId: number; key: string }>(
    `SELECT c.id AS "chunkId", ce.entity_id AS "entityId", ${KEY_SQL} AS key
     FROM chunks c JOIN chunk_entities ce ON ce.rid = c.rid JOIN entities e ON e.id = ce.entity_id
     WHERE c.id = ANY($1::text[])`,
    [chunkIds],
  );
  const keyOf = new Map<number, string>();
  for (const row of hits.rows) {
    add(row.chunkId, row.key);
    keyOf.set(row.entityId, row.key);
  }
  // df over the visible scopes, counted up to maxDf + 1: all links of the entity, less the links
  // of project and session chunks out of scope
  const ids = [...keyOf.keys()];
  const hidden = new Map<number, number>();
  const inScope = chunkFilterPredicate({ projects: filter.projects ?? [], session: filter.session ?? null });
  const scoped = await db.query<ChunkScopeRow & { entityId: number }>(
    `SELECT ce.entity_id AS "entityId", c.source, c.kind, c.project, c.session
     FROM chunks c JOIN chunk_entities ce ON ce.rid = c.rid
     WHERE (c.project IS NOT NULL OR c.session IS NOT NULL) AND ce.entity_id = ANY($1::int[])`,
    [ids],
  );
  for (const row of scoped.rows) if (!inScope(row)) hidden.set(row.entityId, (hidden.get(row.entityId) ?? 0) + 1);
  const cap = Math.max(0, Math.floor(maxDf)) + 1;
  const counts = await db.query<{ entityId: number; n: number }>(
    `SELECT x.id AS "entityId", (SELECT count(*)::int FROM (SELECT 1 FROM chunk_entities WHERE entity_id = x.id LIMIT x.lim) l) AS n
     FROM unnest($1::int[], $2::int[]) AS x(id, lim)`,
    [ids, ids.map((id) => cap + (hidden.get(id) ?? 0))],
  );
  const shared: number[] = [];
  for (const { entityId, n: all } of counts.rows) {
    const n = Math.min(cap, all - (hidden.get(entityId) ?? 0));
    df.set(keyOf.get(entityId)!, n);
    if (n >= 2 && n <= maxDf) shared.push(entityId);
  }
  if (shared.length === 0) return { links, df };
  const p = new Params([shared]);
  const where = chunkFilterSql(filter, 'c', p);
  const candidates = await db.query<{ chunkId: string; entityId: number }>(
    `SELECT c.id AS "chunkId", ce.entity_id AS "entityId" FROM chunk_entities ce JOIN chunks c ON c.rid = ce.rid
     WHERE ce.entity_id = ANY($1::int[]) AND ${where}`,
    p.values,
  );
  for (const row of candidates.rows) add(row.chunkId, keyOf.get(row.entityId)!);
  return { links, df };
}

/** See `Store.listEntities`. */
export async function listEntities(db: Db, filter: EntityFilter, page: { limit?: number; cursor?: string }): Promise<EntityPage> {
  const limit = Math.max(1, Math.floor(page.limit ?? DEFAULT_ENTITY_PAGE));
  const p = new Params();
  const parts = [chunkFilterSql(filter, 'c', p)];
  if (filter.semanticTypes && filter.semanticTypes.length > 0) parts.push(`e.semantic_type = ANY(${p.add(filter.semanticTypes)}::text[])`);
  if (page.cursor !== undefined) {
    const [name, type] = decodeEntityCursor(page.cursor);
    parts.push(`(e.name, e.semantic_type) > (${p.add(name)}::sextant.ctext, ${p.add(type)}::sextant.ctext)`);
  }
  const rows = await db.query<EntityRecord>(
    `SELECT ${KEY_SQL} AS key, e.name, e.display_name AS "displayName", e.semantic_type AS "semanticType", e.ner_type AS "nerType",
            count(*)::int AS chunks
     FROM entities e JOIN chunk_entities ce ON ce.entity_id = e.id JOIN chunks c ON c.rid = ce.rid
     WHERE ${parts.join(' AND ')}
     GROUP BY e.id, e.name, e.semantic_type, e.display_name, e.ner_type
     ORDER BY e.name, e.semantic_type
     LIMIT ${p.add(limit + 1)}`,
    p.values,
  );
  const items = rows.rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.rows.length > limit && last ? encodeEntityCursor(last.name, last.semanticType) : null };
}

/** Links of chunks that no longer exist (none can: they cascade), then entities without links. */
export async function deleteEntityOrphans(db: Db): Promise<{ entityLinks: number; entities: number }> {
  const entityLinks = (await db.query('DELETE FROM chunk_entities WHERE rid NOT IN (SELECT rid FROM chunks)')).rowCount ?? 0;
  const entities = (await db.query('DELETE FROM entities e WHERE NOT EXISTS (SELECT 1 FROM chunk_entities ce WHERE ce.entity_id = e.id)')).rowCount ?? 0;
  return { entityLinks, entities };
}
