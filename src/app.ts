/**
 * @module app
 * Composition root: the only place that chooses adapters and builds the engine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SextantConfig } from './config/load-config.js';
import { createEngine, type Engine } from './core/engine.js';
import { SextantError } from './kernel/errors.js';
import { redactDsn, redactText } from './kernel/redact.js';
import type { Store } from './ports/store.js';
import { copyIndex, type CopyReport } from './core/store/copy-index.js';
import type { ProgressFn } from './kernel/progress.js';
import { lexicalField } from './core/search/lexical-text.js';
import { checkModels, type RankerModels } from './core/search/learned-ranker.js';
import type { Connector } from './ports/connector.js';
import type { DocumentLimits } from './ports/documents.js';
import type { SourceKind } from './ports/source-kind.js';
import { graphqlKind } from './core/kinds/graphql/graphql-kind.js';
import { sqlKind } from './core/kinds/sql/sql-kind.js';
import { openapiKind } from './core/kinds/openapi/openapi-kind.js';
import { documentsKind } from './core/kinds/documents/documents-kind.js';
import { codeKind } from './core/kinds/code/code-kind.js';
import { declaredDocumentSource } from './core/kinds/documents/declared-sources.js';
import type { Embedder } from './ports/embedder.js';
import type { BuiltinEmbedder } from './adapters/embedder/builtin/index.js';
import type { Llm, LlmSettings } from './ports/llm.js';
import { createGraphqlConnector } from './adapters/connector/graphql/index.js';
import { createPostgresConnector } from './adapters/connector/postgres/index.js';
import { createOpenapiConnector } from './adapters/connector/openapi/index.js';
import { createCodeConnector } from './adapters/connector/code/index.js';
import { createDocumentsConnector } from './adapters/connector/documents/index.js';
import { createDocumentConverter, createDocumentImporter, createSourceReader } from './adapters/documents/source-reader.js';
import { openSqliteStore, repairIndex, type IndexRepairReport } from './adapters/store/sqlite/index.js';
import { isPostgresUrl, migratePostgresStore, openPostgresStore, type MigrationResult, type PostgresStoreOptions } from './adapters/store/postgres/index.js';
import { createCommandReranker } from './adapters/reranker/command/index.js';
import { createJwksTokenVerifier } from './adapters/auth/oidc/index.js';
import { createOidcVerifier, type OidcOptions, type OidcVerifier } from './core/auth/oidc.js';
import { withDemoDatabase } from './demo/demo-connector.js';
import { defaultDemoDataDir } from './demo/run-demo.js';

export const BUILTIN_CACHE_FILE = 'builtin-glove100.bin';

/** One source family: its kind module (core/kinds) and its connectors by source type. */
export interface SourceKindRegistration {
  kind: SourceKind;
  connectors(config: SextantConfig): ReadonlyArray<readonly [string, Connector]>;
}

/** The source families Sextant ships with; a new family is one more line here. */
export const SOURCE_KINDS: readonly SourceKindRegistration[] = [
  {
    kind: sqlKind,
    connectors: (config) => [
      [
        'postgres',
        withDemoDatabase(createPostgresConnector({ statementTimeoutMs: config.get('postgres.statement_timeout_ms') }), defaultDemoDataDir(config.home)),
      ],
    ],
  },
  // Before GraphQL: a URL ending in .json or .yaml is a spec, any other HTTP URL a GraphQL endpoint.
  { kind: openapiKind, connectors: () => [['openapi', createOpenapiConnector()]] },
  {
    kind: graphqlKind,
    connectors: () => [
      ['hugr', createGraphqlConnector({ type: 'hugr' })],
      ['graphql', createGraphqlConnector({ type: 'graphql' })],
    ],
  },
  { kind: documentsKind, connectors: (config) => [['docs', createDocsConnector(config)]] },
  { kind: codeKind, connectors: () => [['code', createCodeConnector()]] },
];

