/**
 * @module kernel/text/glossary-key
 * How names compare: terms and aliases are unique per project case-insensitively, so both are
 * stored with a key (Unicode-normalised, trimmed, inner whitespace collapsed, lower-cased).
 */

/** The comparison key of a term name or alias: `Active  Users` and `active users` share one. */
export function glossaryKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A name as stored: trimmed, inner whitespace collapsed, case kept. */
export function cleanName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ');
}
