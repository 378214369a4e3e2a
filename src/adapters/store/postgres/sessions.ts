/**
 * @module adapters/store/postgres/sessions
 * Projects, tokens, sessions and session documents (with their session-scoped chunks). Any
 * server reads and writes them, so a session opened on one server is served by every other.
 */
import { SextantError } from '../../../kernel/errors.js';
import type { ChunkWrite, ProjectRecord, SessionDocumentRecord, SessionRecord, TokenRecord } from '../../../ports/store.js';
import { toDocument, toProject, toSession, toToken, type DocumentRow, type ProjectRow, type SessionRow, type TokenRow } from '../rows.js';
import type { Db } from './db.js';
import { applyChunkChanges } from './writes.js';

const SESSION_COLUMNS = 'id, project, user_name AS "user", active_projects, client, created_at, last_seen_at, expires_at';

export async function listProjects(db: Db): Promise<ProjectRecord[]> {
  return (await db.query<ProjectRow>('SELECT * FROM projects ORDER BY name')).rows.map(toProject);
}

export async function getProject(db: Db, name: string): Promise<ProjectRecord | null> {
  const row = (await db.query<ProjectRow>('SELECT * FROM projects WHERE name = $1', [name])).rows[0];
  return row ? toProject(row) : null;
}

export async function putProject(db: Db, project: ProjectRecord): Promise<void> {
  await db.query(
    `INSERT INTO projects (name, sources, settings, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name) DO UPDATE SET sources = excluded.sources, settings = excluded.settings`,
    [project.name, JSON.stringify(project.sources), JSON.stringify(project.settings), project.createdAt],
  );
}

export async function addToken(db: Db, token: TokenRecord): Promise<void> {
  const exists = await db.query('SELECT 1 FROM tokens WHERE name = $1 OR id = $2 OR hash = $3', [token.name, token.id, token.hash]);
  if (exists.rows.length > 0) {
    throw new SextantError('USAGE', `a token named '${token.name}' already exists`, { hint: 'pick another --name, or revoke the existing token first' });
  }
  await db.query('INSERT INTO tokens (id, name, hash, projects, roles, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    token.id,
    token.name,
    token.hash,
    JSON.stringify(token.projects),
    JSON.stringify(token.roles),
    token.createdAt,
  ]);
}

export async function listTokens(db: Db): Promise<TokenRecord[]> {
  return (await db.query<TokenRow>('SELECT * FROM tokens ORDER BY name')).rows.map(toToken);
}

export async function findTokenByHash(db: Db, hash: string): Promise<TokenRecord | null> {
  const row = (await db.query<TokenRow>('SELECT * FROM tokens WHERE hash = $1', [hash])).rows[0];
  return row ? toToken(row) : null;
}

export async function removeToken(db: Db, nameOrId: string): Promise<boolean> {
  return ((await db.query('DELETE FROM tokens WHERE name = $1 OR id = $1', [nameOrId])).rowCount ?? 0) > 0;
}

export async function putSession(db: Db, s: SessionRecord): Promise<void> {
  await db.query(
    `INSERT INTO sessions (id, project, user_name, active_projects, client, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (id) DO UPDATE SET project = excluded.project, user_name = excluded.user_name, active_projects = excluded.active_projects,
       client = excluded.client, last_seen_at = excluded.last_seen_at, expires_at = excluded.expires_at`,
    [s.id, s.project, s.user, JSON.stringify(s.activeProjects), s.client, s.createdAt, s.lastSeenAt, s.expiresAt],
  );
}

export async function getSession(db: Db, id: string): Promise<SessionRecord | null> {
  const row = (await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = $1`, [id])).rows[0];
  return row ? toSession(row) : null;
}

export async function listSessions(db: Db): Promise<SessionRecord[]> {
  return (await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions ORDER BY created_at, id`)).rows.map(toSession);
}

export async function touchSession(db: Db, id: string, lastSeenAt: string, expiresAt: string): Promise<boolean> {
  return ((await db.query('UPDATE sessions SET last_seen_at = $1, expires_at = $2 WHERE id = $3', [lastSeenAt, expiresAt, id])).rowCount ?? 0) > 0;
}

