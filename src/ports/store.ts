/**
 * @module ports/store
 * Persistence of sources, canonical objects, contexts, chunks and vectors.
 * Every adapter passes test/contracts/store.contract.ts.
 */
import type { CatalogEdge, CatalogObject, Chunk, ChunkWrite, ContextRecord, NewContext, NerType, ObjectKind, SemanticType } from './catalog.js';
import type { SourceRecord } from './connector.js';
import type { GlossaryStore, LlmCache } from './glossary.js';

export interface UpdateOutcome {
  at: string;
  ok: boolean;
  /** `unchanged`, `updated`, or what failed (one line). */
  message: string;
  /**
   * A failure's hint: what to do, kept apart from `message` so each presentation words it (the
   * web UI as a page to use). Outcomes stored before it was kept apart have none: their `message`
   * holds both, joined.
   */
  hint?: string;
  added: number;
  changed: number;
  /** Resources whose only change was in their history attributes (absent in outcomes stored before they were counted apart). */
  history?: number;
  /** Resources re-read by another reader version from unchanged inputs (absent in outcomes stored before they were counted apart). */
  rescanned?: number;
  removed: number;
  durationMs: number;
}

export interface StoredSource extends SourceRecord {
  sourceHash: string | null;
  lastUpdate: UpdateOutcome | null;
}

/** A resource rebuilt by an update: all its objects and edges replace the stored ones. */
export interface ResourceWrite {
  resource: string;
  /** The ingest plan's hash of the resource (core/ingest/plan-update), opaque to the store. */
  hash: string;
  objects: CatalogObject[];
  edges: CatalogEdge[];
}

export type { ChunkWrite } from './catalog.js';

export interface ChunkChanges {
  upsert: ChunkWrite[];
  /** Chunk ids to delete. */
  remove: string[];
  /** Effective (inherited) context per object id; `''` clears it. */
  effectiveContexts: Array<{ objectId: string; text: string }>;
}

/** One source's new state, applied atomically: all of it or none of it. */
export interface SourceUpdate {
  source: string;
  sourceHash: string;
  changed: ResourceWrite[];
  removedResources: string[];
  chunks: ChunkChanges;
  outcome: UpdateOutcome;
}

export interface ObjectFilter {
  source?: string;
  /** Only objects of these sources (a caller's visible sources); `[]` matches nothing. Combines with `source`. */
  sources?: readonly string[];
  kinds?: readonly ObjectKind[];
  parentId?: string;
  /** Objects whose parent is one of these (the columns of several tables in one query); `[]` matches nothing. */
  parentIds?: readonly string[];
  /** Objects whose path starts with `<schema>.` (or equals it). */
  schema?: string;
  /** Objects whose id starts with this (completion of a typed id). */
  idPrefix?: string;
  /** Opaque cursor from a previous page. */
  cursor?: string;
  limit?: number;
}

export interface ObjectPage {
  items: CatalogObject[];
  total: number;
  nextCursor: string | null;
}

export interface ChunkFilter {
  sources?: readonly string[];
  kinds?: readonly ObjectKind[];
  /** Visible scopes: base chunks are always visible; these add project/session chunks. */
  projects?: readonly string[];
  session?: string | null;
}

/**
 * A lexical query in no engine's syntax. Each term matches when any of its forms occurs; terms
 * are alternatives (BM25 rewards rows that match more of them); `near` adds, as one more
 * alternative, the words occurring within `distance` tokens of each other (stores without
 * proximity leave it out). Stores compile it (SQLite: an FTS5 MATCH expression).
 */
export interface LexicalTerms {
  terms: ReadonlyArray<readonly string[]>;
  near?: { words: readonly string[]; distance: number };
}

export interface LexicalQuery extends ChunkFilter, LexicalTerms {
  limit: number;
}

export interface ScoredChunk {
  chunkId: string;
  /** Adapter-native score, higher is better. */
  score: number;
}

export interface VectorQuery extends ChunkFilter {
  vector: Float32Array;
  limit: number;
}

/**
 * An entity as one chunk mentions it. `key` is `<semanticType>:<name>` (e.g. `TERM:order line`),
 * unique in an index and the same in every store.
 */
export interface EntityLink {
  key: string;
  name: string;
  displayName: string;
  semanticType: SemanticType;
  nerType: NerType | null;
  confidence: number;
}

