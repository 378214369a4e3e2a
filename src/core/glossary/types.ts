/**
 * @module core/glossary/types
 * What the glossary API takes and returns, whatever the presentation. Expected failures are
 * results (`success: false` with a stable code), as MCP tools return them (seed 002).
 */
import type { Remedy } from '../../kernel/remedy.js';
import type { ChangeActor, GlossaryTerm, OutputColumn, TermOrigin } from '../../ports/glossary.js';

export type { ChangeActor, GlossaryChange, GlossaryTerm, OutputColumn, TermOrigin } from '../../ports/glossary.js';
export { TERM_ORIGINS } from '../../ports/glossary.js';

export interface TermInput {
  term: string;
  definition: string;
  /** The defining SQL: one read-only query. */
  sql: string;
  /** Source the SQL runs on; optional when the project serves exactly one source. */
  source?: string;
  /** `public.orders`, `orders` or an object id; must exist in the index. */
  baseTable?: string | null;
  aliases?: readonly string[];
}

/** Only the fields given change; `aliases` replaces the whole list; `baseTable: null` clears it. */
export interface TermPatch {
  /** New name (rename). */
  term?: string;
  definition?: string;
  sql?: string;
  source?: string;
  baseTable?: string | null;
  aliases?: readonly string[];
}

export type GlossaryFailureCode =
  'INVALID_INPUT' | 'TERM_EXISTS' | 'ALIAS_CONFLICT' | 'TERM_NOT_FOUND' | 'SQL_INVALID' | 'BASE_TABLE_NOT_FOUND' | 'SOURCE_NOT_FOUND';

/**
 * What would fix a glossary failure (the kernel's remedies it uses), as data rather than words:
 * each presentation words it for its own audience (the CLI names `sextant glossary …` commands,
 * MCP its tools, the web UI its pages).
 */
export type GlossaryRemedy = Extract<Remedy, { action: 'list-terms' | 'edit-term' | 'add-source' | 'describe-source' }>;

export interface GlossaryFailure {
  success: false;
  code: GlossaryFailureCode;
  error: string;
  /**
   * What to do about it, apart from `error`, in words every presentation shows as they are (they
   * name no presentation's command): "did you mean 'revenue'?", a read-only role for refused SQL.
   */
  hint?: string;
  /** What to do about it as an action each presentation words (when there is no `hint`). */
  remedy?: GlossaryRemedy;
  /** TERM_NOT_FOUND: the names and aliases closest to the one asked for, best first (the `hint` says them). */
  suggestions?: string[];
  /** 1-based character position in the SQL, for SQL_INVALID when the database gave one. */
  position?: number | null;
}

export type TermResult = { success: true; term: GlossaryTerm; changed: boolean } | GlossaryFailure;
export type DeleteResult = { success: true; message: string; term: GlossaryTerm } | GlossaryFailure;
/** A term by name or alias, or TERM_NOT_FOUND with the names closest to it. */
export type LookupResult = { success: true; term: GlossaryTerm } | GlossaryFailure;

/** `test-sql`: the columns a query returns, or why the database refused it. */
export type SqlCheck =
  | { valid: true; source: string; outputColumns: OutputColumn[] }
  | {
      valid: false;
      source: string;
      /** What failed (one line). */
      error: string;
      /** What to do about it, kept apart from `error` (a refusal to run the SQL at all has one). */
      hint?: string;
      position: number | null;
      sqlState: string | null;
    };

export interface ListFilter {
  origin?: TermOrigin;
  /** Case-insensitive substring of the name, an alias or the definition. */
  text?: string;
  source?: string;
  /** Only stale terms. */
  stale?: boolean;
  /** Only terms whose base table is this relation, by object id (`demo:table:shop.sales_order`). */
  baseTable?: string;
}

export interface RevalidationReport {
  source: string;
  checked: number;
  /** Terms that broke by this check (name → database error, and what to do apart when there is something). */
  broke: Array<{ project: string; term: string; error: string; hint?: string }>;
  /** Terms that were stale and run again. */
  fixed: Array<{ project: string; term: string }>;
  /** Set when the source could not be reached: terms were left as they were. */
  error: string | null;
  /** What to do about `error`, kept apart from it. */
  hint?: string;
}

/** Actor of a CLI command. */
export function cliActor(user: string | null): ChangeActor {
  return { user, client: null, via: 'cli' };
}
