/**
 * @module presentations/http/status
 * One map from every core error code to its HTTP status, for every route the HTTP host serves
 * (`/mcp` today, `/ui` and `/api` next). A `Record` over `ErrorCode`: a new code without a
 * status does not compile.
 */
import type { ErrorCode } from '../../kernel/errors.js';

export const HTTP_STATUS_OF: Readonly<Record<ErrorCode, number>> = Object.freeze({
  USAGE: 400,
  INVALID_DSN: 400,
  INVALID_TARGET: 400,
  SQL_INVALID: 400,
  SPEC_INVALID: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  SOURCE_NOT_FOUND: 404,
  OBJECT_NOT_FOUND: 404,
  CONTEXT_NOT_FOUND: 404,
  PROJECT_NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  DOCUMENT_NOT_FOUND: 404,
  DOCUMENT_UNREADABLE: 422,
  TOKEN_NOT_FOUND: 404,
  TERM_NOT_FOUND: 404,
  SOURCE_EXISTS: 409,
  PROJECT_EXISTS: 409,
  TERM_EXISTS: 409,
  ALIAS_CONFLICT: 409,
  TERM_CHANGED: 409,
  PRIVILEGES_TOO_BROAD: 409,
  TOO_MANY_SESSIONS: 429,
  CONFIG_INVALID: 500,
  INTERNAL: 500,
  LLM_NOT_CONFIGURED: 501,
  SOURCE_UNREACHABLE: 502,
  AUTH_FAILED: 502,
  DATABASE_NOT_FOUND: 502,
  INTROSPECTION_FAILED: 502,
  UPSTREAM_FAILED: 502,
  INDEX_VERSION_MISMATCH: 503,
  INDEX_CORRUPT: 503,
  EMBEDDER_UNAVAILABLE: 503,
  MODEL_NOT_FOUND: 503,
  INTERRUPTED: 503,
  STATEMENT_TIMEOUT: 504,
});

/** The HTTP status of a core error code; 500 for a code this build does not know (an older peer's, say). */
export function statusFor(code: string): number {
  return (HTTP_STATUS_OF as Readonly<Record<string, number>>)[code] ?? 500;
}
