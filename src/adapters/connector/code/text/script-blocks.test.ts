import { describe, expect, it } from 'vitest';
import { blankComments, blockAround, scriptBlocks } from './script-blocks.js';
import { rememberScans } from './scan-memo.js';

describe('script blocks', () => {
  const text = [
    'function one() {', // 0
    "  const s = '{ not a block';",
    '  // } nor this',
    '  /* { nor this */',
    '  const t = `${ {a: 1}.a } and { text }`;',
    '  if (s) { return t; }',
    '}',
    'class Two { m() { return "}"; } }',
    'function open() {',
  ].join('\n');
  const blocks = scriptBlocks(text);
  const slice = (b: { start: number; end: number }) => text.slice(b.start, b.end + 1);

  it('braces in strings, templates and comments open nothing; a template expression is code', () => {
    expect(blocks.map(slice)).toEqual([
      '{a: 1}',
      '{ return t; }',
      text.slice(text.indexOf('{'), text.indexOf('}\nclass') + 1),
      '{ return "}"; }',
      '{ m() { return "}"; } }',
      '{',
    ]);
  });

  it('the innermost block around an offset, else the whole text; an unclosed block runs to the end', () => {
    expect(slice(blockAround(blocks, text.indexOf('return t'), text.length))).toBe('{ return t; }');
    expect(slice(blockAround(blocks, text.indexOf('m()'), text.length))).toBe('{ m() { return "}"; } }');
    expect(blockAround(blocks, text.indexOf('class'), text.length)).toEqual({ start: 0, end: text.length });
    expect(blockAround(blocks, text.length - 1, text.length).end).toBe(text.length);
  });

  it('comments blanked, lines and offsets kept; strings that look like comments stay', () => {
    const code = "const url = 'http://x'; // a note\n/* two\nlines */ call(); /* never closed";
    const blanked = blankComments(code);
    expect(blanked).toHaveLength(code.length);
    expect(blanked.split('\n').map((line) => line.trim())).toEqual(["const url = 'http://x';", '', 'call();']);
    expect(blanked.split('\n').map((line) => line.length)).toEqual(code.split('\n').map((line) => line.length));
    expect(scriptBlocks('x; /* never closed {')).toEqual([]); // ends, and opens no block
  });

  it('while a scan remembers, a text is scanned once for every reader that asks; the answers are those of a fresh scan; forgotten once every holder lets go', () => {
    const code = 'function f() { /* a { */ return g({ a: 1 }); } // end';
    const fresh = { blocks: scriptBlocks(code), blanked: blankComments(code) };
    expect(scriptBlocks(code)).not.toBe(fresh.blocks); // nothing kept outside a scan
    const first = rememberScans();
    const second = rememberScans();
    const kept = scriptBlocks(code);
    expect(kept).toEqual(fresh.blocks);
    expect(scriptBlocks(code)).toBe(kept);
    expect(blankComments(code)).toBe(fresh.blanked);
    first();
    first(); // a holder lets go once
    expect(scriptBlocks(code)).toBe(kept);
    second();
    expect(scriptBlocks(code)).not.toBe(kept);
    expect(scriptBlocks(code)).toEqual(fresh.blocks);
  });
});
