/**
 * @module adapters/store/sqlite/sqlite-store
 * The default embedded Store: one SQLite file with FTS5 for BM25 and float32 vectors searched
 * by sqlite-vec or in JS.
 */
import type { Database } from 'better-sqlite3';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { SextantError } from '../../../kernel/errors.js';
import type { CatalogEdge, CatalogObject, Chunk, ContextRecord, NewContext } from '../../../ports/catalog.js';
import type { SourceRecord } from '../../../ports/connector.js';
import type {
  CachedCompletion,
  ChangeActor,
  GlossaryChange,
  GlossaryTerm,
  OutputColumn,
  TermFields,
  TermIndexWrite,
  TermValidation,
} from '../../../ports/glossary.js';
import type {
  ChunkChanges,
  ChunkFilter,
  EmbeddingModelInfo,
  EntityFilter,
  EntityLink,
  EntityLinks,
  EntityPage,
  LexicalQuery,
  ChunkWrite,
  ObjectFilter,
  ObjectPage,
  ProjectRecord,
  ScoredChunk,
  SessionDocumentRecord,
  SessionRecord,
  SourceLock,
  SourceUpdate,
  Store,
  StoreCapabilities,
  StoreInfo,
  StoredSource,
  TokenRecord,
  UpdateOutcome,
  VectorQuery,
} from '../../../ports/store.js';
import { chunkFilterSql } from './chunk-filter.js';
import { LocalSourceLocks } from '../source-locks.js';
import { decodeVector } from '../vector-matrix.js';
import { repairIndexFile, type IndexFileRepair } from './index-file-repair.js';
import { EntityIndex, ensureEntityTables } from './entities.js';
import { openIndexDatabase } from './index-file.js';
import { LexicalIndex } from './lexical.js';
import { deleteOrphans, rebuildDerived, vacuum } from './maintenance.js';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor, objectFilterSql } from './object-pages.js';
import { ProjectTables } from './projects.js';
import {
  CHUNK_COLUMNS,
  EDGE_COLUMNS,
  inOrder,
  OBJECT_COLUMNS,
  toChunk,
  toContext,
  toEdge,
  toObject,
  toStoredSource,
  type ChunkRow,
  type ContextRow,
  type EdgeRow,
  type ObjectRow,
  type SourceRow,
} from '../rows.js';
import { ensureContextColumns, ensureObjectKindIndex, META, readMeta, SCHEMA_VERSION, writeMeta } from './schema.js';
import { ensureScopeTables } from './scope-tables.js';
import { ensureGlossaryTables, GlossaryTables } from './glossary-tables.js';
import { SessionTables } from './sessions.js';
import { StatementCache } from './statement-cache.js';
import { TokenTables } from './tokens.js';
import { createVectorBackend, type VectorBackend, type VectorBackendChoice, type VectorBackendName } from './vectors.js';
import { IndexWriter, sourceNotFound } from './writes.js';

export interface SqliteStoreOptions {
  /** Vector search backend; `auto` (default) picks the faster one that loads. */
  vector?: VectorBackendChoice;
  /**
   * When the file is corrupt, foreign or of another schema version, repair it (see
   * {@link repairIndexFile}) instead of refusing it; the report is on `store.fileRepair`.
   */
  repair?: boolean;
}

