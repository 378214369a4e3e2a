/**
 * @module adapters/documents/transport/http
 * http(s) URLs through undici: redirects followed by hand (at most 5, loops named), the configured
 * headers sent only to the location's origin, the size cap enforced while the body streams, one
 * deadline per request, and HTTP_PROXY / HTTPS_PROXY / NO_PROXY respected (EnvHttpProxyAgent).
 * An entry with validators (a previous read's ETag and Last-Modified) is asked for conditionally;
 * a 304 comes back as `notModified` without a body.
 */
import { Agent, EnvHttpProxyAgent, fetch, type Dispatcher, type Response } from 'undici';
import type { DocumentEntry, FetchedDocument } from '../../../ports/documents.js';
import { SextantError } from '../../../kernel/errors.js';
import { redactDsn } from '../../../kernel/redact.js';
import { httpName } from '../../../kernel/document-names.js';
import {
  bareContentType,
  collectCapped,
  deadline,
  isoDate,
  limitsOf,
  networkReason,
  secretFromEnv,
  tooLarge,
  transportError,
  type TransportOptions,
} from './common.js';

export { httpName };

export const MAX_REDIRECTS = 5;
const HEADER_NAME = /^[A-Za-z0-9-]+$/;
const HEADER_HINT = "use --header-env 'Header-Name=ENV_VAR'";

/** Checks an http(s) location: a URL without credentials in it (they go in `headerEnvs`). */
export function parseHttpUrl(location: string): URL {
  const url = new URL(location);
  if (url.username || url.password) {
    throw new SextantError('USAGE', `${redactDsn(location)} carries credentials; they would be stored with the source`, {
      hint: "name them by environment variable: --header-env 'Authorization=VAR'",
    });
  }
  return url;
}

/** The configured headers, values read from their environment variables now. */
export function headersFrom(options: TransportOptions): Record<string, string> {
  const env = options.env ?? process.env;
  const headers: Record<string, string> = {};
  for (const [header, name] of Object.entries(options.headerEnvs ?? {})) {
    if (!HEADER_NAME.test(header)) throw new SextantError('USAGE', `invalid header name '${header}'`, { hint: HEADER_HINT });
    headers[header] = secretFromEnv(name, `header ${header}`, env);
  }
  return headers;
}

/** A single URL lists itself (the crawler finds the rest). */
export function listHttp(location: string): DocumentEntry[] {
  const url = parseHttpUrl(location);
  url.hash = '';
  return [{ name: httpName(location, url.href), origin: url.href }];
}

const agents = new Map<string, Dispatcher>();

/** One dispatcher per proxy setting: a plain agent without proxy variables, EnvHttpProxyAgent with them. */
function dispatcherFor(env: NodeJS.ProcessEnv): Dispatcher {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY ?? '';
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY ?? '';
  const noProxy = env.no_proxy ?? env.NO_PROXY ?? '';
  const key = JSON.stringify([httpProxy, httpsProxy, noProxy]);
  let agent = agents.get(key);
  if (!agent) {
    agent =
      httpProxy || httpsProxy ? new EnvHttpProxyAgent({ ...(httpProxy ? { httpProxy } : {}), ...(httpsProxy ? { httpsProxy } : {}), noProxy }) : new Agent();
    agents.set(key, agent);
  }
  return agent;
}

function requestFailed(err: unknown, url: string, timeoutMs: number, signal?: AbortSignal): SextantError {
  if (signal?.aborted) return transportError('INTERRUPTED', url, 'the request was cancelled', { cause: err });
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return transportError('SOURCE_UNREACHABLE', url, `no answer within ${timeoutMs / 1000} s`, {
      hint: 'check that the server is up, or raise the timeout',
      cause: err,
    });
  }
  const reason = networkReason(err) ?? (err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err));
  return transportError('SOURCE_UNREACHABLE', url, reason, { hint: 'check the URL and that the server is up', cause: err });
}

function statusError(response: Response, url: string, sentHeaders: boolean): SextantError {
  const status = response.status;
  if (status === 401 || status === 403) {
    return transportError('AUTH_FAILED', url, `HTTP ${status}`, {
      hint: sentHeaders ? 'check the header credentials and the variables they are read from' : `the server wants credentials: ${HEADER_HINT}`,
    });
  }
  if (status === 404 || status === 410) return transportError('OBJECT_NOT_FOUND', url, `HTTP ${status}, no document there`);
  return transportError('UPSTREAM_FAILED', url, `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}`);
}

