/**
 * @module kernel/retry-policy
 * Which failures of an HTTP endpoint (OpenAI-compatible embedders and chat models) are worth
 * retrying, and how long to wait. Pure; shared by adapters.
 */

/** 408 timeout, 409 conflict (some gateways), 425 too early, 429 rate limited, every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

/**
 * Milliseconds to wait before retry number `attempt` (0-based): the server's Retry-After when it
 * sent one (seconds or an HTTP date), otherwise exponential backoff `baseMs · 2^attempt` with
 * ±20 % jitter so parallel clients spread out. Always capped at `maxMs`.
 */
export function retryDelayMs(attempt: number, retryAfter: string | null, baseMs: number, maxMs: number, now = Date.now()): number {
  const fromHeader = parseRetryAfter(retryAfter, now);
  if (fromHeader !== undefined) return Math.min(fromHeader, maxMs);
  const backoff = baseMs * 2 ** attempt;
  return Math.min(maxMs, Math.round(backoff * (0.8 + 0.4 * Math.random())));
}

/** Retry-After as milliseconds from `now`, or undefined when absent or unparsable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
