import { describe, expect, it } from 'vitest';
import { isRetryableStatus, parseRetryAfter, retryDelayMs } from './retry-policy.js';

describe('retry policy', () => {
  it.each([
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [408, true],
    [400, false],
    [401, false],
    [404, false],
    [422, false],
  ])('status %i retryable: %s', (status, retryable) => {
    expect(isRetryableStatus(status)).toBe(retryable);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('0.5', now)).toBe(500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('prefers Retry-After, caps every wait, and backs off exponentially with bounded jitter', () => {
    expect(retryDelayMs(0, '3', 100, 10_000)).toBe(3000);
    expect(retryDelayMs(0, '3600', 100, 10_000)).toBe(10_000);
    for (const attempt of [0, 1, 2, 3]) {
      const d = retryDelayMs(attempt, null, 100, 10_000);
      expect(d).toBeGreaterThanOrEqual(0.8 * 100 * 2 ** attempt - 1);
      expect(d).toBeLessThanOrEqual(1.2 * 100 * 2 ** attempt + 1);
    }
    expect(retryDelayMs(20, null, 100, 5000)).toBe(5000);
  });
});
