import { describe, expect, it } from 'vitest';
import { correctable, createNameVocabulary, nameWords, respell } from './spelling.js';

describe('nameWords', () => {
  it('counts the words of the paths, split like identifiers, letters only and three or more', () => {
    const words = nameWords([
      'shop:table:billing.invoice',
      'shop:column:billing.invoice.invoiceNumber',
      'code:code_file:src/pay/v2.ts',
      'api:api_endpoint:GET /albums/{id}',
    ]);
    expect(Object.fromEntries(words)).toEqual({ billing: 2, invoice: 3, number: 1, src: 1, pay: 1, get: 1, albums: 1 });
  });
});

describe('correctable and respell', () => {
  it('corrects words of letters of four or more', () => {
    expect(['invoce', 'inv', 'v2', 'ab_c', 'adress'].filter(correctable)).toEqual(['invoce', 'adress']);
  });

  it('replaces the corrected words where they stand and keeps the rest as typed', () => {
    expect(
      respell(
        'Invoce  total (adress)',
        new Map([
          ['invoce', 'invoice'],
          ['adress', 'address'],
        ]),
      ),
    ).toBe('invoice  total (address)');
  });
});

describe('createNameVocabulary', () => {
  let stamp = 1;
  let reads = 0;
  const store = {
    objectIds: async () => {
      reads++;
      return ['shop:table:s.invoice', 'shop:table:s.payment', 'crm:table:c.customer', 'crm:column:c.customer.invoice_id'];
    },
    changeCounter: async () => stamp,
  };
  const vocabulary = createNameVocabulary(store);

  it('gives the words of the sources asked for, or of all', async () => {
    expect([...(await vocabulary(['shop'])).keys()].sort()).toEqual(['invoice', 'payment']);
    expect(Object.fromEntries(await vocabulary())).toEqual({ invoice: 2, payment: 1, customer: 2 });
    expect((await vocabulary(['nope'])).size).toBe(0);
  });

  it('reads the ids again only after a write', async () => {
    const before = reads;
    await vocabulary();
    expect(reads).toBe(before);
    stamp++;
    await vocabulary(['crm']);
    expect(reads).toBe(before + 1);
  });
});
