/**
 * @module adapters/store/sqlite/rows
 * Row shapes of the index tables and their mapping to the port's types.
 */
import type { CatalogEdge, CatalogObject, Chunk, ContextRecord } from '../../../ports/catalog.js';
import type { SourceOptions } from '../../../ports/connector.js';
import type { StoredSource, UpdateOutcome } from '../../../ports/store.js';

export interface SourceRow {
  name: string;
  type: string;
  url: string;
  options: string;
  created_at: string;
  source_hash: string | null;
  last_update: string | null;
}

export interface ObjectRow {
  id: string;
  source: string;
  kind: string;
  path: string;
  name: string;
  parent_id: string | null;
  resource: string;
  comment: string | null;
  definition: string | null;
  attributes: string;
}

export interface EdgeRow {
  from_id: string;
  to_id: string;
  kind: string;
  resource: string;
  attributes: string;
}

export interface ContextRow {
  id: number;
  source: string;
  target_kind: ContextRecord['targetKind'];
  target: string;
  text: string;
  created_at: string;
  origin: ContextRecord['origin'];
  /** JSON array of strings, or null. */
  evidence: string | null;
}

export interface ChunkRow {
  id: string;
  object_id: string;
  source: string;
  kind: string;
  name: string;
  comment: string;
  definition: string;
  context: string;
  text: string;
  content_hash: string;
  project: string | null;
  session: string | null;
}

export const OBJECT_COLUMNS = 'id, source, kind, path, name, parent_id, resource, comment, definition, attributes';
export const EDGE_COLUMNS = 'from_id, to_id, kind, resource, attributes';
export const CHUNK_COLUMNS = 'id, object_id, source, kind, name, comment, definition, context, text, content_hash, project, session';

export function toStoredSource(row: SourceRow): StoredSource {
  return {
    name: row.name,
    type: row.type,
    url: row.url,
    options: JSON.parse(row.options) as SourceOptions,
    createdAt: row.created_at,
    sourceHash: row.source_hash,
    lastUpdate: row.last_update === null ? null : (JSON.parse(row.last_update) as UpdateOutcome),
  };
}

export function toObject(row: ObjectRow): CatalogObject {
  return {
    id: row.id,
    source: row.source,
    kind: row.kind,
    path: row.path,
    name: row.name,
    parentId: row.parent_id,
    resource: row.resource,
    comment: row.comment,
    definition: row.definition,
    attributes: JSON.parse(row.attributes) as Record<string, unknown>,
  };
}

export function objectParams(o: CatalogObject): unknown[] {
  return [o.id, o.source, o.kind, o.path, o.name, o.parentId, o.resource, o.comment, o.definition, JSON.stringify(o.attributes ?? {})];
}

export function toEdge(row: EdgeRow): CatalogEdge {
  return {
    fromId: row.from_id,
    toId: row.to_id,
    kind: row.kind,
    resource: row.resource,
    attributes: JSON.parse(row.attributes) as Record<string, unknown>,
  };
}

export function toContext(row: ContextRow): ContextRecord {
  const record: ContextRecord = {
    id: row.id,
    source: row.source,
    targetKind: row.target_kind,
    target: row.target,
    text: row.text,
    createdAt: row.created_at,
    origin: row.origin === 'inferred' ? 'inferred' : 'manual',
  };
  const evidence = row.evidence ? (JSON.parse(row.evidence) as unknown) : null;
  if (Array.isArray(evidence)) record.evidence = evidence.map(String);
  return record;
}

export function toChunk(row: ChunkRow): Chunk {
  return {
    id: row.id,
    objectId: row.object_id,
    source: row.source,
    kind: row.kind,
    name: row.name,
    comment: row.comment,
    definition: row.definition,
    context: row.context,
    text: row.text,
    contentHash: row.content_hash,
    project: row.project,
    session: row.session,
  };
}

export function chunkParams(c: Chunk): unknown[] {
  return [c.objectId, c.source, c.kind, c.name, c.comment, c.definition, c.context, c.text, c.contentHash, c.project, c.session];
}
