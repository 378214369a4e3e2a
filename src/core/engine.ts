/**
 * @module core/engine
 * The engine API: everything a user can do, whatever the presentation (CLI, REPL, MCP, web).
 */
import type { CatalogObject, ContextRecord } from '../ports/catalog.js';
import type { SnapshotNeighbourhood } from '../ports/source-kind.js';
import type { Embedder } from '../ports/embedder.js';
import type { ChunkFilter, ObjectFilter, ObjectPage, StoreHealth, StoreInfo, StoredSource } from '../ports/store.js';
import { describeObject, type KindDetail, type ObjectDetail } from './catalog/describe-object.js';
import type { DiscoveryEngine } from './discovery/describe.js';
import { completeObjectIds, type IdCompletion } from './discovery/complete-ids.js';
import { describeAny, getWithSuggestions, type AnyDescription, type DescribeOptions } from './discovery/describe-any.js';
import { listSchemas, type SchemaPage } from './discovery/list-schemas.js';
import { listOperations, type OperationFilter, type OperationPage } from './openapi/operations.js';
import { withRankedFields } from './discovery/rank-fields.js';
import { createTokenService, type TokenService } from './auth/tokens.js';
import { addContext, removeContext, type ContextChange } from './contexts/contexts.js';
import { generateContexts, type GenerateOptions, type GenerateReport } from './contexts/generate.js';
import type { EngineDeps } from './engine-deps.js';
import { SextantError } from '../kernel/errors.js';
import { privilegeRefusal, sourceAcceptsExtraPrivileges } from './access/privileges.js';
import { createGlossary, type Glossary, type RevalidationReport } from './glossary/index.js';
import { createEntityLookups } from './entities/entity-lookups.js';
import { embedMissingVectors, syncEmbeddingModel } from './ingest/embeddings.js';
import { updateElement } from './ingest/update-element.js';
import { updateSource, type UpdateReport } from './ingest/update-source.js';
import { createOnboardingService, type OnboardingRequest, type OnboardingResult } from './code/onboarding.js';
import { createWorkspaceService, type WorkspaceService } from './code/workspace.js';
import { createGraphqlService, type GraphqlService } from './graphql/graphql-service.js';
import { DEFAULT_SOURCE_KINDS } from './kinds/default-kinds.js';
import { createKindRegistry, type KindCatalog } from './kinds/registry.js';
import { assertKnownKinds } from './kinds/known-kinds.js';
import type { ProgressFn } from '../kernel/progress.js';
import { createProjectService, type ProjectService } from './projects/projects.js';
import { redactText } from '../kernel/redact.js';
import { createSearchService } from './search/search-service.js';
import { createNameVocabulary } from './search/spelling.js';
import type { SearchOptions, SearchResult } from './search/types.js';
import { createSessionService, type SessionService } from './sessions/session-service.js';
import {
  addSource,
  checkAccess,
  connectorFor,
  publicSource,
  requireSource,
  selectSources,
  syncDeclaredSources,
  type AccessCheckResult,
  type AddSourceInput,
} from './sources.js';

export interface UpdateOptions {
  source?: string;
  /** One element of the source (data object, function, module, data source) instead of all of it. */
  object?: string;
  allowExtraPrivileges?: boolean;
  onProgress?: ProgressFn;
  signal?: AbortSignal;
}

export interface SourceRemoval {
  source: string;
  /** Glossary terms whose SQL ran on the source, now stale. */
  staleTerms: Array<{ project: string; term: string }>;
}

export interface UpdateRun {
  reports: UpdateReport[];
  reembedded: number;
  ok: boolean;
  /** Glossary terms re-validated on the sources whose schema changed. */
  glossary: RevalidationReport[];
}

export interface StatusReport {
  index: StoreInfo;
  sources: StoredSource[];
}

