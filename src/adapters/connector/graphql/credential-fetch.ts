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

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal }) => Promise<Response>;

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
        headers.authorization = `Bearer ${token}`;
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
    return fetchImpl(url, { method: 'POST', headers, body: init.body, signal });
  };
}
