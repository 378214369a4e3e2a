/**
 * @module presentations/http/guards
 * What every project-scoped request passes before a route sees it, in this order (the host has
 * already checked Host and Origin): authenticate (401; failures are rate limited per client
 * address), project access (403 for a credential not allowed to use it, whether it exists or
 * not; then 404 for an unknown project), the per-credential rate limit (429 with
 * Retry-After), the body limit (413), a JSON body (400) and the batch cap (400); a JSON-RPC
 * batch is charged to the rate limit per message (issue 11 §4: one POST carried 100 searches).
 * `/mcp` and `/ui` use it (the UI reads form bodies); `/api` will.
 */
import type { IncomingMessage } from 'node:http';
import type { Authenticator } from '../../core/auth/authenticate.js';
import { canAccessProject, type RequestUser } from '../../core/auth/user.js';
import { isSextantError } from '../../kernel/errors.js';
import { userKey, userOf } from './authenticate.js';
import { HttpError } from './http-error.js';
import type { RateLimiter } from './rate-limit.js';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Messages one JSON-RPC batch may carry (MCP clients send one; 2025-06-18 dropped batches). */
export const MAX_BATCH_MESSAGES = 20;

export interface GuardDeps {
  authenticator: Authenticator;
  /** Bound to a loopback address: anonymous requests pass while no credential is configured. */
  loopback: boolean;
  /** Fails with PROJECT_NOT_FOUND for a project that does not exist. */
  requireProject(name: string): Promise<unknown>;
  limiter: RateLimiter;
  maxBodyBytes: number;
}

export interface GuardedRequest {
  user: RequestUser;
  /** The credential (or client address when anonymous): rate-limit bucket and session owner. */
  owner: string;
  /** The caller's own bearer token, forwarded to upstream systems that act as the user. */
  bearer: string | null;
  /** The parsed body of a POST (JSON, or a form's fields by name); undefined otherwise. */
  body: unknown;
}

/** How a POST body is read: JSON (MCP, the API) or an HTML form (`application/x-www-form-urlencoded`, the web UI). */
export type BodyFormat = 'json' | 'form';

export async function guardProjectRequest(req: IncomingMessage, project: string, deps: GuardDeps, bodyFormat: BodyFormat = 'json'): Promise<GuardedRequest> {
  const { user, owner, bearer } = await admitRequest(req, project, deps);
  let body: unknown;
  if (req.method === 'POST') {
    const raw = await readBody(req, deps.maxBodyBytes);
    if (bodyFormat === 'form') return { user, owner, bearer, body: parseForm(raw) };
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new HttpError(400, 'request body is not JSON', {}, -32700);
    }
    if (Array.isArray(body)) {
      if (body.length > MAX_BATCH_MESSAGES) {
        throw new HttpError(400, `a batch of ${body.length} messages; send at most ${MAX_BATCH_MESSAGES} in one request`, {}, -32600);
      }
      if (body.length > 1) charge(deps.limiter, owner, body.length - 1);
    }
  }
  return { user, owner, bearer, body };
}

/** Authentication, project access and the rate limit, without reading the body (a sign-in form reads it first). */
export async function admitRequest(req: IncomingMessage, project: string, deps: GuardDeps): Promise<Omit<GuardedRequest, 'body'>> {
  const user = await userOf(req, deps.authenticator, deps.loopback).catch((err: unknown) => {
    // failed attempts are charged to the client address: guessing credentials costs rate too
    if (isSextantError(err) && err.code === 'UNAUTHENTICATED') charge(deps.limiter, `unauthenticated:${req.socket.remoteAddress ?? '?'}`, 1);
    throw err;
  });
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
  // Access before existence: a credential limited to some projects gets the same 403 for a missing
  // project as for another's, so it cannot probe which exist. Not the core's not-found message either: it lists them all.
  if (!canAccessProject(user, project)) throw new HttpError(403, `this credential may not use project '${project}'`);
  await deps.requireProject(project).catch((err: unknown) => {
    throw isSextantError(err) && err.code === 'PROJECT_NOT_FOUND' ? new HttpError(404, `no project '${project}'`) : err;
  });
  const owner = userKey(user, req);
  charge(deps.limiter, owner, 1);
  return { user, owner, bearer };
}

/** An HTML form's fields by name (`application/x-www-form-urlencoded`; a repeated name keeps its last value). */
export function parseForm(raw: Buffer): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
}

function charge(limiter: RateLimiter, owner: string, messages: number): void {
  const rate = limiter.take(owner, messages);
  if (!rate.ok) throw new HttpError(429, `rate limit exceeded; retry in ${rate.retryAfterSeconds}s`, { 'Retry-After': String(rate.retryAfterSeconds) });
}

/** Reads at most `limit` bytes; a larger body is a 413 (the rest is drained, not buffered). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  return new Promise((resolve, reject) => {
    const tooLarge = () => new HttpError(413, `request body larger than ${limit} bytes`, { Connection: 'close' });
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const parts: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (part: Buffer) => {
      if (failed) return;
      size += part.length;
      if (size > limit) {
        failed = true;
        parts.length = 0;
        reject(tooLarge());
        return;
      }
      parts.push(part);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(parts));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}
