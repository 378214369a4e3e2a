/**
 * @module presentations/repl/tokenize
 * Splits a typed line into words as a shell does: whitespace separates, "double" and 'single'
 * quotes keep spaces, a backslash escapes the next character (outside single quotes).
 */
import { SextantError } from '../../kernel/errors.js';

/** The line's words so far and the one being typed, for completion. */
export interface PartialLine {
  /** Finished words before the cursor's word. */
  words: string[];
  /** The word being typed, unquoted ('' after a space). */
  current: string;
  /** The word being typed as it stands in the line (quotes and escapes included): what a completion replaces. */
  raw: string;
  /** The quote the current word opened and did not close, if any. */
  quote: '"' | "'" | null;
}

function scan(line: string): PartialLine & { closed: boolean } {
  const words: string[] = [];
  let current = '';
  let raw = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      raw += ch;
      if (ch === quote) quote = null;
      else if (ch === '\\' && quote === '"' && (line[i + 1] === '"' || line[i + 1] === '\\')) {
        raw += line[i + 1]!;
        current += line[++i]!;
      } else current += ch;
      continue;
    }
    if (/\s/.test(ch)) {
      if (inWord) words.push(current);
      current = '';
      raw = '';
      inWord = false;
      continue;
    }
    inWord = true;
    raw += ch;
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '\\' && i + 1 < line.length) {
      raw += line[i + 1]!;
      current += line[++i]!;
    } else current += ch;
  }
  return { words, current, raw, quote, closed: !inWord };
}

/** The words of a line; USAGE when a quote is left open. */
export function tokenize(line: string): string[] {
  const scanned = scan(line);
  if (scanned.quote) throw new SextantError('USAGE', `unclosed ${scanned.quote} quote`, { hint: 'close the quote, or escape it with \\' });
  return scanned.closed ? scanned.words : [...scanned.words, scanned.current];
}

/** The finished words and the word being typed at the end of `line` (the text before the cursor). */
export function partialLine(line: string): PartialLine {
  const { words, current, raw, quote } = scan(line);
  return { words, current, raw, quote };
}

/**
 * A word as it must be typed to come back as itself: escaped, or inside the quote already
 * opened (closed when `close`; a partial completion such as `demo:` leaves it open). Null
 * when it cannot be: single quotes escape nothing, so a word with one cannot sit inside them.
 */
export function quoteWord(word: string, quote: '"' | "'" | null, close = true): string | null {
  if (quote === null) return word.replace(/[\s"'\\]/g, (c) => `\\${c}`);
  if (quote === "'" && word.includes("'")) return null;
  const body = quote === '"' ? word.replace(/["\\]/g, (c) => `\\${c}`) : word;
  return `${quote}${body}${close ? quote : ''}`;
}
