import { describe, expect, it } from 'vitest';
import { HIDDEN_VALUE, hideValues } from './hide-values.js';

describe('hideValues', () => {
  it('hides quoted fragments the SQL does not contain and keeps those it does', () => {
    const sql = 'SELECT "Amount"::int FROM orders';
    expect(hideValues('invalid input syntax for type integer: "4111-1111"', sql)).toBe(`invalid input syntax for type integer: "${HIDDEN_VALUE}"`);
    expect(hideValues('column "Amount" does not exist', sql)).toBe('column "Amount" does not exist');
    expect(hideValues("could not open file 'root:x:0:0:root'", sql)).toBe(`could not open file "${HIDDEN_VALUE}"`);
  });

  it('reads doubled quotes inside a fragment as one', () => {
    expect(hideValues('value "it""s" is bad', `SELECT 'it"s'`)).toBe('value "it""s" is bad');
  });
});