/** Chunks (with their vectors and links, which cascade) of a session or of one of its documents. */
async function deleteSessionChunks(db: Db, session: string, objectId: string | null): Promise<void> {
  const ids = await db.query<{ id: string; source: string }>('SELECT id, source FROM chunks WHERE session = $1 AND ($2::text IS NULL OR object_id = $2)', [
    session,
    objectId,
  ]);
  const bySource = new Map<string, string[]>();
  for (const r of ids.rows) bySource.set(r.source, [...(bySource.get(r.source) ?? []), r.id]);
  for (const [source, remove] of bySource) await applyChunkChanges(db, source, { upsert: [], remove, effectiveContexts: [] });
}

export async function removeSession(db: Db, id: string): Promise<boolean> {
  await deleteSessionChunks(db, id, null);
  await db.query('DELETE FROM session_documents WHERE session = $1', [id]);
  return ((await db.query('DELETE FROM sessions WHERE id = $1', [id])).rowCount ?? 0) > 0;
}

export async function removeExpiredSessions(db: Db, now: string): Promise<string[]> {
  const ids = (await db.query<{ id: string }>('SELECT id FROM sessions WHERE expires_at < $1 ORDER BY id', [now])).rows.map((r) => r.id);
  for (const id of ids) await removeSession(db, id);
  return ids;
}

export async function putSessionDocument(db: Db, document: SessionDocumentRecord, chunks: readonly ChunkWrite[]): Promise<void> {
  if (!(await getSession(db, document.session))) {
    throw new SextantError('USAGE', `no session '${document.session}'`, { hint: 'the session expired or was closed; reconnect to start a new one' });
  }
  const source = chunks[0]?.chunk.source;
  for (const { chunk } of chunks) {
    if (chunk.session !== document.session || chunk.objectId !== document.objectId || chunk.source !== source) {
      throw new SextantError('INTERNAL', `chunk ${chunk.id} does not belong to document ${document.name} of session ${document.session}`);
    }
  }
  const previous = await getSessionDocument(db, document.session, document.name);
  if (previous) await deleteSessionChunks(db, document.session, previous.objectId);
  await db.query(
    `INSERT INTO session_documents (session, name, object_id, mime_type, text, chunks, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (session, name) DO UPDATE SET object_id = excluded.object_id, mime_type = excluded.mime_type, text = excluded.text,
       chunks = excluded.chunks, created_at = excluded.created_at`,
    [document.session, document.name, document.objectId, document.mimeType, document.text, document.chunks, document.createdAt],
  );
  if (source !== undefined) await applyChunkChanges(db, source, { upsert: [...chunks], remove: [], effectiveContexts: [] });
}

export async function getSessionDocument(db: Db, session: string, name: string): Promise<SessionDocumentRecord | null> {
  const row = (await db.query<DocumentRow>('SELECT * FROM session_documents WHERE session = $1 AND name = $2', [session, name])).rows[0];
  return row ? toDocument(row) : null;
}

export async function listSessionDocuments(db: Db, session: string): Promise<SessionDocumentRecord[]> {
  return (await db.query<DocumentRow>('SELECT * FROM session_documents WHERE session = $1 ORDER BY name', [session])).rows.map(toDocument);
}

export async function removeSessionDocument(db: Db, session: string, name: string): Promise<boolean> {
  const doc = await getSessionDocument(db, session, name);
  if (!doc) return false;
  await deleteSessionChunks(db, session, doc.objectId);
  await db.query('DELETE FROM session_documents WHERE session = $1 AND name = $2', [session, name]);
  return true;
}

export async function sessionChunkIds(db: Db, session: string): Promise<string[]> {
  return (await db.query<{ id: string }>('SELECT id FROM chunks WHERE session = $1 ORDER BY id', [session])).rows.map((r) => r.id);
}

/** For cleanup: expired sessions, then documents whose session is gone. */
export async function deleteExpiredSessions(db: Db, now: string): Promise<{ sessions: number; sessionDocuments: number }> {
  const sessions = (await removeExpiredSessions(db, now)).length;
  const sessionDocuments = (await db.query('DELETE FROM session_documents WHERE session NOT IN (SELECT id FROM sessions)')).rowCount ?? 0;
  return { sessions, sessionDocuments };
}
