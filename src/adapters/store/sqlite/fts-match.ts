/**
 * @module adapters/store/sqlite/fts-match
 * Compiles the store's neutral lexical query into an FTS5 MATCH expression. Every form is a
 * quoted string literal (`"` doubled), so user text can never become FTS5 syntax (`AND`, `NEAR`,
 * `*`, `col:`, `^`): `("order" OR "orders") OR "customer" OR NEAR("order" "customer", 4)`.
 */
import type { LexicalTerms } from '../../../ports/store.js';

/** Quotes text as an FTS5 string literal: `say "hi"` → `"say ""hi"""`. Control characters become spaces. */
export function quoteFts(text: string): string {
  const clean = text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `"${clean.replace(/"/g, '""')}"`;
}

export function compileFtsMatch(query: LexicalTerms): string {
  const groups = query.terms
    .filter((forms) => forms.length)
    .map((forms) => (forms.length === 1 ? quoteFts(forms[0]!) : `(${forms.map(quoteFts).join(' OR ')})`));
  if (query.near && query.near.words.length >= 2) groups.push(`NEAR(${query.near.words.map(quoteFts).join(' ')}, ${query.near.distance})`);
  return groups.join(' OR ');
}
