/**
 * @module core/sessions/session-service
 * Agent sessions: opened per MCP session id, with the projects active in them and documents
 * added mid-session (visible to that session alone). Idle sessions expire and take their data.
 * A session's visibility is base ∪ its active projects ∪ its own documents, applied by every
 * search through {@link SessionService.scope} and by everything else through the scoped engine
 * (core/scope).
 */
import { randomUUID } from 'node:crypto';
import type { Embedder } from '../../ports/embedder.js';
import type {
  CatalogStore,
  ChunkIndex,
  EntityIndex,
  EntityPage,
  ScopeStore,
  SessionDocumentRecord,
  SessionRecord,
  Store,
  StoreMaintenance,
} from '../../ports/store.js';
import { canAccessProject, type RequestUser } from '../auth/user.js';
import { SextantError } from '../../kernel/errors.js';
import type { ProjectService } from '../projects/projects.js';
import { requireSource } from '../sources.js';
import { buildDocumentChunks, MAX_DOCUMENTS_PER_SESSION, SESSION_SOURCE, validateDocument, type DocumentInput } from './session-documents.js';

export const DEFAULT_SESSION_TTL_MS = 30 * 60 * 1000;
/** Touches closer together than this are skipped: a tool call must not always cost a write. */
const TOUCH_INTERVAL_MS = 10_000;

/** The slices of the store that sessions use. */
export type SessionStore = ScopeStore &
  Pick<CatalogStore, 'getSource' | 'listSources'> &
  Pick<ChunkIndex, 'embeddingModel'> &
  Pick<EntityIndex, 'listEntities'> &
  Pick<StoreMaintenance, 'holdSweepLock'> &
  Pick<Store, 'capabilities'>;

export interface OpenSessionInput {
  /** The transport's session id; a new UUID when omitted. */
  id?: string;
  project: string;
  user: RequestUser;
  /** Idle time after which the session and its documents are removed. */
  ttlMs?: number;
  /** The MCP client's `name/version`, when its `initialize` is known at opening. */
  client?: string | null;
}

/** Where a search of this session may look. */
export interface SessionScope {
  /** Sources to search; absent means every source. Always includes session documents. */
  sources?: string[];
  projects: string[];
  session: string;
}

export interface SessionEntityOptions {
  /** Only the entities of this session's own documents (default: of everything it searches). */
  documentsOnly?: boolean;
  limit?: number;
  cursor?: string;
}

export interface DocumentSummary {
  name: string;
  mimeType: string;
  chars: number;
  chunks: number;
  objectId: string;
  createdAt: string;
}

/** One sweep of expired sessions (see {@link SessionService.sweep}). */
export interface SweepOutcome {
  /** False when another process holds the sweep lock and sweeps instead. */
  swept: boolean;
  /** Sessions removed by this sweep. */
  removed: string[];
}

export interface SessionService {
  /**
   * Sessions live in a store several servers share: any of them serves any session, so a server
   * that stops or drops a session from memory leaves its data for the others (it goes when the
   * client closes it or it expires).
   */
  readonly shared: boolean;
  open(input: OpenSessionInput): Promise<SessionRecord>;
  /** The session, or SESSION_NOT_FOUND (expired or closed). */
  get(id: string): Promise<SessionRecord>;
  list(): Promise<SessionRecord[]>;
  /** Marks activity; false when the session is gone. Cheap: writes at most every few seconds. */
  touch(id: string, ttlMs?: number): Promise<boolean>;
  /** Removes the session and everything it added. */
  close(id: string): Promise<boolean>;
  /** Removes sessions idle past their deadline; returns their ids. */
  expireIdle(now?: Date): Promise<string[]>;
  /**
   * {@link expireIdle} by the one process holding the store's sweep lock: servers call it on a
   * timer and only the holder removes anything, so two servers never sweep at once.
   */
  sweep(now?: Date): Promise<SweepOutcome>;
  /** Forgets what this process remembers of a session (its touch pace) without removing it. */
  forget(id: string): void;
  /** Records the MCP client's `name/version` once its `initialize` has come (stdio opens the session before). */
  nameClient(id: string, client: string): Promise<SessionRecord>;
  /** Replaces the active projects (the project the session was opened on always stays). */
  setActiveProjects(id: string, projects: readonly string[], user: RequestUser): Promise<SessionRecord>;
  /** Drops the active projects `user` may not use (the credential now presented on the session). */
  limitProjects(id: string, user: RequestUser): Promise<SessionRecord>;
  addDocument(id: string, input: DocumentInput): Promise<DocumentSummary>;
  removeDocument(id: string, name: string): Promise<DocumentSummary>;
  listDocuments(id: string): Promise<DocumentSummary[]>;
  getDocument(id: string, name: string): Promise<SessionDocumentRecord>;
  /** The session's entities: those of the chunks it searches (its documents' alone with `documentsOnly`), by name, paged. */
  entities(id: string, options?: SessionEntityOptions): Promise<EntityPage>;
  /** Entities found in the session's own documents, counted up to `cap`. */
  countEntities(id: string, cap: number): Promise<number>;
  /**
   * The sources, projects and session a search of this session uses. `requested` sources are
   * checked: unknown ones fail with SOURCE_NOT_FOUND, ones outside the active projects with FORBIDDEN.
   */
  scope(id: string, requested?: readonly string[]): Promise<SessionScope>;
  /** Sources the active projects allow (null: every source). */
  allowedSources(session: SessionRecord): Promise<Set<string> | null>;
}

