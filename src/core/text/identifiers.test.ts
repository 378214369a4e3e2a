import { describe, expect, it } from 'vitest';
import { lexicalForm, splitIdentifier } from './identifiers.js';

describe('splitIdentifier', () => {
  it.each([
    ['customer_orders', ['customer', 'orders']],
    ['customerOrders', ['customer', 'orders']],
    ['CustomerOrder', ['customer', 'order']],
    ['APIKey', ['api', 'key']],
    ['CDSCode', ['cds', 'code']],
    ['order_line2', ['order', 'line', '2']],
    ['getUserById', ['get', 'user', 'by', 'id']],
    ['t_ord_hdr', ['t', 'ord', 'hdr']],
    ['', []],
  ])('%s', (input, expected) => {
    expect(splitIdentifier(input)).toEqual(expected);
  });
});

describe('lexicalForm', () => {
  it('keeps split words and the original compound identifier', () => {
    expect(lexicalForm('public.order_lines')).toBe('public order lines order_lines');
  });
});
