import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.js';

describe('rate limiter', () => {
  it('allows a burst of a tenth of a minute, then refuses with the wait until the next token', () => {
    let now = 0;
    const limiter = createRateLimiter({ perMinute: 60, now: () => now });
    for (let i = 0; i < 6; i++) expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take('b')).toEqual({ ok: true });
    now += 1000;
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a').ok).toBe(false);
  });

  it('rounds Retry-After up to whole seconds, at least 1', () => {
    let now = 0;
    const limiter = createRateLimiter({ perMinute: 6, now: () => now });
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 10 });
    now += 9_500;
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('charges a batch per message: past the bucket it runs once, then its debt is waited out', () => {
    let now = 0;
    const limiter = createRateLimiter({ perMinute: 60, now: () => now });
    expect(limiter.take('a', 10)).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 5 });
    now += 5_000;
    expect(limiter.take('a')).toEqual({ ok: true });
  });

  it('is off at 0', () => {
    const limiter = createRateLimiter({ perMinute: 0 });
    for (let i = 0; i < 1000; i++) expect(limiter.take('a').ok).toBe(true);
  });
});
