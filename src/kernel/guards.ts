/** @module kernel/guards — type guards for values read back from JSON (stored attributes, API answers). */

/** A plain JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
