/**
 * @module adapters/connector/code/orm/ruby-blocks
 * Ruby text read as the ActiveRecord reader needs it: comments blanked (`#` to the end of the line,
 * `=begin`…`=end`; offsets and lines kept), the classes and modules it opens with their full names
 * and bodies, the method a position is in, a statement continued over several lines, and the
 * names a constant may stand for where it is written. Bodies are read by their indentation: a
 * `class`, `module`, `def` or `do` ends at the first `end` indented as its own line is (as
 * formatted Ruby writes it); a one-line `class A < B; end` ends with its line.
 */
import { oncePerText } from '../text/scan-memo.js';

/** A class or module the text opens: its full name (`Admin::User`), its superclass as written, its body. */
export interface RubyScope {
  kind: 'class' | 'module';
  name: string;
  superclass: string | undefined;
  /** The offset of its `class` or `module` keyword. */
  index: number;
  /** Its body: from the end of its first line to its `end`. */
  start: number;
  end: number;
}

/** The text with each comment blanked (newlines kept); a `#` in a string or a heredoc's body is no comment. */
export const blankRubyComments = oncePerText((text: string): string => {
  if (!text.includes('#') && !text.includes('=begin')) return text;
  const out: string[] = [];
  let kept = 0;
  const blank = (from: number, to: number) => {
    out.push(text.slice(kept, from), text.slice(from, to).replace(/[^\n]/g, ' '));
    kept = to;
  };
  let heredoc: RegExp | undefined;
  for (let lineStart = 0; lineStart < text.length;) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (heredoc) {
      if (heredoc.test(line)) heredoc = undefined;
    } else if (line.startsWith('=begin')) {
      const close = /^=end\b.*$/m.exec(text.slice(lineEnd));
      const end = close ? lineEnd + close.index + close[0].length : text.length;
      blank(lineStart, end);
      lineStart = end + 1;
      continue;
    } else if (line.includes('#') || line.includes('<<')) {
      const comment = line.includes('#') ? commentAt(line) : -1;
      if (comment >= 0) blank(lineStart + comment, lineEnd);
      const opened = /<<[~-]?(['"]?)([A-Za-z_]\w*)\1/.exec(comment >= 0 ? line.slice(0, comment) : line);
      if (opened) heredoc = new RegExp(`^\\s*${opened[2]}\\s*$`);
    }
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  return out.join('') + text.slice(kept);
});

/** Where a line's comment starts (-1: none), past strings and the interpolations in them. */
function commentAt(line: string): number {
  let quote: string | undefined;
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (quote === '"' && c === '#' && line[i + 1] === '{') {
        depth++;
        quote = undefined;
        i++;
      } else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (depth && c === '}') {
      depth--;
      quote = '"';
    } else if (c === '#' && line[i - 1] !== '?' && line[i - 1] !== '$') return i;
  }
  return -1;
}

const indentOf = (text: string, lineStart: number) => /^[ \t]*/.exec(text.slice(lineStart, lineStart + 200))![0].length;
const lineStartOf = (text: string, index: number) => text.lastIndexOf('\n', index - 1) + 1;

/**
 * Where the construct whose first line starts at `lineStart` ends: the `end` (its offset past it)
 * indented as that line is, else a line indented less, else the text's end.
 */
export function blockEnd(text: string, lineStart: number): number {
  const indent = indentOf(text, lineStart);
  const after = text.indexOf('\n', lineStart);
  if (after < 0) return text.length;
  const close = new RegExp(String.raw`^([ \t]*)(?:end\b|(?=\S))`, 'gm');
  close.lastIndex = after + 1;
  for (let m = close.exec(text); m; m = close.exec(text)) {
    if (m[1]!.length > indent) continue;
    return m[0].endsWith('end') && m[1]!.length === indent ? m.index + m[0].length : m.index;
  }
  return text.length;
}

const CONSTANT = String.raw`(?:::)?[A-Z]\w*(?:::[A-Z]\w*)*`;
const OPENS = new RegExp(String.raw`^([ \t]*)(class|module)[ \t]+(${CONSTANT})(?:[ \t]*<[ \t]*(${CONSTANT}))?([^\n]*)`, 'gm');

/** The classes and modules `text` (comments blanked) opens, outer ones first, each named in full by the ones around it. */
export const rubyScopes = oncePerText((text: string): readonly RubyScope[] => {
  const out: RubyScope[] = [];
  for (const m of text.matchAll(OPENS)) {
    const index = m.index + m[1]!.length;
    const oneLine = /;\s*end\s*$/.test(m[5]!);
    const lineEnd = m.index + m[0].length;
    const end = oneLine ? lineEnd : blockEnd(text, m.index);
    const outer = out.filter((s) => s.start <= index && index < s.end).at(-1);
    const written = m[3]!;
    const name = written.startsWith('::') ? written.slice(2) : outer ? `${outer.name}::${written}` : written;
    out.push({ kind: m[2] as RubyScope['kind'], name, superclass: m[4], index, start: lineEnd, end });
  }
  return out;
});

/** The full names of the classes and modules around `index`, innermost first. */
export function nestingAt(scopes: readonly RubyScope[], index: number): string[] {
  return scopes
    .filter((s) => s.start <= index && index < s.end)
    .map((s) => s.name)
    .reverse();
}

/**
 * The full names a constant written inside `nesting` may stand for, in Ruby's order of lookup:
 * `User` inside `Admin::UsersController` is `Admin::UsersController::User`, `Admin::User`, then
 * `User`; a name written with a leading `::` is only itself.
 */
export function constantCandidates(written: string, nesting: readonly string[]): string[] {
  if (written.startsWith('::')) return [written.slice(2)];
  const outer = nesting[0]?.split('::') ?? [];
  const out: string[] = [];
  for (let n = outer.length; n > 0; n--) out.push(`${outer.slice(0, n).join('::')}::${written}`);
  return [...out, written];
}

/** Where the statement starting at `index` ends: its line, and the lines it continues on (after a `,`, an open bracket, a `\`, an operator). */
export function statementEnd(text: string, index: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = index; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === '\n' && depth <= 0 && !/(?:[,\\|&+(=[{-]|\bdo(?:\s*\|[^|]*\|)?|->)\s*$/.test(text.slice(lineStartOf(text, i), i))) return i;
  }
  return text.length;
}

/** The `def` around `index`, from its line to its `end`; none outside a method. */
export function methodAround(text: string, index: number): { start: number; end: number } | undefined {
  let found: { start: number; end: number } | undefined;
  for (const m of text.slice(0, index).matchAll(/^[ \t]*def[ \t]/gm)) {
    const end = blockEnd(text, m.index);
    if (end > index) found = { start: m.index, end };
  }
  return found;
}

/** The block a `do |x|` or `{ |x|` opening at `at` gives its element to: the element's name and the block's extent. */
export function blockParameter(text: string, at: number): { name: string; start: number; end: number } | undefined {
  const m = /^\s*(?:(do)|\{)\s*\|\s*([a-z_]\w*)/.exec(text.slice(at, at + 200));
  if (!m) return undefined;
  const start = at + m.index + m[0].length;
  if (m[1]) return { name: m[2]!, start, end: blockEnd(text, lineStartOf(text, at)) };
  let depth = 1;
  for (let i = at + m[0].indexOf('{') + 1; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { name: m[2]!, start, end: i };
  }
  return { name: m[2]!, start, end: text.length };
}
