import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HTTP_STATUS_OF, statusFor } from './status.js';

/** The codes as kernel/errors.ts declares them, read from its source so the test sees a code the map lacks. */
function declaredCodes(): string[] {
  const text = readFileSync(new URL('../../kernel/errors.ts', import.meta.url), 'utf8');
  const union = /export type ErrorCode =([^;]+);/.exec(text)![1]!;
  return [...union.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]!);
}

describe('HTTP status of every error code', () => {
  it('maps every declared code to a client or server error status', () => {
    const codes = declaredCodes();
    expect(codes.length).toBeGreaterThan(30);
    expect(Object.keys(HTTP_STATUS_OF).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(statusFor(code)).toBeGreaterThanOrEqual(400);
  });

  it('keeps the statuses clients rely on', () => {
    expect(statusFor('UNAUTHENTICATED')).toBe(401);
    expect(statusFor('FORBIDDEN')).toBe(403);
    expect(statusFor('PROJECT_NOT_FOUND')).toBe(404);
    expect(statusFor('SESSION_NOT_FOUND')).toBe(404);
    expect(statusFor('CONFIG_INVALID')).toBe(500);
    expect(statusFor('SOMETHING_NEW')).toBe(500);
  });
});
