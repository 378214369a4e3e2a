/**
 * @module core/scope/scoped-engine
 * The engine as one caller sees it: `createScopedEngine(engine, { session, project, user })`. Every read is
 * limited to the sources of the session's active projects (read afresh per call, so
 * `set_active_projects` applies at once) inside the store queries, so pages, totals and cursors
 * count only what the caller may see; naming anything outside is FORBIDDEN. The caller's role
 * (core/auth/roles) decides what it may change; a presentation that re-authenticates each
 * request hands the presented credential to `present`, so a session never outlives a narrowed
 * or re-issued credential. MCP tools and resources, and every later presentation that serves a
 * session, receive only this.
 */
import { SextantError } from '../../kernel/errors.js';
import type { KindCatalog } from '../kinds/registry.js';
import type { EntityPage, ObjectFilter, ObjectPage, ProjectRecord, SessionDocumentRecord, SessionRecord, StoreInfo, StoredSource } from '../../ports/store.js';
import type { Permission, Role } from '../auth/roles.js';
import { canAccessProject, requireProjectAccess, type RequestUser } from '../auth/user.js';
import type { ObjectDetail } from '../catalog/describe-object.js';
import { describeObjectFor, type DescribeDetail, type DiscoveryEngine, type ObjectDescription } from '../discovery/describe.js';
import { completeObjectIds, type IdCompletion } from '../discovery/complete-ids.js';
import { describeAny, getWithSuggestions, type AnyDescription, type DescribeOptions } from '../discovery/describe-any.js';
import { listOperations, type OperationFilter, type OperationPage } from '../openapi/operations.js';
import { listSchemas, type SchemaPage } from '../discovery/list-schemas.js';
import type { Engine } from '../engine.js';
import type { OnboardingRequest, OnboardingResult } from '../code/onboarding.js';
import type { SearchOptions, SearchResult } from '../search/types.js';
import type { DocumentInput } from '../sessions/session-documents.js';
import type { DocumentSummary, SessionEntityOptions } from '../sessions/session-service.js';
import { createCaller } from './caller.js';
import { scopedContexts, type ScopedContexts } from './scoped-contexts.js';
import { scopedGlossary, type ScopedGlossary } from './scoped-glossary.js';
import { scopedGraphql, type ScopedGraphql } from './scoped-graphql.js';
import { scopedOperations, type ScopedOperations } from './scoped-operations.js';
import { withVisibleSuggestions } from './visible-suggestions.js';
import { sessionVisibility } from './visibility.js';

/** Who is asking, from which session of which served project. */
export interface ScopeIdentity {
  session: string;
  project: string;
  user: RequestUser;
}

/** Search options of a scoped caller: the session decides projects and session chunks; `sources` narrows within what it may see. */
export type ScopedSearchOptions = Omit<SearchOptions, 'projects' | 'session'>;

/** The shapes of an onboarding plan, for presentations that see only the scoped engine. */
export type { OnboardingRank, OnboardingResult } from '../code/onboarding.js';
export { DEFAULT_RANK } from '../code/onboarding.js';

export interface ScopedStatus {
  /** Counts of what the session may see: objects of its sources, chunks and vectors of those and of its projects and documents. */
  index: StoreInfo;
  /** Visible sources only. */
  sources: StoredSource[];
  session: SessionRecord;
  documents: DocumentSummary[];
  project: ProjectRecord;
  /** Projects this user may activate. */
  availableProjects: string[];
  role: Role;
}