/** What ranking related chunks needs (see `Store.entityLinks`). */
export interface EntityLinks {
  /** Chunk id → keys of its entities. */
  links: Map<string, Set<string>>;
  /** Entity key → visible chunks linked to it, counted up to `maxDf + 1`. */
  df: Map<string, number>;
}

export interface EntityFilter extends ChunkFilter {
  semanticTypes?: readonly SemanticType[];
}

/** An entity of the visible scope with the number of visible chunks it is linked to. */
export interface EntityRecord {
  key: string;
  name: string;
  displayName: string;
  semanticType: SemanticType;
  nerType: NerType | null;
  chunks: number;
}

export interface EntityPage {
  items: EntityRecord[];
  nextCursor: string | null;
}

export interface EmbeddingModelInfo {
  modelId: string;
  dimension: number;
}

export interface StoreHealth {
  status: 'ok' | 'degraded';
  /** Why it is degraded (the last connection error, password masked). */
  reason?: string;
  /** ISO time since when it is degraded. */
  since?: string;
  /** How this process learns of other processes' writes: notifications (listen) or polling the change counter (poll). */
  changes?: 'listen' | 'poll';
  /** The change counter value this process's in-memory vectors describe (absent before they are loaded). */
  vectorsAt?: number;
}

export interface StoreInfo {
  location: string;
  schemaVersion: number;
  sizeBytes: number;
  vectorBackend: string;
  embeddingModel: EmbeddingModelInfo | null;
  countsByKind: Record<string, number>;
  chunks: number;
  vectors: number;
}

// ---------------------------------------------------------------------------------------------
// Projects, access tokens and MCP sessions (scopes). Kept apart from the catalog above: none of
// these rows is derived from a source, and `removeSource` never touches them.

/** A named workspace. `default` always exists (the core synthesises it when no row is stored). */
export interface ProjectRecord {
  name: string;
  /** Sources the project serves; empty means every source. */
  sources: string[];
  settings: ProjectSettings;
  createdAt: string;
}

export interface ProjectSettings {
  /** Write tools (glossary edits, …) are listed and callable only when on. */
  developerTools: boolean;
  /** Sessions may add documents by URL (the server fetches them); off unless set. */
  documentUrls?: boolean;
}

/** A static bearer token. Only its hash is stored; the token itself is shown once at creation. */
export interface TokenRecord {
  /** Short random id, safe to print. */
  id: string;
  /** Unique, chosen by the user; becomes the request's user subject. */
  name: string;
  /** Hex sha256 of the token. */
  hash: string;
  /** Projects the token may serve; empty means every project. */
  projects: string[];
  roles: string[];
  createdAt: string;
}

/** One agent session (an MCP session id): its active projects and when it expires. */
export interface SessionRecord {
  id: string;
  /** The project it was opened on (`/mcp/{project}`, or `default`). */
  project: string;
  /** Subject of the user who opened it (token name, JWT `sub`, local user). */
  user: string;
  activeProjects: string[];
  /**
   * The MCP client as the session's `initialize` named it (`name/version`), or null (not known
   * yet, or a session opened outside MCP). Kept in the store so that a server taking over the
   * session, which never sees that `initialize`, still knows it.
   */
  client: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** Idle deadline: `cleanup()` and `removeExpiredSessions` delete the session after it. */
  expiresAt: string;
}

/** A text or markdown document added to one session; its chunks carry `session = <id>`. */
export interface SessionDocumentRecord {
  session: string;
  name: string;
  /** Object id its chunks point to (chunks of live documents survive `cleanup()`). */
  objectId: string;
  mimeType: string;
  text: string;
  chunks: number;
  createdAt: string;
}

/** What a store can do beyond the contract every store meets; contract tests skip by these, with the reason. */
export interface StoreCapabilities {
  /** Approximate nearest-neighbour vector search (an index), rather than an exact scan. */
  ann: boolean;
  /** Lexical proximity operators (terms near each other). */
  proximity: boolean;
  /** Several processes (servers, updaters) share the store: in-process caches must key on {@link StoreMaintenance.changeCounter}. */
  sharedAcrossProcesses: boolean;
  /**
   * Several servers serve the store at once, on any machines (not only one server beside CLI
   * runs): MCP sessions live in the store and outlive the server that opened them.
   */
  serversShareSessions: boolean;
}

export interface SourceLock {
  release(): Promise<void>;
}

