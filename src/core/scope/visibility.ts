/**
 * @module core/scope/visibility
 * What one session may see, read fresh on every call so `set_active_projects` takes effect at
 * once: the sources of its active projects (null: every source), and the checks that refuse
 * anything outside them with FORBIDDEN (unknown names with SOURCE_NOT_FOUND). The `_session`
 * pseudo-source holds only this session's documents, which are not catalog objects: a ref to it
 * never reaches the shared catalog (whose not-found would suggest any project's ids).
 */
import { SextantError } from '../../kernel/errors.js';
import { parseTarget } from '../../kernel/ids.js';
import type { SearchOptions } from '../search/types.js';
import { documentNameOf, SESSION_SOURCE } from '../sessions/session-documents.js';
import type { SessionScope, SessionService } from '../sessions/session-service.js';

export interface Visibility {
  /** Sources the session may see now; null means every source. */
  sources(): Promise<readonly string[] | null>;
  /** Fails unless `source` exists and is visible. */
  requireSource(source: string): Promise<void>;
  /** Fails when `ref` (object id or sextant:// URI) names an invisible source; other refs pass (the lookup reports them). */
  requireRef(ref: string): Promise<void>;
  /** The sources, projects and session a search runs with; `requested` sources are checked. */
  searchScope(requested?: readonly string[]): Promise<Pick<SearchOptions, 'sources' | 'projects' | 'session'>>;
}

function searchFields(scope: SessionScope): Pick<SearchOptions, 'sources' | 'projects' | 'session'> {
  return { ...(scope.sources ? { sources: scope.sources } : {}), projects: scope.projects, session: scope.session };
}

export function sessionVisibility(sessions: SessionService, session: string): Visibility {
  async function requireSource(source: string): Promise<void> {
    await sessions.scope(session, [source]);
  }
  return {
    async sources() {
      const allowed = await sessions.allowedSources(await sessions.get(session));
      return allowed ? [...allowed].sort() : null;
    },
    requireSource,
    async requireRef(ref) {
      const target = parseTarget(ref.trim());
      if (target?.source === SESSION_SOURCE) throw await sessionRefRefusal(sessions, session, ref.trim());
      if (target) await requireSource(target.source);
    },
    searchScope: async (requested) => searchFields(await sessions.scope(session, requested)),
  };
}

/** DOCUMENT_NOT_FOUND (naming this session's documents only) or a pointer to `get`, never a catalog lookup. */
async function sessionRefRefusal(sessions: SessionService, session: string, ref: string): Promise<SextantError> {
  const name = documentNameOf(ref);
  if (name === null) return new SextantError('OBJECT_NOT_FOUND', `no object '${ref}'`, { hint: 'session documents are _session:document:<name>' });
  await sessions.getDocument(session, name);
  return new SextantError('INVALID_TARGET', `'${ref}' is a document of this session, not a catalog object`, { hint: 'read it with get' });
}