/** Fetches `entry.origin` (a URL), following redirects; the returned origin is the final URL. */
export async function fetchHttp(location: string, entry: DocumentEntry, options: TransportOptions): Promise<FetchedDocument> {
  const root = parseHttpUrl(location);
  const { maxBytes, timeoutMs } = limitsOf(options);
  const headers = headersFrom(options);
  const conditional = conditionalHeaders(entry);
  const dispatcher = dispatcherFor(options.env ?? process.env);
  let url = parseHttpUrl(entry.origin || location);
  url.hash = '';
  const chain: string[] = [url.href];
  for (;;) {
    const shown = redactDsn(url.href);
    const sameOrigin = url.origin === root.origin;
    const signal = deadline(timeoutMs, options.signal);
    let response: Response;
    try {
      response = await fetch(url, { headers: sameOrigin ? { ...headers, ...conditional } : conditional, redirect: 'manual', signal, dispatcher });
    } catch (err) {
      throw requestFailed(err, shown, timeoutMs, options.signal);
    }
    const next = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (next !== null) {
      await response.body?.cancel().catch(() => undefined);
      const target = new URL(next, url);
      target.hash = '';
      if (target.protocol !== 'http:' && target.protocol !== 'https:') {
        throw transportError('UPSTREAM_FAILED', chain[0]!, `redirects to ${redactDsn(target.href)}, which is not http(s)`);
      }
      if (chain.includes(target.href)) {
        throw transportError('UPSTREAM_FAILED', chain[0]!, `redirect loop: ${[...chain, target.href].map(redactDsn).join(' → ')}`, {
          hint: 'the server redirects in a circle; fix its redirects or give the final URL',
        });
      }
      if (chain.length > MAX_REDIRECTS) {
        throw transportError('UPSTREAM_FAILED', chain[0]!, `more than ${MAX_REDIRECTS} redirects (last to ${redactDsn(target.href)})`, {
          hint: 'give the final URL',
        });
      }
      if (options.sameOriginOnly && target.origin !== root.origin) {
        throw transportError('USAGE', chain[0]!, `redirects to another origin (${redactDsn(target.origin)}), which this source does not follow`);
      }
      chain.push(target.href);
      url = parseHttpUrl(target.href);
      continue;
    }
    const etag = response.headers.get('etag') ?? undefined;
    if (response.status === 304 && entry.validators) {
      await response.body?.cancel().catch(() => undefined);
      const modifiedAt = isoDate(response.headers.get('last-modified')) ?? entry.validators.modifiedAt;
      return {
        name: entry.name || httpName(location, url.href),
        bytes: new Uint8Array(),
        contentType: null,
        origin: shown,
        notModified: true,
        ...(modifiedAt ? { modifiedAt } : {}),
        ...((etag ?? entry.validators.etag) ? { etag: etag ?? entry.validators.etag! } : {}),
      };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw statusError(response, shown, sameOrigin && Object.keys(headers).length > 0);
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge(shown, maxBytes, declared);
    }
    let bytes: Uint8Array;
    try {
      bytes = response.body ? await collectCapped(response.body, shown, maxBytes) : new Uint8Array();
    } catch (err) {
      throw err instanceof SextantError ? err : requestFailed(err, shown, timeoutMs, options.signal);
    }
    const modifiedAt = isoDate(response.headers.get('last-modified'));
    return {
      name: entry.name || httpName(location, url.href),
      bytes,
      contentType: bareContentType(response.headers.get('content-type')),
      origin: shown,
      ...(modifiedAt ? { modifiedAt } : {}),
      ...(etag ? { etag } : {}),
    };
  }
}

/** If-None-Match and If-Modified-Since from a previous read. */
function conditionalHeaders(entry: DocumentEntry): Record<string, string> {
  const { etag, modifiedAt } = entry.validators ?? {};
  const since = modifiedAt ? new Date(modifiedAt) : null;
  return {
    ...(etag ? { 'If-None-Match': etag } : {}),
    ...(since && !Number.isNaN(since.getTime()) ? { 'If-Modified-Since': since.toUTCString() } : {}),
  };
}
