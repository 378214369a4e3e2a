/**
 * @module adapters/store/sqlite/scope-tables
 * DDL of projects, access tokens, MCP sessions and session documents. `IF NOT EXISTS` because
 * an index created before these tables existed (same schema version 1) gets them when opened.
 */
import type { Database } from 'better-sqlite3';

/**
 * - `tokens.hash` is UNIQUE: a bearer token is looked up by its hash on every request.
 * - `sessions.expires_at` is an ISO timestamp (fixed width, so text order is time order).
 * - `session_documents (session, object_id)` is indexed: cleanup asks, per session chunk,
 *   whether its document is still there.
 * - `chunks_session` is partial: base chunks (session NULL, the vast majority) stay out of it.
 */
export const SCOPE_TABLES_DDL = `
CREATE TABLE IF NOT EXISTS projects (
  name       TEXT NOT NULL PRIMARY KEY,
  sources    TEXT NOT NULL DEFAULT '[]',
  settings   TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
  id         TEXT NOT NULL PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE,
  hash       TEXT NOT NULL UNIQUE,
  projects   TEXT NOT NULL DEFAULT '[]',
  roles      TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
  id              TEXT NOT NULL PRIMARY KEY,
  project         TEXT NOT NULL,
  user            TEXT NOT NULL,
  active_projects TEXT NOT NULL DEFAULT '[]',
  client          TEXT,
  created_at      TEXT NOT NULL,
  last_seen_at    TEXT NOT NULL,
  expires_at      TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires_at);
CREATE TABLE IF NOT EXISTS session_documents (
  session    TEXT NOT NULL,
  name       TEXT NOT NULL,
  object_id  TEXT NOT NULL,
  mime_type  TEXT NOT NULL,
  text       TEXT NOT NULL,
  chunks     INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (session, name)
);
CREATE INDEX IF NOT EXISTS session_documents_object ON session_documents (session, object_id);
CREATE INDEX IF NOT EXISTS chunks_session ON chunks (session) WHERE session IS NOT NULL;
`;

/** True when a chunk (the table `chunks`, unaliased) belongs to a session document still stored. */
export const LIVE_SESSION_DOCUMENT = 'EXISTS (SELECT 1 FROM session_documents d WHERE d.session = chunks.session AND d.object_id = chunks.object_id)';

/**
 * Creates the tables when missing, and `sessions.client` in an index made before sessions kept
 * their client's name (same schema version; additive, older sessions read null). Cheap when they
 * exist (no write is made).
 */
export function ensureScopeTables(db: Database): void {
  const missing = db
    .prepare<[], number>("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('projects', 'tokens', 'sessions', 'session_documents')")
    .pluck()
    .get();
  if (missing !== 4) db.exec(SCOPE_TABLES_DDL);
  const columns = db.prepare<[], string>("SELECT name FROM pragma_table_info('sessions')").pluck().all();
  if (!columns.includes('client')) db.exec('ALTER TABLE sessions ADD COLUMN client TEXT');
}
