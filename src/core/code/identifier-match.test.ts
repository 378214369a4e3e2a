import { describe, expect, it } from 'vitest';
import { identifierScores, requestIdentifiers, symbolsUsed } from './identifier-match.js';

describe('request identifiers', () => {
  it.each([
    ['add `returning` for mysql', ['returning']],
    ['add ref method to ExpressionBuilder. Closes #51', ['ExpressionBuilder']],
    ['Support constraint name in onConflict methods', ['onConflict']],
    ['rename subQuery to selectFrom, keep subquery', ['subQuery', 'selectFrom']],
    ['drop the table_name column and `as`', ['table_name']],
    ['add stream() support for sqlite', ['stream']],
    ['fix the docs', []],
  ])('%s', (request, expected) => {
    expect(requestIdentifiers(request)).toEqual(expected);
  });
});

describe('identifier scores', () => {
  const symbols = new Map([
    ['on-conflict-node.ts', ['OnConflictNode']],
    ['on-conflict-builder.ts', ['OnConflictBuilder', 'OnConflictDatabase']],
    ['expression-builder.ts', ['ExpressionBuilder', 'createExpressionBuilder']],
    ['conflict-free.ts', ['NoConflictOn']],
    ['other.ts', ['Other']],
  ]);

  it('counts an exact name whole and leading or trailing words half, never inner words', () => {
    const byName = identifierScores(['ExpressionBuilder'], symbols);
    expect(byName.get('expression-builder.ts')).toBeCloseTo(1);
    const byWords = identifierScores(['onConflict'], symbols);
    expect(byWords.get('on-conflict-node.ts')).toBeCloseTo(0.5);
    expect(byWords.get('on-conflict-builder.ts')).toBeCloseTo(0.5);
    expect(byWords.has('conflict-free.ts')).toBe(false);
    expect(byWords.has('other.ts')).toBe(false);
  });

  it('weighs rarer identifiers more and ignores those no file matches', () => {
    const both = identifierScores(['ExpressionBuilder', 'onConflict', 'nowhere'], symbols);
    // ExpressionBuilder matches one file, onConflict two: the first weighs more
    expect(both.get('expression-builder.ts')).toBeGreaterThan(2 * both.get('on-conflict-node.ts')!);
    const sum = both.get('expression-builder.ts')! + (both.get('on-conflict-node.ts')! + both.get('on-conflict-builder.ts')!) / 0.5 / 2;
    expect(sum).toBeCloseTo(1);
    expect(identifierScores(['nowhere'], symbols).size).toBe(0);
  });
});

describe('symbols used', () => {
  const body = new Set(['select', 'query', 'node', 'from']);

  it('is the share of the symbols whose every word the body holds', () => {
    expect(symbolsUsed(['SelectQueryNode', 'FromNode', 'WhereNode', 'select_from'], body)).toBeCloseTo(3 / 4);
    expect(symbolsUsed(['WhereNode'], body)).toBe(0);
  });

  it('is 0 without symbols or without a body', () => {
    expect(symbolsUsed([], body)).toBe(0);
    expect(symbolsUsed(['SelectQueryNode'], undefined)).toBe(0);
  });
});
