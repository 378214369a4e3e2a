/**
 * @module kernel/errors
 * One error type with a stable code and an actionable hint. Presentations map codes once
 * (exit code, MCP isError, HTTP status).
 */
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
  readonly hint: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: { hint?: string; details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SextantError';
    this.code = code;
    this.hint = options.hint;
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
