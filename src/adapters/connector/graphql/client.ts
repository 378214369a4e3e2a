/**
 * @module adapters/connector/graphql/client
 * One GraphQL POST over the credential fetch, with transport and protocol failures classified
 * into one clear SextantError each (unreachable, 401/403, not GraphQL).
 */
import { SextantError, isSextantError } from '../../../kernel/errors.js';
import { redactText } from '../../../kernel/redact.js';
import type { CredentialContext, CredentialFetch } from './credential-fetch.js';

export interface GraphqlError {
  message: string;
  path?: Array<string | number>;
  locations?: Array<{ line: number; column: number }>;
  extensions?: Record<string, unknown>;
}

export interface GraphqlResponse {
  data?: Record<string, unknown> | null;
  errors?: GraphqlError[];
  extensions?: Record<string, unknown>;
}

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  validateOnly?: boolean;
}

function snippet(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return redactText(line.length > 120 ? `${line.slice(0, 117)}…` : line);
}

export function transportError(err: unknown, url: string): SextantError {
  if (isSextantError(err)) return err;
  const e = err as Error & { cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') {
    return new SextantError('SOURCE_UNREACHABLE', `no answer from ${url} in time`, {
      hint: 'check that the endpoint is up and not overloaded, or raise the source timeout (timeoutMs)',
    });
  }
  const code = e.cause?.code ?? '';
  return new SextantError('SOURCE_UNREACHABLE', `cannot reach ${url}${code ? ` (${code})` : ''}`, {
    hint: 'check the URL, that the server is running and reachable from here, then retry',
    cause: err,
  });
}

/** Refuses HTTP failures; returns the response for 2xx and GraphQL-shaped 4xx answers. */
export async function checkHttp(response: Response, url: string): Promise<void> {
  if (response.status === 401) {
    const body = await response.text().catch(() => '');
    throw new SextantError('AUTH_FAILED', `${url} refused the credential (401${body ? `: ${snippet(body)}` : ''})`, {
      hint: 'check the secret key / API key / token variable and that it is still valid',
    });
  }
  if (response.status === 403) {
    const body = await response.text().catch(() => '');
    throw new SextantError('AUTH_FAILED', `${url} forbids this credential (403${body ? `: ${snippet(body)}` : ''})`, {
      hint: 'the role behind the credential is unknown or disabled on the server; use another credential',
    });
  }
}

export async function readJsonResponse(response: Response, url: string): Promise<GraphqlResponse> {
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SextantError(
      'UPSTREAM_FAILED',
      `${url} did not answer with GraphQL JSON (HTTP ${response.status}, ${type || 'no content type'}: ${snippet(text) || 'empty body'})`,
      {
        hint: 'check that the URL points at the GraphQL endpoint (Hugr: the server root or /query)',
      },
    );
  }
  if (!body || typeof body !== 'object' || (!('data' in body) && !('errors' in body))) {
    throw new SextantError('UPSTREAM_FAILED', `${url} answered JSON that is not a GraphQL response (HTTP ${response.status})`, {
      hint: 'check that the URL points at the GraphQL endpoint',
    });
  }
  if (!response.ok && !('errors' in body)) {
    throw new SextantError('UPSTREAM_FAILED', `${url} failed with HTTP ${response.status}`, { hint: 'retry later or check the server logs' });
  }
  return body as GraphqlResponse;
}

export async function postGraphql(
  fetcher: CredentialFetch,
  url: string,
  request: GraphqlRequest,
  context: CredentialContext,
  signal?: AbortSignal,
): Promise<GraphqlResponse> {
  let response: Response;
  try {
    response = await fetcher(url, { body: JSON.stringify(request), ...(signal ? { signal } : {}) }, context);
  } catch (err) {
    throw transportError(err, url);
  }
  await checkHttp(response, url);
  return readJsonResponse(response, url);
}

export function errorMessages(errors: readonly GraphqlError[] | undefined): string {
  return (errors ?? []).map((e) => e.message).join('; ');
}
