/**
 * @module ports/source-kind
 * What one source family (SQL databases, GraphQL APIs, …) teaches the core: the source types it
 * serves, their options, its object kinds and how each becomes chunks, and optional join-like
 * edges and snapshot decorators. Families live in `core/kinds/<family>/` and are registered
 * explicitly in `app.ts`; generic code asks the registry instead of keeping kind lists.
 */
import type { ZodType } from 'zod';
import type { CatalogEdge, CatalogObject, ObjectKind } from './catalog.js';
import type { Connector } from './connector.js';
import type { Llm } from './llm.js';
import type { LlmCache } from './glossary.js';

import type { ProgressFn } from '../kernel/progress.js';

/** One kind of object a family produces, with what generic code may do with it. */
export interface ObjectKindSpec {
  kind: ObjectKind;
  /** How chunk texts and listings name it (`materialized view`). */
  label: string;
  /** Gets chunks (and so is searchable). A kind that is not chunked is still known, never an error. */
  chunked: boolean;
  /** `sextant update --object` may re-read it alone (connector `introspectElement`). */
  singleElementUpdate?: boolean;
  /** `sextant://source/<path>` may name it; earlier kinds of all families win over later ones. */
  pathResolvable?: boolean;
  /** Shown in stepwise listings (MCP resources) as an entry point. */
  listed?: boolean;
  /** Its chunks are passages of one text (a document): `get` lists them in order. */
  passages?: boolean;
  /** Bookkeeping attributes (hashes, HTTP validators, chunking settings) kept for updates and left out of what `get` shows. */
  internalAttributes?: readonly string[];
  /**
   * Attributes that follow the source's history rather than the object itself (a code file's
   * commit counts, co-change partners, its latest commits as places in the log): every new commit
   * moves them. They are stored updated like any other attribute, but a resource whose only change
   * is in them is counted apart from the changed ones (`UpdateReport.history`).
   */
  historyAttributes?: readonly string[];
  /**
   * The attribute that carries the version of the reader that wrote the object (a code file's
   * `scan`) and the attributes that say what it read (the hash of the file's text, of its tree's
   * resolution configs). A resource whose stored objects carry another version but the same
   * inputs was re-read by a newer (or older) reader, not changed: it is rewritten, counted apart
   * from the changed ones (`UpdateReport.rescanned`).
   */
  reader?: ReaderAttributes;
  /** How much a place in the vector list counts for its chunks in hybrid fusion (default 1; lower when the embedder reads this family poorly). */
  vectorWeight?: number;
  /** Other kind names an object id may use for it (`svc:file:PATH` names `svc:code_file:PATH`). */
  idAliases?: readonly string[];
  /** What `get` shows of its attributes and links as a few labelled lines (a code file: its git history, its HTTP routes), in this order. */
  facts?(object: CatalogObject, edges?: ObjectEdges): readonly ObjectFact[];
  /**
   * Whether a tool wrote this object rather than a person (a code file whose comment says
   * `Code generated … DO NOT EDIT.`, and its symbols). Such a file repeats the names of what it was
   * generated from, so search ranks its chunks after hand-written ones of comparable score.
   */
  generated?(object: CatalogObject): boolean;
  /**
   * Whether the object at `path` (its id's path) is test code. A test names what it tests over
   * and over (`TestMiddlewareAbortHandlersChainAndNext`), so search ranks it after the code of
   * comparable score, unless the query asks for tests.
   */
  testCode?(path: string): boolean;
}

/** Which attributes of an object say what read it and what it read (ObjectKindSpec.reader). */
export interface ReaderAttributes {
  version: string;
  inputs: readonly string[];
}

/** An object's edges, as `get` reads them. */
export interface ObjectEdges {
  outgoing: readonly CatalogEdge[];
  incoming: readonly CatalogEdge[];
}

/** One labelled line `get` shows for an object (ObjectKindSpec.facts). */
export interface ObjectFact {
  label: string;
  value: string;
}

/** A source type a family serves (`postgres`, `hugr`, `graphql`). */
export interface SourceTypeSpec {
  type: string;
  description: string;
  /** True when a URL alone says it is a source of this type (`postgres://…`). Asked in registration order. */
  matchesUrl?(url: string): boolean;
}

/** Raw text of one chunk before the lexical transform (identifiers not yet split). */
export interface ChunkFields {
  nameText: string;
  comment: string;
  definition: string;
  context: string;
  /** Parts of the embedder's text, joined as sentences. */
  textParts: readonly string[];
}

/** The neighbourhood of an object inside its snapshot, indexed once per chunk run. */
export interface SnapshotNeighbourhood {
  get(id: string): CatalogObject | undefined;
  children(id: string): readonly CatalogObject[];
  outgoing(id: string): readonly CatalogEdge[];
}

/** What a snapshot decorator may use (an LLM for summaries, the store for cached answers). */
export interface DecoratorDeps {
  store: LlmCache;
  source: string;
  llm?: () => Promise<Llm | null>;
  onProgress?: ProgressFn;
  /**
   * Objects of these kinds in the index's other sources (code files link to the tables their SQL
   * names), or only the children of these parents (the columns of the tables a code source names).
   */
  otherObjects?: (kinds: readonly string[], parentIds?: readonly string[]) => Promise<CatalogObject[]>;
}

export interface SourceKind {
  /** Family name, e.g. `sql`, `graphql`. */
  readonly family: string;
  readonly sourceTypes: readonly SourceTypeSpec[];
  /** The options a source of this family accepts (stored as given; validated on `source add`). */
  readonly options: ZodType;
  readonly objectKinds: readonly ObjectKindSpec[];
  /**
   * The chunks of one object of a chunked kind: usually one; documents will yield several.
   * The first chunk's id is the object id, later ones `<id>#<n>`. `context` is the object's
   * effective context.
   */
  chunkParts(object: CatalogObject, around: SnapshotNeighbourhood, context: string): ChunkFields[];
  /** Edge kinds that join two objects like a foreign key does (structure ranking follows them). */
  readonly joinEdgeKinds?: readonly string[];
  /** Wraps the family's connector for an update, e.g. to attach LLM summaries to the snapshot. */
  decorateConnector?(connector: Connector, deps: DecoratorDeps): Connector;
  /**
   * Its update links to other sources' objects (`DecoratorDeps.otherObjects`: code to the tables its
   * SQL names), so it runs after the sources that do not, and again when one of those changed.
   */
  readonly linksOtherSources?: boolean;
}
