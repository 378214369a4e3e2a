/**
 * @module core/auth/authenticate
 * One bearer credential in, one user (or an UNAUTHENTICATED error) out: static tokens first
 * (they carry a prefix), then OIDC JWTs when an issuer is configured.
 */
import { SextantError } from '../../kernel/errors.js';
import { looksLikeJwt, type OidcVerifier } from './oidc.js';
import { TOKEN_PREFIX, type TokenService } from './tokens.js';
import type { RequestUser } from './user.js';

export interface Authenticator {
  /** Whether requests must carry a credential: an issuer is configured or a token exists. */
  required(): Promise<boolean>;
  /** The user of an `Authorization` header value; throws UNAUTHENTICATED. */
  authenticate(authorization: string | undefined): Promise<RequestUser>;
  readonly oidc: boolean;
}

const REQUIRED_CACHE_MS = 2000;

export function createAuthenticator(deps: { tokens: TokenService; oidc: OidcVerifier | null }): Authenticator {
  let cached: { value: boolean; at: number } | null = null;
  const fail = (message: string) =>
    new SextantError('UNAUTHENTICATED', message, {
      hint: deps.oidc
        ? 'send Authorization: Bearer <token> with a Sextant token or an access token of the configured issuer'
        : 'send Authorization: Bearer <token> (create one with `sextant token create --name <name>`)',
    });
  return {
    oidc: deps.oidc !== null,
    async required() {
      if (deps.oidc) return true;
      const now = Date.now();
      if (!cached || now - cached.at > REQUIRED_CACHE_MS) cached = { value: await deps.tokens.any(), at: now };
      return cached.value;
    },
    async authenticate(authorization) {
      if (!authorization) throw fail('authentication required');
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      if (!match) throw fail('the Authorization header must be "Bearer <token>"');
      const token = match[1]!;
      if (token.startsWith(TOKEN_PREFIX)) {
        const user = await deps.tokens.verify(token);
        if (user) return user;
        throw fail('unknown or revoked token');
      }
      if (deps.oidc && looksLikeJwt(token)) return deps.oidc.verify(token);
      throw fail('unknown or revoked token');
    },
  };
}
