/**
 * @module kernel/errors
 * One error type with a stable code and what to do about it: a remedy (data each presentation
 * words from its one table) or a plain hint. Presentations map codes once (exit code, MCP
 * isError, HTTP status).
 */
import { plainRemedy, type Remedy } from './remedy.js';

export type ErrorCode =
  | 'USAGE'
  | 'INVALID_DSN'
  | 'SOURCE_EXISTS'
  | 'SOURCE_NOT_FOUND'
  | 'SOURCE_UNREACHABLE'
  | 'AUTH_FAILED'
  | 'DATABASE_NOT_FOUND'
  | 'STATEMENT_TIMEOUT'
  | 'PRIVILEGES_TOO_BROAD'
  | 'INTROSPECTION_FAILED'
  | 'OBJECT_NOT_FOUND'
  | 'CONTEXT_NOT_FOUND'
  | 'INVALID_TARGET'
  | 'INDEX_VERSION_MISMATCH'
  | 'INDEX_CORRUPT'
  | 'CONFIG_INVALID'
  | 'EMBEDDER_UNAVAILABLE'
  | 'MODEL_NOT_FOUND'
  | 'UPSTREAM_FAILED'
  | 'INTERRUPTED'
  | 'PROJECT_NOT_FOUND'
  | 'PROJECT_EXISTS'
  | 'SESSION_NOT_FOUND'
  | 'TOO_MANY_SESSIONS'
  | 'DOCUMENT_NOT_FOUND'
  | 'DOCUMENT_UNREADABLE'
  | 'TOKEN_NOT_FOUND'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'TERM_NOT_FOUND'
  | 'TERM_EXISTS'
  | 'ALIAS_CONFLICT'
  | 'TERM_CHANGED'
  | 'SQL_INVALID'
  | 'SPEC_INVALID'
  | 'LLM_NOT_CONFIGURED'
  | 'INTERNAL';

export class SextantError extends Error {
  readonly code: ErrorCode;
  /**
   * What to do, in words every output shows as they are; where there is a `remedy`, the fallback of
   * outputs that do not word one (logs, `toLine`): given, or else the remedy in words that name no presentation.
   */
  readonly hint: string | undefined;
  /** What fixes it, as an action: the CLI, MCP and the web UI word it in place of `hint`. */
  readonly remedy: Remedy | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { hint?: string; remedy?: Remedy | undefined; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SextantError';
    this.code = code;
    this.hint = options.hint ?? (options.remedy ? plainRemedy(options.remedy) : undefined);
    this.remedy = options.remedy;
    this.details = options.details;
  }

  /** One line: what is wrong, then what to do. */
  toLine(): string {
    return this.hint ? `${this.message}. ${this.hint}` : this.message;
  }
}

export function isSextantError(err: unknown): err is SextantError {
  return err instanceof SextantError;
}