export interface Engine {
  addSource(input: AddSourceInput): Promise<StoredSource>;
  listSources(): Promise<StoredSource[]>;
  /** Removes a source and its index; the glossary terms on it are flagged stale and named. */
  removeSource(name: string): Promise<SourceRemoval>;
  /** Replaces a source's connection URL (e.g. the embedded demo's port), keeping its index. */
  /** Changes a source's URL and, when given, merges these options into its own. */
  setSourceUrl(name: string, url: string, options?: Record<string, unknown>): Promise<void>;
  checkAccess(source?: string): Promise<AccessCheckResult[]>;
  update(options?: UpdateOptions): Promise<UpdateRun>;
  get(ref: string): Promise<ObjectDetail>;
  /** Any target: a source, a schema (objects paged by cursor), an object, a GraphQL element (fields ranked by fieldsQuery). */
  describe(target: string, options?: DescribeOptions): Promise<AnyDescription>;
  /** REST operations of `openapi` sources, filtered by source, tag, path prefix and method, paged. */
  listOperations(filter?: OperationFilter): Promise<OperationPage>;
  /** A source's schemas with how many objects each holds, paged. */
  listSchemas(source: string, options?: { cursor?: string; limit?: number }): Promise<SchemaPage>;
  /** Stepwise discovery: one page of objects (by source, schema, kind, parent). */
  listObjects(filter: ObjectFilter): Promise<ObjectPage>;
  /** Ids starting with a typed prefix, one part at a time (source, kind, path), for completion. */
  completeIds(prefix: string, limit?: number): Promise<IdCompletion>;
  /** Lexical (BM25) search. */
  search(query: string, options?: SearchOptions): Promise<SearchResult>;
  /** Vector search. */
  vsearch(query: string, options?: SearchOptions): Promise<SearchResult>;
  /** Hybrid search: lexical + vector fused with RRF, optional rerank, related chunks. */
  query(query: string, options?: SearchOptions): Promise<SearchResult>;
  addContext(target: string, text: string): Promise<ContextChange>;
  listContexts(source?: string): Promise<ContextRecord[]>;
  removeContext(id: number): Promise<ContextChange>;
  /** Drafts contexts for tables and views without one with the chat model (origin `inferred`). */
  generateContexts(options: GenerateOptions): Promise<GenerateReport>;
  status(): Promise<StatusReport>;
  /** Chunks and vectors visible under the filter (a caller's sources, projects and session). */
  indexCounts(filter: ChunkFilter): Promise<{ chunks: number; vectors: number }>;
  /** Moves whenever the index changes, in this process or another: the key for caches of derived state. */
  changeCounter(): Promise<number>;
  /** Whether the store answers (servers report it on /health); no round trip. */
  storeHealth(): StoreHealth;
  cleanup(): Promise<Record<string, number>>;
  repair(): Promise<Record<string, number>>;
  close(): Promise<void>;
  /** The registered source kinds: object kinds with their flags and family, source types with their options. */
  kinds(): KindCatalog;
  /**
   * The markdown of a document at a path (inside the configured workspace root) or a URL (only
   * when `allowUrl`, a project setting), for a session document. FORBIDDEN otherwise (its remedy
   * turns the setting on for `project`, the one whose setting refused).
   */
  importDocument(
    location: { path: string } | { url: string },
    options: { allowUrl: boolean; project: string; signal?: AbortSignal },
  ): Promise<{ name: string; markdown: string }>;
  /** Projects (workspaces: sources, settings), access tokens, agent sessions and their documents. */
  readonly projects: ProjectService;
  readonly tokens: TokenService;
  readonly sessions: SessionService;
  /** GraphQL sources: stepwise discovery and queries on behalf of a user (core/graphql). */
  readonly graphql: GraphqlService;
  /** Business glossary: terms with validated SQL, aliases, history (core/glossary). */
  readonly glossary: Glossary;
  /**
   * Where to start reading code about a request (seed 003): the seed file (a path or the
   * request's topic), the files around it (by imports, shared history and topic), and a step-by-step plan.
   */
  onboardingPlan(request: OnboardingRequest): Promise<OnboardingResult>;
  /** The code sources a plan may run in, of `allowed` when given. */
  planSources(allowed?: readonly string[]): Promise<string[]>;
  /** The workspace root as the default project's code source, and its rescans (the scan bridge). */
  readonly workspace: WorkspaceService;
}

