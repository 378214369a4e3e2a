/**
 * @module ports/connector
 * What a source connector (postgres, graphql, …) offers the core.
 */
import type { CatalogEdge, CatalogObject, SourceSnapshot } from './catalog.js';

/** A registered source as the core hands it to a connector. */
export interface SourceRecord {
  name: string;
  type: string;
  /** Connection string or endpoint URL as the user gave it (may embed a password; always redact). */
  url: string;
  options: SourceOptions;
  createdAt: string;
}

export interface SourceOptions {
  /** Schemas to include; empty means all non-system schemas. */
  schemas?: string[];
  /** Glob patterns (`tmp_*`, `audit.*`) of objects to skip. */
  skipPatterns?: string[];
  /** Name of an environment variable holding the password. */
  passwordEnv?: string;
  [key: string]: unknown;
}

/** One privilege finding from an access check. */
export interface AccessFinding {
  /** Stable code, e.g. `SUPERUSER`, `TABLE_WRITE`, `SCHEMA_CREATE`. */
  code: string;
  /** `fail` findings make the check fail; `info` ones are reported only. */
  severity: 'fail' | 'info';
  message: string;
}

export interface AccessReport {
  ok: boolean;
  role: string;
  findings: AccessFinding[];
}

/** How much an access check must say. */
export interface AccessCheckOptions {
  /**
   * Only the verdict is read (an update's check before it introspects): a connector may leave out
   * findings that cost as much as the introspection itself (a code source's listing of every file).
   */
  verdictOnly?: boolean;
}

export interface IntrospectOptions {
  onProgress?: (step: string, done: number, total: number) => void;
  signal?: AbortSignal;
  /** The source's objects as indexed now, for connectors that skip unchanged work (documents: bytes already extracted). */
  stored?: () => Promise<readonly CatalogObject[]>;
}

/** The fresh state of one element (single-element update): these resources are replaced by these objects. */
export interface ElementSnapshot {
  /** Resources the element owns; any of them absent from `objects` is removed. */
  resources: string[];
  objects: CatalogObject[];
  edges: CatalogEdge[];
}

/** Who a query runs as. Never the service credential: the user's token, or explicitly nobody. */
export interface ExecutionCredential {
  userToken?: string | null;
  allowAnonymous?: boolean;
}

export interface ExecuteRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  /** `json` (default) or `arrow` (Hugr `/ipc`). */
  format?: 'json' | 'arrow';
  /** Rows per table the caller will read; an Arrow answer stops decoding a table past it. */
  maxRows?: number;
  signal?: AbortSignal;
}

export interface ExecuteError {
  message: string;
  path?: Array<string | number>;
  locations?: Array<{ line: number; column: number }>;
  extensions?: Record<string, unknown>;
}

export interface ExecuteResponse {
  data: Record<string, unknown> | null;
  errors: ExecuteError[];
  extensions?: Record<string, unknown>;
  /** Where the operation was validated before it ran. */
  validation: 'server' | 'client' | 'none';
  /** Set when errors stopped it: at validation (nothing ran) or at execution. */
  failedAt?: 'validation' | 'execution';
  /** Who the server says ran it (Hugr `core.auth.me`), or why it cannot say. */
  ranAs?: RanAs;
  /** Notes on what was changed before running (e.g. a row cap injected). */
  notes?: string[];
  /** Rows a result table held, by result path, where fewer were decoded (`maxRows`). */
  rowCounts?: Record<string, number>;
}

export type RanAs = { userId: string; userName: string; role: string; authType: string } | { unknown: string };

/**
 * Outcome of checking a read-only query on a live source: its output columns, or the
 * database's refusal (with the 1-based character position in the query when it gave one).
 */
export type QueryProbe =
  { ok: true; columns: Array<{ name: string; type: string }> } | { ok: false; error: string; position: number | null; sqlState: string | null };

export interface Connector {
  readonly type: string;
  /** Checks and normalises a new source's settings; throws SextantError on bad input. */
  validate(source: SourceRecord): void;
  /** Checks the credential's privileges against the read-only policy. */
  checkAccess(source: SourceRecord, options?: AccessCheckOptions): Promise<AccessReport>;
  /** Reads the source's metadata. Never row values. */
  introspect(source: SourceRecord, options?: IntrospectOptions): Promise<SourceSnapshot>;
  /**
   * Optional capability (glossary SQL validation): runs `sql`, which must be exactly one
   * read-only query, as a LIMIT 1 probe in a guarded read-only session under the statement
   * timeout, changing nothing and discarding row values. A query the database refuses is a
   * result (`ok: false`); failing to reach or log in to the source throws.
   */
  probeQuery?(source: SourceRecord, sql: string): Promise<QueryProbe>;
  /** Re-reads one stored element (data object, function, module, …) without introspecting everything. */
  introspectElement?(source: SourceRecord, element: CatalogObject, stored: readonly CatalogObject[], options?: IntrospectOptions): Promise<ElementSnapshot>;
  /** Runs an operation on behalf of a user (API sources). Validates first; never uses the service credential. */
  execute?(source: SourceRecord, request: ExecuteRequest, credential: ExecutionCredential): Promise<ExecuteResponse>;
}
