/**
 * @module adapters/connector/graphql/endpoint
 * A GraphQL source's endpoint settings. The source record stores only environment variable
 * NAMES (`secretKeyEnv`, `apiKeyEnv`, `headerEnvs`, `userTokenEnv`); values are read when a
 * request is made and registered with the redactor so they never reach output.
 */
import { SextantError } from '../../../kernel/errors.js';
import { registerSecret } from '../../../kernel/redact.js';
import type { SourceRecord } from '../../../ports/connector.js';

export interface EndpointSettings {
  /** `/query` URL (Hugr) or the GraphQL URL as given (plain APIs). */
  queryUrl: string;
  /** Hugr's Arrow endpoint, when the source is a Hugr deployment. */
  ipcUrl: string | null;
  hugr: boolean;
  secretKeyEnv?: string;
  apiKeyEnv?: string;
  apiKeyHeader: string;
  /** header name → environment variable name (service credential of plain APIs). */
  headerEnvs: Record<string, string>;
  /** Environment variable with the user token for stdio sessions. */
  userTokenEnv?: string;
  /** How a user's credential is sent: `Authorization: Bearer` (JWT/OIDC servers) or as an API key header. */
  userTokenAs: 'bearer' | 'api-key';
  allowAnonymous: boolean;
  timeoutMs: number;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HEADER_NAME = /^[A-Za-z0-9-]+$/;

function envName(value: unknown, option: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !ENV_NAME.test(value)) {
    throw new SextantError('USAGE', `${option} must be an environment variable name, got '${String(value)}'`, {
      hint: 'pass the NAME of the variable (e.g. HUGR_SECRET_KEY), never the secret itself',
    });
  }
  return value;
}

export function endpointSettings(source: Pick<SourceRecord, 'url' | 'type' | 'options'>): EndpointSettings {
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    throw new SextantError('INVALID_DSN', `'${source.url}' is not a URL`, { hint: 'give the endpoint as http(s)://host[:port][/path]' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SextantError('INVALID_DSN', `unsupported scheme '${url.protocol}' for a GraphQL source`, { hint: 'use an http:// or https:// URL' });
  }
  if (url.username || url.password) {
    throw new SextantError('USAGE', 'credentials in a GraphQL URL are not accepted', {
      hint: 'remove them from the URL and use --secret-key-env, --api-key-env or --header-env',
    });
  }
  const o = source.options;
  const hugr = source.type === 'hugr';
  const base = url.toString().replace(/\/+$/, '');
  const root = hugr ? base.replace(/\/(query|ipc)$/, '') : base;
  const headerEnvs: Record<string, string> = {};
  if (o.headerEnvs !== undefined) {
    if (!o.headerEnvs || typeof o.headerEnvs !== 'object' || Array.isArray(o.headerEnvs))
      throw new SextantError('USAGE', 'headerEnvs must map header names to environment variable names');
    for (const [header, env] of Object.entries(o.headerEnvs as Record<string, unknown>)) {
      if (!HEADER_NAME.test(header)) throw new SextantError('USAGE', `invalid header name '${header}'`, { hint: "use --header-env 'Header-Name=ENV_VAR'" });
      headerEnvs[header] = envName(env, `--header-env ${header}`)!;
    }
  }
  const secretKeyEnv = envName(o.secretKeyEnv, '--secret-key-env');
  const apiKeyEnv = envName(o.apiKeyEnv, '--api-key-env');
  if (secretKeyEnv && apiKeyEnv) throw new SextantError('USAGE', 'give either --secret-key-env or --api-key-env, not both');
  const userTokenEnv = envName(o.userTokenEnv, '--user-token-env');
  if (o.userTokenAs !== undefined && o.userTokenAs !== 'bearer' && o.userTokenAs !== 'api-key')
    throw new SextantError('USAGE', `userTokenAs must be 'bearer' or 'api-key', got '${String(o.userTokenAs)}'`);
  const apiKeyHeader = typeof o.apiKeyHeader === 'string' && HEADER_NAME.test(o.apiKeyHeader) ? o.apiKeyHeader : 'x-hugr-api-key';
  return {
    queryUrl: hugr ? `${root}/query` : base,
    ipcUrl: hugr ? `${root}/ipc` : null,
    hugr,
    ...(secretKeyEnv ? { secretKeyEnv } : {}),
    ...(apiKeyEnv ? { apiKeyEnv } : {}),
    apiKeyHeader,
    headerEnvs,
    ...(userTokenEnv ? { userTokenEnv } : {}),
    userTokenAs: o.userTokenAs === 'api-key' ? 'api-key' : 'bearer',
    allowAnonymous: o.allowAnonymous === true,
    timeoutMs: typeof o.timeoutMs === 'number' && o.timeoutMs > 0 ? o.timeoutMs : 30_000,
  };
}

function readEnv(env: NodeJS.ProcessEnv, name: string, what: string): string {
  const value = env[name];
  if (!value) throw new SextantError('AUTH_FAILED', `environment variable ${name} (${what}) is not set`, { hint: `export ${name}=… and retry` });
  registerSecret(value);
  return value;
}

/** Headers carrying the service credential (discovery and indexing only). */
export function serviceHeaders(settings: EndpointSettings, env: NodeJS.ProcessEnv): Record<string, string> {
  const headers: Record<string, string> = {};
  if (settings.secretKeyEnv) headers['x-hugr-secret-key'] = readEnv(env, settings.secretKeyEnv, 'Hugr secret key');
  if (settings.apiKeyEnv) headers[settings.apiKeyHeader] = readEnv(env, settings.apiKeyEnv, 'Hugr API key');
  for (const [header, name] of Object.entries(settings.headerEnvs)) headers[header] = readEnv(env, name, `header ${header}`);
  return headers;
}
