import { describe, expect, it } from 'vitest';
import { lineAt, lineIndex } from './lines.js';

describe('lines', () => {
  const text = 'one\ntwo\n\nfour\r\nfive';
  const counted = (index: number) => text.slice(0, index).split('\n').length;

  it('gives the line of every offset, a newline on the line it ends, past the end the last line', () => {
    const line = lineIndex(text);
    for (let i = 0; i <= text.length + 2; i++) expect([i, line(i)]).toEqual([i, counted(i)]);
    expect(line(text.indexOf('four'))).toBe(4);
    expect(lineIndex('')(0)).toBe(1);
  });

  it('lineAt answers for whichever text it is given, asked in turns', () => {
    const other = 'a\nb\nc';
    expect([lineAt(text, text.indexOf('five')), lineAt(other, 4), lineAt(text, 5), lineAt(other, 0)]).toEqual([5, 3, 2, 1]);
  });
});