export interface ScopedEngine extends DiscoveryEngine {
  /** Session, served project and the credential presented last. */
  readonly identity: Readonly<ScopeIdentity>;
  /** The current credential's role. */
  role(): Role;
  permits(permission: Permission): boolean;
  /** FORBIDDEN unless the current credential's role allows `action`. */
  requirePermission(permission: Permission, action: string): void;
  /**
   * The credential presented on this request: from now on its role applies, and active
   * projects it may not use are dropped from the session (FORBIDDEN when it may not use the
   * served project).
   */
  present(user: RequestUser): Promise<void>;
  /** Names of the sources this session may see now; null means every source. */
  visibleSources(): Promise<readonly string[] | null>;
  listSources(): Promise<StoredSource[]>;
  /** A page of visible objects; a named invisible source is FORBIDDEN. */
  listObjects(filter: ObjectFilter): Promise<ObjectPage>;
  get(ref: string): Promise<ObjectDetail>;
  listSchemas(source: string, options?: { cursor?: string; limit?: number }): Promise<SchemaPage>;
  /** Visible REST operations, filtered and paged; a named invisible source is FORBIDDEN. */
  listOperations(filter?: OperationFilter): Promise<OperationPage>;
  /** Any source, schema, object or GraphQL element; a bare word that is no source fails with the ids a search finds for it. */
  describe(target: string, options?: DescribeOptions): Promise<AnyDescription>;
  describeObject(ref: string, detail: DescribeDetail): Promise<ObjectDescription>;
  /** Visible ids starting with a typed prefix, one part at a time (source, kind, path), for completion. */
  completeIds(prefix: string, limit?: number): Promise<IdCompletion>;
  search(query: string, options?: ScopedSearchOptions): Promise<SearchResult>;
  vsearch(query: string, options?: ScopedSearchOptions): Promise<SearchResult>;
  query(query: string, options?: ScopedSearchOptions): Promise<SearchResult>;
  status(): Promise<ScopedStatus>;
  /** A visible source's object counts by kind. */
  sourceCounts(source: string): Promise<Record<string, number>>;
  /** The served project (its settings, e.g. developer tools). */
  servedProject(): Promise<ProjectRecord>;
  /** This session's record (active projects, expiry). */
  sessionRecord(): Promise<SessionRecord>;
  /** Replaces the active projects (the served project stays); FORBIDDEN for projects the user may not use. */
  setActiveProjects(projects: readonly string[]): Promise<SessionRecord>;
  /** Documents visible to this session alone. */
  readonly documents: {
    add(input: DocumentInput): Promise<DocumentSummary>;
    /**
     * A document read from a path in the workspace root or a URL (when the served project allows
     * URLs, whoever asks), added as markdown; `signal` cancels the read (INTERRUPTED).
     */
    addFrom(input: { name?: string; path?: string; url?: string }, options?: { signal?: AbortSignal }): Promise<DocumentSummary>;
    remove(name: string): Promise<DocumentSummary>;
    list(): Promise<DocumentSummary[]>;
    get(name: string): Promise<SessionDocumentRecord>;
  };
  /** Entities of what this session searches (of its own documents alone with `documentsOnly`), by name, paged. */
  entities(options?: SessionEntityOptions): Promise<EntityPage>;
  readonly glossary: ScopedGlossary;
  readonly graphql: ScopedGraphql;
  /** Contexts on visible sources; changes need the editor role. */
  readonly contexts: ScopedContexts;
  /** Source updates and the sessions overview (admin). */
  readonly operations: ScopedOperations;
  /** The registered source kinds (the same for every caller). */
  kinds(): KindCatalog;
  /** An onboarding plan over the code sources this session may see. */
  onboardingPlan(request: Omit<OnboardingRequest, 'allowedSources'>): Promise<OnboardingResult>;
  /** The code sources this session may plan in (a plan's `source` names one). */
  planSources(): Promise<string[]>;
}

