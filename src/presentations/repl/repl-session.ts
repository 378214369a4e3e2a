/**
 * @module presentations/repl/repl-session
 * The shell's session in the core, as an MCP stdio client has one: opened on the served project
 * for the local user, kept alive while the shell runs (reopened, without its documents, if
 * another process removed it), closed with its documents on the way out. Everything the shell
 * reads goes through `createScopedEngine(engine, …)`, so active projects and session documents apply to
 * searches, ids and descriptions alike; the CLI's commands get the same view (`view`).
 */
import { userInfo } from 'node:os';
import { localUser } from '../../core/auth/user.js';
import type { Engine } from '../../core/engine.js';
import { createScopedEngine, type ScopedEngine, type ScopedSearchOptions } from '../../core/scope/scoped-engine.js';
import type { SearchMode, SearchResult } from '../../core/search/types.js';
import { SextantError } from '../../kernel/errors.js';
import { DEFAULT_SESSION_TTL_MS } from '../../core/sessions/session-service.js';
import type { CompletionLookups } from './completer.js';

/** The last search, to explain or open its results by number. */
export interface LastSearch {
  mode: SearchMode;
  query: string;
  options: ScopedSearchOptions;
  result: SearchResult;
}

export interface ReplSession {
  readonly scoped: ScopedEngine;
  /** The engine as the CLI's commands see it here: reads scoped to this session, searches remembered. */
  readonly view: Engine;
  /** Glossary commands default to the served project. */
  readonly project: string;
  lastSearch: LastSearch | null;
  /** Runs the last search again with explain on (fusion is deterministic). */
  explainLast(): Promise<SearchResult>;
  /** Marks activity; reopens the session when it is gone. True when it had to. */
  touch(): Promise<boolean>;
  readonly lookups: CompletionLookups;
  close(): Promise<void>;
}

function localSubject(): string {
  try {
    return userInfo().username || 'local';
  } catch {
    return 'local';
  }
}

export async function openReplSession(engine: Engine, project: string, ttlMs = DEFAULT_SESSION_TTL_MS): Promise<ReplSession> {
  const user = localUser(localSubject());
  await engine.sessions.expireIdle().catch(() => []);
  const { id } = await engine.sessions.open({ project, user, ttlMs });
  const scoped = createScopedEngine(engine, { session: id, project, user });
  const runs: Record<SearchMode, ScopedEngine['search']> = { lexical: scoped.search, vector: scoped.vsearch, hybrid: scoped.query };

  const remembered =
    (mode: SearchMode) =>
    async (query: string, options: ScopedSearchOptions = {}): Promise<SearchResult> => {
      const result = await runs[mode](query, options);
      session.lastSearch = { mode, query, options, result };
      return result;
    };

  const view: Engine = {
    ...engine,
    listSources: scoped.listSources,
    listObjects: scoped.listObjects,
    get: scoped.get,
    describe: scoped.describe,
    listSchemas: scoped.listSchemas,
    listOperations: scoped.listOperations,
    completeIds: scoped.completeIds,
    search: remembered('lexical'),
    vsearch: remembered('vector'),
    query: remembered('hybrid'),
  };

  const heartbeat = setInterval(() => void session.touch().catch(() => false), Math.max(1000, Math.floor(ttlMs / 3)));
  heartbeat.unref();

  const session: ReplSession = {
    scoped,
    view,
    project,
    lastSearch: null,
    async explainLast() {
      const last = session.lastSearch;
      if (!last) throw new SextantError('USAGE', 'no search yet', { hint: 'run search, vsearch or query first' });
      return runs[last.mode](last.query, { ...last.options, explain: true });
    },
    async touch() {
      if (await engine.sessions.touch(id)) return false;
      await engine.sessions.open({ id, project, user, ttlMs });
      return true;
    },
    lookups: {
      ids: (prefix) => scoped.completeIds(prefix),
      async terms() {
        const terms = await scoped.glossary.list();
        return [...new Set(terms.flatMap((t) => [t.term, ...t.aliases]))];
      },
      projects: async () => (await engine.projects.list()).map((p) => p.name),
      sources: async () => (await scoped.listSources()).map((s) => s.name),
      documents: async () => (await scoped.documents.list()).map((d) => d.name),
    },
    async close() {
      clearInterval(heartbeat);
      await engine.sessions.close(id).catch(() => false);
    },
  };
  return session;
}
