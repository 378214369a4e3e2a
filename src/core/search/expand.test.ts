import { describe, expect, it } from 'vitest';
import { createQueryExpander, expandQuery, STOPWORDS, type ExpandedTerm } from './expand.js';

const formsOf = (terms: ExpandedTerm[]): Record<string, string[]> => Object.fromEntries(terms.map((t) => [`${t.source}:${t.text}`, t.forms]));

describe('expandQuery: words', () => {
  it.each<[string, Record<string, string[]>]>([
    ['orders', { 'word:orders': ['orders', 'order', 'ord'] }],
    ['order', { 'word:order': ['order', 'orders', 'ord'] }],
    ['Customer ORDERS', { 'word:customer': ['customer', 'customers', 'cust'], 'word:orders': ['orders', 'order', 'ord'] }],
    // abbreviations both ways
    ['qty', { 'word:qty': ['qty', 'quantity'] }],
    ['quantity', { 'word:quantity': ['quantity', 'quantities', 'qty'] }],
    ['quantities', { 'word:quantities': ['quantities', 'quantity', 'qty'] }],
    ['cust', { 'word:cust': ['cust', 'customer'] }],
    ['num', { 'word:num': ['num', 'number', 'nbr', 'no'] }],
    ['dob', { 'word:dob': ['dob', 'date of birth'] }],
    ['status', { 'word:status': ['status', 'statuses', 'sts', 'stat'] }],
    ['data', { 'word:data': ['data'] }],
    // identifiers split, the compound kept as its own term
    ['order_lines', { 'word:order': ['order', 'orders', 'ord'], 'word:lines': ['lines', 'line', 'ln'], 'identifier:order_lines': ['order_lines'] }],
    [
      'getUserById',
      { 'word:get': ['get', 'gets'], 'word:user': ['user', 'users', 'usr'], 'word:id': ['id', 'ids', 'identifier'], 'identifier:getuserbyid': ['getuserbyid'] },
    ],
    // stopwords go, schema words stay
    ['what is the name of the customer', { 'word:name': ['name', 'names', 'nm'], 'word:customer': ['customer', 'customers', 'cust'] }],
    ['id type date', { 'word:id': ['id', 'ids', 'identifier'], 'word:type': ['type', 'types', 'typ'], 'word:date': ['date', 'dates', 'dt'] }],
    // only stopwords: searched as typed
    ['the', { 'word:the': ['the'] }],
    ['a', {}],
    ['', {}],
    ['?!', {}],
    // duplicates by singular collapse to the first spelling
    ['order orders ORDER', { 'word:order': ['order', 'orders', 'ord'] }],
    // prototype keys are plain words
    ['constructor', { 'word:constructor': ['constructor', 'constructors'] }],
  ])('%j', (query, expected) => {
    expect(formsOf(expandQuery(query).terms)).toEqual(expected);
  });

  it('treats FTS5 syntax as plain words', () => {
    // single letters are dropped, `and`/`or`/`not` are stopwords, `near` is a word
    expect(expandQuery('"x" AND NEAR(y*) OR NOT -z:^w').terms.map((t) => t.text)).toEqual(['near']);
  });

  it('lists the added forms once, in order, never the typed words', () => {
    expect(expandQuery('customer orders').expansions).toEqual(['customers', 'cust', 'order', 'ord']);
    expect(expandQuery('order orders').expansions).toEqual(['ord']);
  });

  it('keeps schema-meaningful words out of the stopword list', () => {
    for (const w of ['id', 'name', 'date', 'type', 'status', 'key', 'code', 'number', 'value', 'get', 'list', 'first', 'last']) {
      expect(STOPWORDS.has(w), w).toBe(false);
    }
  });

  it('takes abbreviations from the options; {} turns them off', () => {
    expect(formsOf(expandQuery('qty', { abbreviations: {} }).terms)).toEqual({ 'word:qty': ['qty'] });
    expect(formsOf(expandQuery('sku', { abbreviations: { SKU: 'Stock-Keeping Unit' } }).terms)).toEqual({
      'word:sku': ['sku', 'stock keeping unit'],
    });
  });
});

describe('expandQuery: phrases', () => {
  const aliases = new Map<string, string[]>([
    ['MRR', ['monthly recurring revenue']],
    ['lifetime value', ['customer_lifetime_value', 'CLV']],
  ]);

  it.each<[string, Array<[string, string, string[]]>]>([
    ['mrr by region', [['alias', 'mrr', ['monthly recurring revenue', 'monthly', 'recurring', 'revenue']]]],
    ['Monthly Recurring Revenues', [['alias', 'monthly recurring revenues', ['mrr']]]],
    ['lifetime values', [['alias', 'lifetime values', ['customer lifetime value', 'clv', 'customer', 'lifetime', 'value']]]],
    ['customer lifetime values', [['alias', 'customer lifetime values', ['lifetime value', 'lifetime', 'value']]]],
    ['clv', [['alias', 'clv', ['lifetime value', 'lifetime', 'value']]]],
    ['date of birth', [['abbreviation', 'date of birth', ['dob']]]],
    ['unit of measure for items', [['abbreviation', 'unit of measure', ['uom']]]],
    ['revenue', []],
  ])('%j', (query, expected) => {
    const phrases = expandQuery(query, { aliases }).terms.filter((t) => t.source === 'alias' || t.source === 'abbreviation');
    expect(phrases.map((t) => [t.source, t.text, t.forms])).toEqual(expected);
  });

  it('puts phrase terms after the word terms and reports their forms as expansions', () => {
    const { terms, expansions } = expandQuery('mrr', { aliases });
    expect(terms.map((t) => t.source)).toEqual(['word', 'alias']);
    expect(expansions).toEqual(['mrrs', 'monthly recurring revenue', 'monthly', 'recurring', 'revenue']);
  });

  it('prefers the longest phrase and does not overlap matches', () => {
    const longest = new Map([
      ['order', ['purchase']],
      ['order line', ['invoice line item']],
    ]);
    const phrases = expandQuery('order lines', { aliases: longest }).terms.filter((t) => t.source === 'alias');
    expect(phrases.map((t) => t.text)).toEqual(['order lines']);
  });
});

describe('determinism', () => {
  it('gives the same output for the same input, whatever the alias insertion order', () => {
    const a = new Map([
      ['mrr', ['monthly recurring revenue']],
      ['arr', ['annual recurring revenue']],
    ]);
    const b = new Map([...a.entries()].reverse());
    const queries = ['mrr and arr per customer', 'recurring revenue', 'qty of order_lines', 'cust addr'];
    for (const q of queries) {
      const first = expandQuery(q, { aliases: a });
      expect(expandQuery(q, { aliases: a })).toEqual(first);
      expect(expandQuery(q, { aliases: b })).toEqual(first);
      expect(createQueryExpander({ aliases: a })(q)).toEqual(first);
    }
  });

  it('caps very long queries', () => {
    const long = Array.from({ length: 500 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`).join(' ');
    const { terms } = expandQuery(long);
    expect(terms.length).toBeLessThanOrEqual(32);
  });
});
