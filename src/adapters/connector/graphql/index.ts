/** @module adapters/connector/graphql: the `hugr` and `graphql` connectors (discovery, single-element updates, execution). */
import type { CatalogObject } from '../../../ports/catalog.js';
import type { AccessReport, Connector, ExecuteRequest, ExecutionCredential, IntrospectOptions, SourceRecord } from '../../../ports/connector.js';
import { createCredentialFetch, type FetchLike } from './credential-fetch.js';
import { discover } from './discover.js';
import { introspectElement } from './element.js';
import { endpointSettings } from './endpoint.js';
import type { ExecuteDeps } from './execute.js';
import { mergeCatalog } from './merge-catalog.js';
import { toSnapshot } from './to-objects.js';
import { rememberVersion } from './server-version.js';
import { createTypeLookup } from './type-lookup.js';
import { SextantError } from '../../../kernel/errors.js';

export interface GraphqlConnectorOptions {
  /** `hugr` (probes generations, /query and /ipc) or `graphql` (any API; Hugr fields used when present). */
  type: 'hugr' | 'graphql';
  /** Environment the credential variables are read from (tests pass their own). */
  env?: NodeJS.ProcessEnv;
  fetch?: FetchLike;
}

export function createGraphqlConnector(options: GraphqlConnectorOptions): Connector {
  const env = options.env ?? process.env;
  const schemas: ExecuteDeps['schemas'] = new Map();
  const identities: ExecuteDeps['identities'] = new Map();
  const versions: ExecuteDeps['versions'] = new Map();
  const context = (source: SourceRecord, signal?: AbortSignal) => {
    const settings = endpointSettings(source);
    return { settings, fetcher: createCredentialFetch(settings, env, options.fetch), ...(signal ? { signal } : {}) };
  };
  return Object.freeze({
    type: options.type,
    validate(source: SourceRecord): void {
      endpointSettings({ ...source, type: options.type });
    },
    async checkAccess(source: SourceRecord): Promise<AccessReport> {
      // An API credential is not a database role: reachability and acceptance are what can be checked.
      const ctx = context(source);
      const { postGraphql } = await import('./client.js');
      await postGraphql(ctx.fetcher, ctx.settings.queryUrl, { query: '{ __typename }' }, { purpose: 'discovery' });
      const role = ctx.settings.secretKeyEnv
        ? 'secret key'
        : ctx.settings.apiKeyEnv
          ? 'api key'
          : Object.keys(ctx.settings.headerEnvs).length
            ? 'configured headers'
            : 'anonymous';
      return { ok: true, role, findings: [{ code: 'API_REACHABLE', severity: 'info', message: `${ctx.settings.queryUrl} accepted the ${role} credential` }] };
    },
    async introspect(source: SourceRecord, introspectOptions: IntrospectOptions = {}) {
      const ctx = { ...context(source, introspectOptions.signal), ...(introspectOptions.onProgress ? { onStep: introspectOptions.onProgress } : {}) };
      const found = await discover(ctx);
      if (ctx.settings.hugr) rememberVersion(versions, ctx.settings, found.serverVersion);
      const catalog = mergeCatalog(found);
      const snapshot = toSnapshot(source.name, catalog, createTypeLookup(found.schema, catalog.dataObjects), {
        serverVersion: found.serverVersion,
        timings: found.timings,
        endpoint: ctx.settings.queryUrl,
      });
      introspectOptions.onProgress?.('done', 3, 3);
      if (snapshot.objects.length === 0) {
        throw new SextantError('INTROSPECTION_FAILED', `${ctx.settings.queryUrl} exposes nothing to index`, {
          hint: 'check that the service credential sees the schema (Hugr: a secret key or an admin API key)',
        });
      }
      return snapshot;
    },
    introspectElement(source: SourceRecord, element: CatalogObject, stored: readonly CatalogObject[], introspectOptions: IntrospectOptions = {}) {
      return introspectElement(context(source, introspectOptions.signal), source.name, element, { objects: stored });
    },
    async execute(source: SourceRecord, request: ExecuteRequest, credential: ExecutionCredential) {
      const ctx = context(source);
      // graphql-js and apache-arrow load only when a query runs, not for every CLI command.
      const { executeOperation } = await import('./execute.js');
      return executeOperation({ settings: ctx.settings, fetcher: ctx.fetcher, schemas, identities, versions }, request, credential);
    },
  } satisfies Connector);
}

export { endpointSettings } from './endpoint.js';
export { createCredentialFetch, type CredentialContext } from './credential-fetch.js';
export { buildOperation, capabilityPath } from './operations.js';