export interface SessionServiceDeps {
  store: SessionStore;
  projects: ProjectService;
  embedder: () => Promise<Embedder | null>;
  lexical?: (text: string) => string;
}

function summary(d: SessionDocumentRecord): DocumentSummary {
  return { name: d.name, mimeType: d.mimeType, chars: d.text.length, chunks: d.chunks, objectId: d.objectId, createdAt: d.createdAt };
}

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const { store, projects } = deps;
  const ttls = new Map<string, number>();
  const lastTouch = new Map<string, number>();
  const deadline = (from: Date, ttlMs: number) => new Date(from.getTime() + ttlMs).toISOString();

  async function get(id: string): Promise<SessionRecord> {
    const session = await store.getSession(id);
    if (session) return session;
    throw new SextantError('SESSION_NOT_FOUND', 'this session has expired or was closed', {
      hint: 'reconnect to start a new session; documents added to the old one are gone',
    });
  }

  async function allowedSources(session: SessionRecord): Promise<Set<string> | null> {
    const allowed = new Set<string>();
    for (const name of session.activeProjects) {
      const project = await projects.get(name).catch(() => null);
      if (!project) continue;
      if (project.sources.length === 0) return null;
      for (const s of project.sources) allowed.add(s);
    }
    return allowed;
  }

  function forget(id: string): void {
    ttls.delete(id);
    lastTouch.delete(id);
  }

  const service: SessionService = {
    shared: store.capabilities.serversShareSessions,
    async open(input) {
      await projects.get(input.project);
      const now = new Date();
      const ttlMs = input.ttlMs ?? DEFAULT_SESSION_TTL_MS;
      const record: SessionRecord = {
        id: input.id ?? randomUUID(),
        project: input.project,
        user: input.user.subject,
        activeProjects: [input.project],
        client: input.client ?? null,
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        expiresAt: deadline(now, ttlMs),
      };
      await store.putSession(record);
      ttls.set(record.id, ttlMs);
      lastTouch.set(record.id, now.getTime());
      return record;
    },
    get,
    list: () => store.listSessions(),
    async touch(id, ttlMs) {
      const now = Date.now();
      const last = lastTouch.get(id);
      const ttl = ttlMs ?? ttls.get(id) ?? DEFAULT_SESSION_TTL_MS;
      // a short idle time is touched more often, so a session in use never outlives its deadline
      if (last !== undefined && now - last < Math.min(TOUCH_INTERVAL_MS, ttl / 4) && ttlMs === undefined) return true;
      ttls.set(id, ttl);
      lastTouch.set(id, now);
      const at = new Date(now);
      const alive = await store.touchSession(id, at.toISOString(), deadline(at, ttl));
      if (!alive) forget(id);
      return alive;
    },
    async close(id) {
      forget(id);
      return store.removeSession(id);
    },
    async expireIdle(now = new Date()) {
      const ids = await store.removeExpiredSessions(now.toISOString());
      ids.forEach(forget);
      return ids;
    },
    async sweep(now = new Date()) {
      if (!(await store.holdSweepLock())) return { swept: false, removed: [] };
      return { swept: true, removed: await service.expireIdle(now) };
    },
    forget,
    async nameClient(id, client) {
      const session = await get(id);
      if (session.client === client) return session;
      const next = { ...session, client };
      await store.putSession(next);
      return next;
    },
    async setActiveProjects(id, names, user) {
      const session = await get(id);
      const wanted = [...new Set([session.project, ...names.map((n) => n.trim()).filter(Boolean)])];
      // access before existence: a limited credential learns nothing about projects outside its own
      for (const name of wanted) {
        if (canAccessProject(user, name)) await projects.get(name);
        else {
          throw new SextantError('FORBIDDEN', `this credential may not use project '${name}'`, {
            hint: `it is limited to: ${user.projects?.join(', ') ?? ''}`,
            details: { field: 'projects' },
          });
        }
      }
      const next = { ...session, activeProjects: wanted };
      await store.putSession(next);
      return next;
    },
    async limitProjects(id, user) {
      const session = await get(id);
      const kept = session.activeProjects.filter((name) => canAccessProject(user, name));
      if (kept.length === session.activeProjects.length) return session;
      const next = { ...session, activeProjects: kept };
      await store.putSession(next);
      return next;
    },
    async addDocument(id, input) {
      const session = await get(id);
      const valid = validateDocument(input);
      const existing = await store.listSessionDocuments(session.id);
      if (existing.length >= MAX_DOCUMENTS_PER_SESSION && !existing.some((d) => d.name === valid.name)) {
        throw new SextantError('USAGE', `this session already holds ${existing.length} documents`, { hint: 'remove one with remove_document first' });
      }
      const embedder = await deps.embedder();
      const model = embedder ? await store.embeddingModel() : null;
      const { document, chunks } = await buildDocumentChunks(session.id, valid, { embedder, model, ...(deps.lexical ? { lexical: deps.lexical } : {}) });
      await store.putSessionDocument(document, chunks);
      return summary(document);
    },
    async removeDocument(id, name) {
      const session = await get(id);
      const document = await store.getSessionDocument(session.id, name);
      if (!document || !(await store.removeSessionDocument(session.id, name))) throw await documentNotFound(store, session.id, name);
      return summary(document);
    },
    async listDocuments(id) {
      const session = await get(id);
      return (await store.listSessionDocuments(session.id)).map(summary);
    },
    async countEntities(id, cap) {
      const session = await get(id);
      return (await store.listEntities({ sources: [SESSION_SOURCE], session: session.id }, { limit: cap })).items.length;
    },
    async getDocument(id, name) {
      const session = await get(id);
      const document = await store.getSessionDocument(session.id, name);
      if (!document) throw await documentNotFound(store, session.id, name);
      return document;
    },
    async entities(id, options = {}) {
      const page = { ...(options.limit !== undefined ? { limit: options.limit } : {}), ...(options.cursor !== undefined ? { cursor: options.cursor } : {}) };
      if (options.documentsOnly) {
        const session = await get(id);
        return store.listEntities({ sources: [SESSION_SOURCE], projects: [], session: session.id }, page);
      }
      const { sources, projects, session } = await service.scope(id);
      return store.listEntities({ ...(sources ? { sources } : {}), projects, session }, page);
    },
    async scope(id, requested) {
      const session = await get(id);
      const allowed = await allowedSources(session);
      let sources: string[] | undefined;
      if (requested && requested.length) {
        sources = [];
        for (const name of new Set(requested)) {
          if (name !== SESSION_SOURCE) {
            if (!allowed) await requireSource(store, name);
            else if (!(await store.getSource(name))) throw unknownSource(name, allowed);
            else if (!allowed.has(name)) {
              throw new SextantError('FORBIDDEN', `source '${name}' is not part of the active projects (${session.activeProjects.join(', ')})`, {
                hint: usableSources(allowed) ?? 'activate a project that includes it with set_active_projects',
                details: { field: 'sources' },
              });
            }
          }
          sources.push(name);
        }
      } else if (allowed) {
        sources = [...allowed, SESSION_SOURCE];
      }
      return { ...(sources ? { sources } : {}), projects: session.activeProjects, session: session.id };
    },
    allowedSources,
  };
  return service;
}

function usableSources(allowed: ReadonlySet<string>): string | null {
  return allowed.size ? `sources you can use: ${[...allowed].sort().join(', ')}` : null;
}

/** An unknown source, named to a session limited to `allowed`: the hint names only those, never other projects' sources. */
function unknownSource(name: string, allowed: ReadonlySet<string>): SextantError {
  return new SextantError('SOURCE_NOT_FOUND', `unknown source '${name}'`, {
    hint: usableSources(allowed) ?? 'activate a project with sources with set_active_projects',
    details: { field: 'sources' },
  });
}

async function documentNotFound(store: SessionStore, session: string, name: string): Promise<SextantError> {
  const names = (await store.listSessionDocuments(session)).map((d) => d.name);
  return new SextantError('DOCUMENT_NOT_FOUND', `no document named ${JSON.stringify(name)} in this session`, {
    hint: names.length ? `documents in this session: ${names.join(', ')}` : 'this session has no documents; add one with add_document',
    details: { documents: names },
  });
}