function documentLimits(config: SextantConfig): DocumentLimits {
  return { maxBytes: config.get('documents.max_bytes'), timeoutMs: config.get('documents.timeout_ms') };
}

function createDocsConnector(config: SextantConfig): Connector {
  const limits = documentLimits(config);
  return createDocumentsConnector({
    reader: createSourceReader({ limits }),
    converter: createDocumentConverter(),
    limits,
    chunkTokens: config.get('documents.chunk_size'),
    chunkOverlap: config.get('documents.chunk_overlap'),
  });
}

export interface AppOptions {
  /** Progress of one-off work the app does on the engine's behalf (building the vector cache). */
  onProgress?: ProgressFn;
  /** The source families to serve (default SOURCE_KINDS); tests add their own after these. */
  kinds?: readonly SourceKindRegistration[];
  /**
   * The folder session documents are read from by path when documents.workspace_root is unset
   * (`sextant repl`: the folder it started in, whose person names their own files); absent: no paths.
   */
  documentsRoot?: string;
}

export function builtinCachePath(config: SextantConfig): string {
  return join(config.modelsDir, BUILTIN_CACHE_FILE);
}

/** The progress of building the builtin word-vector cache, as the engine's progress. */
const buildProgress =
  (onProgress?: ProgressFn) =>
  (done: number, total: number): void =>
    onProgress?.({ source: '*', phase: 'model', done, total, detail: 'building the builtin word-vector cache (once)' });

/**
 * Loads the builtin embedder, building its word-vector cache first when the file is missing or
 * unusable (damaged, or of another format version) rather than failing on it.
 */
async function openBuiltinEmbedder(config: SextantConfig, onProgress?: ProgressFn): Promise<BuiltinEmbedder> {
  const { ensureBuiltinEmbedder } = await import('./adapters/embedder/builtin/index.js');
  return ensureBuiltinEmbedder(builtinCachePath(config), buildProgress(onProgress));
}

/** Builds the builtin word-vector cache if it is missing or unusable; returns its path. */
export async function ensureBuiltinCache(config: SextantConfig, onProgress?: ProgressFn): Promise<string> {
  await openBuiltinEmbedder(config, onProgress);
  return builtinCachePath(config);
}

/** Opens the configured embedder; adapters are imported lazily so `--help` loads none of them. */
export async function openEmbedder(config: SextantConfig, onProgress?: ProgressFn): Promise<Embedder | null> {
  const provider = config.get('embeddings.provider');
  switch (provider) {
    case 'none':
      return null;
    case 'builtin': {
      // its word vectors are read when a text is first embedded: an update that embeds nothing never reads them
      const { openBuiltinEmbedderLazily } = await import('./adapters/embedder/builtin/index.js');
      return openBuiltinEmbedderLazily(builtinCachePath(config), buildProgress(onProgress));
    }
    case 'onnx': {
      const modelDir = config.get('embeddings.model_path');
      if (!modelDir) {
        throw new SextantError('CONFIG_INVALID', 'embeddings.provider is onnx but no model directory is set', {
          hint: 'run `sextant init --model-path DIR` or set embeddings.model_path',
        });
      }
      const { createOnnxEmbedder } = await import('./adapters/embedder/onnx/index.js');
      return createOnnxEmbedder({ modelDir });
    }
    case 'openai': {
      const url = config.get('embeddings.url');
      const model = config.get('embeddings.model');
      if (!url || !model) {
        throw new SextantError('CONFIG_INVALID', 'embeddings.provider is openai but embeddings.url or embeddings.model is missing', {
          hint: 'set both in config.yaml or SEXTANT_EMBEDDINGS_URL / SEXTANT_EMBEDDINGS_MODEL',
        });
      }
      const { createOpenAiEmbedder } = await import('./adapters/embedder/openai/index.js');
      const apiKey = config.get('embeddings.api_key');
      return createOpenAiEmbedder({ url, model, ...(apiKey ? { apiKey } : {}) });
    }
    default:
      throw new SextantError('CONFIG_INVALID', `unknown embeddings.provider '${provider}'`);
  }
}