/** Sources, their objects and edges, and the human contexts on them: the canonical catalog. */
export interface CatalogStore {
  // sources
  addSource(source: SourceRecord): Promise<void>;
  getSource(name: string): Promise<StoredSource | null>;
  listSources(): Promise<StoredSource[]>;
  /** Changes a source's URL or options; its index stays. */
  updateSource(name: string, patch: { url?: string; options?: SourceRecord['options'] }): Promise<void>;
  /** Deletes the source and everything indexed from it. */
  removeSource(name: string): Promise<boolean>;
  recordOutcome(name: string, outcome: UpdateOutcome): Promise<void>;
  resourceHashes(source: string): Promise<Map<string, string>>;
  applySourceUpdate(update: SourceUpdate): Promise<void>;
  /**
   * The update lock of one source, held until `release`: a second holder of the same source (in
   * this process or, for a store shared across processes, in any other) waits, and `onWait`
   * names who holds it first. A holder that dies releases it.
   */
  lockSource(source: string, options?: { onWait?: (holder: string) => void }): Promise<SourceLock>;

  // objects
  getObject(id: string): Promise<CatalogObject | null>;
  getObjects(ids: readonly string[]): Promise<CatalogObject[]>;
  listObjects(filter: ObjectFilter): Promise<ObjectPage>;
  /** Every object of a source (ingest uses it to rebuild chunks without re-introspecting), by id; with `kinds`, those of these kinds only. */
  sourceObjects(source: string, kinds?: readonly string[]): Promise<CatalogObject[]>;
  edgesOf(id: string): Promise<{ outgoing: CatalogEdge[]; incoming: CatalogEdge[] }>;
  /** Every edge of a source, by from, to, kind, resource and attributes; with `kinds`, those of these kinds only. */
  sourceEdges(source: string, kinds?: readonly string[]): Promise<CatalogEdge[]>;
  /** All object ids (optionally of one source): used for "did you mean" suggestions. */
  objectIds(source?: string): Promise<string[]>;

  // contexts
  addContext(context: NewContext): Promise<ContextRecord>;
  listContexts(source?: string): Promise<ContextRecord[]>;
  removeContext(id: number): Promise<ContextRecord | null>;
  effectiveContext(objectId: string): Promise<string | null>;
}

/** Chunks with their lexical fields and vectors: what retrieval reads. */
export interface ChunkIndex {
  // chunks and vectors
  applyChunkChanges(source: string, changes: ChunkChanges): Promise<void>;
  getChunks(ids: readonly string[]): Promise<Chunk[]>;
  /**
   * id → content hash for a source's base chunks (project and session null), so unchanged chunks
   * are not re-embedded. Scoped chunks (glossary terms, session documents) have their own owners.
   */
  chunkHashes(source: string): Promise<Map<string, string>>;
  chunksWithoutVectors(limit: number): Promise<Chunk[]>;
  lexicalSearch(query: LexicalQuery): Promise<ScoredChunk[]>;
  vectorSearch(query: VectorQuery): Promise<ScoredChunk[]>;
  embeddingModel(): Promise<EmbeddingModelInfo | null>;
  /** Records the model and drops every vector of another model. */
  setEmbeddingModel(model: EmbeddingModelInfo): Promise<void>;
  putVectors(vectors: Array<{ chunkId: string; vector: Float32Array }>): Promise<void>;
  /** Stored vectors of these chunks (chunks without one are absent): copying an index between stores. */
  vectorsOf(chunkIds: readonly string[]): Promise<Map<string, Float32Array>>;
  /** Vectors of the chunks visible under the filter (its sources, kinds and scopes). */
  countVectors(filter: ChunkFilter): Promise<number>;
}

/** Entities linked to chunks (expansion, related chunks). */
export interface EntityIndex {
  // entities (linked to chunks through ChunkWrite.entities; scope comes from the chunk)
  /** Chunks visible under the filter (sources, kinds, scopes): the N of an entity's IDF. */
  countChunks(filter: ChunkFilter): Promise<number>;
  /**
   * The entity neighbourhood of `chunkIds`, for ranking related chunks: the links of those
   * chunks, and of every chunk passing `filter` linked to one of their entities whose df lies
   * in 2..`maxDf` (only those entities are listed for such a chunk). `df` holds each entity of
   * `chunkIds`, counted over the chunks visible in the filter's scopes (its sources and kinds
   * are ignored) and capped at `maxDf + 1` ("too common"), so common entities cost nothing.
   */
  entityLinks(chunkIds: readonly string[], filter: ChunkFilter, options: { maxDf: number }): Promise<EntityLinks>;
  /** Entities of each chunk (chunks without links are absent), strongest first, ties by key. */
  entitiesOf(chunkIds: readonly string[]): Promise<Map<string, EntityLink[]>>;
  /**
   * Entities linked to at least one chunk visible under the filter, ordered by name then
   * semantic type, with their visible chunk counts. `cursor` is the opaque `nextCursor` of the
   * previous page (a foreign one is USAGE); `limit` defaults to 100.
   */
  listEntities(filter: EntityFilter, page?: { limit?: number; cursor?: string }): Promise<EntityPage>;
}

