/**
 * @module presentations/http/authenticate
 * Who an HTTP request acts for. Bearer credentials are checked whenever they are sent; they
 * are required when the server is not on loopback, when an OIDC issuer is configured, or once
 * any static token exists. Without them (loopback, nothing configured) the request is anonymous.
 */
import type { IncomingMessage } from 'node:http';
import type { Authenticator } from '../../core/auth/authenticate.js';
import { localUser, type RequestUser } from '../../core/auth/user.js';
import { SextantError } from '../../kernel/errors.js';
import { isLoopbackHost } from './origin.js';

/** Refuses to serve on a non-loopback address while no credential can be checked (no token, no OIDC). */
export async function requireAuthOffLoopback(host: string, authenticator: Authenticator): Promise<void> {
  if (isLoopbackHost(host) || authenticator.oidc || (await authenticator.required())) return;
  throw new SextantError('CONFIG_INVALID', `refusing to serve on ${host} (not loopback) without authentication`, {
    hint: 'create a token with `sextant token create --name <name>` or configure auth.oidc.issuer and auth.oidc.audience; or bind 127.0.0.1',
  });
}

export async function userOf(req: IncomingMessage, authenticator: Authenticator, loopback: boolean): Promise<RequestUser> {
  const header = req.headers.authorization;
  if (header) return authenticator.authenticate(header);
  if (!loopback || (await authenticator.required())) return authenticator.authenticate(undefined);
  return localUser('anonymous', 'anonymous');
}

/** Key of the rate-limit bucket and of session ownership: the credential, or the client address. */
export function userKey(user: RequestUser, req: IncomingMessage): string {
  return user.via === 'anonymous' ? `anonymous:${req.socket.remoteAddress ?? '?'}` : `${user.via}:${user.subject}`;
}
