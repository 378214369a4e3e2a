/**
 * @module core/auth/oidc
 * OIDC access tokens as request users: a `TokenVerifier` (the JWKS adapter) checks the JWT, and
 * the subject and the roles and projects claims become the request's user.
 */
import type { TokenClaims, TokenVerifier } from '../../ports/token-verifier.js';
import type { RequestUser } from './user.js';

export interface OidcOptions {
  issuer: string;
  audience: string;
  jwksUrl: string;
  /** Seconds of clock difference tolerated on exp/nbf/iat. */
  clockSkewSeconds: number;
  /** Claim holding roles (array, or a space/comma separated string). */
  rolesClaim: string;
  /** Claim holding the projects the token may use; absent means every project. */
  projectsClaim: string;
}

export interface OidcVerifier {
  verify(jwt: string): Promise<RequestUser>;
}

/** A JWT is three base64url parts; anything else is not worth a JWKS round trip. */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);
}

function listClaim(claims: TokenClaims, claim: string): string[] | null {
  const value = claims[claim];
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

export function createOidcVerifier(verifier: TokenVerifier, options: Pick<OidcOptions, 'rolesClaim' | 'projectsClaim'>): OidcVerifier {
  return {
    async verify(jwt) {
      const claims = await verifier.verify(jwt);
      return {
        subject: claims.sub,
        roles: listClaim(claims, options.rolesClaim) ?? [],
        projects: listClaim(claims, options.projectsClaim),
        via: 'oidc',
      };
    },
  };
}