/** Projects, access tokens, MCP sessions and their documents. */
export interface ScopeStore {
  // projects, tokens and sessions (see the section above the interface)
  listProjects(): Promise<ProjectRecord[]>;
  getProject(name: string): Promise<ProjectRecord | null>;
  /** Inserts or replaces the project row. */
  putProject(project: ProjectRecord): Promise<void>;
  /** Throws USAGE when a token of that name exists. */
  addToken(token: TokenRecord): Promise<void>;
  listTokens(): Promise<TokenRecord[]>;
  findTokenByHash(hash: string): Promise<TokenRecord | null>;
  /** Removes the token with that name or id; true when one existed. */
  removeToken(nameOrId: string): Promise<boolean>;
  /** Inserts or replaces the session row (documents stay). */
  putSession(session: SessionRecord): Promise<void>;
  getSession(id: string): Promise<SessionRecord | null>;
  listSessions(): Promise<SessionRecord[]>;
  /** Moves the idle deadline; cheap (no derived-index invalidation). False when the session is gone. */
  touchSession(id: string, lastSeenAt: string, expiresAt: string): Promise<boolean>;
  /** Deletes the session, its documents and their chunks, FTS rows and vectors. */
  removeSession(id: string): Promise<boolean>;
  /** Removes every session whose `expiresAt` is before `now` (as {@link removeSession}); returns their ids. */
  removeExpiredSessions(now: string): Promise<string[]>;
  /**
   * Stores a session document and its chunks atomically, replacing a document of the same name
   * and its chunks. Every chunk must have `session = document.session` and
   * `objectId = document.objectId`. Throws USAGE when the session does not exist.
   */
  putSessionDocument(document: SessionDocumentRecord, chunks: ChunkWrite[]): Promise<void>;
  getSessionDocument(session: string, name: string): Promise<SessionDocumentRecord | null>;
  listSessionDocuments(session: string): Promise<SessionDocumentRecord[]>;
  /** Deletes the document and its chunks; true when it existed. */
  removeSessionDocument(session: string, name: string): Promise<boolean>;
  /** Ids of the chunks of a session's documents, sorted (copying an index between stores). */
  sessionChunkIds(session: string): Promise<string[]>;
}

/** The store as a whole: its state, a change counter, clean-up and repair. */
export interface StoreMaintenance {
  info(): Promise<StoreInfo>;
  close(): Promise<void>;
  /**
   * A number that moves whenever a write changes what readers see (catalog, contexts, chunks,
   * glossary, projects); caches of derived state key on it, so a store shared across processes
   * never serves another process's stale view.
   */
  changeCounter(): Promise<number>;
  /**
   * Whether this process holds the store's sweep lock (whoever holds it removes expired sessions
   * for every server). The first call takes it when it is free; the holder keeps it until
   * `close()` or its death, when the next caller of another process gets it. A store that one
   * process serves at a time answers true.
   */
  holdSweepLock(): Promise<boolean>;
  /**
   * Whether the store answers now, without a round trip (a shared store watches its connection;
   * a local file is always `ok`). Servers report it on /health.
   */
  health?(): StoreHealth;
  // maintenance
  /**
   * Removes orphans (objects/chunks/contexts of missing sources, entity links of missing chunks,
   * entities without links), expired sessions with their documents and chunks, vacuums. Chunks of live session documents are kept. Returns counts removed.
   */
  cleanup(): Promise<Record<string, number>>;
  /** Rebuilds derived tables (FTS, vectors index) from canonical data; drops dangling entity links and unlinked entities. */
  repair(): Promise<Record<string, number>>;
}

/**
 * The whole store port: one role interface per concern, so each core service names the slice it
 * uses and a second backend can be built and tested role by role.
 */
export interface Store extends CatalogStore, ChunkIndex, EntityIndex, GlossaryStore, LlmCache, ScopeStore, StoreMaintenance {
  readonly capabilities: StoreCapabilities;
}
