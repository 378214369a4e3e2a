/**
 * @module ports/store
 * Persistence of sources, canonical objects, contexts, chunks and vectors.
 * Every adapter passes test/contracts/store.contract.ts.
 */
import type { CatalogEdge, CatalogObject, Chunk, ContextRecord, ObjectKind } from './catalog.js';
import type { SourceRecord } from './connector.js';

export interface UpdateOutcome {
  at: string;
  ok: boolean;
  /** `unchanged`, `updated`, or a one-line failure. */
  message: string;
  added: number;
  changed: number;
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
  hash: string;
  objects: CatalogObject[];
  edges: CatalogEdge[];
}

/** A chunk with its embedding (null when none was computed). */
export interface ChunkWrite {
  chunk: Chunk;
  vector: Float32Array | null;
}

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
  kinds?: readonly ObjectKind[];
  parentId?: string;
  /** Objects whose path starts with `<schema>.` (or equals it). */
  schema?: string;
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

export interface LexicalQuery extends ChunkFilter {
  /** An FTS5 MATCH expression built by the core. */
  match: string;
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

export interface EmbeddingModelInfo {
  modelId: string;
  dimension: number;
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

export interface Store {
  info(): Promise<StoreInfo>;
  close(): Promise<void>;

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

  // objects
  getObject(id: string): Promise<CatalogObject | null>;
  getObjects(ids: readonly string[]): Promise<CatalogObject[]>;
  listObjects(filter: ObjectFilter): Promise<ObjectPage>;
  /** Every object of a source (ingest uses it to rebuild chunks without re-introspecting). */
  sourceObjects(source: string): Promise<CatalogObject[]>;
  edgesOf(id: string): Promise<{ outgoing: CatalogEdge[]; incoming: CatalogEdge[] }>;
  sourceEdges(source: string): Promise<CatalogEdge[]>;
  /** All object ids (optionally of one source): used for "did you mean" suggestions. */
  objectIds(source?: string): Promise<string[]>;

  // contexts
  addContext(context: Omit<ContextRecord, 'id' | 'createdAt'>): Promise<ContextRecord>;
  listContexts(source?: string): Promise<ContextRecord[]>;
  removeContext(id: number): Promise<ContextRecord | null>;
  effectiveContext(objectId: string): Promise<string | null>;

  // chunks and vectors
  applyChunkChanges(source: string, changes: ChunkChanges): Promise<void>;
  getChunks(ids: readonly string[]): Promise<Chunk[]>;
  /** id → content hash for a source's chunks, so unchanged chunks are not re-embedded. */
  chunkHashes(source: string): Promise<Map<string, string>>;
  chunksWithoutVectors(limit: number): Promise<Chunk[]>;
  lexicalSearch(query: LexicalQuery): Promise<ScoredChunk[]>;
  vectorSearch(query: VectorQuery): Promise<ScoredChunk[]>;
  embeddingModel(): Promise<EmbeddingModelInfo | null>;
  /** Records the model and drops every vector of another model. */
  setEmbeddingModel(model: EmbeddingModelInfo): Promise<void>;
  putVectors(vectors: Array<{ chunkId: string; vector: Float32Array }>): Promise<void>;

  // maintenance
  /** Removes orphans (objects/chunks/contexts of missing sources), vacuums. Returns counts removed. */
  cleanup(): Promise<Record<string, number>>;
  /** Rebuilds derived tables (FTS, vectors index) from canonical data. */
  repair(): Promise<Record<string, number>>;
}
