/**
 * @module adapters/connector/code/outline
 * What a file says about itself without parsing it: its leading comment and the names it
 * exports (functions, classes, types), found by patterns per language. Cheap by design: the
 * names feed chunks and listings, not a compiler.
 */
import { identifierTokens, splitIdentifier } from '../../../kernel/text/identifiers.js';

export interface CodeSymbol {
  name: string;
  /** function, class, interface, type, enum, const, … */
  kind: string;
  /** 1-based. */
  line: number;
  /** The declaring line without its body or value. */
  signature: string;
  /** What its doc comment says first (symbolDoc), when it has one. */
  doc?: string;
}

const MAX_COMMENT = 600;

const PATTERNS: Record<string, RegExp[]> = {
  typescript: [
    /^export\s+(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(function\*?|class|interface|type|enum|const|let|var|namespace)\s+([A-Za-z_$][\w$]*)/,
  ],
  python: [/^(def|class|async def)\s+([A-Za-z]\w*)/],
  go: [/^(func)\s+(?:\([^)]*\)\s*)?([A-Z]\w*)/, /^(type)\s+([A-Z]\w*)/],
  java: [/^\s*public\s+(?:static\s+|final\s+|abstract\s+|sealed\s+)*(class|interface|enum|record|@interface)\s+([A-Za-z_]\w*)/],
};
PATTERNS.javascript = PATTERNS.typescript!;
PATTERNS.kotlin = [/^(?:public\s+|data\s+|open\s+|abstract\s+)*(class|interface|object|fun)\s+([A-Za-z_]\w*)/];
// sqlc's and yesql/aiosql's named queries (`-- name: GetAccount :one`, `-- name: get-users`): what the generated code calls them
PATTERNS.sql = [/^--\s*(name):\s*([A-Za-z_][\w-]*)/];

