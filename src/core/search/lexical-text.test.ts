import { describe, expect, it } from 'vitest';
import { lexicalField } from './lexical-text.js';

describe('lexicalField', () => {
  it.each([
    ['orders', 'orders order'],
    ['order', 'order'],
    ['public.customer_orders', 'public customer orders order customer_orders'],
    ['customerOrders placed', 'customer orders order placed customerorders'],
    ['APIKeys', 'api keys key apikeys'],
    ['statuses of invoices', 'statuses status of invoices invoice'],
    ['status', 'status'],
    ['order_qty', 'order qty order_qty'],
    ['address_line2', 'address line 2 address_line2'],
    ['data', 'data'],
    ['Bestellungen für Kunden', 'bestellungen für kunden'],
    ['"quoted" AND NEAR(x*)', 'quoted and near x'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (input, expected) => {
    expect(lexicalField(input)).toBe(expected);
  });

  it('writes each compound identifier once, after the words', () => {
    expect(lexicalField('order_lines order_lines')).toBe('order lines line order lines line order_lines');
  });

  it('always contains the singular of every word, so a phrase of singulars is near', () => {
    const words = lexicalField('customer_orders with shipping_addresses').split(' ');
    for (const w of ['customer', 'order', 'shipping', 'address']) expect(words).toContain(w);
    expect(words.indexOf('order') - words.indexOf('customer')).toBeLessThanOrEqual(2);
  });
});
