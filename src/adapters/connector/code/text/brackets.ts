/**
 * @module adapters/connector/code/text/brackets
 * Where a bracket closes in code: the `(`, `[` or `{` at an offset to its partner, past the
 * strings between (a `)` in `@Query("select (x")` or a `}` in `'a}'` closes nothing).
 */

const PARTNER: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/** The offset of the bracket closing the one at `open`; -1 when the text ends first or `open` holds no bracket. */
export function closingBracket(text: string, open: number): number {
  const opening = text[open]!;
  const closing = PARTNER[opening];
  if (!closing) return -1;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === opening) depth++;
    else if (c === closing && --depth === 0) return i;
  }
  return -1;
}
