/**
 * @module kernel/hash
 * Stable hashing of JSON-like values (key order independent) for two-level change detection.
 */
import { createHash } from 'node:crypto';

/**
 * JSON with each object's keys sorted and its undefined values left out (in an array, undefined
 * is `null`, as in JSON). Written with loops and one string: every update hashes every object of a
 * source (typeorm's 6,823), and the entries, filters and joins of a plainer version were most of it.
 */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + stableStringify(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  // the default sort compares UTF-16 code units, as `<` on strings does
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const v = record[key];
    if (v === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${stableStringify(v)}`;
    first = false;
  }
  return `${out}}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function hashValue(value: unknown): string {
  return sha256(stableStringify(value));
}
