import { describe, expect, it } from 'vitest';
import { bodyPosition, probeText } from './probe-query.js';

describe('probe text', () => {
  it('wraps one statement as a LIMIT 1 subquery, dropping trailing semicolons and blanks', () => {
    expect(probeText('SELECT 1;  \n').text).toBe('SELECT * FROM (\nSELECT 1\n) AS sextant_probe LIMIT 1');
    expect(probeText('SELECT 1 -- note').text).toBe('SELECT * FROM (\nSELECT 1\n) AS sextant_probe LIMIT 1');
  });

  it.each([
    ['SELECT 1; -- done', 'SELECT 1'],
    ['SELECT 1 /* a /* nested */ note */ ;', 'SELECT 1'],
    ["SELECT ';' AS semi;", "SELECT ';' AS semi"],
    ["SELECT 'it''s -- not a comment'", "SELECT 'it''s -- not a comment'"],
    ['SELECT "a;b" FROM t ;\n\n', 'SELECT "a;b" FROM t'],
    ['SELECT $x$ ; -- $x$ AS body;', 'SELECT $x$ ; -- $x$ AS body'],
    ['SELECT 1; DROP TABLE t', 'SELECT 1; DROP TABLE t'],
    ['-- only a comment', ''],
  ])('keeps the code of %j', (sql, body) => {
    expect(probeText(sql).body).toBe(body);
  });

  it('maps a server position back into the query, or null outside it', () => {
    const { body } = probeText('SELECT nope FROM t');
    expect(bodyPosition(16 + 8, body)).toBe(8);
    expect(bodyPosition(3, body)).toBeNull();
    expect(bodyPosition(undefined, body)).toBeNull();
    expect(bodyPosition(16 + 200, body)).toBeNull();
  });
});
