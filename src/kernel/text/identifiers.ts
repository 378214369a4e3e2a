/**
 * @module kernel/text/identifiers
 * Identifier splitting shared by indexing, query expansion, entity extraction and the builtin
 * embedder. FTS5's unicode61 tokenizer splits snake_case but not camelCase, so we split ourselves.
 * Letters are Unicode-aware (`Bestellungen_für_Kunden` keeps `für` whole).
 */

/**
 * One word of an identifier, tried in order:
 * an upper-case run with a plural `s` (`APIs`, `IDs`, not followed by a lower-case letter),
 * an upper-case run not followed by a lower-case letter (`API` in `APIKey`, `CDS` in `CDSCode`),
 * an optionally capitalised lower-case run (`Key`, `customer`),
 * other letters without case (CJK), and digit runs.
 */
const WORD = /\p{Lu}{2,}s(?!\p{Ll})|\p{Lu}+(?!\p{Ll})|[\p{Lu}\p{Lt}]?[\p{Ll}\p{M}]+|[\p{Lo}\p{Lm}\p{M}]+|\p{N}+/gu;

/** An ASCII word that WORD would match whole: `order`, `Order`, `ORDER`, `2024`. */
const PLAIN_WORD = /^(?:[A-Z]?[a-z]+|[A-Z]+|[0-9]+)$/;

/** Characters that separate identifiers in free text: anything but letters, digits and `_`. */
const SEPARATOR = /[^\p{L}\p{M}\p{N}_]+/u;

/**
 * Splits one identifier into its words, keeping their case:
 * `APIKey` → API Key, `listAPIs` → list APIs, `order_line2` → order line 2.
 */
export function splitIdentifierCased(identifier: string): string[] {
  // most tokens of a text are one plain word: no normalising, no Unicode pattern
  if (PLAIN_WORD.test(identifier)) return [identifier];
  return identifier.normalize('NFC').match(WORD) ?? [];
}

/**
 * Splits one identifier into lower-case words:
 * `customerOrders` → customer orders, `APIKey` → api key, `order_line2` → order line 2,
 * `CDSCode` → cds code, `getIDs` → get ids.
 */
export function splitIdentifier(identifier: string): string[] {
  return splitIdentifierCased(identifier).map((w) => w.toLowerCase());
}

/** The identifier-looking tokens of a text (letters, digits, `_`), in order. */
export function identifierTokens(text: string): string[] {
  return text.split(SEPARATOR).filter(Boolean);
}

/** Splits every identifier-looking token of a text; keeps the words in order. */
export function splitText(text: string): string[] {
  return identifierTokens(text).flatMap(splitIdentifier);
}

/**
 * Text for a lexical field: split words followed by the original identifiers that split
 * into more than one word, so both `order line` and `order_line` stay searchable.
 */
export function lexicalForm(text: string): string {
  const tokens = identifierTokens(text);
  const words = tokens.flatMap(splitIdentifier);
  const originals = tokens.filter((t) => splitIdentifier(t).length > 1).map((t) => t.toLowerCase());
  return [...words, ...new Set(originals)].join(' ');
}
