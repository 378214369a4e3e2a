import { describe, expect, it } from 'vitest';
import { partialLine, quoteWord, tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('splits on whitespace and keeps quoted spaces', () => {
    expect(tokenize('  search   customer orders ')).toEqual(['search', 'customer', 'orders']);
    expect(tokenize(`glossary show "active customer" --project 'sales team'`)).toEqual(['glossary', 'show', 'active customer', '--project', 'sales team']);
    expect(tokenize('search a"b c"d')).toEqual(['search', 'ab cd']);
    expect(tokenize('')).toEqual([]);
  });

  it('escapes with a backslash outside single quotes, and keeps empty quoted words', () => {
    expect(tokenize('doc add my\\ notes.md')).toEqual(['doc', 'add', 'my notes.md']);
    expect(tokenize(`say "a \\"quoted\\" word" 'back\\slash'`)).toEqual(['say', 'a "quoted" word', 'back\\slash']);
    expect(tokenize(`search "" x`)).toEqual(['search', '', 'x']);
  });

  it('refuses an unclosed quote as a usage error', () => {
    expect(() => tokenize('search "customer orders')).toThrow(expect.objectContaining({ code: 'USAGE', message: 'unclosed " quote' }));
    expect(() => tokenize("search 'x")).toThrow(/unclosed ' quote/);
  });
});

describe('partialLine', () => {
  it('separates finished words from the one being typed, quotes and escapes included in raw', () => {
    expect(partialLine('get demo:tab')).toEqual({ words: ['get'], current: 'demo:tab', raw: 'demo:tab', quote: null });
    expect(partialLine('get ')).toEqual({ words: ['get'], current: '', raw: '', quote: null });
    expect(partialLine('glossary show "active cu')).toEqual({ words: ['glossary', 'show'], current: 'active cu', raw: '"active cu', quote: '"' });
    expect(partialLine('doc add my\\ no')).toEqual({ words: ['doc', 'add'], current: 'my no', raw: 'my\\ no', quote: null });
  });
});

describe('quoteWord', () => {
  it('escapes, or completes inside the quote the user opened', () => {
    expect(quoteWord('active customer', null)).toBe('active\\ customer');
    expect(tokenize(`x ${quoteWord(`it's "odd"`, null)!}`)).toEqual(['x', `it's "odd"`]);
    expect(quoteWord('active customer', '"')).toBe('"active customer"');
    expect(quoteWord('demo:', '"', false)).toBe('"demo:');
    expect(quoteWord("o'clock", "'")).toBeNull();
  });
});
