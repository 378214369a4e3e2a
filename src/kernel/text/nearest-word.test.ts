import { describe, expect, it } from 'vitest';
import { closestWord, editDistance } from './nearest-word.js';

describe('editDistance', () => {
  it.each([
    ['invoce', 'invoice', 1],
    ['invoice', 'invoice', 0],
    ['paymnet', 'payment', 1],
    ['adress', 'address', 1],
    ['custmer', 'customer', 1],
    ['kitten', 'sitting', 3],
  ])('%s → %s: %d', (a, b, d) => expect(editDistance(a, b, 5)).toBe(d));

  it('counts a swap as two edits without swaps (plain Levenshtein), and has no bound by default', () => {
    expect(editDistance('form', 'from')).toBe(1);
    expect(editDistance('form', 'from', Number.POSITIVE_INFINITY, false)).toBe(2);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc', Number.POSITIVE_INFINITY, false)).toBe(3);
  });

  it('stops once the bound is passed', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('closestWord', () => {
  const vocabulary = new Map([
    ['invoice', 10],
    ['invoices', 1],
    ['voice', 3],
    ['payment', 4],
    ['allocation', 2],
    ['location', 5],
  ]);

  it.each([
    ['invoce', 'invoice'],
    ['paymnet', 'payment'],
    // two edits are allowed from eight letters
    ['allocaton', 'allocation'],
    ['allocatoin', 'allocation'],
    // a short word gets one edit only
    ['invc', null],
    ['zzzzzz', null],
  ])('%s → %s', (word, nearest) => expect(closestWord(word, vocabulary)).toBe(nearest));

  it('prefers fewer edits, then the more frequent word', () => {
    expect(
      closestWord(
        'locatio',
        new Map([
          ['location', 1],
          ['locating', 9],
        ]),
      ),
    ).toBe('location');
    expect(
      closestWord(
        'cat',
        new Map([
          ['bat', 1],
          ['car', 5],
        ]),
      ),
    ).toBe('car');
  });
});
