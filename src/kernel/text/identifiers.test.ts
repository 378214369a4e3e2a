import { describe, expect, it } from 'vitest';
import { identifierTokens, lexicalForm, splitIdentifier, splitIdentifierCased, splitText } from './identifiers.js';

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
    // plural acronyms stay whole
    ['listAPIs', ['list', 'apis']],
    ['getIDs', ['get', 'ids']],
    ['KPIsByRegion', ['kpis', 'by', 'region']],
    // all caps and kebab-case
    ['CUSTOMER_ORDERS', ['customer', 'orders']],
    ['order-lines', ['order', 'lines']],
    ['HTTPServer2Port', ['http', 'server', '2', 'port']],
    // Unicode letters are words, not separators
    ['Bestellungen_für_Kunden', ['bestellungen', 'für', 'kunden']],
    ['straßeName', ['straße', 'name']],
    ['ÜberweisungBetrag', ['überweisung', 'betrag']],
    ['заказ_клиента', ['заказ', 'клиента']],
    ['cafe\u0301', ['café']],
    ['__', []],
  ])('%s', (input, expected) => {
    expect(splitIdentifier(input)).toEqual(expected);
  });
});

describe('splitIdentifierCased', () => {
  it.each([
    ['APIKey', ['API', 'Key']],
    ['getUserById', ['get', 'User', 'By', 'Id']],
    ['listAPIs', ['list', 'APIs']],
    ['customer_orders', ['customer', 'orders']],
    ['iPhoneModel', ['i', 'Phone', 'Model']],
  ])('%s', (input, expected) => {
    expect(splitIdentifierCased(input)).toEqual(expected);
  });
});

describe('splitText and identifierTokens', () => {
  it.each([
    ['public.order_lines', ['public', 'order_lines'], ['public', 'order', 'lines']],
    ["customer's e-mail", ['customer', 's', 'e', 'mail'], ['customer', 's', 'e', 'mail']],
    ['Kunden für Bestellungen', ['Kunden', 'für', 'Bestellungen'], ['kunden', 'für', 'bestellungen']],
    ['  ', [], []],
  ])('%j', (input, tokens, words) => {
    expect(identifierTokens(input)).toEqual(tokens);
    expect(splitText(input)).toEqual(words);
  });
});

describe('lexicalForm', () => {
  it.each([
    ['public.order_lines', 'public order lines order_lines'],
    ['customerOrders and customerOrders', 'customer orders and customer orders customerorders'],
    ['plain words', 'plain words'],
  ])('%s', (input, expected) => {
    expect(lexicalForm(input)).toBe(expected);
  });
});
