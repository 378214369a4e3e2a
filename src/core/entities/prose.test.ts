import { describe, expect, it } from 'vitest';
import { proseEntities, proseEntitiesMany } from './prose.js';

const find = (text: string) => proseEntities(text).map((e) => `${e.semanticType}${e.nerType ? `/${e.nerType}` : ''}:${e.name}`);

describe('proseEntities', () => {
  it.each<[string, string[]]>([
    ['Acme Corp and Microsoft are key accounts.', ['CONCEPT/ORG:acme corp', 'CONCEPT/ORG:microsoft']],
    ['Approved by John Smith.', ['CONCEPT/PERSON:john smith', 'ACTION:approve']],
    ['Invoices sent to Paris, France.', ['CONCEPT/GPE:paris', 'CONCEPT/GPE:france', 'CONCEPT:invoice', 'ACTION:send']],
    ['Orders shipped to New York City.', ['CONCEPT/GPE:new york city', 'CONCEPT:order', 'ACTION:ship']],
    ['Active customers with pending orders.', ['ATTRIBUTE:active', 'CONCEPT:customer', 'TERM:pending order']],
    ['The billing address of the customer.', ['TERM:billing address', 'CONCEPT:address', 'CONCEPT:customer']],
    ['Monthly recurring revenue (MRR) per subscription plan.', ['TERM:monthly recurring revenue', 'TERM:MRR', 'TERM:subscription plan', 'CONCEPT:revenue']],
    ['Status of the support ticket.', ['TERM:support ticket', 'CONCEPT:status', 'CONCEPT:ticket']],
    ['Sales during the World Cup.', ['TERM:world cup', 'CONCEPT:sale']],
  ])('%j', (text, expected) => {
    const found = find(text);
    for (const e of expected) expect(found, `${e} in ${found.join(', ')}`).toContain(e);
  });

  it('normalizes names: lower case, singular head, acronyms keep case', () => {
    const entities = proseEntities('Customers pay invoices in EUR or USD; KPIs are computed nightly.');
    const names = entities.map((e) => e.name);
    expect(names).toContain('customer');
    expect(names).toContain('invoice');
    expect(names).toContain('KPI');
    expect(names).not.toContain('customers');
    const acme = proseEntities('Owned by Acme Corp.').find((e) => e.nerType === 'ORG');
    expect(acme).toMatchObject({ name: 'acme corp', displayName: 'Acme Corp', semanticType: 'CONCEPT' });
  });

  it('reads identifiers in prose as schema names, not as words', () => {
    const found = find('Foreign key to customers.id; see getUserById and order_lines.');
    expect(found).toContain('TERM:get user by id');
    expect(found).toContain('TERM:order line');
    expect(found).toContain('CONCEPT:customer');
    expect(found.some((e) => e.includes('getuserbyid') || e.includes('order_lines'))).toBe(false);
  });

  it('keeps brand names, URLs and e-mail addresses out of identifier handling', () => {
    const found = find('Synced from the iPhone app, see https://example.com/order_items or mail ops@acme.io');
    expect(found.some((e) => e.includes('i phone'))).toBe(false);
    expect(found.some((e) => e.includes('order item') || e.includes('example') || e.includes('acme io'))).toBe(false);
  });

  it.each(['', '   ', '1234 5678', '...', '!!!'])('finds nothing in %j', (text) => {
    expect(proseEntities(text)).toEqual([]);
  });

  it('gives a confidence between 0 and 1, higher for NER than for lone words', () => {
    const entities = proseEntities('John Smith manages the warehouse inventory in Berlin.');
    for (const e of entities) {
      expect(e.confidence).toBeGreaterThan(0);
      expect(e.confidence).toBeLessThanOrEqual(1);
    }
    const person = entities.find((e) => e.nerType === 'PERSON');
    const noun = entities.find((e) => e.name === 'warehouse');
    expect(person?.confidence).toBeGreaterThan(noun?.confidence ?? 1);
  });

  it('is deterministic', () => {
    const text = 'Orders placed by customers of Acme Corp through the web shop, shipped from Hamburg.';
    expect(proseEntities(text)).toEqual(proseEntities(text));
  });
});

describe('proseEntitiesMany', () => {
  it('finds, text by text, exactly what proseEntities finds, however the texts split into sentences', () => {
    const texts = [
      'Approved by John Smith.',
      'He said "no sir. and left.',
      'Open paren (not closed. Next one.',
      'One row per deal',
      'e.g. the thing',
      'Mr. Smith paid the invoice.',
      '日本語。テキスト',
      '...',
      '',
      'Line one\nline two\n\nthree orders shipped',
      'Sales in the U.S. grew.',
      '(a) refunds. c',
      'orders.customer_id links to customers.id',
      'see http://example.com/x only',
      'Invoices sent to Paris, France.',
      ...Array.from({ length: 60 }, (_, i) => `Customer ${i % 7 === 0 ? 'who cancelled' : 'that placed'} order ${i}. Shipped by Acme Corp`),
    ];
    const many = proseEntitiesMany(texts);
    expect(many).toHaveLength(texts.length);
    texts.forEach((text, i) => expect(many[i], text).toEqual(proseEntities(text)));
    expect(many[0]?.some((e) => e.nerType === 'PERSON')).toBe(true);
  }, 30_000);
});