/**
 * The configured chat model (llm.url + llm.model), or null; `settings` (a command's flags)
 * override the configured values. The adapter is imported lazily.
 */
export async function openLlm(config: SextantConfig, settings: LlmSettings = {}): Promise<Llm | null> {
  const url = settings.url ?? config.get('llm.url');
  const model = settings.model ?? config.get('llm.model');
  if (!url || !model) return null;
  const { createOpenAiLlm } = await import('./adapters/llm/openai/index.js');
  const apiKey = settings.apiKey ?? config.get('llm.api_key');
  return createOpenAiLlm({ url, model, ...(apiKey ? { apiKey } : {}) });
}

export function createConnectors(config: SextantConfig, kinds: readonly SourceKindRegistration[] = SOURCE_KINDS): Map<string, Connector> {
  return new Map<string, Connector>(kinds.flatMap((registration) => registration.connectors(config)));
}

/** OIDC access tokens: the JWKS adapter verifies, core turns the claims into the request's user. */
export function createOidcAuthentication(options: OidcOptions): OidcVerifier {
  return createOidcVerifier(createJwksTokenVerifier(options), options);
}

/** Store URL `sqlite:///abs/path` → the path (`sqlite://./rel` is relative to the working directory). */
function sqlitePath(url: string): string {
  const path = decodeURIComponent(url.replace(/^sqlite:\/\//i, ''));
  if (path === '')
    throw new SextantError('CONFIG_INVALID', `no file in the store URL ${JSON.stringify(url)}`, { hint: 'write sqlite:///path/to/index.sqlite' });
  return path;
}

/** Opens the store at a URL: `postgres://…` (shared) or `sqlite:///path`. */
export async function openStoreAt(url: string, config: SextantConfig): Promise<Store> {
  if (/^sqlite:\/\//i.test(url)) return openSqliteStore(sqlitePath(url));
  if (!isPostgresUrl(url)) {
    throw new SextantError('CONFIG_INVALID', `unsupported store URL ${redactDsn(url)}`, {
      hint: 'use postgres://user@host:5432/db or sqlite:///path/to/index.sqlite',
    });
  }
  return openPostgresStore(url, pgStoreOptions(config, url));
}

function pgStoreOptions(config: SextantConfig, url: string): PostgresStoreOptions {
  const passwordEnv = config.get('store.password_env');
  const sslmode = config.get('store.sslmode');
  const sslRootCert = config.get('store.sslrootcert');
  return {
    poolSize: config.get('store.pool_size'),
    statementTimeoutMs: config.get('store.statement_timeout_ms'),
    ...(passwordEnv ? { passwordEnv } : {}),
    ...(sslmode ? { sslmode } : {}),
    ...(sslRootCert ? { sslRootCert } : {}),
    migrateCommand: `sextant store migrate --store ${redactDsn(url)}`,
  };
}

/** The configured store: `store.url` (SEXTANT_STORE_URL), else the SQLite file in the home folder. */
export async function openConfiguredStore(config: SextantConfig): Promise<Store> {
  const url = config.get('store.url');
  return url ? openStoreAt(url, config) : openSqliteStore(config.indexPath);
}

/** `sextant store migrate`: creates or upgrades a PostgreSQL store's schema (a SQLite file migrates when opened). */
export async function migrateStore(url: string, config: SextantConfig): Promise<MigrationResult & { store: string }> {
  if (!isPostgresUrl(url)) {
    throw new SextantError('USAGE', `store migrate takes a postgres:// URL, not ${redactDsn(url)}`, {
      hint: /^sqlite:/i.test(url)
        ? 'a SQLite index is created and checked when opened; `sextant repair` rebuilds one'
        : 'give --store postgres://user@host:5432/database (the store is PostgreSQL or a SQLite file)',
    });
  }
  return { store: redactDsn(url), ...(await migratePostgresStore(url, pgStoreOptions(config, url))) };
}

/** `sextant store copy`: the index at `fromUrl` into the empty store at `toUrl`, verified by counts and hashes. */
export async function copyStore(
  fromUrl: string,
  toUrl: string,
  config: SextantConfig,
  onProgress?: ProgressFn,
): Promise<CopyReport & { from: string; to: string }> {
  if (/^sqlite:\/\//i.test(fromUrl) && !existsSync(sqlitePath(fromUrl))) {
    throw new SextantError('USAGE', `no index at ${sqlitePath(fromUrl)}`, { hint: 'give --from the path of an existing index.sqlite' });
  }
  const from = await openStoreAt(fromUrl, config);
  try {
    const to = await openStoreAt(toUrl, config);
    try {
      return { from: redactDsn(fromUrl), to: redactDsn(toUrl), ...(await copyIndex(from, to, onProgress)) };
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}

/**
 * The learned ranker's weights (`search.ranker: learned`): `search.ranker_model`, else the shipped
 * src/core/search/learned-ranker.json (not copied by the build: found from the package root, like
 * the demo's SQL). Null for `rrf`, or when the shipped file is absent; a configured file that is
 * missing or malformed is an error.
 */
export function loadRankerModels(config: SextantConfig): RankerModels | null {
  if (config.get('search.ranker') === 'rrf') return null;
  const configured = config.get('search.ranker_model');
  const path = configured ?? join(packageRoot(), 'src', 'core', 'search', 'learned-ranker.json');
  if (!configured && !existsSync(path)) return null;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new SextantError('CONFIG_INVALID', `search.ranker_model: cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const checked = checkModels(data);
  if (!checked.ok) throw new SextantError('CONFIG_INVALID', `search.ranker_model: ${path}: ${checked.reason}`);
  return checked.models;
}

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return dirname(fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

export async function openEngine(config: SextantConfig, options: AppOptions = {}): Promise<Engine> {
  const store = await openConfiguredStore(config);
  const rerankCommand = config.get('search.rerank_hook');
  const kinds = options.kinds ?? SOURCE_KINDS;
  return createEngine({
    store,
    connectors: createConnectors(config, kinds),
    kinds: kinds.map((registration) => registration.kind),
    embedder: () => openEmbedder(config, options.onProgress),
    llm: (settings) => openLlm(config, settings),
    rerank: rerankCommand ? createCommandReranker(rerankCommand, { timeoutMs: config.get('search.rerank_timeout_ms') }) : null,
    lexical: lexicalField,
    ranker: loadRankerModels(config),
    declaredSources: () => config.get('documents.sources').map((entry, i) => declaredDocumentSource(entry, i)),
    documentImporter: createDocumentImporter({ limits: documentLimits(config) }),
    workspaceRoot: config.get('documents.workspace_root') ?? options.documentsRoot ?? null,
  });
}

export interface InitResult {
  provider: string;
  modelId: string;
  dimension: number;
  path: string;
  /** Settings written to the config file, if any. */
  configured: Record<string, unknown>;
}

/**
 * `sextant init`: prepares the embedder. Default: build the builtin vector cache. `model`
 * downloads an ONNX model (online only); `modelPath` uses a local one. ONNX choices are saved
 * to the config file so later commands use them.
 */
export async function initEmbeddings(config: SextantConfig, options: { model?: string; modelPath?: string; onProgress?: ProgressFn }): Promise<InitResult> {
  const { setConfigValues } = await import('./config/write-config.js');
  if (options.model || options.modelPath) {
    const onnx = await import('./adapters/embedder/onnx/index.js');
    let modelDir = options.modelPath;
    if (!modelDir) {
      const downloaded = await onnx.downloadOnnxModel(options.model!, join(config.modelsDir, 'onnx'));
      modelDir = downloaded.modelDir;
    }
    const embedder = await onnx.createOnnxEmbedder({ modelDir });
    await embedder.embed(['probe']);
    await embedder.close?.();
    const configured = { 'embeddings.provider': 'onnx', 'embeddings.model_path': modelDir };
    setConfigValues(config.configFile, configured);
    return { provider: 'onnx', modelId: embedder.modelId, dimension: embedder.dimension, path: modelDir, configured };
  }
  const embedder = await openBuiltinEmbedder(config, options.onProgress);
  return { provider: 'builtin', modelId: embedder.modelId, dimension: embedder.dimension, path: builtinCachePath(config), configured: {} };
}

/** After a salvage that lost catalog rows: the re-index of every source from the source itself. */
export interface RepairReindex {
  ok: boolean;
  /** Each source's update; a failed one's `hint` says what to do, apart from its `message`. */
  sources: Array<{ source: string; status: string; message: string; hint?: string }>;
  /** Why the re-index could not run at all (the embedder, no sources…); the sources are then still marked for it. */
  error?: string;
  /** What to do about `error`, when it says. */
  hint?: string;
}

export type ConfiguredRepairReport = IndexRepairReport & { reindex: RepairReindex | null };

/**
 * A PostgreSQL store's repair: its files are PostgreSQL's to keep whole and `store migrate` moves
 * its schema version (a store of another version is refused on open, naming it), so what is left
 * is the derived data, rebuilt in one transaction that running servers may share the store with:
 * every chunk's full-text vector recomputed, vectors of another dimension than the model's
 * dropped, dangling entity links and unlinked entities removed.
 */
async function repairSharedStore(url: string, config: SextantConfig): Promise<ConfiguredRepairReport> {
  const store = await openStoreAt(url, config);
  try {
    const rebuilt = await store.repair();
    const { location, schemaVersion } = await store.info();
    const message = `${location}: a PostgreSQL store (schema version ${schemaVersion}) has no file to repair`;
    const dropped = rebuilt.vectorsDropped ? `, dropped ${rebuilt.vectorsDropped} stale vector(s)` : '';
    const summary = `${message}; rebuilt ${rebuilt.ftsRows ?? 0} full-text row(s), kept ${rebuilt.vectors ?? 0} vector(s)${dropped}`;
    const none = { previousVersion: null, backupPath: null, keptSources: 0, keptContexts: 0, salvage: null, reindex: null };
    return { path: location, action: 'none', message, schemaVersion, rebuilt, summary, ...none };
  } finally {
    await store.close();
  }
}

/**
 * `sextant repair` on the configured store. A SQLite file (the home's index, or `store.url`
 * `sqlite:///path`) is made usable again and its derived tables rebuilt; when damaged pages cost
 * catalog rows, every source is re-indexed through the normal update path (a source that cannot
 * be reached keeps its salvaged rows and is re-indexed by its next update). A PostgreSQL store
 * has its derived data rebuilt alone: see {@link repairSharedStore}.
 */
export async function repairConfiguredIndex(config: SextantConfig, options: AppOptions = {}): Promise<ConfiguredRepairReport> {
  const url = config.get('store.url');
  const path = !url ? config.indexPath : /^sqlite:\/\//i.test(url) ? sqlitePath(url) : null;
  if (path === null) return repairSharedStore(url!, config);
  const report = await repairIndex(path);
  if (!report.salvage?.reindexNeeded || report.keptSources === 0) return { ...report, reindex: null };
  const engine = await openEngine(config, options);
  try {
    const run = await engine.update(options.onProgress ? { onProgress: options.onProgress } : {});
    const sources = run.reports.map((r) => ({ source: r.source, status: r.status, message: r.message, ...(r.hint ? { hint: r.hint } : {}) }));
    return { ...report, reindex: { ok: run.ok, sources } };
  } catch (err) {
    const error = redactText(err instanceof Error ? err.message : String(err));
    const hint = err instanceof SextantError && err.hint ? { hint: redactText(err.hint) } : {};
    return { ...report, reindex: { ok: false, sources: [], error, ...hint } };
  } finally {
    await engine.close();
  }
}
