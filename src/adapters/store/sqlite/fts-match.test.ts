import { describe, expect, it } from 'vitest';
import { expandQuery, type ExpandedTerm } from '../../../core/search/expand.js';
import { toLexicalTerms, type LexicalQueryOptions } from '../../../core/search/lexical-query.js';
import { compileFtsMatch, quoteFts } from './fts-match.js';

/**
 * The expressions below were written against the MATCH strings core compiled itself before the
 * lexical query became neutral: the neutral query plus this compiler must give the same bytes, or
 * ranking (and the schema-linking benchmark) would move.
 */
function toFtsMatch(expanded: { terms: readonly ExpandedTerm[] }, options?: LexicalQueryOptions): string | null {
  const terms = toLexicalTerms(expanded, options);
  return terms ? compileFtsMatch(terms) : null;
}

const match = (query: string) => toFtsMatch(expandQuery(query));

/** What is left once every string literal is removed must be our own syntax only. */
function syntaxOutsideLiterals(expression: string): string {
  return expression.replace(/"(?:[^"]|"")*"/g, 'L');
}

describe('quoteFts', () => {
  it.each([
    ['order', '"order"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ['a\u0000b\nc', '"a b c"'],
    ['  spaced   out ', '"spaced out"'],
  ])('%j → %s', (input, expected) => {
    expect(quoteFts(input)).toBe(expected);
  });
});

describe('toFtsMatch', () => {
  it.each([
    ['order', '("order" OR "orders" OR "ord")'],
    ['qty', '("qty" OR "quantity")'],
    ['customer orders', '("customer" OR "customers" OR "cust") OR ("orders" OR "order" OR "ord") OR NEAR("customer" "order", 4)'],
    ['order_lines', '("order" OR "orders" OR "ord") OR ("lines" OR "line" OR "ln") OR "order_lines" OR NEAR("order" "line", 4)'],
    ['date of birth', '("date" OR "dates" OR "dt") OR ("birth" OR "births") OR "dob" OR NEAR("date" "birth", 4)'],
    ['data', '"data"'],
    ['für Kunden', '"für" OR ("kunden" OR "kundens") OR NEAR("für" "kunden", 4)'],
  ])('%j', (query, expected) => {
    expect(match(query)).toBe(expected);
  });

  it.each(['', '   ', '"', '""', "'", '*', 'a*', '(', ')', '-x', '+y', '{}[]', '\\', '%_', '\u0000\u0001', '😀', 'a b c'])(
    '%j has nothing to search → null',
    (query) => {
      expect(match(query)).toBeNull();
    },
  );

  it.each([
    'AND',
    'OR NOT',
    'NEAR(a b, 3)',
    'name:foo',
    '^start',
    'col:"x',
    'customer"s orders',
    'SELECT * FROM users; DROP TABLE t --',
    'a AND b OR c NOT d',
    '"unterminated',
    'ORDER BY "x" DESC',
    '日本語 テーブル',
    'Überweisung für Kunden',
    'x'.repeat(5000),
    Array(300).fill('order').join(' '),
    'emoji 😀 in text',
  ])('never lets %j become FTS5 syntax', (query) => {
    const expression = match(query);
    expect(expression).not.toBeNull();
    const syntax = syntaxOutsideLiterals(expression ?? '');
    expect(syntax).toMatch(/^(?:L|\(|\)| OR |NEAR\(| |, \d+\))+$/);
  });

  it('escapes quotes in forms it did not build itself', () => {
    const terms: ExpandedTerm[] = [{ text: 'x', forms: ['say "hi"', '" OR 1', ''], source: 'alias' }];
    const expression = toFtsMatch({ terms });
    expect(expression).toBe('("say ""hi""" OR """ or 1")');
    expect(syntaxOutsideLiterals(expression ?? '')).toBe('(L OR L)');
  });

  it('writes each form once across terms', () => {
    const terms: ExpandedTerm[] = [
      { text: 'mrr', forms: ['mrr'], source: 'word' },
      { text: 'mrr', forms: ['MRR', 'monthly recurring revenue'], source: 'alias' },
    ];
    expect(toFtsMatch({ terms })).toBe('"mrr" OR "monthly recurring revenue"');
  });

  it('can leave the NEAR alternative out and caps the number of forms', () => {
    expect(toFtsMatch(expandQuery('customer orders'), { phrase: false })).toBe('("customer" OR "customers" OR "cust") OR ("orders" OR "order" OR "ord")');
    expect(toFtsMatch(expandQuery('customer orders'), { phrase: false, maxForms: 4 })).toBe('("customer" OR "customers" OR "cust") OR "orders"');
  });

  it('adds no NEAR group for one word or for more than six', () => {
    expect(match('orders')).not.toContain('NEAR');
    expect(match('alpha bravo charlie delta echo foxtrot golf')).not.toContain('NEAR');
    expect(match('alpha bravo charlie')).toContain('NEAR("alpha" "bravo" "charlie", 6)');
  });
});
