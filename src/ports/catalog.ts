/**
 * @module ports/catalog
 * The canonical metadata model every connector produces and every store keeps.
 * Types only: no behaviour lives here.
 */

/** Kinds of canonical objects. Database kinds first; other connectors add theirs. */
export type ObjectKind =
  | 'source'
  | 'schema'
  | 'table'
  | 'partitioned_table'
  | 'foreign_table'
  | 'view'
  | 'materialized_view'
  | 'column'
  | 'constraint'
  | 'index'
  | 'sequence'
  | 'enum'
  | 'domain'
  | 'function'
  | 'procedure'
  | 'trigger'
  | (string & {});

/** Kinds that behave like a relation with columns. */
export const RELATION_KINDS: readonly ObjectKind[] = Object.freeze(['table', 'partitioned_table', 'foreign_table', 'view', 'materialized_view']);

/**
 * One canonical metadata record. `id` is `<source>:<kind>:<path>`, e.g.
 * `shop:table:public.orders`, `shop:column:public.orders.id`.
 */
export interface CatalogObject {
  id: string;
  source: string;
  kind: ObjectKind;
  /** Qualified path inside the source, e.g. `public.orders.id`. */
  path: string;
  /** Last path segment as the system spells it, e.g. `id`. */
  name: string;
  parentId: string | null;
  /** Unit of incremental rebuild this object belongs to, e.g. `table:public.orders`. */
  resource: string;
  comment: string | null;
  /** DDL-ish definition: view SQL, function signature, check expression, index definition. */
  definition: string | null;
  /** Kind-specific metadata (column type, nullability, row estimate, …). JSON-serialisable. */
  attributes: Record<string, unknown>;
}

/** Directed relation between two objects. */
export type EdgeKind = 'foreign_key' | 'depends_on' | 'trigger_on' | 'index_on' | (string & {});

export interface CatalogEdge {
  fromId: string;
  toId: string;
  kind: EdgeKind;
  /** Resource that owns the edge (rebuilt with it). */
  resource: string;
  attributes: Record<string, unknown>;
}

/** Everything a connector found in one source at one moment. Never row values. */
export interface SourceSnapshot {
  objects: CatalogObject[];
  edges: CatalogEdge[];
  /** Free-form facts about the introspection itself (server version, timings). */
  info: Record<string, unknown>;
}

/** Who wrote a context: a person (`manual`) or a chat model drafting from schema signals (`inferred`). */
export type ContextOrigin = 'manual' | 'inferred';

export const CONTEXT_ORIGINS: readonly ContextOrigin[] = Object.freeze(['manual', 'inferred']);

/** A context attached to a source, schema or object: written by a person or drafted by a model. */
export interface ContextRecord {
  id: number;
  source: string;
  /** `source`, `schema` path (e.g. `public`) or an object id. */
  targetKind: 'source' | 'schema' | 'object';
  target: string;
  text: string;
  createdAt: string;
  origin: ContextOrigin;
  /** For an `inferred` context: the schema signals the draft rests on. */
  evidence?: string[];
}

/** What a store is given to add a context; a missing origin means `manual`. */
/** `createdAt` defaults to now (a copy between stores keeps the original's). */
export type NewContext = Omit<ContextRecord, 'id' | 'createdAt' | 'origin'> & { origin?: ContextOrigin; createdAt?: string };

/** A retrievable unit, aligned with one object. Lexical fields feed FTS5; `text` feeds the embedder. */
export interface Chunk {
  /** Equals the object id for object chunks. */
  id: string;
  objectId: string;
  source: string;
  kind: ObjectKind;
  /** Lexical fields: identifiers already split so BM25 can match their words. */
  name: string;
  comment: string;
  definition: string;
  context: string;
  /** Text given to the embedder. */
  text: string;
  /** sha256 of the fields above: only changed chunks are re-embedded. */
  contentHash: string;
  /** Scopes (MCP sessions and projects); null for base chunks. */
  project: string | null;
  session: string | null;
}

/** Linguistic role of an entity: a thing, a property, an operation, or a compound phrase. */
export type SemanticType = 'CONCEPT' | 'ATTRIBUTE' | 'ACTION' | 'TERM';

/** Named-entity class when the entity came from NER over prose; null otherwise. */
export type NerType = 'ORG' | 'PERSON' | 'PRODUCT' | 'GPE' | 'EVENT';

/** A normalized concept a chunk mentions (`customer`, `order line`, `Acme Corp`), with a confidence. */
export interface EntityMention {
  /** Normalized: lower case, head noun singular, acronyms keep their case (`API key`). */
  name: string;
  /** For display: title case, acronyms kept (`API Key`, `Acme Corp`). */
  displayName: string;
  semanticType: SemanticType;
  nerType: NerType | null;
  /** 0..1: how sure the extractor is that this chunk is about this entity. */
  confidence: number;
}

/** A chunk with its embedding (null when none was computed) and the entities it mentions. */
export interface ChunkWrite {
  chunk: Chunk;
  vector: Float32Array | null;
  /**
   * Entities the chunk mentions, written with it in the same transaction: they replace the
   * chunk's previous links (absent or empty: the chunk has none). Entity rows are shared by
   * (name, semantic type); one left without links is deleted.
   */
  entities?: readonly EntityMention[];
}
