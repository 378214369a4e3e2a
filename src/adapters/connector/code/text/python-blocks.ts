/**
 * @module adapters/connector/code/text/python-blocks
 * Python's blocks read by their indentation: the classes a text declares with their bodies, and the
 * function a position is in.
 */
import { oncePerText } from './scan-memo.js';

/** A docstring on lines of its own, optional, never read past its own end: a pattern's source, for a `def`'s first lines. */
export const OPTIONAL_DOCSTRING = String.raw`(?:[ \t]*(?:"{3}(?:(?!"{3})[\s\S])*"{3}|'{3}(?:(?!'{3})[\s\S])*'{3})[ \t]*\n)?`;

/** Python classes with their bodies (up to the next line at the class's indentation or less). */
export const pythonClasses = oncePerText((text: string): ReadonlyArray<{ name: string; bases: string; body: string; index: number }> => {
  const out = [];
  for (const m of text.matchAll(/^([ \t]*)class\s+(\w+)\s*(?:\(([^)]*)\))?\s*:/gm)) {
    const indent = m[1]!.length;
    const rest = text.slice(m.index + m[0].length);
    const end = new RegExp(`\\n[ \\t]{0,${indent}}(?=\\S)`).exec(rest);
    out.push({ name: m[2]!, bases: m[3] ?? '', body: end ? rest.slice(0, end.index) : rest, index: m.index });
  }
  return out;
});

/** Where the Python function whose body holds `index` starts (its `def` line, so its parameters are in), else 0. */
export function pythonFunctionStart(text: string, index: number): number {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0].length;
  let start = 0;
  for (const d of text.slice(0, lineStart).matchAll(/^([ \t]*)(?:async[ \t]+)?def[ \t]/gm)) if (d[1]!.length < indent) start = d.index;
  return start;
}

/** The name of the class whose body holds `index` (in a method of it too), found by the lines indented less above it. */
export function pythonClassAround(text: string, index: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  let limit = /^[ \t]*/.exec(text.slice(lineStart))![0].length;
  const lines = text.slice(0, lineStart).split('\n');
  for (let i = lines.length - 1; i >= 0 && limit > 0; i--) {
    const line = lines[i]!;
    const indent = /^[ \t]*/.exec(line)![0].length;
    if (indent >= limit || !line.trim() || line.trimStart().startsWith('#')) continue;
    const cls = /^[ \t]*class\s+(\w+)/.exec(line);
    if (cls) return cls[1];
    limit = indent;
  }
  return undefined;
}

/** The last character before `index` that is not white space ('' at the start). */
function lastCharBefore(text: string, index: number): string {
  let k = index - 1;
  while (k >= 0 && /\s/.test(text[k]!)) k--;
  return k < 0 ? '' : text[k]!;
}

/** Characters before a string that make it part of an expression (an argument, a value), not a docstring. */
const IN_EXPRESSION = new Set(['(', '[', '{', ',', '=', '+', '%', '\\']);

/**
 * What runs of a Python file: its comments and docstrings blanked (each character a space, newlines
 * kept, so offsets and lines stay); every other string stays, quotes and all. A docstring is a
 * triple-quoted string standing as a statement of its own: first on its line, after a line that
 * ends no expression (`def f():` then `"""…"""`, not `execute(` then `"""SELECT …"""`).
 */
export const pythonCode = oncePerText((text: string): string => {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (text[k] !== '\n') out[k] = ' ';
  };
  let lineStart = true;
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (c === '\n') {
      lineStart = true;
      i++;
    } else if (c === '#') {
      const end = text.indexOf('\n', i);
      blank(i, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end;
    } else if (c === '"' || c === "'") {
      const quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      let j = i + quote.length;
      while (j < text.length && !text.startsWith(quote, j) && (quote.length === 3 || text[j] !== '\n')) j += text[j] === '\\' ? 2 : 1;
      const end = Math.min(text.length, j + quote.length);
      if (quote.length === 3 && lineStart && !IN_EXPRESSION.has(lastCharBefore(text, i))) blank(i, end);
      lineStart = false;
      i = end;
    } else {
      if (c !== ' ' && c !== '\t') lineStart = false;
      i++;
    }
  }
  return out.join('');
});
