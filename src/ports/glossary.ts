/**
 * @module ports/glossary
 * Business glossary persistence: terms with aliases, their change history and the LLM response
 * cache. Part of the Store port (`Store extends GlossaryStore`); covered by the store contract.
 */
import { SextantError } from '../kernel/errors.js';
import type { CatalogObject, ChunkWrite } from './catalog.js';

/** Where a term came from: the LLM (`sextant glossary infer`), a person (CLI), an MCP client. */
export type TermOrigin = 'inferred' | 'manual' | 'client';

export const TERM_ORIGINS: readonly TermOrigin[] = Object.freeze(['inferred', 'manual', 'client']);

/** One output column of a term's SQL, as the database described it. */
export interface OutputColumn {
  name: string;
  /** `format_type` spelling, e.g. `bigint`, `numeric(10,2)`, `timestamp with time zone`. */
  type: string;
}

/** Result of the last check of a term's SQL against its source. */
export interface TermValidation {
  /** `stale`: the SQL no longer runs (e.g. a column it used was dropped). */
  status: 'valid' | 'stale';
  checkedAt: string;
  /** The database's error when stale (what failed, one line). */
  error: string | null;
  /**
   * What to do about it, kept apart from `error` (a term whose SQL was not run at all: the role may
   * write). Validations stored before it was kept apart have none: their `error` holds both, joined.
   */
  hint?: string;
}

/** Fields a writer sets; the store adds id and timestamps. */
export interface TermFields {
  project: string;
  term: string;
  definition: string;
  /** The defining SQL: one read-only statement. */
  sql: string;
  /** Source the SQL runs on. */
  source: string;
  /** Qualified relation path (`public.orders`) when given; it existed in the index when written. */
  baseTable: string | null;
  outputColumns: OutputColumn[];
  origin: TermOrigin;
  aliases: string[];
  validation: TermValidation;
}

export interface GlossaryTerm extends TermFields {
  id: number;
  createdAt: string;
  /** User subject (token name, JWT sub, CLI user); null for anonymous MCP clients and inference. */
  createdBy: string | null;
  updatedAt: string;
  updatedBy: string | null;
}

/** Who made a change and through what. */
export interface ChangeActor {
  user: string | null;
  /** MCP client `name/version` from its initialize request; null outside MCP. */
  client: string | null;
  via: 'cli' | 'mcp' | 'infer' | 'api' | 'web';
}

/** One create/update/delete of a term. `before` is null for a create, `after` for a delete. */
export interface GlossaryChange {
  id: number;
  project: string;
  termId: number;
  term: string;
  action: 'create' | 'update' | 'delete';
  before: GlossaryTerm | null;
  after: GlossaryTerm | null;
  actor: ChangeActor;
  at: string;
}

/**
 * A term's searchable form, written in the same transaction as the term: one catalog object
 * (kind `glossary_term`, resource `glossary`, so source updates never touch it) and its chunk
 * (scoped to the term's project).
 */
export interface TermIndexWrite {
  object: CatalogObject;
  chunk: ChunkWrite;
}

export interface GlossaryStore {
  /** Terms of a project (every project when omitted), by project then term, aliases included. */
  listTerms(project?: string): Promise<GlossaryTerm[]>;
  /** Terms whose SQL runs on `source`, every project. */
  termsOfSource(source: string): Promise<GlossaryTerm[]>;
  /** The term whose name or one of whose aliases equals `nameOrAlias`, case-insensitively. */
  findTerm(project: string, nameOrAlias: string): Promise<GlossaryTerm | null>;
  /**
   * Stores a new term, its aliases, its index rows and a `create` change, atomically. Throws
   * TERM_EXISTS when the project has the name as a term, ALIAS_CONFLICT when a name or alias is
   * taken by another term (as a term or alias); nothing is written then.
   */
  createTerm(fields: TermFields, index: TermIndexWrite, actor: ChangeActor, at: string): Promise<GlossaryTerm>;
  /**
   * Replaces a term's fields (aliases whole) and its index rows and records an `update` change,
   * atomically, with the conflict checks of {@link createTerm}. TERM_NOT_FOUND when `id` is gone.
   * With `seen` (the term as the caller read it), TERM_CHANGED and nothing written when another
   * writer changed the term since (see {@link sameTermVersion}).
   */
  updateTerm(id: number, fields: TermFields, index: TermIndexWrite, actor: ChangeActor, at: string, seen?: GlossaryTerm): Promise<GlossaryTerm>;
  /** Deletes the term with its aliases and index rows and records a `delete` change; null when gone. */
  deleteTerm(id: number, actor: ChangeActor, at: string): Promise<GlossaryTerm | null>;
  /** Records a re-validation (no history entry: the term did not change); `outputColumns` when valid. */
  setTermValidation(id: number, validation: TermValidation, outputColumns?: OutputColumn[]): Promise<void>;
  /** Changes of a project (or of one term id), oldest first. */
  glossaryHistory(project: string, termId?: number): Promise<GlossaryChange[]>;
  /** Every alias of every project with the name of its term. */
  glossaryAliases(): Promise<Array<{ project: string; alias: string; term: string }>>;
  /** Every change of every project, oldest first (copying an index between stores). */
  allGlossaryHistory(): Promise<GlossaryChange[]>;
  /**
   * Writes terms (with their ids, authors and dates), their index rows and history rows exactly
   * as given, atomically, into a store without glossary terms or history (USAGE otherwise); later
   * terms and changes get ids after the largest restored. For copying an index between stores.
   */
  restoreGlossary(terms: ReadonlyArray<{ term: GlossaryTerm; index: TermIndexWrite }>, history: readonly GlossaryChange[]): Promise<void>;
}

/** One cached LLM answer. */
export interface CachedCompletion {
  key: string;
  model: string;
  response: string;
  createdAt: string;
}

/** LLM response cache (keyed by a hash of model and prompt). */
export interface LlmCache {
  getCachedCompletion(key: string): Promise<string | null>;
  /** `createdAt` defaults to now (a copy keeps the original's). */
  putCachedCompletion(key: string, model: string, response: string, createdAt?: string): Promise<void>;
  /** Every cached answer, by key. */
  listCachedCompletions(): Promise<CachedCompletion[]>;
}

/**
 * Whether the stored term is still the one a writer read: same name, definition, SQL, source,
 * base table, origin, aliases, validation, output columns and last update. A re-validation
 * counts: an edit prepared before it would otherwise write back the validation it replaced
 * (a term `update` just found stale shown as valid again).
 */
export function sameTermVersion(stored: GlossaryTerm, seen: GlossaryTerm): boolean {
  const version = (t: GlossaryTerm) =>
    JSON.stringify([t.term, t.definition, t.sql, t.source, t.baseTable, t.origin, t.aliases, t.validation, t.outputColumns, t.updatedAt, t.updatedBy]);
  return version(stored) === version(seen);
}

/** The error of an update whose term another writer changed after it was read. */
export function termChanged(term: GlossaryTerm): SextantError {
  return new SextantError('TERM_CHANGED', `term '${term.term}' was changed by someone else while this update was prepared`, {
    hint: 'read the term again and retry the change',
  });
}