export function createScopedEngine(engine: Engine, identity: ScopeIdentity): ScopedEngine {
  const { session, project } = identity;
  const caller = createCaller(identity.user);
  const visibility = sessionVisibility(engine.sessions, session);

  async function listSources(): Promise<StoredSource[]> {
    const visible = await visibility.sources();
    return (await engine.listSources()).filter((s) => !visible || visible.includes(s.name));
  }

  async function listObjects(filter: ObjectFilter): Promise<ObjectPage> {
    if (filter.source) await visibility.requireSource(filter.source);
    const visible = await visibility.sources();
    return engine.listObjects({ ...filter, ...(visible ? { sources: visible } : {}) });
  }

  // A bare word gets suggestions from this caller's own search; a near-miss id only ids of sources it can see.
  const get = (ref: string): Promise<ObjectDetail> =>
    getWithSuggestions({ search: (q, o) => search(engine.search)(q, o) }, ref, async (r) => {
      await visibility.requireRef(r);
      return withVisibleSuggestions(visibility, () => engine.get(r));
    });

  const search =
    (run: Engine['search']) =>
    async (query: string, options: ScopedSearchOptions = {}) =>
      run(query, { ...options, ...(await visibility.searchScope(options.sources)) });

  const discovery: DiscoveryEngine = { listSources, listObjects, get };

  const scoped: ScopedEngine = {
    get identity() {
      return Object.freeze({ session, project, user: caller.user() });
    },
    role: () => caller.role(),
    permits: (permission) => caller.permits(permission),
    requirePermission: (permission, action) => caller.require(permission, action),
    async present(user) {
      requireProjectAccess(user, project);
      caller.replace(user);
      if (user.projects !== null) await engine.sessions.limitProjects(session, user);
    },
    visibleSources: () => visibility.sources(),
    listSources,
    listObjects,
    get,
    listSchemas: (source, options) => listSchemas(discovery, source, options),
    listOperations: (filter) => listOperations(discovery, filter),
    kinds: () => engine.kinds(),
    async onboardingPlan(request) {
      if (request.source) await visibility.requireSource(request.source);
      const visible = await visibility.sources();
      return engine.onboardingPlan({ ...request, ...(visible ? { allowedSources: visible } : {}) });
    },
    async planSources() {
      return engine.planSources((await visibility.sources()) ?? undefined);
    },
    describe: (target, options) =>
      describeAny(
        { ...discovery, kinds: () => engine.kinds(), describeGraphql: (ref, o) => scoped.graphql.describe(ref, o), search: (q, o) => scoped.search(q, o) },
        target,
        options,
      ),
    describeObject: (ref, detail) => describeObjectFor(discovery, ref, detail),
    completeIds: (prefix, limit) => completeObjectIds({ ...discovery, kinds: () => engine.kinds() }, prefix, limit),
    search: search(engine.search),
    vsearch: search(engine.vsearch),
    query: search(engine.query),
    async status() {
      const { index } = await engine.status();
      return {
        index: { ...(await indexWithin(engine, index, await visibility.sources())), ...(await engine.indexCounts(await visibility.searchScope())) },
        sources: await listSources(),
        session: await engine.sessions.get(session),
        documents: await engine.sessions.listDocuments(session),
        project: await engine.projects.get(project),
        availableProjects: (await engine.projects.list()).filter((p) => canAccessProject(caller.user(), p.name)).map((p) => p.name),
        role: caller.role(),
      };
    },
    async sourceCounts(source) {
      await visibility.requireSource(source);
      const { index } = await engine.status();
      return countsByKind(engine, Object.keys(index.countsByKind), [source]);
    },
    servedProject: () => engine.projects.get(project),
    sessionRecord: () => engine.sessions.get(session),
    setActiveProjects: (projects) => engine.sessions.setActiveProjects(session, projects, caller.user()),
    documents: {
      add: (input) => engine.sessions.addDocument(session, input),
      async addFrom(input, options = {}) {
        const location = input.path !== undefined ? { path: input.path } : input.url !== undefined ? { url: input.url } : null;
        if (!location) throw new SextantError('USAGE', 'give a path or a url', { details: { field: 'path' } });
        const allowUrl = (await engine.projects.get(project)).settings.documentUrls === true;
        const read = await engine.importDocument(location, { allowUrl, project, ...(options.signal ? { signal: options.signal } : {}) });
        return engine.sessions.addDocument(session, { name: input.name ?? read.name, text: read.markdown, mimeType: 'text/markdown' });
      },
      remove: (name) => engine.sessions.removeDocument(session, name),
      list: () => engine.sessions.listDocuments(session),
      get: (name) => engine.sessions.getDocument(session, name),
    },
    entities: (options) => engine.sessions.entities(session, options),
    glossary: scopedGlossary(engine.glossary, project, caller),
    graphql: scopedGraphql(engine.graphql, { visibility, projects: engine.projects, project, caller }),
    contexts: scopedContexts(engine, visibility, caller),
    operations: scopedOperations(engine, project, visibility, caller),
  };
  return scoped;
}

/** The index's object counts by kind, counted again over `visible` sources (null: all, unchanged). */
async function indexWithin(engine: Engine, index: StoreInfo, visible: readonly string[] | null): Promise<StoreInfo> {
  if (!visible) return index;
  return { ...index, countsByKind: await countsByKind(engine, Object.keys(index.countsByKind), visible) };
}

/** How many objects of each of `kinds` the `sources` hold (kinds they hold none of are left out). */
async function countsByKind(engine: Engine, kinds: readonly string[], sources: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const kind of kinds) {
    const total = (await engine.listObjects({ sources, kinds: [kind], limit: 1 })).total;
    if (total) counts[kind] = total;
  }
  return counts;
}
