import { describe, expect, it } from 'vitest';
import { needsQuotes, sqlIdentifier, sqlPath } from './sql-identifier.js';

describe('sqlIdentifier', () => {
  it('leaves names that fold to themselves alone', () => {
    expect(sqlIdentifier('sales_order')).toBe('sales_order');
    expect(needsQuotes('col$1')).toBe(false);
  });

  it('quotes mixed case, spaces, reserved words and embedded quotes', () => {
    expect(sqlIdentifier('CreaionDate')).toBe('"CreaionDate"');
    expect(sqlIdentifier('order')).toBe('"order"');
    expect(sqlIdentifier('my col')).toBe('"my col"');
    expect(sqlIdentifier('a"b')).toBe('"a""b"');
    expect(sqlPath('dbo.Posts.CreaionDate')).toBe('dbo."Posts"."CreaionDate"');
  });
});
