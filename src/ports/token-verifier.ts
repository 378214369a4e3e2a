/**
 * @module ports/token-verifier
 * Verifies a bearer JWT (signature against the issuer's keys, issuer, audience, expiry, not-before)
 * and returns its claims. Core decides what the claims mean (subject, roles, projects).
 */

export type TokenClaims = Readonly<Record<string, unknown>> & { readonly sub: string };

export interface TokenVerifier {
  /** Throws a SextantError UNAUTHENTICATED whose message says why, never the token or key material. */
  verify(jwt: string): Promise<TokenClaims>;
}
