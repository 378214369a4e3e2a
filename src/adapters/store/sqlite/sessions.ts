/**
 * @module adapters/store/sqlite/sessions
 * Rows of `sessions` and `session_documents`, and the session-scoped chunks they own. Callers
 * wrap each write in one transaction (the store's `#write`), except `touch`, which is a single
 * statement on purpose: it runs on every tool call and must not invalidate the vector cache.
 */
import type { Database, Statement } from 'better-sqlite3';
import { SextantError } from '../../../kernel/errors.js';
import type { ChunkWrite, SessionDocumentRecord, SessionRecord } from '../../../ports/store.js';
import { toDocument, toSession, type DocumentRow, type SessionRow } from '../rows.js';
import type { LexicalIndex } from './lexical.js';
import type { IndexWriter } from './writes.js';

/** Chunks of one session (`object_id` optional: one document's only). */
const SESSION_CHUNKS = 'session = ? AND (? IS NULL OR object_id = ?)';

export class SessionTables {
  readonly #db: Database;
  readonly #lexical: LexicalIndex;
  readonly #writer: IndexWriter;
  readonly #s: {
    put: Statement<unknown[]>;
    get: Statement<[string], SessionRow>;
    list: Statement<[], SessionRow>;
    touch: Statement<[string, string, string]>;
    remove: Statement<[string]>;
    expired: Statement<[string], string>;
    putDocument: Statement<unknown[]>;
    getDocument: Statement<[string, string], DocumentRow>;
    listDocuments: Statement<[string], DocumentRow>;
    removeDocument: Statement<[string, string]>;
    removeDocuments: Statement<[string]>;
    chunkIds: Statement<[string], string>;
    deleteVectors: Statement<unknown[]>;
    deleteChunks: Statement<unknown[]>;
  };

  constructor(db: Database, lexical: LexicalIndex, writer: IndexWriter) {
    this.#db = db;
    this.#lexical = lexical;
    this.#writer = writer;
    this.#s = {
      put: db.prepare(
        `INSERT INTO sessions (id, project, user, active_projects, client, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET project = excluded.project, user = excluded.user, active_projects = excluded.active_projects,
         client = excluded.client, last_seen_at = excluded.last_seen_at, expires_at = excluded.expires_at`,
      ),
      get: db.prepare('SELECT * FROM sessions WHERE id = ?'),
      list: db.prepare('SELECT * FROM sessions ORDER BY created_at, id'),
      touch: db.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?'),
      remove: db.prepare('DELETE FROM sessions WHERE id = ?'),
      expired: db.prepare<[string], string>('SELECT id FROM sessions WHERE expires_at < ? ORDER BY id').pluck(),
      putDocument: db.prepare(
        `INSERT INTO session_documents (session, name, object_id, mime_type, text, chunks, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (session, name) DO UPDATE SET object_id = excluded.object_id, mime_type = excluded.mime_type, text = excluded.text,
         chunks = excluded.chunks, created_at = excluded.created_at`,
      ),
      getDocument: db.prepare('SELECT * FROM session_documents WHERE session = ? AND name = ?'),
      listDocuments: db.prepare('SELECT * FROM session_documents WHERE session = ? ORDER BY name'),
      removeDocument: db.prepare('DELETE FROM session_documents WHERE session = ? AND name = ?'),
      removeDocuments: db.prepare('DELETE FROM session_documents WHERE session = ?'),
      chunkIds: db.prepare<[string], string>('SELECT id FROM chunks WHERE session = ? ORDER BY id').pluck(),
      deleteVectors: db.prepare(`DELETE FROM vectors WHERE rid IN (SELECT rid FROM chunks WHERE ${SESSION_CHUNKS})`),
      deleteChunks: db.prepare(`DELETE FROM chunks WHERE ${SESSION_CHUNKS}`),
    };
  }

  put(session: SessionRecord): void {
    this.#s.put.run(
      session.id,
      session.project,
      session.user,
      JSON.stringify(session.activeProjects),
      session.client,
      session.createdAt,
      session.lastSeenAt,
      session.expiresAt,
    );
  }

  get(id: string): SessionRecord | null {
    const row = this.#s.get.get(id);
    return row ? toSession(row) : null;
  }

  list(): SessionRecord[] {
    return this.#s.list.all().map(toSession);
  }

  touch(id: string, lastSeenAt: string, expiresAt: string): boolean {
    return this.#s.touch.run(lastSeenAt, expiresAt, id).changes > 0;
  }

  remove(id: string): boolean {
    this.#deleteChunks(id, null);
    this.#s.removeDocuments.run(id);
    return this.#s.remove.run(id).changes > 0;
  }

  removeExpired(now: string): string[] {
    const ids = this.#s.expired.all(now);
    for (const id of ids) this.remove(id);
    return ids;
  }

  putDocument(document: SessionDocumentRecord, chunks: readonly ChunkWrite[]): void {
    if (!this.#s.get.get(document.session)) {
      throw new SextantError('USAGE', `no session '${document.session}'`, { hint: 'the session expired or was closed; reconnect to start a new one' });
    }
    const source = chunks[0]?.chunk.source;
    for (const { chunk } of chunks) {
      if (chunk.session !== document.session || chunk.objectId !== document.objectId || chunk.source !== source) {
        throw new SextantError('INTERNAL', `chunk ${chunk.id} does not belong to document ${document.name} of session ${document.session}`);
      }
    }
    const previous = this.#s.getDocument.get(document.session, document.name);
    if (previous) this.#deleteChunks(document.session, previous.object_id);
    this.#s.putDocument.run(document.session, document.name, document.objectId, document.mimeType, document.text, document.chunks, document.createdAt);
    if (source !== undefined) this.#writer.applyChunkChanges(source, { upsert: [...chunks], remove: [], effectiveContexts: [] });
  }

  getDocument(session: string, name: string): SessionDocumentRecord | null {
    const row = this.#s.getDocument.get(session, name);
    return row ? toDocument(row) : null;
  }

  listDocuments(session: string): SessionDocumentRecord[] {
    return this.#s.listDocuments.all(session).map(toDocument);
  }

  removeDocument(session: string, name: string): boolean {
    const row = this.#s.getDocument.get(session, name);
    if (!row) return false;
    this.#deleteChunks(session, row.object_id);
    this.#s.removeDocument.run(session, name);
    return true;
  }

  chunkIds(session: string): string[] {
    return this.#s.chunkIds.all(session);
  }

  /** FTS rows, vectors, then chunks of a session (or of one of its documents). */
  #deleteChunks(session: string, objectId: string | null): void {
    const params = [session, objectId, objectId];
    this.#lexical.deleteWhere(SESSION_CHUNKS, ...params);
    this.#s.deleteVectors.run(...params);
    this.#s.deleteChunks.run(...params);
  }

  /** For cleanup: expired sessions, then documents whose session is gone. Their chunks become orphans. */
  deleteExpired(now: string): { sessions: number; sessionDocuments: number } {
    const sessions = this.removeExpired(now).length;
    const sessionDocuments = this.#db.prepare('DELETE FROM session_documents WHERE session NOT IN (SELECT id FROM sessions)').run().changes;
    return { sessions, sessionDocuments };
  }
}
