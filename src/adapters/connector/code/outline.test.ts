import { describe, expect, it } from 'vitest';
import { fileWords } from './outline.js';

const bodyWords = (text: string) => fileWords(text).words;

describe('body words', () => {
  it('split identifiers, lower case, counted; words seen once and non-words left out; commonest first', () => {
    const text = [
      'export function selectFrom(table: string) { return new SelectQueryBuilder(table) }',
      '// select rows from a table: selectFrom is the entry point',
      "const key = 'sk_live_9f8XyQ'; const x = 1",
    ].join('\n');
    const words = bodyWords(text);
    expect(words).toEqual({ select: 4, from: 3, table: 3, const: 2 });
    expect(Object.keys(words)).toEqual(['select', 'from', 'table', 'const']);
  });

  it('counts are capped and a long file keeps its 400 commonest words', () => {
    expect(bodyWords('order '.repeat(80)).order).toBe(50);
    const many = Array.from({ length: 500 }, (_, i) =>
      `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x `.repeat(2),
    ).join('');
    expect(Object.keys(bodyWords(many))).toHaveLength(400);
  });

  it('words said once are kept apart, in order, unless they appear only inside a one-word string literal', () => {
    const text = [
      'export function archiveInvoices(ledger: Ledger) {',
      '  const password = \'letmein\'; const token = "ghpSecretValue"',
      "  log('archived the invoices of a ledger', password, token)",
      '  return archive(ledger)',
      '}',
    ].join('\n');
    const { words, once } = fileWords(text);
    expect(words).toMatchObject({ ledger: 4, archive: 2, const: 2, password: 2, token: 2 });
    expect(once).toEqual(['archived', 'export', 'function', 'log', 'of', 'return', 'the']);
    for (const secret of ['letmein', 'ghp', 'secret', 'value']) expect(once).not.toContain(secret);
    expect(Object.keys(words)).not.toContain('letmein');
  });
});
