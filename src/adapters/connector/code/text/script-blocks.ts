/**
 * @module adapters/connector/code/text/script-blocks
 * The `{ … }` blocks of JavaScript or TypeScript text, for telling which function or class a name
 * is bound in. Strings, template strings and comments are stepped over, so a brace inside them
 * opens nothing; a `${ … }` inside a template counts as code. Regular expression literals are not
 * recognised: a brace in one may shift the blocks of the rest of its file, which only makes a
 * binding's scope wider.
 */
import { oncePerText } from './scan-memo.js';

/** A block from its `{` to its `}` (offsets into the text); an unclosed block ends with the text. */
export interface Block {
  start: number;
  end: number;
}

export function scriptBlocks(text: string): readonly Block[] {
  return scanned(text).blocks;
}

/** The text with its comments blanked (newlines kept), so that offsets and lines stay where they were. */
export const blankComments = oncePerText((text: string): string => {
  const { comments } = scanned(text);
  if (!comments.length) return text;
  let out = '';
  let at = 0;
  for (const c of comments) {
    out += text.slice(at, c.start) + text.slice(c.start, c.end + 1).replace(/[^\n]/g, ' ');
    at = c.end + 1;
  }
  return out + text.slice(at);
});

/** Each text's blocks and comments, scanned once while a scan is remembered: the project's readers (ORM, Kysely, Drizzle, repositories, constants, routes) each ask for them of every file. */
const scanned = oncePerText(scan);

function scan(text: string): { blocks: Block[]; comments: Block[] } {
  const blocks: Block[] = [];
  const comments: Block[] = [];
  // each open `{`, and whether it is a template's `${`, whose `}` resumes the template
  const open: Array<{ start: number; template: boolean }> = [];
  const skipTemplate = (from: number): number => {
    for (let i = from; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '`') return i;
      else if (text[i] === '$' && text[i + 1] === '{') {
        open.push({ start: i + 1, template: true });
        return i + 1;
      }
    }
    return text.length;
  };
  const comment = (start: number, end: number) => {
    comments.push({ start, end });
    return end;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      const newline = text.indexOf('\n', i);
      i = comment(i, (newline < 0 ? text.length : newline) - 1);
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = comment(i, close < 0 ? text.length - 1 : close + 1);
    } else if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    } else if (c === '`') i = skipTemplate(i + 1);
    else if (c === '{') open.push({ start: i, template: false });
    else if (c === '}') {
      const block = open.pop();
      if (!block) continue;
      if (block.template) i = skipTemplate(i + 1);
      else blocks.push({ start: block.start, end: i });
    }
  }
  for (const block of open) if (!block.template) blocks.push({ start: block.start, end: text.length });
  return { blocks, comments };
}

/** The innermost block holding `index`, or the whole text when none does. */
export function blockAround(blocks: readonly Block[], index: number, length: number): Block {
  let best: Block = { start: 0, end: length };
  for (const b of blocks) if (b.start < index && index < b.end && b.end - b.start < best.end - best.start) best = b;
  return best;
}
