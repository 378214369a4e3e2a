/**
 * @module core/text/identifiers
 * Identifier splitting shared by indexing, query expansion and the builtin embedder.
 * FTS5's unicode61 tokenizer splits snake_case but not camelCase, so we split ourselves.
 */

/**
 * Splits one identifier into lower-case words:
 * `customerOrders` → customer orders, `APIKey` → api key, `order_line2` → order line 2,
 * `CDSCode` → cds code.
 */
export function splitIdentifier(identifier: string): string[] {
  return identifier
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Splits every identifier-looking token of a text; keeps the words in order. */
export function splitText(text: string): string[] {
  return text.split(/[^A-Za-z0-9_]+/).filter(Boolean).flatMap(splitIdentifier);
}

/**
 * Text for a lexical field: split words followed by the original identifiers that split
 * into more than one word, so both `order line` and `order_line` stay searchable.
 */
export function lexicalForm(text: string): string {
  const words = splitText(text);
  const originals = text
    .split(/[^A-Za-z0-9_]+/)
    .filter((t) => t && splitIdentifier(t).length > 1)
    .map((t) => t.toLowerCase());
  return [...words, ...new Set(originals)].join(' ');
}