/** Opens (creating if needed) the index at `path`. Refuses other versions and foreign files. */
export async function openSqliteStore(path: string, options: SqliteStoreOptions = {}): Promise<SqliteStore> {
  const location = resolve(path);
  let fileRepair: IndexFileRepair | null = null;
  let db: Database;
  try {
    db = openIndexDatabase(location);
  } catch (err) {
    const repairable = err instanceof SextantError && (err.code === 'INDEX_CORRUPT' || err.code === 'INDEX_VERSION_MISMATCH');
    if (!options.repair || !repairable) throw err;
    fileRepair = await repairIndexFile(location);
    db = openIndexDatabase(location);
  }
  try {
    return new SqliteStore(db, location, createVectorBackend(db, options.vector ?? 'auto'), fileRepair);
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * No ANN index (sqlite-vec scans every vector); FTS5 has NEAR; and shared, because `sextant
 * update` from cron and a running `sextant mcp` are two processes on one file (WAL).
 */
export const SQLITE_CAPABILITIES: Readonly<StoreCapabilities> = Object.freeze({
  ann: false,
  proximity: true,
  sharedAcrossProcesses: true,
  serversShareSessions: false,
});

export class SqliteStore implements Store {
  readonly location: string;
  /** What `openSqliteStore(…, { repair: true })` did to the file, or null when nothing was needed. */
  readonly fileRepair: IndexFileRepair | null;
  readonly #db: Database;
  readonly #q: StatementCache;
  readonly #lexical: LexicalIndex;
  readonly #vectors: VectorBackend;
  readonly #writer: IndexWriter;
  readonly #entities: EntityIndex;
  readonly #projects: ProjectTables;
  readonly #tokens: TokenTables;
  readonly #sessions: SessionTables;
  readonly #glossary: GlossaryTables;
  readonly #locks = new LocalSourceLocks();

  constructor(db: Database, location: string, vectors: VectorBackend, fileRepair: IndexFileRepair | null = null) {
    this.#db = db;
    this.location = location;
    this.fileRepair = fileRepair;
    this.#q = new StatementCache(db);
    this.#lexical = new LexicalIndex(db);
    this.#vectors = vectors;
    ensureEntityTables(db);
    this.#entities = new EntityIndex(db);
    this.#writer = new IndexWriter(db, this.#lexical, () => this.#model(), this.#entities);
    ensureScopeTables(db);
    this.#projects = new ProjectTables(db);
    this.#tokens = new TokenTables(db);
    this.#sessions = new SessionTables(db, this.#lexical, this.#writer);
    ensureGlossaryTables(db);
    ensureContextColumns(db);
    ensureObjectKindIndex(db);
    this.#glossary = new GlossaryTables(db, this.#writer);
  }

  readonly capabilities: StoreCapabilities = SQLITE_CAPABILITIES;

  /**
   * `data_version` moves when another connection commits; `total_changes()` counts this
   * connection's own writes. Together they move on any write a reader could see.
   */
  async changeCounter(): Promise<number> {
    const dataVersion = this.#db.pragma('data_version', { simple: true }) as number;
    const own = (this.#db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
    return dataVersion * 2 ** 32 + own;
  }

  get vectorBackend(): VectorBackendName {
    return this.#vectors.name;
  }

  async info(): Promise<StoreInfo> {
    const countsByKind: Record<string, number> = {};
    for (const row of this.#all<{ kind: string; n: number }>('SELECT kind, count(*) AS n FROM objects GROUP BY kind ORDER BY kind')) {
      countsByKind[row.kind] = row.n;
    }
    return {
      location: this.location,
      schemaVersion: SCHEMA_VERSION,
      sizeBytes: fileSize(this.location) + fileSize(`${this.location}-wal`),
      vectorBackend: this.#vectors.name,
      embeddingModel: this.#model(),
      countsByKind,
      chunks: this.#count('SELECT count(*) FROM chunks'),
      vectors: this.#count('SELECT count(*) FROM vectors'),
    };
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }

  /** One process serves a SQLite index at a time (a second one sweeping too removes nothing twice). */
  async holdSweepLock(): Promise<boolean> {
    return true;
  }

  // sources

  async addSource(source: SourceRecord): Promise<void> {
    this.#write(() => {
      if (this.#get('SELECT 1 FROM sources WHERE name = ?', source.name)) {
        throw new SextantError('SOURCE_EXISTS', `a source named ${JSON.stringify(source.name)} already exists`, {
          hint: 'pick another name or remove the existing source first',
        });
      }
      this.#run(
        'INSERT INTO sources (name, type, url, options, created_at) VALUES (?, ?, ?, ?, ?)',
        source.name,
        source.type,
        source.url,
        JSON.stringify(source.options ?? {}),
        source.createdAt,
      );
    });
  }

  async getSource(name: string): Promise<StoredSource | null> {
    const row = this.#get<SourceRow>('SELECT * FROM sources WHERE name = ?', name);
    return row ? toStoredSource(row) : null;
  }

  async listSources(): Promise<StoredSource[]> {
    return this.#all<SourceRow>('SELECT * FROM sources ORDER BY name').map(toStoredSource);
  }

  async updateSource(name: string, patch: { url?: string; options?: SourceRecord['options'] }): Promise<void> {
    this.#write(() => {
      const row = this.#get<SourceRow>('SELECT * FROM sources WHERE name = ?', name);
      if (!row) throw sourceNotFound(name);
      this.#run(
        'UPDATE sources SET url = ?, options = ? WHERE name = ?',
        patch.url ?? row.url,
        patch.options === undefined ? row.options : JSON.stringify(patch.options),
        name,
      );
    });
  }

  async removeSource(name: string): Promise<boolean> {
    return this.#write(() => this.#writer.removeSource(name));
  }

  async recordOutcome(name: string, outcome: UpdateOutcome): Promise<void> {
    const changes = this.#run('UPDATE sources SET last_update = ? WHERE name = ?', JSON.stringify(outcome), name);
    if (changes === 0) throw sourceNotFound(name);
  }

  async resourceHashes(source: string): Promise<Map<string, string>> {
    const rows = this.#all<{ resource: string; hash: string }>('SELECT resource, hash FROM resources WHERE source = ? ORDER BY resource', source);
    return new Map(rows.map((r) => [r.resource, r.hash]));
  }

  async applySourceUpdate(update: SourceUpdate): Promise<void> {
    this.#write(() => this.#writer.applySourceUpdate(update));
  }

  /** In-process only: across processes, the file's write lock already serialises the writes themselves. */
  async lockSource(source: string, options: { onWait?: (holder: string) => void } = {}): Promise<SourceLock> {
    return this.#locks.acquire(source, options.onWait);
  }

  // objects

  async getObject(id: string): Promise<CatalogObject | null> {
    const row = this.#get<ObjectRow>(`SELECT ${OBJECT_COLUMNS} FROM objects WHERE id = ?`, id);
    return row ? toObject(row) : null;
  }

  async getObjects(ids: readonly string[]): Promise<CatalogObject[]> {
    const rows = this.#all<ObjectRow>(`SELECT ${OBJECT_COLUMNS} FROM objects WHERE id IN (SELECT value FROM json_each(?))`, JSON.stringify(ids));
    return inOrder(ids, rows).map(toObject);
  }

  async listObjects(filter: ObjectFilter): Promise<ObjectPage> {
    const { sql: condition, params } = objectFilterSql(filter);
    const limit = Math.max(1, Math.floor(filter.limit ?? DEFAULT_PAGE_SIZE));
    const total = this.#count(`SELECT count(*) FROM objects WHERE ${condition}`, ...params);
    const after = filter.cursor ? decodeCursor(filter.cursor) : null;
    const rows = this.#all<ObjectRow>(
      `SELECT ${OBJECT_COLUMNS} FROM objects WHERE ${condition}${after === null ? '' : ' AND id > ?'} ORDER BY id LIMIT ?`,
      ...params,
      ...(after === null ? [] : [after]),
      limit + 1,
    );
    const items = rows.slice(0, limit).map(toObject);
    const nextCursor = rows.length > limit ? encodeCursor(items[items.length - 1]!.id) : null;
    return { items, total, nextCursor };
  }

  async sourceObjects(source: string, kinds?: readonly string[]): Promise<CatalogObject[]> {
    return this.#all<ObjectRow>(`SELECT ${OBJECT_COLUMNS} FROM objects WHERE source = ?${ofKinds(kinds)} ORDER BY id`, source, ...(kinds ?? [])).map(toObject);
  }

  async edgesOf(id: string): Promise<{ outgoing: CatalogEdge[]; incoming: CatalogEdge[] }> {
    return {
      outgoing: this.#all<EdgeRow>(`SELECT ${EDGE_COLUMNS} FROM edges WHERE from_id = ? ORDER BY to_id, kind, resource, attributes`, id).map(toEdge),
      incoming: this.#all<EdgeRow>(`SELECT ${EDGE_COLUMNS} FROM edges WHERE to_id = ? ORDER BY from_id, kind, resource, attributes`, id).map(toEdge),
    };
  }

  async sourceEdges(source: string, kinds?: readonly string[]): Promise<CatalogEdge[]> {
    return this.#all<EdgeRow>(
      `SELECT ${EDGE_COLUMNS} FROM edges WHERE source = ?${ofKinds(kinds)} ORDER BY from_id, to_id, kind, resource, attributes`,
      source,
      ...(kinds ?? []),
    ).map(toEdge);
  }

  async objectIds(source?: string): Promise<string[]> {
    return source === undefined
      ? this.#q.get<string>('SELECT id FROM objects ORDER BY id').pluck().all()
      : this.#q.get<string>('SELECT id FROM objects WHERE source = ? ORDER BY id').pluck().all(source);
  }

  // contexts

  async addContext(context: NewContext): Promise<ContextRecord> {
    return this.#write(() => {
      if (!this.#get('SELECT 1 FROM sources WHERE name = ?', context.source)) throw sourceNotFound(context.source);
      const createdAt = context.createdAt ?? new Date().toISOString();
      const origin = context.origin ?? 'manual';
      const evidence = context.evidence?.length ? JSON.stringify(context.evidence) : null;
      const id = this.#q
        .get<{ id: number }>('INSERT INTO contexts (source, target_kind, target, text, created_at, origin, evidence) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
        .get(context.source, context.targetKind, context.target, context.text, createdAt, origin, evidence)!.id;
      return toContext({
        id,
        source: context.source,
        target_kind: context.targetKind,
        target: context.target,
        text: context.text,
        created_at: createdAt,
        origin,
        evidence,
      });
    });
  }

  async listContexts(source?: string): Promise<ContextRecord[]> {
    const rows =
      source === undefined
        ? this.#all<ContextRow>('SELECT * FROM contexts ORDER BY id')
        : this.#all<ContextRow>('SELECT * FROM contexts WHERE source = ? ORDER BY id', source);
    return rows.map(toContext);
  }

  async removeContext(id: number): Promise<ContextRecord | null> {
    const row = this.#get<ContextRow>('DELETE FROM contexts WHERE id = ? RETURNING *', id);
    return row ? toContext(row) : null;
  }

  async effectiveContext(objectId: string): Promise<string | null> {
    return this.#q.get<string>('SELECT text FROM effective_contexts WHERE object_id = ?').pluck().get(objectId) ?? null;
  }

  // chunks and vectors

  async applyChunkChanges(source: string, changes: ChunkChanges): Promise<void> {
    this.#write(() => this.#writer.applyChunkChanges(source, changes));
  }

  async getChunks(ids: readonly string[]): Promise<Chunk[]> {
    const rows = this.#all<ChunkRow>(`SELECT ${CHUNK_COLUMNS} FROM chunks WHERE id IN (SELECT value FROM json_each(?))`, JSON.stringify(ids));
    return inOrder(ids, rows).map(toChunk);
  }

  async chunkHashes(source: string): Promise<Map<string, string>> {
    const rows = this.#all<{ id: string; content_hash: string }>(
      'SELECT id, content_hash FROM chunks WHERE source = ? AND project IS NULL AND session IS NULL ORDER BY id',
      source,
    );
    return new Map(rows.map((r) => [r.id, r.content_hash]));
  }

  async chunksWithoutVectors(limit: number): Promise<Chunk[]> {
    return this.#all<ChunkRow>(
      `SELECT ${CHUNK_COLUMNS} FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM vectors v WHERE v.rid = c.rid) ORDER BY id LIMIT ?`,
      Math.max(0, Math.floor(limit)),
    ).map(toChunk);
  }

  async lexicalSearch(query: LexicalQuery): Promise<ScoredChunk[]> {
    return this.#lexical.search(query);
  }

  async vectorSearch(query: VectorQuery): Promise<ScoredChunk[]> {
    const model = this.#model();
    if (!model) return [];
    if (query.vector.length !== model.dimension) {
      throw new SextantError('INTERNAL', `query vector has dimension ${query.vector.length}, the index model ${model.modelId} has ${model.dimension}`, {
        hint: 'record the embedder in use with setEmbeddingModel and re-embed the chunks',
      });
    }
    return this.#vectors.search(query);
  }

  async embeddingModel(): Promise<EmbeddingModelInfo | null> {
    return this.#model();
  }

  async setEmbeddingModel(model: EmbeddingModelInfo): Promise<void> {
    if (!Number.isInteger(model.dimension) || model.dimension <= 0 || model.modelId === '') {
      throw new SextantError('INTERNAL', `invalid embedding model ${JSON.stringify(model)}`);
    }
    this.#write(() => {
      const current = this.#model();
      if (current && current.modelId === model.modelId && current.dimension === model.dimension) return;
      this.#run('DELETE FROM vectors');
      writeMeta(this.#db, META.embeddingModelId, model.modelId);
      writeMeta(this.#db, META.embeddingDimension, String(model.dimension));
    });
  }

  async putVectors(vectors: Array<{ chunkId: string; vector: Float32Array }>): Promise<void> {
    this.#write(() => this.#writer.putVectors(vectors));
  }

  async vectorsOf(chunkIds: readonly string[]): Promise<Map<string, Float32Array>> {
    const rows = this.#all<{ id: string; vector: Buffer }>(
      'SELECT c.id, v.vector FROM vectors v JOIN chunks c ON c.rid = v.rid WHERE c.id IN (SELECT value FROM json_each(?))',
      JSON.stringify(chunkIds),
    );
    return new Map(rows.map((r) => [r.id, decodeVector(r.vector)]));
  }

  async countVectors(filter: ChunkFilter): Promise<number> {
    const where = chunkFilterSql(filter, 'c');
    return (
      this.#q
        .get<number>(`SELECT count(*) FROM vectors v JOIN chunks c ON c.rid = v.rid WHERE ${where.sql}`)
        .pluck()
        .get(...where.params) ?? 0
    );
  }

  // entities (entities.ts)

  async countChunks(filter: ChunkFilter): Promise<number> {
    return this.#entities.countChunks(filter);
  }

  async entityLinks(chunkIds: readonly string[], filter: ChunkFilter, options: { maxDf: number }): Promise<EntityLinks> {
    return this.#entities.entityLinks(chunkIds, filter, options.maxDf);
  }

  async entitiesOf(chunkIds: readonly string[]): Promise<Map<string, EntityLink[]>> {
    return this.#entities.entitiesOf(chunkIds);
  }

  async listEntities(filter: EntityFilter, page: { limit?: number; cursor?: string } = {}): Promise<EntityPage> {
    return this.#entities.list(filter, page);
  }

  // projects, tokens and sessions (tables and queries in projects.ts, tokens.ts, sessions.ts)

  async listProjects(): Promise<ProjectRecord[]> {
    return this.#projects.list();
  }
  async getProject(name: string): Promise<ProjectRecord | null> {
    return this.#projects.get(name);
  }
  async putProject(project: ProjectRecord): Promise<void> {
    this.#rowWrite(() => this.#projects.put(project));
  }
  async addToken(token: TokenRecord): Promise<void> {
    this.#rowWrite(() => this.#tokens.add(token));
  }
  async listTokens(): Promise<TokenRecord[]> {
    return this.#tokens.list();
  }
  async findTokenByHash(hash: string): Promise<TokenRecord | null> {
    return this.#tokens.findByHash(hash);
  }
  async removeToken(nameOrId: string): Promise<boolean> {
    return this.#rowWrite(() => this.#tokens.remove(nameOrId));
  }
  async putSession(session: SessionRecord): Promise<void> {
    this.#rowWrite(() => this.#sessions.put(session));
  }
  async getSession(id: string): Promise<SessionRecord | null> {
    return this.#sessions.get(id);
  }
  async listSessions(): Promise<SessionRecord[]> {
    return this.#sessions.list();
  }
  async touchSession(id: string, lastSeenAt: string, expiresAt: string): Promise<boolean> {
    return this.#sessions.touch(id, lastSeenAt, expiresAt);
  }
  async removeSession(id: string): Promise<boolean> {
    return this.#write(() => this.#sessions.remove(id));
  }
  async removeExpiredSessions(now: string): Promise<string[]> {
    return this.#write(() => this.#sessions.removeExpired(now));
  }
  async putSessionDocument(document: SessionDocumentRecord, chunks: ChunkWrite[]): Promise<void> {
    this.#write(() => this.#sessions.putDocument(document, chunks));
  }
  async getSessionDocument(session: string, name: string): Promise<SessionDocumentRecord | null> {
    return this.#sessions.getDocument(session, name);
  }
  async listSessionDocuments(session: string): Promise<SessionDocumentRecord[]> {
    return this.#sessions.listDocuments(session);
  }
  async removeSessionDocument(session: string, name: string): Promise<boolean> {
    return this.#write(() => this.#sessions.removeDocument(session, name));
  }
  async sessionChunkIds(session: string): Promise<string[]> {
    return this.#sessions.chunkIds(session);
  }

  // glossary (see ports/glossary.ts)

  async listTerms(project?: string): Promise<GlossaryTerm[]> {
    return this.#glossary.list(project);
  }
  async termsOfSource(source: string): Promise<GlossaryTerm[]> {
    return this.#glossary.ofSource(source);
  }
  async findTerm(project: string, nameOrAlias: string): Promise<GlossaryTerm | null> {
    return this.#glossary.find(project, nameOrAlias);
  }
  async createTerm(fields: TermFields, index: TermIndexWrite, actor: ChangeActor, at: string): Promise<GlossaryTerm> {
    return this.#write(() => this.#glossary.create(fields, index, actor, at));
  }
  async updateTerm(id: number, fields: TermFields, index: TermIndexWrite, actor: ChangeActor, at: string, seen?: GlossaryTerm): Promise<GlossaryTerm> {
    return this.#write(() => this.#glossary.update(id, fields, index, actor, at, seen));
  }
  async deleteTerm(id: number, actor: ChangeActor, at: string): Promise<GlossaryTerm | null> {
    return this.#write(() => this.#glossary.delete(id, actor, at));
  }
  async setTermValidation(id: number, validation: TermValidation, outputColumns?: OutputColumn[]): Promise<void> {
    this.#write(() => this.#glossary.setValidation(id, validation, outputColumns));
  }
  async glossaryHistory(project: string, termId?: number): Promise<GlossaryChange[]> {
    return this.#glossary.history(project, termId);
  }
  async glossaryAliases(): Promise<Array<{ project: string; alias: string; term: string }>> {
    return this.#glossary.aliases();
  }
  async getCachedCompletion(key: string): Promise<string | null> {
    return this.#glossary.getCachedCompletion(key);
  }
  async putCachedCompletion(key: string, model: string, response: string, createdAt?: string): Promise<void> {
    this.#glossary.putCachedCompletion(key, model, response, createdAt ?? new Date().toISOString());
  }
  async listCachedCompletions(): Promise<CachedCompletion[]> {
    return this.#glossary.listCachedCompletions();
  }
  async allGlossaryHistory(): Promise<GlossaryChange[]> {
    return this.#glossary.allHistory();
  }
  async restoreGlossary(terms: ReadonlyArray<{ term: GlossaryTerm; index: TermIndexWrite }>, history: readonly GlossaryChange[]): Promise<void> {
    this.#write(() => this.#glossary.restore(terms, history));
  }

  // maintenance

  async cleanup(): Promise<Record<string, number>> {
    const counts = this.#write(() => ({
      ...this.#sessions.deleteExpired(new Date().toISOString()),
      ...deleteOrphans(this.#db, this.#lexical),
      ...this.#entities.deleteOrphans(),
    }));
    vacuum(this.#db);
    return counts;
  }

  async repair(): Promise<Record<string, number>> {
    return this.#write(() => ({ ...rebuildDerived(this.#db, this.#lexical, this.#model()), ...this.#entities.deleteOrphans() }));
  }

  // helpers

  /** One IMMEDIATE transaction (takes the write lock up front, so it never fails to upgrade later). */
  #write<T>(fn: () => T): T {
    try {
      return this.#db.transaction(fn).immediate();
    } finally {
      this.#vectors.invalidate();
      this.#entities.invalidate();
      this.#lexical.invalidate();
    }
  }

  /** A transaction on rows the vector backends never read (projects, tokens, sessions): no invalidation. */
  #rowWrite<T>(fn: () => T): T {
    return this.#db.transaction(fn).immediate();
  }

  #model(): EmbeddingModelInfo | null {
    const modelId = readMeta(this.#db, META.embeddingModelId);
    const dimension = Number(readMeta(this.#db, META.embeddingDimension));
    return modelId === null || !Number.isInteger(dimension) ? null : { modelId, dimension };
  }

  #all<Row>(sql: string, ...params: unknown[]): Row[] {
    return this.#q.get<Row>(sql).all(...params);
  }

  #get<Row = unknown>(sql: string, ...params: unknown[]): Row | undefined {
    return this.#q.get<Row>(sql).get(...params);
  }

  #run(sql: string, ...params: unknown[]): number {
    return this.#q.get(sql).run(...params).changes;
  }

  #count(sql: string, ...params: unknown[]): number {
    return (
      this.#q
        .get<number>(sql)
        .pluck()
        .get(...params) ?? 0
    );
  }
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** A query's condition on `kind`, one parameter per kind (none: a condition nothing meets; absent: none). */
function ofKinds(kinds: readonly string[] | undefined): string {
  if (!kinds) return '';
  return kinds.length ? ` AND kind IN (${kinds.map(() => '?').join(', ')})` : ' AND 0';
}
