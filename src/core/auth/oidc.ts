/**
 * @module core/auth/oidc
 * OIDC access tokens (JWTs) verified with jose against the issuer's JWKS: signature, issuer,
 * audience, expiry and not-before with a clock-skew allowance. The subject and the roles and
 * projects claims become the request's user.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { SextantError } from '../../kernel/errors.js';
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

function listClaim(payload: JWTPayload, claim: string): string[] | null {
  const value = payload[claim];
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

/** What went wrong, for the client: never the token, never key material. */
function reason(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const claim = (err as { claim?: unknown } | null)?.claim;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return 'the token has expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (claim === 'aud') return 'the token is not for this audience';
      if (claim === 'iss') return 'the token is from another issuer';
      if (claim === 'nbf') return 'the token is not valid yet';
      return `the token's ${typeof claim === 'string' ? claim : 'claims'} failed validation`;
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'the token signature does not verify';
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return "no key of the issuer's JWKS matches the token";
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JWKS_INVALID':
      return "the issuer's JWKS could not be fetched";
    default:
      return 'the token is not a valid JWT';
  }
}

export function createOidcVerifier(options: OidcOptions): OidcVerifier {
  let jwks: ReturnType<typeof createRemoteJWKSet>;
  try {
    jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  } catch (err) {
    throw new SextantError('CONFIG_INVALID', `auth.oidc.jwks_url is not a URL: ${(err as Error).message}`);
  }
  return {
    async verify(jwt) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(jwt, jwks, {
          issuer: options.issuer,
          audience: options.audience,
          clockTolerance: options.clockSkewSeconds,
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (err) {
        throw new SextantError('UNAUTHENTICATED', reason(err), { hint: 'get a fresh token from your identity provider' });
      }
      return {
        subject: payload.sub!,
        roles: listClaim(payload, options.rolesClaim) ?? [],
        projects: listClaim(payload, options.projectsClaim),
        via: 'oidc',
      };
    },
  };
}
