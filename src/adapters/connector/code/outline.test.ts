import { describe, expect, it } from 'vitest';
import { bodyWords } from './outline.js';

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
});
