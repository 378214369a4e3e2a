/**
 * @module presentations/http/rate-limit
 * Per-credential token bucket: `perMinute` requests a minute sustained, bursts up to a tenth
 * of a minute's worth (at least 1). A refused request learns when a token is next available.
 */

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(key: string): RateDecision;
}

const MAX_KEYS = 10_000;

export function createRateLimiter(options: { perMinute: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  if (options.perMinute <= 0) return { take: () => ({ ok: true }) };
  const ratePerMs = options.perMinute / 60_000;
  const capacity = Math.max(1, Math.round(options.perMinute / 10));
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key) {
      const t = now();
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= MAX_KEYS) {
          // drop buckets that have refilled completely: they hold no state worth keeping
          for (const [k, b] of buckets) if (b.tokens + (t - b.at) * ratePerMs >= capacity) buckets.delete(k);
        }
        bucket = { tokens: capacity, at: t };
        buckets.set(key, bucket);
      }
      bucket.tokens = Math.min(capacity, bucket.tokens + (t - bucket.at) * ratePerMs);
      bucket.at = t;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000)) };
    },
  };
}
