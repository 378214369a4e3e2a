/**
 * @module adapters/connector/code/doc-lines
 * How many lines of a file are documentation: the lines of its doc comments (blocks opened by
 * `/**`, `///` and `//!` lines), Python's docstrings, and Go's comments written right above a
 * declaration. The topic order reads it for requests about documentation ("update docs", "fix
 * typo"), which change the files that hold the most of it, and the related order for files that
 * both document much, which a documentation pass edits together. Counted by patterns, not
 * parsed: a doc comment inside a string literal counts too, which a count can afford.
 */

const GO_DECLARATION = /^(?:package|func|type|var|const)\b/;
const TRIPLE_QUOTES = /"""|'''/g;

/** How many of a file's lines (its text split at `\n`) document the code, by the conventions of `language`. */
export function docLines(lines: readonly string[], language: string): number {
  return docComments(lines, language).length;
}

/** The lines of a file that document the code, by the conventions of `language`. */
export function docComments(lines: readonly string[], language: string): string[] {
  if (language === 'python') return pythonDocLines(lines);
  if (language === 'go') return goDocLines(lines);
  const out: string[] = [];
  let inBlock = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (inBlock) {
      out.push(line);
      if (line.includes('*/')) inBlock = false;
    } else if (line.startsWith('/**') && !line.startsWith('/**/')) {
      out.push(line);
      inBlock = !line.slice(3).includes('*/');
    } else if (line.startsWith('///') || line.startsWith('//!')) out.push(line);
  }
  return out;
}

/** Lines inside a triple-quoted string that opens a line (a docstring's place), not one assigned or passed. */
function pythonDocLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  let closing: string | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (closing) {
      out.push(line);
      if (line.includes(closing)) closing = null;
      continue;
    }
    const opener = /^[rRuUbB]?("""|''')/.exec(line)?.[1];
    if (!opener) continue;
    out.push(line);
    // a docstring that closes on its own line holds both quotes (an even count of triples)
    if ((line.match(TRIPLE_QUOTES) ?? []).length % 2 === 1) closing = opener;
  }
  return out;
}

/** `//` lines in a run that ends right above a declaration (Go's doc comment convention). */
function goDocLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  let run: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith('//')) run.push(line);
    else {
      if (run.length && GO_DECLARATION.test(line)) out.push(...run);
      run = [];
    }
  }
  return out;
}
