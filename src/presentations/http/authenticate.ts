/**
 * @module presentations/http/authenticate
 * Who an HTTP request acts for. Bearer credentials are checked whenever they are sent; they
 * are required when the server is not on loopback, when an OIDC issuer is configured, or once
 * any static token exists. Without them (loopback, nothing configured) the request is anonymous.
 */
import type { IncomingMessage } from 'node:http';
import type { Authenticator } from '../../core/auth/authenticate.js';
import { localUser, type RequestUser } from '../../core/auth/user.js';

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
