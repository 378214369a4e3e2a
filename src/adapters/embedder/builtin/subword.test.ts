import { describe, expect, it } from 'vitest';
import { addTrigramVector, fnv1a, knownPieces } from './subword.js';

const vocabulary = new Set(['order', 'date', 'customer', 'address', 'line', 'ate']);
const isKnown = (w: string): boolean => vocabulary.has(w);

describe('knownPieces', () => {
  it.each([
    ['orderdate', ['order', 'date']],
    ['customeraddressline', ['customer', 'address', 'line']],
    ['xorderdate', ['order', 'date']],
    ['zxqvkjh', []],
    ['orderzzzzzzzzz', []], // `order` covers less than half the word
  ])('%s → %j', (word, pieces) => {
    expect(knownPieces(word, isKnown)).toEqual(pieces);
  });

  it('never returns the whole word as its own piece', () => {
    expect(knownPieces('order', isKnown)).toEqual([]);
  });
});

describe('addTrigramVector', () => {
  const vec = (word: string): Float32Array => {
    const out = new Float32Array(100);
    addTrigramVector(word, 5, out);
    return out;
  };
  const cos = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * b[i]!, 0) / 25;

  it('is deterministic and has the requested length', () => {
    expect(Array.from(vec('zxqv'))).toEqual(Array.from(vec('zxqv')));
    expect(Math.hypot(...vec('zxqv'))).toBeCloseTo(5, 4);
  });

  it('gives words sharing trigrams correlated vectors', () => {
    expect(cos(vec('customerz'), vec('customery'))).toBeGreaterThan(cos(vec('customerz'), vec('qwxplmvb')) + 0.3);
  });

  it('handles one-letter and non-Latin words', () => {
    expect(Math.hypot(...vec('x'))).toBeCloseTo(5, 4);
    expect(Math.hypot(...vec('日本語'))).toBeCloseTo(5, 4);
  });
});

describe('fnv1a', () => {
  it('matches the reference values and is never zero', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
  });
});
