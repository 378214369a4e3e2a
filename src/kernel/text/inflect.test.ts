import { describe, expect, it } from 'vitest';
import { isInflectable, plural, singular, wordForms } from './inflect.js';

describe('singular and plural', () => {
  it.each([
    // word, singular, plural
    ['orders', 'order', 'orders'],
    ['order', 'order', 'orders'],
    ['categories', 'category', 'categories'],
    ['status', 'status', 'statuses'],
    ['statuses', 'status', 'statuses'],
    ['address', 'address', 'addresses'],
    ['addresses', 'address', 'addresses'],
    ['analysis', 'analysis', 'analyses'],
    ['analyses', 'analysis', 'analyses'],
    ['data', 'data', 'data'],
    ['metadata', 'metadata', 'metadata'],
    ['news', 'news', 'news'],
    ['series', 'series', 'series'],
    ['people', 'person', 'people'],
    ['children', 'child', 'children'],
    ['indexes', 'index', 'indexes'],
    ['caches', 'cache', 'caches'],
    ['axes', 'axis', 'axes'],
    ['aliases', 'alias', 'aliases'],
    ['businesses', 'business', 'businesses'],
    ['databases', 'database', 'databases'],
    ['taxes', 'tax', 'taxes'],
    ['id', 'id', 'ids'],
    ['ids', 'id', 'ids'],
    // abbreviations, short words, digits, non-English: unchanged
    ['qty', 'qty', 'qty'],
    ['sts', 'sts', 'sts'],
    ['us', 'us', 'us'],
    ['os', 'os', 'os'],
    ['sms', 'sms', 'sms'],
    ['gps', 'gps', 'gps'],
    ['has', 'has', 'has'],
    ['this', 'this', 'this'],
    ['v2', 'v2', 'v2'],
    ['2', '2', '2'],
    ['2nd', '2nd', '2nd'],
    ['order_lines', 'order_lines', 'order_lines'],
    ['für', 'für', 'für'],
    ['straßen', 'straßen', 'straßen'],
    ['', '', ''],
    // case is kept; acronyms
    ['Orders', 'Order', 'Orders'],
    ['ORDERS', 'ORDER', 'ORDERS'],
    ['CUSTOMER', 'CUSTOMER', 'CUSTOMERS'],
    ['API', 'API', 'APIs'],
    ['APIs', 'API', 'APIs'],
    ['SKUs', 'SKU', 'SKUs'],
    ['IDs', 'ID', 'IDs'],
  ])('%s → %s / %s', (word, one, many) => {
    expect(singular(word)).toBe(one);
    expect(plural(word)).toBe(many);
  });

  it('is idempotent', () => {
    for (const w of ['orders', 'statuses', 'analyses', 'people', 'data', 'APIs', 'caches', 'ids']) {
      expect(singular(singular(w))).toBe(singular(w));
      expect(plural(plural(w))).toBe(plural(w));
    }
  });
});

describe('isInflectable', () => {
  it.each([
    ['order', true],
    ['id', true],
    ['qty', false],
    ['cust', false],
    ['no', false],
    ['v2', false],
    ['order_line', false],
    ['über', false],
    ['data', false],
  ])('%s → %s', (word, expected) => {
    expect(isInflectable(word)).toBe(expected);
  });
});

describe('wordForms', () => {
  it.each([
    ['orders', ['orders', 'order']],
    ['order', ['order', 'orders']],
    ['status', ['status', 'statuses']],
    ['data', ['data']],
    ['qty', ['qty']],
    ['id', ['id', 'ids']],
  ])('%s', (word, forms) => {
    expect(wordForms(word)).toEqual(forms);
  });
});
