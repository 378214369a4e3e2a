/**
 * @module core/search/lexical-query
 * Turns an expanded query into the store's neutral lexical query: the terms with the forms that
 * count for each (lower-cased, cleaned, each form once, at most `maxForms`), and when the query
 * has several words, those words (singular) as a proximity group. Terms are alternatives,
 * because BM25 already rewards rows that match more terms while requiring all of them would drop
 * a table that lacks one word of the question; the proximity group scores rows where the words
 * occur together (the "phrase boost"). Each store compiles this to its own syntax (SQLite: FTS5
 * MATCH in adapters/store/sqlite/fts-match.ts), so user text never becomes query syntax.
 */
import { singular } from '../../kernel/text/inflect.js';
import type { LexicalTerms } from '../../ports/store.js';
import type { ExpandedTerm } from './expand.js';

export interface LexicalQueryOptions {
  /** Add the proximity group of the query's words (default true). */
  phrase?: boolean;
  /** At most this many forms in the whole query (default 64). */
  maxForms?: number;
}

/** Proximity groups of more words than this are not added (they would rarely match). */
const MAX_NEAR_WORDS = 6;

const HAS_WORD = /[\p{L}\p{N}]/u;

/** A form as the index compares it: control characters become spaces, runs of space one, trimmed. */
export function cleanForm(text: string): string {
  return text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Null when nothing searchable is left (empty query, punctuation, only single letters): the caller then skips the lexical side. */
export function toLexicalTerms(expanded: { terms: readonly ExpandedTerm[] }, options: LexicalQueryOptions = {}): LexicalTerms | null {
  const maxForms = options.maxForms ?? 64;
  const used = new Set<string>();
  const terms: string[][] = [];
  let count = 0;
  for (const term of expanded.terms) {
    const forms: string[] = [];
    for (const form of term.forms) {
      if (count >= maxForms) break;
      if (typeof form !== 'string' || !HAS_WORD.test(form)) continue;
      const clean = cleanForm(form.toLowerCase());
      if (used.has(clean)) continue;
      used.add(clean);
      forms.push(clean);
      count++;
    }
    if (forms.length) terms.push(forms);
  }
  if (terms.length === 0) return null;

  if (options.phrase ?? true) {
    const words = [...new Set(expanded.terms.filter((t) => t.source === 'word' && HAS_WORD.test(t.text)).map((t) => singular(t.text.toLowerCase())))];
    if (words.length >= 2 && words.length <= MAX_NEAR_WORDS) {
      // each word may be followed by its interleaved singular in the index (lexical-text.ts)
      return { terms, near: { words: words.map(cleanForm), distance: 2 * words.length } };
    }
  }
  return { terms };
}