// a MyBatis mapper's statements (`<select id="getOrder">`): the interface method that runs each
PATTERNS.xml = [/<(select|insert|update|delete)\b[^>]*?\bid\s*=\s*["']([\w$]+)["']/];

/** A pattern's first group as the symbol's kind: a `-- name:` comment declares a query, a mapper's tag a statement. */
const KIND_OF: Readonly<Record<string, string>> = { name: 'query', select: 'statement', insert: 'statement', update: 'statement', delete: 'statement' };

/** The declaring line up to its body or value (`{`, `=>`, `=`): a one-line body or a constant's value never enters the index. */
function declaration(line: string): string {
  return line
    .trim()
    .split(/\s*(?:\{|=>|=(?!=))/)[0]!
    .slice(0, 200);
}

export function exportedSymbols(text: string, language: string): CodeSymbol[] {
  const patterns = PATTERNS[language];
  if (!patterns) return [];
  const out: CodeSymbol[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((line, i) => {
    for (const pattern of patterns) {
      const m = pattern.exec(line);
      if (!m || seen.has(m[2]!)) continue;
      seen.add(m[2]!);
      out.push({
        name: m[2]!,
        kind: KIND_OF[m[1]!] ?? m[1]!.replace('async ', '').replace('*', ''),
        line: i + 1,
        signature: declaration(line),
      });
    }
  });
  return out;
}

const clip = (text: string) => (text.length > MAX_COMMENT ? `${text.slice(0, MAX_COMMENT - 1)}…` : text);

/** A comment that is a licence header, not a description of the file. */
const LICENCE = /\b(?:copyright|licensed under|spdx-license-identifier|all rights reserved|permission is hereby granted)\b/i;

/** Javadoc/JSDoc tags that say who and when, not what (`@author`, `@since`, `@version`, `@license`, `@copyright`). */
const WHO_AND_WHEN = /^@(?:license|copyright|author|since|version)\b/i;

/** A file's `package`/`import`/`using` lines (a Go `import (…)` block too), between a licence header and the file's own comment. */
const PREAMBLE =
  /^(?:\s*(?:(?:package|import|using|from)\s[^\n]*\(\s*\n[\s\S]*?^\s*\)[^\n]*|(?:package|import|using|from|#include)\s[^\n]*|@file:[^\n]*)?\s*\n)*/m;

/**
 * A `/** … *\/` block's lines as text: its markers and each line's leading `*` dropped (then `clean` applied), empty
 * lines and who-and-when tags left out.
 */
function blockLines(lines: readonly string[], clean: (line: string) => string = (line) => line): string[] {
  return lines
    .map((l) =>
      clean(
        l
          .replace(/^\s*\/\*\*/, '')
          .replace(/\*\/\s*$/, '')
          .replace(/^\s*\*\s?/, ''),
      ).trim(),
    )
    .filter((l) => l && !WHO_AND_WHEN.test(l));
}

/** The comment the text opens with and the text after it; `comment` is null when it opens with none. */
function openingComment(body: string, language: string): { comment: string | null; rest: string } {
  const block = /^\/\*\*?([\s\S]*?)\*\//.exec(body);
  if (block && language !== 'python') {
    const lines = blockLines(block[1]!.split('\n'), (l) => l.replace(/^@module\s+\S+\s*(—\s*)?/, ''));
    return { comment: lines.join(' ').trim(), rest: body.slice(block[0].length) };
  }
  const docstring = /^(?:"""|\'\'\')([\s\S]*?)(?:"""|\'\'\')/.exec(body);
  if (docstring && language === 'python') return { comment: docstring[1]!.replace(/\s+/g, ' ').trim(), rest: body.slice(docstring[0].length) };
  const marker = language === 'python' || language === 'ruby' ? '#' : '//';
  const lines: string[] = [];
  let at = 0;
  for (const line of body.split('\n')) {
    const t = line.trim();
    if (!t.startsWith(marker)) break;
    lines.push(t.slice(marker.length).trim());
    at += line.length + 1;
  }
  return { comment: lines.length ? lines.join(' ').trim() : null, rest: body.slice(at) };
}

/**
 * The comment a file opens with (after a shebang): a block comment, `//` or `#` lines, or a Python
 * docstring. A licence header is not what the file is about: past it (and past the `package` and
 * `import` lines after it) the next comment is the file's, as a Java class's Javadoc or Go's
 * package comment; a file with only a licence has none.
 */
export function leadingComment(text: string, language: string): string {
  const body = text
    .replace(/^#![^\n]*\n/, '')
    .replace(/^\uFEFF/, '')
    .trimStart();
  const first = openingComment(body, language);
  if (first.comment === null || !LICENCE.test(first.comment)) return clip(first.comment ?? '');
  const next = openingComment(first.rest.replace(PREAMBLE, '').trimStart(), language).comment;
  return clip(next && !LICENCE.test(next) ? next : '');
}

/** The most of a symbol's doc comment kept: its opening sentences say what it is for. */
const MAX_SYMBOL_DOC = 300;

/** Where a doc comment's description ends: a tag (`@param`), a heading (`### Examples`) or a code fence. */
const DESCRIPTION_END = /^(?:@\w|#{1,6}\s|```|~~~|<(?:param|typeparam|returns|remarks|exception|example|seealso|value)\b)/;

/** C#'s XML doc tags as text: `<summary>` dropped, `<see cref="Order"/>` and `<paramref name="id"/>` as the name they point at. */
const xmlDocText = (line: string) =>
  line
    .replace(/<(?:see|seealso|paramref|typeparamref)\s+(?:cref|name|langword)="(?:[^"]*\.)?([^".]*)"\s*\/>/g, '$1')
    .replace(/<\/?(?:summary|para|c|code|b|i)>/g, '')
    .trim();

/** Comment lines that steer tools, not readers (`//go:generate`, `// eslint-disable-next-line`, `// @ts-ignore`, `//nolint`). */
const DIRECTIVE = /^(?:go:|\+build\b|nolint\b|eslint-|@ts-|prettier-ignore|istanbul\b|noinspection\b|NOSONAR\b|type:\s*ignore)/;

/**
 * A description's first sentence from doc lines (markers stripped), before any tag, heading or code fence, clipped: the
 * summary Javadoc's and Go's conventions put first. On gin, `query "abort the middleware chain"` ranked
 * `Context.Abort` 4th with its first sentence and 11th with the whole description (no doc: 11th).
 */
function description(lines: readonly string[]): string {
  const out: string[] = [];
  for (const line of lines) {
    if (DESCRIPTION_END.test(line)) break;
    out.push(line);
  }
  const whole = out.join(' ').replace(/\s+/g, ' ').trim();
  const text = firstSentence(whole);
  return text.length > MAX_SYMBOL_DOC ? `${text.slice(0, MAX_SYMBOL_DOC - 1)}…` : text;
}

/** Abbreviations a sentence goes on past when a lowercase word follows (`tables, views, etc. of the schema`). */
const ABBREVIATIONS = new Set(['etc.', 'vs.', 'cf.', 'approx.', 'incl.', 'resp.', 'viz.', 'al.']);

/**
 * Text up to the end of its first sentence: a `.`, `!` or `?` before a space, unless the word it ends is a
 * dotted abbreviation (`e.g.`, `(i.e.`), an ellipsis, a lone `.`, or one of ABBREVIATIONS followed by a lowercase word.
 * gin's `Engine.Use` says "… to the router. i.e. the middleware attached …": its sentence ends at "router.".
 */
function firstSentence(text: string): string {
  for (const m of text.matchAll(/(\S*)([.!?])(?=\s|$)/g)) {
    const end = m.index + m[0].length;
    if (m[2] !== '.') return text.slice(0, end);
    // the word as written, past an opening bracket or quote: `(i.e.` is `i.e.`; a lone `.` ends nothing (`eliminating . and ..`)
    const word = m[0].toLowerCase().replace(/^[([{"'`]+/, '');
    const next = text.slice(end).trimStart();
    if (word === '.' || /^(?:[a-z]\.){2,}$/.test(word) || word.endsWith('..')) continue;
    if (ABBREVIATIONS.has(word) && /^[a-z]/.test(next)) continue;
    return text.slice(0, end);
  }
  return text;
}

/** A Python definition's docstring: the first statement after the signature (which may span lines) when it is a string. */
function docstringAfter(lines: readonly string[], at: number): string[] {
  let i = at;
  while (i < lines.length && i < at + 20 && !/:\s*(?:#.*)?$/.test(lines[i]!)) i++;
  for (i++; i < lines.length && !lines[i]!.trim(); i++);
  const open = /^\s*[rRuU]?("""|\'\'\')/.exec(lines[i] ?? '');
  if (!open) return [];
  const quote = open[1]!;
  const first = lines[i]!.slice(lines[i]!.indexOf(quote) + 3);
  if (first.includes(quote)) return [first.slice(0, first.indexOf(quote)).trim()];
  const out = [first.trim()];
  for (i++; i < lines.length && i < at + 60; i++) {
    const line = lines[i]!;
    if (line.includes(quote)) return [...out, line.slice(0, line.indexOf(quote)).trim()];
    out.push(line.trim());
  }
  return out;
}

/** A line of decorators or attributes between a doc comment and its declaration: Java's `@Override`, Rust's `#[derive(…)]`, C#'s `[HttpGet]`. */
const ANNOTATION = /^\s*(?:@[\w.]+(?:\(.*\))?|#!?\[.*\]|\[.*\])\s*$/;

/** The doc comment written right above a declaration (past its decorators and annotations): a `/** … *\/` block or a run of `//` lines. */
function commentAbove(lines: readonly string[], at: number): string[] {
  let i = at - 1;
  while (i >= 0 && ANNOTATION.test(lines[i]!)) i--;
  const last = lines[i]?.trim() ?? '';
  if (last.endsWith('*/')) {
    const end = i;
    // the block opens on a line of its own start: a `/*` inside its text (an example of a comment) opens nothing
    while (i >= 0 && !/^\s*\/\*/.test(lines[i]!)) i--;
    if (i < 0 || !/^\s*\/\*\*/.test(lines[i]!)) return [];
    return blockLines(lines.slice(i, end + 1));
  }
  const run: string[] = [];
  for (; i >= 0 && /^\s*\/\//.test(lines[i]!); i--) run.unshift(lines[i]!.trim().replace(/^\/\/[\/!]?\s?/, ''));
  return run.filter((l) => !DIRECTIVE.test(l));
}

/**
 * What a symbol's doc comment says, from the file's lines and the symbol's 1-based line: a Python definition's
 * docstring, else the `/** … *\/` block (Javadoc, JSDoc, TSDoc) or the `//` lines (Go's convention) right above
 * it; its first sentence, at most MAX_SYMBOL_DOC characters.
 * gin's `Context.Abort` says "Abort prevents pending handlers from being called…", which its name and
 * signature do not.
 */
export function symbolDoc(lines: readonly string[], language: string, line: number): string {
  const at = line - 1;
  if (at < 0 || at >= lines.length) return '';
  if (language === 'python') return description(docstringAfter(lines, at));
  const above = commentAbove(lines, at);
  return description(language === 'csharp' ? above.map(xmlDocText).filter(Boolean) : above);
}

/** Distinct words kept per file, and the most times one word counts (a long file's commonest words say little more past it). */
const MAX_WORDS = 400;
const MAX_WORD_COUNT = 50;
const WORD = /^\p{L}{2,30}$/u;

/** One-word string literals (`'letmein'`, `"sk_live_…"`): where keys, tokens and passwords sit. */
const ONE_WORD_STRING = /(['"`])[^\s'"`\\]{1,200}\1/g;

export const splitWords = (text: string) => identifierTokens(text).flatMap((t) => splitIdentifier(t).filter((w) => WORD.test(w)));

/**
 * The words a file's identifiers, comments and strings are made of (camelCase and snake_case
 * split, lower case). `words`: those it uses twice or more, with how often, the most frequent
 * first, for the topic search (topics are asked in the words a file's body uses, not only its
 * path and exports) and for likeness. `once`: those it uses once, for likeness (and for search
 * those a doc comment says, the connector's `docWords`), and none
 * that appears only inside a one-word string literal, so a one-off string (a token, a key, a
 * password) never enters the index.
 */
export function fileWords(text: string): { words: Record<string, number>; once: string[] } {
  const counts = new Map<string, number>();
  for (const token of identifierTokens(text)) {
    for (const word of splitIdentifier(token)) if (WORD.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const kept = [...counts].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const said = [...counts].filter(([, n]) => n === 1).map(([w]) => w);
  // a word said once and found in a one-word string literal is said only there
  const inStrings = new Set(said.length ? [...text.matchAll(ONE_WORD_STRING)].flatMap((m) => splitWords(m[0])) : []);
  return {
    words: Object.fromEntries(kept.slice(0, MAX_WORDS).map(([w, n]) => [w, Math.min(n, MAX_WORD_COUNT)])),
    once: said
      .filter((w) => !inStrings.has(w))
      .sort()
      .slice(0, MAX_WORDS),
  };
}
