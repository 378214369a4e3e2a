/**
 * @module adapters/connector/code/text/joined-literals
 * A file's string literals, those written as one string in parts read as one: joined by `+` (Go, Java, JavaScript),
 * side by side (Python's `'https://host' '/path'`), across a Python line continuation. The SQL reader and the route
 * calls read them.
 */

/** Between two parts of one string: blanks, `+` and line continuations only. */
const JOIN = /^(?:\s|\\\n|\+)*$/;

/** The bodies of `literal`'s matches (`body` reads one), parts of one string joined, each at its first part's offset. */
export function joinedLiterals(text: string, literal: RegExp, body: (match: RegExpMatchArray) => string): Array<{ body: string; index: number }> {
  const out: Array<{ body: string; index: number; end: number }> = [];
  for (const m of text.matchAll(literal)) {
    const last = out.at(-1);
    if (last && JOIN.test(text.slice(last.end, m.index))) last.body += body(m);
    else out.push({ body: body(m), index: m.index, end: m.index });
    out.at(-1)!.end = m.index + m[0].length;
  }
  return out;
}
