/** @module adapters/connector/openapi: the `openapi` connector (Swagger 2.0, OpenAPI 3.0 and 3.1 specs from a file or URL). */
import type { AccessReport, Connector, IntrospectOptions, SourceRecord } from '../../../ports/connector.js';
import { SextantError } from '../../../kernel/errors.js';
import { redactDsn, registerSecret } from '../../../kernel/redact.js';
import { parseSpecText, specDialect } from './parse-spec.js';
import { isSpecUrl, normaliseLocation, readSpecText, type FetchLike } from './read-spec.js';
import { bundleExternalRefs } from './resolve-refs.js';
import { buildApiModel } from './spec-model.js';
import { toSnapshot } from './to-objects.js';

export interface OpenapiConnectorOptions {
  /** Environment the header variables are read from (tests pass their own). */
  env?: NodeJS.ProcessEnv;
  fetch?: FetchLike;
}

const HEADER_NAME = /^[A-Za-z0-9-]+$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function headerEnvsOf(source: SourceRecord): Record<string, string> {
  const raw = source.options.headerEnvs;
  if (raw === undefined) return {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new SextantError('USAGE', 'headerEnvs must map header names to environment variable names');
  const out: Record<string, string> = {};
  for (const [header, env] of Object.entries(raw as Record<string, unknown>)) {
    if (!HEADER_NAME.test(header)) throw new SextantError('USAGE', `invalid header name '${header}'`, { hint: "use --header-env 'Header-Name=ENV_VAR'" });
    if (typeof env !== 'string' || !ENV_NAME.test(env))
      throw new SextantError('USAGE', `invalid environment variable name for header ${header}`, { hint: "use --header-env 'Header-Name=ENV_VAR'" });
    out[header] = env;
  }
  return out;
}

function headersFrom(source: SourceRecord, env: NodeJS.ProcessEnv): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [header, name] of Object.entries(headerEnvsOf(source))) {
    const value = env[name];
    if (!value) throw new SextantError('AUTH_FAILED', `environment variable ${name} (header ${header}) is not set`, { hint: `export ${name}=… and retry` });
    registerSecret(value);
    headers[header] = value;
  }
  return headers;
}

export function createOpenapiConnector(options: OpenapiConnectorOptions = {}): Connector {
  const env = options.env ?? process.env;
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));

  async function load(source: SourceRecord, signal?: AbortSignal, onProgress?: IntrospectOptions['onProgress']) {
    const location = source.url;
    const shown = redactDsn(location);
    onProgress?.('reading the spec', 0, 3);
    const text = await readSpecText({ location, headers: headersFrom(source, env) }, fetchImpl, signal);
    onProgress?.('parsing', 1, 3);
    const doc = parseSpecText(text, shown);
    const dialect = specDialect(doc, shown);
    const bundled = await bundleExternalRefs(doc, location);
    return buildApiModel(bundled, dialect, shown);
  }

  return Object.freeze({
    type: 'openapi',
    validate(source: SourceRecord): void {
      if (!source.url.trim()) throw new SextantError('USAGE', 'an openapi source needs a spec file or URL');
      if (isSpecUrl(source.url)) {
        const url = new URL(source.url);
        if (url.username || url.password)
          throw new SextantError('USAGE', 'credentials in a spec URL are not accepted', { hint: "use --header-env 'Authorization=VAR'" });
      } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source.url) && !source.url.startsWith('file://')) {
        throw new SextantError('INVALID_DSN', `unsupported scheme in '${redactDsn(source.url)}' for an openapi source`, {
          hint: 'give a file path or an http(s):// URL',
        });
      }
      headerEnvsOf(source);
      // Relative paths are the caller's: stored absolute, so a server elsewhere reads the same file.
      source.url = normaliseLocation(source.url);
    },
    async checkAccess(source: SourceRecord): Promise<AccessReport> {
      const model = await load(source);
      return {
        ok: true,
        role: Object.keys(headerEnvsOf(source)).length ? 'configured headers' : 'anonymous',
        findings: [
          {
            code: 'SPEC_READABLE',
            severity: 'info',
            message: `${redactDsn(source.url)}: ${model.title || 'untitled API'}, ${model.operations.length} operations`,
          },
        ],
      };
    },
    async introspect(source: SourceRecord, introspectOptions: IntrospectOptions = {}) {
      const model = await load(source, introspectOptions.signal, introspectOptions.onProgress);
      introspectOptions.onProgress?.('operations', 2, 3);
      const snapshot = toSnapshot(source.name, model, redactDsn(source.url));
      introspectOptions.onProgress?.('done', 3, 3);
      if (model.operations.length === 0) {
        throw new SextantError('INTROSPECTION_FAILED', `${redactDsn(source.url)} describes no operations`, {
          hint: "check that `paths` lists the API's operations",
        });
      }
      return snapshot;
    },
  } satisfies Connector);
}
