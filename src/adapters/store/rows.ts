/**
 * @module adapters/store/rows
 * Row shapes of the index tables (the same in every store) and their mapping to the port's types.
 */
import type { CatalogEdge, CatalogObject, Chunk, ContextRecord } from '../../ports/catalog.js';
import type { SourceOptions } from '../../ports/connector.js';
import type { ChangeActor, GlossaryChange, GlossaryTerm, OutputColumn, TermFields, TermValidation } from '../../ports/glossary.js';
import type { EntityLink, ProjectRecord, SessionDocumentRecord, SessionRecord, StoredSource, TokenRecord, UpdateOutcome } from '../../ports/store.js';
import { glossaryKey } from '../../kernel/text/glossary-key.js';

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

export interface ProjectRow {
  name: string;
  sources: string;
  settings: string;
  created_at: string;
}

export function toProject(row: ProjectRow): ProjectRecord {
  const settings = JSON.parse(row.settings) as Partial<ProjectRecord['settings']>;
  return {
    name: row.name,
    sources: JSON.parse(row.sources) as string[],
    settings: { developerTools: settings.developerTools === true, ...(settings.documentUrls === true ? { documentUrls: true } : {}) },
    createdAt: row.created_at,
  };
}

export interface TokenRow {
  id: string;
  name: string;
  hash: string;
  projects: string;
  roles: string;
  created_at: string;
}

export function toToken(row: TokenRow): TokenRecord {
  return {
    id: row.id,
    name: row.name,
    hash: row.hash,
    projects: JSON.parse(row.projects) as string[],
    roles: JSON.parse(row.roles) as string[],
    createdAt: row.created_at,
  };
}

export interface SessionRow {
  id: string;
  project: string;
  user: string;
  active_projects: string;
  client: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface DocumentRow {
  session: string;
  name: string;
  object_id: string;
  mime_type: string;
  text: string;
  chunks: number;
  created_at: string;
}

export function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    project: row.project,
    user: row.user,
    activeProjects: JSON.parse(row.active_projects) as string[],
    client: row.client ?? null,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

export function toDocument(row: DocumentRow): SessionDocumentRecord {
  return {
    session: row.session,
    name: row.name,
    objectId: row.object_id,
    mimeType: row.mime_type,
    text: row.text,
    chunks: row.chunks,
    createdAt: row.created_at,
  };
}

export interface TermRow {
  id: number;
  project: string;
  term: string;
  definition: string;
  sql: string;
  source: string;
  base_table: string | null;
  output_columns: string;
  origin: GlossaryTerm['origin'];
  validation: string;
  object_id: string;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  aliases: string;
}

export interface HistoryRow {
  id: number;
  project: string;
  term_id: number;
  term: string;
  action: GlossaryChange['action'];
  before: string | null;
  after: string | null;
  actor_user: string | null;
  actor_client: string | null;
  via: ChangeActor['via'];
  at: string;
}

export function toTerm(row: TermRow): GlossaryTerm {
  return {
    id: row.id,
    project: row.project,
    term: row.term,
    definition: row.definition,
    sql: row.sql,
    source: row.source,
    baseTable: row.base_table,
    outputColumns: JSON.parse(row.output_columns) as OutputColumn[],
    origin: row.origin,
    aliases: JSON.parse(row.aliases) as string[],
    validation: JSON.parse(row.validation) as TermValidation,
    createdAt: row.created_at,
    createdBy: row.created_by,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** The term columns shared by insert and update, in statement order. */
export function termValues(fields: TermFields, objectId: string) {
  return [
    fields.project,
    fields.term,
    glossaryKey(fields.term),
    fields.definition,
    fields.sql,
    fields.source,
    fields.baseTable,
    JSON.stringify(fields.outputColumns),
    fields.origin,
    JSON.stringify(fields.validation),
    objectId,
  ] as const;
}

export function toChange(row: HistoryRow): GlossaryChange {
  return {
    id: row.id,
    project: row.project,
    termId: row.term_id,
    term: row.term,
    action: row.action,
    before: row.before === null ? null : (JSON.parse(row.before) as GlossaryTerm),
    after: row.after === null ? null : (JSON.parse(row.after) as GlossaryTerm),
    actor: { user: row.actor_user, client: row.actor_client, via: row.via },
    at: row.at,
  };
}

/** The values of a glossary_history row, in column order (project … at). */
export function historyValues(
  term: GlossaryTerm,
  action: GlossaryChange['action'],
  before: GlossaryTerm | null,
  after: GlossaryTerm | null,
  actor: ChangeActor,
  at: string,
) {
  return [
    term.project,
    term.id,
    term.term,
    action,
    before === null ? null : JSON.stringify(before),
    after === null ? null : JSON.stringify(after),
    actor.user,
    actor.client,
    actor.via,
    at,
  ] as const;
}

/** The values of a stored change as it was (restoring a glossary): {@link historyValues}, then its id. */
export function changeValues(c: GlossaryChange) {
  return [
    c.project,
    c.termId,
    c.term,
    c.action,
    c.before && JSON.stringify(c.before),
    c.after && JSON.stringify(c.after),
    c.actor.user,
    c.actor.client,
    c.actor.via,
    c.at,
    c.id,
  ] as const;
}

/** Link rows grouped by chunk, each chunk's strongest first, ties by key. */
export function groupLinks(rows: ReadonlyArray<EntityLink & { chunkId: string }>): Map<string, EntityLink[]> {
  const out = new Map<string, EntityLink[]>();
  for (const { chunkId, ...link } of rows) {
    const list = out.get(chunkId);
    if (list) list.push(link);
    else out.set(chunkId, [link]);
  }
  for (const list of out.values()) list.sort((a, b) => b.confidence - a.confidence || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return out;
}

/** Rows in the order of `ids`, each id once, missing ids skipped. */
export function inOrder<Row extends { id: string }>(ids: readonly string[], rows: readonly Row[]): Row[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: Row[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    const row = byId.get(id);
    if (row && !seen.has(id)) {
      seen.add(id);
      out.push(row);
    }
  }
  return out;
}

/** Adds `key` to the set of chunk `chunkId`. */
export function addLink(links: Map<string, Set<string>>, chunkId: string, key: string): void {
  const set = links.get(chunkId);
  if (set) set.add(key);
  else links.set(chunkId, new Set([key]));
}
