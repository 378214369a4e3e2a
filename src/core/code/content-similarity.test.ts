import { describe, expect, it } from 'vitest';
import { bodyWordsOf, contentIndex, similarTo, stemmedBag } from './content-similarity.js';

// insert and update builders share rare words (returning, values); the visitor shares only `node`; every file says `query`
const index = contentIndex(
  new Map([
    ['insert-query-builder.ts', { query: 9, returning: 4, values: 3, insert: 5 }],
    ['update-query-builder.ts', { query: 7, returning: 3, values: 2, update: 6 }],
    ['node-visitor.ts', { query: 2, node: 8, visit: 5 }],
    ['select-node.ts', { query: 1, node: 3, select: 4 }],
    ['common.ts', { query: 3 }],
  ]),
);

describe('content similarity', () => {
  it('builds unit vectors in which a word every file holds weighs nothing', () => {
    const v = index.vectors.get('insert-query-builder.ts')!;
    expect(v.has('query')).toBe(false);
    expect([...v.values()].reduce((s, x) => s + x * x, 0)).toBeCloseTo(1);
    // a file whose only words every file holds has no vector
    expect(index.vectors.has('common.ts')).toBe(false);
  });

  it('finds the analogous file first; files sharing no weighted word and the file itself are left out', () => {
    const alike = similarTo(index, 'insert-query-builder.ts');
    expect([...alike.keys()]).toEqual(['update-query-builder.ts']);
    expect(alike.get('update-query-builder.ts')).toBeGreaterThan(0.2);
    expect(alike.get('update-query-builder.ts')).toBeLessThan(1);
    expect(similarTo(index, 'node-visitor.ts').get('select-node.ts')).toBeGreaterThan(0);
    expect(similarTo(index, 'unknown.ts').size).toBe(0);
  });

  it('still knows a file holds a word every file holds', () => {
    const words = bodyWordsOf(index, 'select-node.ts')!;
    expect(['query', 'node', 'select'].map((w) => words.has(w))).toEqual([true, true, true]);
    expect(words.has('returning')).toBe(false);
    expect(bodyWordsOf(index, 'common.ts')).toBe(undefined);
  });

  it('is symmetric', () => {
    expect(similarTo(index, 'select-node.ts').get('node-visitor.ts')).toBeCloseTo(similarTo(index, 'node-visitor.ts').get('select-node.ts')!);
  });

  it("reads bags for likeness in the singular, without the languages' keywords and short words", () => {
    expect(stemmedBag({ nodes: 3, node: 2, const: 9, return: 4, id: 5, of: 2, aliases: 1, queries: 2 })).toEqual({ node: 5, alias: 1, query: 2 });
    // two files that say `nodes` and `node` are alike once stemmed, not before
    const bags = new Map([
      ['a.ts', { nodes: 3, const: 4 }],
      ['b.ts', { node: 2, const: 4 }],
      ['c.ts', { select: 2, const: 1 }],
    ]);
    expect(similarTo(contentIndex(bags), 'a.ts').get('b.ts')).toBeUndefined();
    const stemmed = new Map([...bags].map(([f, b]) => [f, stemmedBag(b)] as const));
    expect(similarTo(contentIndex(stemmed), 'a.ts').get('b.ts')).toBeCloseTo(1);
  });

  it('counts the words a file says once, once, in the singular too, and never twice over a counted word', () => {
    expect(stemmedBag({ node: 2 }, ['nodes', 'node', 'ledgers', 'of', 'const'])).toEqual({ node: 3, ledger: 1 });
    // files alike only by words each says once
    const once = new Map([
      ['pay.ts', stemmedBag({ invoice: 2 }, ['refund'])],
      ['refund.ts', stemmedBag({ card: 2 }, ['refunds'])],
      ['other.ts', stemmedBag({ card: 2 }, [])],
    ]);
    expect(similarTo(contentIndex(once), 'pay.ts').get('refund.ts')).toBeGreaterThan(0);
    expect(similarTo(contentIndex(once), 'pay.ts').get('other.ts')).toBeUndefined();
  });
});
