/**
 * @module adapters/auth/oidc
 * OIDC access tokens (JWTs) verified with jose against the issuer's JWKS, fetched over HTTP and
 * cached: signature, issuer, audience, expiry, not-before and issued-at (never in the future)
 * with a clock-skew allowance.
 */
import { SextantError } from '../../../kernel/errors.js';
import type { createRemoteJWKSet as RemoteJwkSet } from 'jose';
import type { TokenVerifier } from '../../../ports/token-verifier.js';

export interface JwksVerifierOptions {
  issuer: string;
  audience: string;
  jwksUrl: string;
  /** Seconds of clock difference tolerated on exp/nbf/iat. */
  clockSkewSeconds: number;
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
      if (claim === 'iat') return 'the token was issued in the future';
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

export function createJwksTokenVerifier(options: JwksVerifierOptions): TokenVerifier {
  let url: URL;
  try {
    url = new URL(options.jwksUrl);
  } catch (err) {
    throw new SextantError('CONFIG_INVALID', `auth.oidc.jwks_url is not a URL: ${(err as Error).message}`);
  }
  // jose loads at the first token, not with every command that opens the engine
  let jwks: ReturnType<typeof RemoteJwkSet> | undefined;
  return {
    async verify(jwt) {
      const { createRemoteJWKSet, jwtVerify } = await import('jose');
      jwks ??= createRemoteJWKSet(url, { timeoutDuration: 5000, cooldownDuration: 30_000 });
      try {
        const { payload } = await jwtVerify(jwt, jwks, {
          issuer: options.issuer,
          audience: options.audience,
          clockTolerance: options.clockSkewSeconds,
          requiredClaims: ['exp', 'sub'],
        });
        // jose checks iat only against a maxTokenAge; a token issued an hour ahead is forged or from a broken clock
        if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + options.clockSkewSeconds) {
          throw Object.assign(new Error('iat in the future'), { code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'iat' });
        }
        return { ...payload, sub: payload.sub! };
      } catch (err) {
        throw new SextantError('UNAUTHENTICATED', reason(err), { hint: 'get a fresh token from your identity provider' });
      }
    },
  };
}
