/**
 * @module core/search/lexical-text
 * The text written into an FTS5 column at index time.
 *
 * Choice (plural matching): the index holds every word as written *and* its singular form,
 * placed right after it (`orders` → `orders order`); queries OR each word's forms
 * (see expand.ts / lexical-query.ts). So `order` finds `orders` and `orders` finds `order`, an
 * exact form scores a little higher than a match on the singular alone, and a phrase of
 * singulars (`customer order`) is always present within one token of distance, which the
 * query's NEAR alternative relies on. Singular forms are never written for words pluralize
 * must not touch (abbreviations, digits, non-English words; see text/inflect.ts).
 */
import { identifierTokens, splitIdentifier } from '../../kernel/text/identifiers.js';
import { singular } from '../../kernel/text/inflect.js';

/**
 * `customerOrders placed` → `customer orders order placed customerorders`:
 * identifiers split into lower-case words, each followed by its singular when different,
 * then the original compound identifiers (lower-cased, once each) so they stay searchable.
 */
export function lexicalField(text: string): string {
  const out: string[] = [];
  const compounds = new Set<string>();
  for (const token of identifierTokens(text)) {
    const words = splitIdentifier(token);
    for (const word of words) {
      out.push(word);
      const one = singular(word);
      if (one !== word) out.push(one);
    }
    if (words.length > 1) compounds.add(token.toLowerCase());
  }
  return [...out, ...compounds].join(' ');
}
