/**
 * @module core/scope/scoped-operations
 * Operator work as one caller may do it: updating a visible source from its system (admin role:
 * it reads the live database with the service credential), the source's privilege check, and the overview of open agent
 * sessions with their projects, documents and entity counts (admin role: it names other users).
 * Sessions live in the index's store, so every process sharing the index sees the same list;
 * what only an MCP server process holds (its transports, in-flight calls, client names) is not here.
 */
import type { ProjectRecord, SessionRecord } from '../../ports/store.js';
import type { ProgressFn } from '../../kernel/progress.js';
import type { Engine, UpdateRun } from '../engine.js';
import type { AccessCheckResult } from '../sources.js';
import type { DocumentSummary } from '../sessions/session-service.js';
import type { Caller } from './caller.js';
import type { Visibility } from './visibility.js';

/** What listing every user's sessions needs: it names other users. */
const SESSIONS_PERMISSION = 'settings';

/** Entities counted per session up to this many (the page size of one store call). */
export const SESSION_ENTITY_CAP = 1000;

export interface SessionOverview {
  session: SessionRecord;
  documents: DocumentSummary[];
  /** Entities found in the session's own documents (at most SESSION_ENTITY_CAP). */
  entities: number;
}

export interface ScopedOperations {
  /** Updates one visible source (admin). */
  updateSource(source: string, options?: { onProgress?: ProgressFn; signal?: AbortSignal; allowExtraPrivileges?: boolean }): Promise<UpdateRun>;
  /** Every open agent session of this index (admin). */
  sessions(): Promise<SessionOverview[]>;
  /** Whether `sessions()` would answer this caller (presentations hide what it cannot open). */
  maySeeSessions(): boolean;
  /** The privileges a visible source's credential holds, as `sextant auth check` reports them (admin: it connects with the service credential). */
  checkAccess(source: string): Promise<AccessCheckResult>;
  /** Turns the served project's developer tools (the agents' write tools) on or off (admin). */
  setDeveloperTools(on: boolean): Promise<ProjectRecord>;
}

type OperationsEngine = Pick<Engine, 'update' | 'checkAccess' | 'projects'> & {
  sessions: Pick<Engine['sessions'], 'list' | 'listDocuments' | 'countEntities'>;
};

export function scopedOperations(engine: OperationsEngine, project: string, visibility: Visibility, caller: Caller): ScopedOperations {
  return {
    async updateSource(source, options = {}) {
      caller.require('settings', 'updating a source');
      await visibility.requireSource(source);
      const run = await engine.update({ ...options, source });
      // a database's update reads again the code linked to it, which may be another project's
      const visible = await visibility.sources();
      if (!visible) return run;
      const reports = run.reports.filter((r) => visible.includes(r.source));
      return { ...run, reports, ok: reports.every((r) => r.status !== 'failed') };
    },
    async checkAccess(source) {
      caller.require('settings', "checking a source's privileges");
      await visibility.requireSource(source);
      const [result] = await engine.checkAccess(source);
      return result!;
    },
    async setDeveloperTools(on) {
      caller.require('settings', 'changing developer tools');
      return engine.projects.set(project, 'developer-tools', on ? 'on' : 'off');
    },
    maySeeSessions: () => caller.permits(SESSIONS_PERMISSION),
    async sessions() {
      caller.require(SESSIONS_PERMISSION, 'listing the sessions of every user');
      const sessions = await engine.sessions.list();
      return Promise.all(
        sessions.map(async (session) => ({
          session,
          documents: await engine.sessions.listDocuments(session.id),
          entities: await engine.sessions.countEntities(session.id, SESSION_ENTITY_CAP),
        })),
      );
    },
  };
}
