/**
 * @module adapters/connector/graphql/execute
 * Runs an operation with the user's credential: on Hugr, the server is first asked who that
 * credential is (an anonymous answer refuses the query); then the operation is validated
 * (Hugr `validateOnly` from v0.2.0, else graphql-js against the schema and directives the user's
 * credential introspects) and executed on `/query` (JSON) or `/ipc` (multipart Arrow).
 */
import { type GraphQLSchema, type GraphQLError, GraphQLSchema as Schema, buildClientSchema, parse, specifiedDirectives, validate } from 'graphql';
import { SextantError } from '../../../kernel/errors.js';
import type { ExecuteRequest, ExecuteResponse, ExecutionCredential } from '../../../ports/connector.js';
import { type GraphqlResponse, checkHttp, postGraphql, transportError } from './client.js';
import type { CredentialContext, CredentialFetch } from './credential-fetch.js';
import type { EndpointSettings } from './endpoint.js';
import { PLAIN_SHAPE, introspectionQuery } from './introspection-query.js';
import { type IdentityCache, resolveIdentity } from './identity.js';
import { decodeIpcStream } from './ipc.js';
import { type VersionCache, serverVersion, supportsValidateOnly } from './server-version.js';
import { sha256 } from '../../../kernel/hash.js';

const SCHEMA_TTL_MS = 60_000;

export interface ExecuteDeps {
  settings: EndpointSettings;
  fetcher: CredentialFetch;
  /** Client-side schemas by credential (token hash), for APIs without `validateOnly`. */
  schemas: Map<string, { schema: GraphQLSchema | null; at: number }>;
  /** Hugr identities by credential (token hash). */
  identities: IdentityCache;
  /** Hugr server versions by endpoint. */
  versions: VersionCache;
}

/** Introspection with the directives, so `@skip`, `@include` and the server's own directives validate. */
function clientIntrospectionQuery(): string {
  return introspectionQuery(PLAIN_SHAPE).replace(
    'subscriptionType { name } types { ...FullType } }',
    'subscriptionType { name } types { ...FullType } directives { name description locations args { ...InputValue } } }',
  );
}

function buildUserSchema(data: Record<string, unknown>): GraphQLSchema | null {
  try {
    const schema = buildClientSchema(data as never);
    const own = schema.getDirectives();
    const missing = specifiedDirectives.filter((d) => !own.some((o) => o.name === d.name));
    return missing.length ? new Schema({ ...schema.toConfig(), directives: [...missing, ...own] }) : schema;
  } catch {
    return null;
  }
}

async function userSchema(deps: ExecuteDeps, context: CredentialContext, credential: ExecutionCredential): Promise<GraphQLSchema | null> {
  const key = credential.userToken ? sha256(credential.userToken) : 'anonymous';
  const cached = deps.schemas.get(key);
  if (cached && Date.now() - cached.at < SCHEMA_TTL_MS) return cached.schema;
  let res = await postGraphql(deps.fetcher, deps.settings.queryUrl, { query: clientIntrospectionQuery() }, context);
  if (!res.data?.__schema) res = await postGraphql(deps.fetcher, deps.settings.queryUrl, { query: introspectionQuery(PLAIN_SHAPE) }, context);
  const schema = res.data?.__schema ? buildUserSchema(res.data) : null;
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

  const ranAs = deps.settings.hugr
    ? await resolveIdentity(deps, context, credential.userToken ?? null, request.signal).then((answer) =>
        answer.known ? answer.identity : { unknown: answer.reason },
      )
    : undefined;
  const done = <T extends ExecuteResponse>(response: T): T => (ranAs ? { ...response, ranAs } : response);

  let validation: ExecuteResponse['validation'] = 'none';
  // Hugr before v0.2.0 ignores validateOnly and runs the operation (every query twice, every
  // mutation a double write): validateOnly is sent only to a server known to be v0.2.0 or later.
  if (deps.settings.hugr && supportsValidateOnly(await serverVersion(deps, context, request.signal))) {
    const checked = await postGraphql(deps.fetcher, deps.settings.queryUrl, { ...body, validateOnly: true }, context, request.signal);
    if (checked.errors?.length) return done(fail(checked, 'server', 'validation'));
    validation = 'server';
  } else {
    const schema = await userSchema(deps, context, credential);
    if (schema) {
      const errors = validate(schema, document);
      if (errors.length)
        return done({
          data: null,
          errors: errors.map((e) => ({ message: e.message, ...(e.locations ? { locations: [...e.locations] } : {}) })),
          validation: 'client',
          failedAt: 'validation',
        });
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
      return done({ data: null, errors: [{ message: `HTTP ${response.status}: ${text.slice(0, 300)}` }], validation, failedAt: 'execution' });
    }
    const decoded = await decodeIpcStream(response, request.maxRows === undefined ? {} : { maxRows: request.maxRows });
    if (decoded.errors?.length) return done(fail(decoded, validation, 'execution'));
    return done({
      data: decoded.data ?? null,
      errors: [],
      ...(decoded.extensions ? { extensions: decoded.extensions } : {}),
      validation,
      ...(decoded.rowCounts ? { rowCounts: decoded.rowCounts } : {}),
    });
  }

  const res = await postGraphql(deps.fetcher, deps.settings.queryUrl, body, context, request.signal);
  if (res.errors?.length) return done({ ...fail(res, validation, 'execution'), data: res.data ?? null });
  return done({ data: res.data ?? null, errors: [], ...(res.extensions ? { extensions: res.extensions } : {}), validation });
}
