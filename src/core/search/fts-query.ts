/**
 * @module core/search/fts-query
 * Builds a safe FTS5 MATCH expression from an expanded query. Every form is a quoted string
 * literal (`"` doubled), so user text can never become FTS5 syntax (`AND`, `NEAR`, `*`,
 * `col:`, `^`). Forms of one term are ORed; terms are ORed too, because BM25 already rewards
 * rows that match more terms while AND would drop a table that lacks one word of the question.
 * When the query has several words, a NEAR group of their singular forms is added: a row where
 * they occur together matches one more phrase, which BM25 scores on top (the "phrase boost").
 */
import { singular } from '../../kernel/text/inflect.js';
import type { ExpandedTerm } from './expand.js';

export interface FtsMatchOptions {
  /** Add the NEAR alternative of the query's words (default true). */
  phrase?: boolean;
  /** At most this many quoted forms in the whole expression (default 64). */
  maxForms?: number;
}

/** NEAR groups of more words than this are not added (they would rarely match). */
const MAX_NEAR_WORDS = 6;

const HAS_WORD = /[\p{L}\p{N}]/u;

/** Quotes text as an FTS5 string literal: `say "hi"` → `"say ""hi"""`. Control characters become spaces. */
export function quoteFts(text: string): string {
  const clean = text.replace(/\p{Cc}/gu, ' ').replace(/\s+/g, ' ').trim();
  return `"${clean.replace(/"/g, '""')}"`;
}

/**
 * `("order" OR "orders") OR ("customer" OR "customers" OR "cust") OR NEAR("order" "customer", 4)`.
 * Returns null when nothing searchable is left (empty query, punctuation, only single letters):
 * the caller then skips the lexical side.
 */
export function toFtsMatch(expanded: { terms: readonly ExpandedTerm[] }, options: FtsMatchOptions = {}): string | null {
  const maxForms = options.maxForms ?? 64;
  const used = new Set<string>();
  const groups: string[] = [];
  let count = 0;
  for (const term of expanded.terms) {
    const quoted: string[] = [];
    for (const form of term.forms) {
      if (count >= maxForms) break;
      if (typeof form !== 'string' || !HAS_WORD.test(form)) continue;
      const literal = quoteFts(form.toLowerCase());
      if (used.has(literal)) continue;
      used.add(literal);
      quoted.push(literal);
      count++;
    }
    if (quoted.length === 1) groups.push(quoted[0] ?? '');
    else if (quoted.length > 1) groups.push(`(${quoted.join(' OR ')})`);
  }
  if (groups.length === 0) return null;

  if (options.phrase ?? true) {
    const words = [...new Set(expanded.terms.filter((t) => t.source === 'word' && HAS_WORD.test(t.text)).map((t) => singular(t.text.toLowerCase())))];
    if (words.length >= 2 && words.length <= MAX_NEAR_WORDS) {
      // each word may be followed by its interleaved singular in the index (lexical-text.ts)
      groups.push(`NEAR(${words.map(quoteFts).join(' ')}, ${2 * words.length})`);
    }
  }
  return groups.join(' OR ');
}
