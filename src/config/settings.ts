/**
 * @module config/settings
 * The table of every setting: dotted key, environment variable, validation, default, secrecy.
 * Adding a setting means adding one row here.
 */
import { z } from 'zod';

export interface SettingSpec<K extends string = string, S extends z.ZodType = z.ZodType> {
  key: K;
  env: string;
  schema: S;
  /** The only place a default lives; null: unset unless configured. */
  default: z.output<S> | null;
  secret?: boolean;
  description: string;
}

/** One row, typed by its own key, schema and default, so `config.get(key)` knows the value's type. */
function setting<const K extends string, S extends z.ZodType, D extends z.output<S> | null>(
  spec: SettingSpec<K, S> & { default: D },
): SettingSpec<K, S> & { default: D } {
  return spec;
}

const positiveInt = z.coerce.number().int().positive();

/** A list from the environment arrives as JSON text; anything unparsable is left for the schema to refuse. */
function parseJsonList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export const SETTINGS = Object.freeze([
  setting({ key: 'home', env: 'SEXTANT_HOME', schema: z.string().min(1), default: null, description: 'folder of the index, models and daemon files' }),
  setting({
    key: 'store.url',
    env: 'SEXTANT_STORE_URL',
    schema: z.string().regex(/^(postgres(ql)?|sqlite):\/\//i, 'a postgres://… or sqlite:///path URL'),
    default: null,
    description: 'where the index lives: postgres://user@host/db (shared by several servers) or sqlite:///path; unset: <home>/index.sqlite',
  }),
  setting({
    key: 'store.password_env',
    env: 'SEXTANT_STORE_PASSWORD_ENV',
    schema: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name'),
    default: null,
    description: 'environment variable holding the PostgreSQL store password (keeps it out of the URL)',
  }),
  setting({
    key: 'store.pool_size',
    env: 'SEXTANT_STORE_POOL_SIZE',
    schema: positiveInt.max(200),
    default: 10,
    description: 'PostgreSQL store connections per process',
  }),
  setting({
    key: 'store.statement_timeout_ms',
    env: 'SEXTANT_STORE_STATEMENT_TIMEOUT_MS',
    schema: positiveInt,
    default: 30_000,
    description: 'PostgreSQL store: longest a statement may run before the server cancels it',
  }),
  setting({
    key: 'store.sslmode',
    env: 'SEXTANT_STORE_SSLMODE',
    schema: z.enum(['disable', 'prefer', 'require', 'verify-ca', 'verify-full']),
    default: null,
    description: "PostgreSQL store TLS as libpq's sslmode (unset: as the URL says); prefer counts as disable",
  }),
  setting({
    key: 'store.sslrootcert',
    env: 'SEXTANT_STORE_SSLROOTCERT',
    schema: z.string().min(1),
    default: null,
    description: 'PostgreSQL store: PEM file of the CA that signed the server certificate (verify-ca, verify-full)',
  }),
  setting({
    key: 'embeddings.provider',
    env: 'SEXTANT_EMBEDDINGS_PROVIDER',
    schema: z.enum(['builtin', 'onnx', 'openai', 'none']),
    default: 'builtin',
    description: 'embedder: builtin (offline word vectors), onnx (local model), openai (compatible endpoint), none (lexical search only)',
  }),
  setting({
    key: 'models.dir',
    env: 'SEXTANT_MODELS_DIR',
    schema: z.string().min(1),
    default: null,
    description: 'folder of model files and the builtin vector cache (default: <home>/models)',
  }),
  setting({
    key: 'embeddings.model_path',
    env: 'SEXTANT_EMBEDDINGS_MODEL_PATH',
    schema: z.string().min(1),
    default: null,
    description: 'local ONNX model directory (provider onnx)',
  }),
  setting({
    key: 'embeddings.url',
    env: 'SEXTANT_EMBEDDINGS_URL',
    schema: z.string().url(),
    default: null,
    description: 'OpenAI-compatible base URL (provider openai)',
  }),
  setting({
    key: 'embeddings.model',
    env: 'SEXTANT_EMBEDDINGS_MODEL',
    schema: z.string().min(1),
    default: null,
    description: 'model name for the openai provider',
  }),
  setting({
    key: 'embeddings.api_key',
    env: 'SEXTANT_EMBEDDINGS_API_KEY',
    schema: z.string().min(1),
    default: null,
    secret: true,
    description: 'API key for the openai provider',
  }),
  setting({
    key: 'llm.url',
    env: 'SEXTANT_LLM_URL',
    schema: z.string().url(),
    default: null,
    description: 'OpenAI-compatible chat endpoint for optional LLM workflows',
  }),
  setting({ key: 'llm.model', env: 'SEXTANT_LLM_MODEL', schema: z.string().min(1), default: null, description: 'chat model name' }),
  setting({ key: 'llm.api_key', env: 'SEXTANT_LLM_API_KEY', schema: z.string().min(1), default: null, secret: true, description: 'chat API key' }),
  setting({
    key: 'search.rerank_hook',
    env: 'SEXTANT_RERANK_HOOK',
    schema: z.string().min(1),
    default: null,
    description: 'command that reorders fused results (JSON on stdin, id list on stdout)',
  }),
  setting({
    key: 'search.ranker',
    env: 'SEXTANT_RANKER',
    schema: z.enum(['learned', 'rrf']),
    // the shipped file holds the column model only: the table model lost on Spider (README, "Learned ranker")
    default: 'learned',
    description: 'hybrid table and column ranking: the learned models of src/core/search/learned-ranker.json where it has one, or RRF alone',
  }),
  setting({
    key: 'search.ranker_model',
    env: 'SEXTANT_RANKER_MODEL',
    schema: z.string().min(1),
    default: null,
    description: 'learned ranker weights file (JSON) instead of the shipped one',
  }),
  setting({ key: 'search.rerank_timeout_ms', env: 'SEXTANT_RERANK_TIMEOUT_MS', schema: positiveInt, default: 5000, description: 'rerank hook timeout' }),
  setting({
    key: 'postgres.statement_timeout_ms',
    env: 'SEXTANT_PG_STATEMENT_TIMEOUT_MS',
    // PostgreSQL's own maximum for statement_timeout (INT_MAX milliseconds)
    schema: positiveInt.max(2_147_483_647, 'at most 2147483647 (PostgreSQL refuses a longer statement_timeout)'),
    default: 5000,
    description: 'statement_timeout of every guarded session',
  }),
  setting({
    key: 'documents.chunk_size',
    env: 'SEXTANT_DOCUMENTS_CHUNK_SIZE',
    schema: positiveInt.min(50).max(8000),
    default: 500,
    description: 'tokens per document passage (about four characters a token)',
  }),
  setting({
    key: 'documents.chunk_overlap',
    env: 'SEXTANT_DOCUMENTS_CHUNK_OVERLAP',
    schema: z.coerce.number().int().min(0).max(1000),
    default: 50,
    description: 'tokens repeated between consecutive passages of a document',
  }),
  setting({
    key: 'documents.max_bytes',
    env: 'SEXTANT_DOCUMENTS_MAX_BYTES',
    schema: positiveInt,
    default: 50 * 1024 * 1024,
    description: 'largest document read, in bytes; a larger one is skipped and named',
  }),
  setting({
    key: 'documents.timeout_ms',
    env: 'SEXTANT_DOCUMENTS_TIMEOUT_MS',
    schema: positiveInt,
    default: 30_000,
    description: 'time limit of one document request (http, s3, ftp, sftp)',
  }),
  setting({
    key: 'documents.workspace_root',
    env: 'SEXTANT_DOCUMENTS_WORKSPACE_ROOT',
    schema: z.string().min(1),
    default: null,
    description: 'folder a session may add documents from by path (MCP add_document path, REPL doc add); unset: no paths over MCP, the REPL’s own folder',
  }),
  setting({
    key: 'documents.sources',
    env: 'SEXTANT_DOCUMENTS_SOURCES',
    // from the environment: a JSON list
    schema: z.preprocess(parseJsonList, z.array(z.record(z.string(), z.unknown()), 'a list of document sources (from the environment: a JSON list)')),
    default: [],
    description:
      'document sources declared once (a list; also accepted as a top-level `documents:` list): name and path, url or content, with the options of `source add docs` in snake_case; registered or brought up to date by `sextant update`',
  }),
  setting({ key: 'ui.host', env: 'SEXTANT_UI_HOST', schema: z.string().min(1), default: '127.0.0.1', description: 'web UI bind address (`sextant ui`)' }),
  setting({
    key: 'ui.port',
    env: 'SEXTANT_UI_PORT',
    schema: z.coerce.number().int().min(0).max(65535),
    default: 7822,
    description: 'web UI port (`sextant ui`; 0: any free port)',
  }),
  setting({
    key: 'mcp.workspace_root',
    env: 'SEXTANT_WORKSPACE_ROOT',
    schema: z.string().min(1),
    default: null,
    description: 'folder of the repository `sextant mcp` serves as the code source `workspace` of the default project (also --workspace DIR)',
  }),
  setting({
    key: 'mcp.bridge_port',
    env: 'SEXTANT_BRIDGE_PORT',
    schema: z.coerce.number().int().min(0).max(65535),
    default: null,
    description: 'loopback port of the scan bridge (`POST /scan`) a stdio `sextant mcp` opens; needs mcp.bridge_token; 0 picks a free port',
  }),
  setting({
    key: 'mcp.bridge_token',
    env: 'SEXTANT_BRIDGE_TOKEN',
    schema: z.string().min(16, 'at least 16 characters'),
    default: null,
    secret: true,
    description: 'bearer token of the scan bridge (`sextant mcp install` writes a random one); without it there is no bridge',
  }),
  setting({
    key: 'mcp.scan_timeout_s',
    env: 'SEXTANT_SCAN_TIMEOUT_S',
    schema: positiveInt.max(3600),
    default: 30,
    description: 'how long `POST /scan` waits for the new graph before answering an error (the scan goes on)',
  }),
  setting({ key: 'mcp.host', env: 'SEXTANT_MCP_HOST', schema: z.string().min(1), default: '127.0.0.1', description: 'HTTP bind address' }),
  setting({
    key: 'mcp.port',
    env: 'SEXTANT_MCP_PORT',
    schema: z.coerce.number().int().min(0).max(65535),
    default: 7821,
    description: 'HTTP port (0: any free port)',
  }),
  setting({
    key: 'mcp.session_ttl_s',
    env: 'SEXTANT_MCP_SESSION_TTL_S',
    schema: positiveInt,
    default: 1800,
    description: 'idle seconds after which an MCP session and its documents are removed',
  }),
  setting({
    key: 'mcp.rate_limit_rpm',
    env: 'SEXTANT_MCP_RATE_LIMIT_RPM',
    schema: z.coerce.number().int().min(0),
    default: 600,
    description: 'HTTP requests per minute per token (or per client address without auth); 0 turns the limit off',
  }),
  setting({
    key: 'mcp.max_sessions',
    env: 'SEXTANT_MCP_MAX_SESSIONS',
    schema: z.coerce.number().int().min(1),
    default: 500,
    description: 'open MCP sessions in all; the one idle longest is closed to make room',
  }),
  setting({
    key: 'mcp.max_sessions_per_credential',
    env: 'SEXTANT_MCP_MAX_SESSIONS_PER_CREDENTIAL',
    schema: z.coerce.number().int().min(1),
    default: 50,
    description: 'open MCP sessions per token (or per client address without auth); the one idle longest is closed to make room',
  }),
  setting({
    key: 'mcp.allowed_origins',
    env: 'SEXTANT_MCP_ALLOWED_ORIGINS',
    schema: z.string(),
    default: '',
    description: "comma-separated browser Origins allowed besides the server's own (DNS-rebinding protection)",
  }),
  setting({
    key: 'auth.oidc.issuer',
    env: 'SEXTANT_OIDC_ISSUER',
    schema: z.string().url(),
    default: null,
    description: 'OIDC issuer whose access tokens (JWTs) the HTTP server accepts',
  }),
  setting({
    key: 'auth.oidc.audience',
    env: 'SEXTANT_OIDC_AUDIENCE',
    schema: z.string().min(1),
    default: null,
    description: 'audience the JWTs must be issued for',
  }),
  setting({
    key: 'auth.oidc.jwks_url',
    env: 'SEXTANT_OIDC_JWKS_URL',
    schema: z.string().url(),
    default: null,
    description: "the issuer's JWKS URL (default: <issuer>/.well-known/jwks.json)",
  }),
  setting({
    key: 'auth.oidc.clock_skew_s',
    env: 'SEXTANT_OIDC_CLOCK_SKEW_S',
    schema: z.coerce.number().int().min(0),
    default: 30,
    description: 'seconds of clock difference tolerated on exp/nbf',
  }),
  setting({
    key: 'auth.oidc.roles_claim',
    env: 'SEXTANT_OIDC_ROLES_CLAIM',
    schema: z.string().min(1),
    default: 'roles',
    description: "JWT claim holding the user's roles",
  }),
  setting({
    key: 'auth.oidc.projects_claim',
    env: 'SEXTANT_OIDC_PROJECTS_CLAIM',
    schema: z.string().min(1),
    default: 'projects',
    description: 'JWT claim limiting the projects a token may use (absent: all)',
  }),
  setting({
    key: 'log.level',
    env: 'SEXTANT_LOG_LEVEL',
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    default: 'info',
    description: 'log level (logs go to stderr)',
  }),
] as const);

type Row = (typeof SETTINGS)[number];

/** Every setting key, e.g. `'mcp.port'`. */
export type SettingKey = Row['key'];

/** The value type of a key: its schema's output, or null when it has no default. */
export type SettingValue<K extends SettingKey> =
  Extract<Row, { key: K }> extends SettingSpec<K, infer S> ? (Extract<Row, { key: K }>['default'] extends null ? z.output<S> | null : z.output<S>) : never;

export function findSetting(key: string): SettingSpec | undefined {
  return (SETTINGS as readonly SettingSpec[]).find((s) => s.key === key);
}