/** Runs a search; with `fieldsQuery` each relation hit also gets its best columns (a hybrid column search in the same scope). */
type SearchFn = (query: string, options: SearchOptions) => Promise<SearchResult>;

/** Searches that name no project see the `default` project's scoped chunks (its glossary terms). */
function withDefaultProject(options: SearchOptions | undefined): SearchOptions {
  return options?.projects ? options : { ...options, projects: ['default'] };
}

const NO_NEIGHBOURS: SnapshotNeighbourhood = { get: () => undefined, children: () => [], outgoing: () => [] };

export function createEngine(deps: EngineDeps): Engine {
  const { store, connectors } = deps;
  const kinds = createKindRegistry(deps.kinds ?? DEFAULT_SOURCE_KINDS);
  let embedderPromise: Promise<Embedder | null> | null = null;
  // a failed open is not kept: the next call tries again (the failure may have passed, e.g. a model file being replaced)
  const embedder = () =>
    (embedderPromise ??= deps.embedder().catch((err: unknown) => {
      embedderPromise = null;
      throw err;
    }));
  const lexical = deps.lexical ? { lexical: deps.lexical } : {};
  const projects = createProjectService(store);
  const tokens = createTokenService(store, projects);
  const graphql = createGraphqlService({ store, connectors, kinds });
  const sessions = createSessionService({ store, projects, embedder, ...lexical });
  const glossary = createGlossary({ store, connectors, embedder, projects, ...lexical, ...(deps.llm ? { llm: deps.llm } : {}) });
  const passageKinds = new Set(kinds.kindsWith('passages'));
  const searcher = createSearchService({
    store,
    embedder,
    aliases: glossary.aliasMap,
    rerank: deps.rerank ?? null,
    joinEdgeKinds: kinds.joinEdgeKinds,
    vectorWeights: kinds.vectorWeights,
    generated: kinds.generatedTests,
    testCode: kinds.testCodeTests,
    passageKinds,
    ranker: deps.ranker ?? null,
    nameWords: createNameVocabulary(store),
    ...createEntityLookups(store),
  });

  // a passage is cut from its own object's text alone; no neighbours are read
  const passagesOf = (object: CatalogObject) =>
    passageKinds.has(object.kind) ? (kinds.familyOfKind(object.kind)?.chunkParts(object, NO_NEIGHBOURS, '') ?? null) : null;
  const kindSpec = (object: CatalogObject) => kinds.familyOfKind(object.kind)?.objectKinds.find((k) => k.kind === object.kind);
  const kindDetail: KindDetail = {
    passagesOf,
    internalAttributesOf: (object) => kindSpec(object)?.internalAttributes ?? [],
    factsOf: (object, edges) => kindSpec(object)?.facts?.(object, edges) ?? [],
  };

  /** Read page by page, of those kinds only: an index of 100,000 columns is not loaded to find 1,000 tables. */
  async function objectsElsewhere(except: string, wanted: readonly string[], parentIds?: readonly string[]): Promise<CatalogObject[]> {
    const out: CatalogObject[] = [];
    const sources = (await store.listSources()).map((s) => s.name).filter((name) => name !== except);
    const all = async (filter: ObjectFilter) => {
      for (let cursor: string | null = null; ;) {
        const page = await store.listObjects({ ...filter, kinds: wanted, limit: 5000, ...(cursor ? { cursor } : {}) });
        out.push(...page.items);
        if (!(cursor = page.nextCursor)) return;
      }
    };
    // a few hundred parents a query: one query per table was slow on large projects, one for all too long a parameter
    if (parentIds) for (let at = 0; at < parentIds.length; at += 500) await all({ parentIds: parentIds.slice(at, at + 500), sources });
    else for (const source of sources) await all({ source });
    return out;
  }

  /** One source's update under its lock; a failure is a failed report, or thrown when `rethrow`. */
  async function updateOne(listed: StoredSource, options: UpdateOptions, emb: Embedder | null, rethrow: boolean): Promise<UpdateReport> {
    const started = Date.now();
    let source = listed;
    // one updater per source at a time, in any process sharing the store; the winner's result
    // is re-read after waiting, so a second run of an unchanged source finds it unchanged
    const lock = await store.lockSource(listed.name, {
      onWait: (holder) => options.onProgress?.({ source: listed.name, phase: 'check', done: 0, total: 1, detail: `waiting for the update held by ${holder}` }),
    });
    try {
      source = (await store.getSource(listed.name)) ?? listed;
      const base = connectorFor(connectors, source.type);
      const family = kinds.familyOf(source.type);
      const connector = family.decorateConnector
        ? family.decorateConnector(base, {
            store,
            source: source.name,
            otherObjects: (kinds, parentIds) => objectsElsewhere(source.name, kinds, parentIds),
            ...(deps.llm ? { llm: deps.llm } : {}),
            ...(options.onProgress ? { onProgress: options.onProgress } : {}),
          })
        : base;
      options.onProgress?.({ source: source.name, phase: 'check', done: 0, total: 1 });
      // only the verdict is read here: the introspection that follows reads the source itself
      const access = await connector.checkAccess(source, { verdictOnly: true });
      if (!access.ok && !options.allowExtraPrivileges && !sourceAcceptsExtraPrivileges(source)) {
        throw privilegeRefusal(source.name, access, 'nothing was read (pass --allow-extra-privileges to accept it for this run)');
      }
      const updateDeps = {
        store,
        connector,
        family,
        embedder: emb,
        ...lexical,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      };
      return options.object ? await updateElement(updateDeps, source, options.object) : await updateSource(updateDeps, source);
    } catch (err) {
      if (err instanceof SextantError && err.code === 'INTERRUPTED') throw err;
      const durationMs = Date.now() - started;
      const failure =
        err instanceof SextantError
          ? { message: redactText(err.message), ...(err.hint ? { hint: redactText(err.hint) } : {}) }
          : { message: redactText((err as Error).message) };
      await store.recordOutcome(source.name, { at: new Date().toISOString(), ok: false, ...failure, added: 0, changed: 0, removed: 0, durationMs });
      if (rethrow) throw err;
      return {
        source: source.name,
        status: 'failed',
        added: 0,
        changed: 0,
        history: 0,
        rescanned: 0,
        removed: 0,
        objects: 0,
        chunksEmbedded: 0,
        durationMs,
        ...failure,
      };
    } finally {
      await lock.release();
    }
  }

  async function update(options: UpdateOptions = {}): Promise<UpdateRun> {
    if (options.object && !options.source)
      throw new SextantError('USAGE', '--object needs --source', { hint: 'e.g. sextant update --source mesh --object crm.pg_customers' });
    const declared = deps.declaredSources?.() ?? [];
    if (declared.length) {
      const synced = await syncDeclaredSources(store, connectors, kinds, declared);
      for (const name of [...synced.added, ...synced.changed])
        options.onProgress?.({
          source: name,
          phase: 'check',
          done: 0,
          total: 1,
          detail: synced.added.includes(name) ? 'declared in the config: added' : 'declared in the config: updated',
        });
    }
    // sources that link to others' objects (code to tables) go after them, so a first update links
    const selected = await selectSources(store, options.source);
    const sources = [...selected.filter((s) => !kinds.familyOf(s.type).linksOtherSources), ...selected.filter((s) => kinds.familyOf(s.type).linksOtherSources)];
    if (sources.length === 0) {
      throw new SextantError('SOURCE_NOT_FOUND', 'no sources to update', { remedy: { action: 'add-source' } });
    }
    const emb = await embedder();
    if (emb) {
      const dropped = await syncEmbeddingModel(store, emb);
      if (dropped)
        options.onProgress?.({ source: '*', phase: 'model', done: 0, total: 1, detail: `embedding model changed to ${emb.modelId}; re-embedding everything` });
    }
    const reports: UpdateReport[] = [];
    for (const listed of sources) reports.push(await updateOne(listed, options, emb, !!options.source));
    // code links to a database's tables: when a database alone changed, the code linked to it is read again
    const [only] = sources;
    if (options.source && !options.object && only && reports[0]?.status === 'updated' && !kinds.familyOf(only.type).linksOtherSources) {
      const linkers = (await store.listSources()).filter((s) => s.name !== only.name && kinds.familyOf(s.type).linksOtherSources);
      for (const linker of linkers) {
        options.onProgress?.({ source: linker.name, phase: 'check', done: 0, total: 1, detail: `'${only.name}' changed: refreshing its links` });
        const report = await updateOne(linker, options, emb, false);
        reports.push({ ...report, notes: [...(report.notes ?? []), `read again: it links to '${only.name}', which changed`] });
      }
    }
    const reembedded = emb ? await embedMissingVectors(store, emb, options.onProgress, options.signal) : 0;
    const changed = reports.filter((r) => r.status === 'updated').map((r) => r.source);
    const glossaryChecks = changed.length ? await glossary.revalidate(changed) : [];
    return { reports, reembedded, ok: reports.every((r) => r.status !== 'failed'), glossary: glossaryChecks };
  }

  async function withFields(run: SearchFn, query: string, options: SearchOptions | undefined): Promise<SearchResult> {
    assertKnownKinds(options?.kinds, kinds);
    // `_session` and other pseudo-sources are the scoped engine's; real names must exist
    for (const name of options?.sources ?? []) if (!name.startsWith('_')) await requireSource(store, name);
    const scoped = withDefaultProject(options);
    const result = await withRankedFields((q, o) => searcher.query(q, o), await run(query, scoped), scoped);
    return result.hits.length > 0 || result.notice ? result : { ...result, ...(await emptyIndexNotice(scoped)) };
  }

  /** Why a search found nothing when nothing is indexed where it looked, and what to do about it. */
  async function emptyIndexNotice(options: SearchOptions): Promise<Pick<SearchResult, 'notice' | 'remedy'>> {
    const sources = options.sources?.filter((s) => !s.startsWith('_'));
    const filter = { ...(sources?.length ? { sources } : {}), projects: options.projects ?? [], session: options.session ?? null };
    if ((await store.countChunks(filter)) > 0) return {};
    if (sources?.length)
      return {
        notice: `nothing is indexed in ${sources.length > 1 ? 'these sources' : `source '${sources[0]}'`} yet`,
        remedy: { action: 'update-source', sources },
      };
    return { notice: 'nothing is indexed yet', remedy: { action: 'add-source', update: true } };
  }

  const onboarding = createOnboardingService({
    store,
    search: (q, o) => engine.query(q, o),
    searchSide: (side, q, o) => (side === 'lexical' ? engine.search(q, o) : engine.vsearch(q, o)),
    changeCounter: () => store.changeCounter(),
    rescan: async (source, onProgress) => void (await update({ source, ...(onProgress ? { onProgress } : {}) })),
    ...(deps.llm ? { llm: () => deps.llm!() } : {}),
    cache: store,
    // created below: the planner asks it only when a plan runs
    workspaceSource: () => workspace.source(),
  });

  const workspace = createWorkspaceService({
    getSource: (name) => store.getSource(name),
    listSources: () => store.listSources(),
    addSource: (input) => engine.addSource(input),
    setSourceUrl: (name, url) => engine.setSourceUrl(name, url),
    projects,
    update: (source) => update({ source }),
    graphFiles: async (source) => (await onboarding.graph(source)).nodes.length,
  });

  const discovery: DiscoveryEngine = {
    listSources: () => engine.listSources(),
    listObjects: (filter) => engine.listObjects(filter),
    get: (ref) => engine.get(ref),
  };

  const engine: Engine = {
    projects,
    tokens,
    sessions,
    graphql,
    glossary,
    addSource: async (input) => publicSource(await addSource(store, connectors, kinds, input)),
    listSources: async () => (await store.listSources()).map(publicSource),
    async removeSource(name) {
      await requireSource(store, name);
      await store.removeSource(name);
      const [report] = await glossary.revalidate([name]);
      return { source: name, staleTerms: (report?.broke ?? []).map(({ project, term }) => ({ project, term })) };
    },
    async setSourceUrl(name, url, options) {
      const source = await requireSource(store, name);
      const merged = options ? { ...source.options, ...options } : source.options;
      connectorFor(connectors, source.type).validate({ ...source, url, options: merged });
      await store.updateSource(name, options ? { url, options: merged } : { url });
    },
    checkAccess: (source) => checkAccess(store, connectors, source),
    update,
    get: (ref) => getWithSuggestions({ search: (q, o) => engine.search(q, o) }, ref, (r) => describeObject(store, r, kinds, kindDetail)),
    async listObjects(filter) {
      if (filter.source) await requireSource(store, filter.source);
      return store.listObjects(filter);
    },
    completeIds: (prefix, limit) => completeObjectIds({ ...discovery, kinds: () => kinds }, prefix, limit),
    search: (query, options) => withFields(searcher.search, query, options),
    vsearch: (query, options) => withFields(searcher.vsearch, query, options),
    query: (query, options) => withFields(searcher.query, query, options),
    listSchemas: (source, options) => listSchemas(discovery, source, options),
    listOperations: (filter) => listOperations(discovery, filter),
    describe: (target, options) =>
      describeAny(
        { ...discovery, kinds: () => kinds, describeGraphql: (ref, o) => graphql.describe(ref, o), search: (q, o) => engine.search(q, o) },
        target,
        options,
      ),
    addContext: async (target, text) => addContext({ store, kinds, embedder: await embedder(), ...lexical }, target, text),
    listContexts: (source) => store.listContexts(source),
    removeContext: async (id) => removeContext({ store, kinds, embedder: await embedder(), ...lexical }, id),
    generateContexts: (options) => generateContexts({ store, kinds, embedder, ...lexical, llm: deps.llm ?? (async () => null) }, options),
    async status() {
      return { index: await store.info(), sources: (await store.listSources()).map(publicSource) };
    },
    indexCounts: async (filter) => ({ chunks: await store.countChunks(filter), vectors: await store.countVectors(filter) }),
    kinds: () => kinds,
    changeCounter: () => store.changeCounter(),
    storeHealth: () => store.health?.() ?? { status: 'ok' },
    cleanup: () => store.cleanup(),
    repair: () => store.repair(),
    async close() {
      const emb = embedderPromise ? await embedderPromise.catch(() => null) : null;
      await emb?.close?.();
      await store.close();
    },
    onboardingPlan: (request) => onboarding.plan(request),
    planSources: (allowed) => onboarding.sources(allowed),
    workspace,
    async importDocument(location, options) {
      if ('url' in location && !options.allowUrl)
        throw new SextantError('FORBIDDEN', 'this project does not let sessions add documents by URL', {
          remedy: { action: 'turn-on-setting', project: options.project, setting: 'document-urls' },
        });
      if (!deps.documentImporter) throw new SextantError('USAGE', 'this server reads no documents for sessions; pass text');
      return deps.documentImporter.read(location, { workspaceRoot: deps.workspaceRoot ?? null, ...(options.signal ? { signal: options.signal } : {}) });
    },
  };
  return engine;
}
