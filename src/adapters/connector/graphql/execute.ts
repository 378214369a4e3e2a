/**
 * @module adapters/connector/graphql/execute
 * Runs an operation with the user's credential: validated first (Hugr `validateOnly`, else
 * graphql-js against the schema the user's credential introspects), then executed on `/query`
 * (JSON) or `/ipc` (multipart Arrow).
 */
import { type GraphQLSchema, type GraphQLError, Kind, buildClientSchema, parse, validate } from 'graphql';
import { SextantError } from '../../../kernel/errors.js';
import type { ExecuteRequest, ExecuteResponse, ExecutionCredential } from '../../../ports/connector.js';
import { type GraphqlResponse, checkHttp, postGraphql, transportError } from './client.js';
import type { CredentialContext, CredentialFetch } from './credential-fetch.js';
import type { EndpointSettings } from './endpoint.js';
import { PLAIN_SHAPE, introspectionQuery } from './introspection-query.js';
import { decodeIpc } from './ipc.js';
import { sha256 } from '../../../kernel/hash.js';

const SCHEMA_TTL_MS = 60_000;

export interface ExecuteDeps {
  settings: EndpointSettings;
  fetcher: CredentialFetch;
  /** Client-side schemas by credential (token hash), for APIs without `validateOnly`. */
  schemas: Map<string, { schema: GraphQLSchema | null; at: number }>;
}

async function userSchema(deps: ExecuteDeps, context: CredentialContext, credential: ExecutionCredential): Promise<GraphQLSchema | null> {
  const key = credential.userToken ? sha256(credential.userToken) : 'anonymous';
  const cached = deps.schemas.get(key);
  if (cached && Date.now() - cached.at < SCHEMA_TTL_MS) return cached.schema;
  const res = await postGraphql(deps.fetcher, deps.settings.queryUrl, { query: introspectionQuery(PLAIN_SHAPE) }, context);
  let schema: GraphQLSchema | null = null;
  try {
    schema = res.data?.__schema ? buildClientSchema(res.data as never) : null;
  } catch {
    schema = null;
  }
  deps.schemas.set(key, { schema, at: Date.now() });
  return schema;
}

function fail(res: GraphqlResponse, validation: ExecuteResponse['validation'], failedAt: 'validation' | 'execution'): ExecuteResponse {
  return { data: null, errors: res.errors ?? [], ...(res.extensions ? { extensions: res.extensions } : {}), validation, failedAt };
}

export async function executeOperation(deps: ExecuteDeps, request: ExecuteRequest, credential: ExecutionCredential): Promise<ExecuteResponse> {
  const context: CredentialContext = {
    purpose: 'execution',
    ...(credential.userToken ? { userToken: credential.userToken } : {}),
    ...(credential.allowAnonymous ? { allowAnonymous: true } : {}),
  };
  let document;
  try {
    document = parse(request.query);
  } catch (err) {
    const e = err as GraphQLError;
    return {
      data: null,
      errors: [{ message: e.message, ...(e.locations ? { locations: [...e.locations] } : {}) }],
      validation: 'client',
      failedAt: 'validation',
    };
  }
  const body = {
    query: request.query,
    ...(request.variables ? { variables: request.variables } : {}),
    ...(request.operationName ? { operationName: request.operationName } : {}),
  };

  let validation: ExecuteResponse['validation'] = 'none';
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const chosen = request.operationName ? operations.find((o) => o.name?.value === request.operationName) : operations[0];
  // Hugr before v0.2.0 ignores validateOnly and would run the operation: harmless for a query,
  // a double write for a mutation. Mutations are therefore validated client-side.
  if (deps.settings.hugr && chosen?.operation !== 'mutation') {
    const checked = await postGraphql(deps.fetcher, deps.settings.queryUrl, { ...body, validateOnly: true }, context, request.signal);
    if (checked.errors?.length) return fail(checked, 'server', 'validation');
    validation = 'server';
  } else {
    const schema = await userSchema(deps, context, credential);
    if (schema) {
      const errors = validate(schema, document);
      if (errors.length)
        return {
          data: null,
          errors: errors.map((e) => ({ message: e.message, ...(e.locations ? { locations: [...e.locations] } : {}) })),
          validation: 'client',
          failedAt: 'validation',
        };
      validation = 'client';
    }
  }

  if (request.format === 'arrow') {
    if (!deps.settings.ipcUrl)
      throw new SextantError('USAGE', 'format arrow needs a Hugr source (its /ipc endpoint)', { hint: 'use format json for this source' });
    let response: Response;
    try {
      response = await deps.fetcher(
        deps.settings.ipcUrl,
        { body: JSON.stringify(body), accept: 'multipart/mixed', ...(request.signal ? { signal: request.signal } : {}) },
        context,
      );
    } catch (err) {
      throw transportError(err, deps.settings.ipcUrl);
    }
    await checkHttp(response, deps.settings.ipcUrl);
    if (!response.ok) {
      const text = await response.text();
      return { data: null, errors: [{ message: `HTTP ${response.status}: ${text.slice(0, 300)}` }], validation, failedAt: 'execution' };
    }
    const decoded = decodeIpc(new Uint8Array(await response.arrayBuffer()), response.headers.get('content-type'));
    if (decoded.errors?.length) return fail(decoded, validation, 'execution');
    return { data: decoded.data ?? null, errors: [], ...(decoded.extensions ? { extensions: decoded.extensions } : {}), validation };
  }

  const res = await postGraphql(deps.fetcher, deps.settings.queryUrl, body, context, request.signal);
  if (res.errors?.length) return { ...fail(res, validation, 'execution'), data: res.data ?? null };
  return { data: res.data ?? null, errors: [], ...(res.extensions ? { extensions: res.extensions } : {}), validation };
}
