/**
 * @module adapters/connector/graphql/credential-fetch
 * The one place a GraphQL request gets its credential, picked from the request context:
 * discovery and indexing carry the service credential (Hugr secret key or API key, configured
 * headers); execution on behalf of a user carries that user's bearer token and nothing else.
 * The two never mix. Without a user token, execution is refused unless anonymous access was
 * explicitly allowed.
 */
import { SextantError } from '../../../kernel/errors.js';
import { registerSecret } from '../../../kernel/redact.js';
import { type EndpointSettings, serviceHeaders } from './endpoint.js';

export type CredentialContext =
  | { purpose: 'discovery' }
  | {
      purpose: 'execution';
      /** The user's token (from the MCP request's `Authorization: Bearer`), if any. */
      userToken?: string | null;
      /** Explicit per-call permission to run without a token. */
      allowAnonymous?: boolean;
    };

export interface GraphqlRequestInit {
  body: string;
  accept?: string;
  signal?: AbortSignal;
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal; redirect?: 'manual' },
) => Promise<Response>;

/** Same-origin redirects followed, at most. */
const MAX_REDIRECTS = 5;

export type CredentialFetch = (url: string, init: GraphqlRequestInit, context: CredentialContext) => Promise<Response>;

export function createCredentialFetch(
  settings: EndpointSettings,
  env: NodeJS.ProcessEnv,
  fetchImpl: FetchLike = (url, init) => fetch(url, init),
): CredentialFetch {
  return async (url, init, context) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: init.accept ?? 'application/json' };
    if (context.purpose === 'discovery') {
      Object.assign(headers, serviceHeaders(settings, env));
    } else {
      const token = context.userToken || (settings.userTokenEnv ? env[settings.userTokenEnv] : undefined);
      if (token) {
        registerSecret(token);
        if (settings.userTokenAs === 'api-key') headers[settings.apiKeyHeader] = token;
        else headers.authorization = `Bearer ${token}`;
      } else if (!(context.allowAnonymous || settings.allowAnonymous)) {
        throw new SextantError('AUTH_FAILED', 'no user token for this query: queries run with the caller’s own credential, never the service key', {
          hint: settings.userTokenEnv
            ? `set ${settings.userTokenEnv}, or connect over HTTP with Authorization: Bearer <token>`
            : 'connect over HTTP with Authorization: Bearer <token>, set a user token variable on the source (userTokenEnv), or allow anonymous access (allowAnonymous) explicitly',
        });
      }
    }
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return postFollowingSameOrigin(fetchImpl, url, { method: 'POST', headers, body: init.body, signal });
  };
}

/**
 * Redirects are followed by hand: within the origin the credential was configured for, the
 * request is repeated as it was; a redirect to another origin is refused with the target named,
 * so a secret key, an API key or a user's token never reaches a server it was not meant for.
 */
async function postFollowingSameOrigin(
  fetchImpl: FetchLike,
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
): Promise<Response> {
  const origin = new URL(url).origin;
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await fetchImpl(current, { ...init, redirect: 'manual' });
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (!location) return response;
    await response.body?.cancel();
    const target = new URL(location, current);
    if (target.origin !== origin) {
      throw new SextantError(
        'UPSTREAM_FAILED',
        `${origin} redirected to another origin (${target.origin}); credentials are never sent across origins, so nothing was sent there`,
        {
          hint: `if ${target.origin} is the real endpoint, point the source at it`,
        },
      );
    }
    if (hop >= MAX_REDIRECTS)
      throw new SextantError('UPSTREAM_FAILED', `${origin} redirected more than ${MAX_REDIRECTS} times`, { hint: 'check the source URL' });
    current = target.href;
  }
}
