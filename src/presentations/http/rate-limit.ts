/**
 * @module presentations/http/rate-limit
 * Per-credential token bucket: `perMinute` messages a minute sustained, bursts up to a tenth
 * of a minute's worth (at least 1). A refused request learns when a token is next available.
 * A take costs what the request carries (a JSON-RPC batch: one per message) and passes while
 * the bucket holds a token: a batch larger than the bucket runs once, then its debt is waited out.
 */

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** `cost` tokens (1 by default); refused only when less than one token is left. */
  take(key: string, cost?: number): RateDecision;
}

const MAX_KEYS = 10_000;

export function createRateLimiter(options: { perMinute: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  if (options.perMinute <= 0) return { take: () => ({ ok: true }) };
  const ratePerMs = options.perMinute / 60_000;
  const capacity = Math.max(1, Math.round(options.perMinute / 10));
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key, cost = 1) {
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
        bucket.tokens -= cost;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000)) };
    },
  };
}
