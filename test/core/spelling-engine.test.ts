/**
 * "Did you mean" in a real index of a real PostgreSQL database: a short query with a word that
 * nothing holds is searched respelt when it finds nothing sure, and says the respelt query when it
 * does; words that names or comments hold, questions and `asTyped` searches are left as typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOverDatabase, type PgEngine } from '../helpers/pg-engine.js';

const DDL = `
  CREATE SCHEMA billing;
  CREATE TABLE billing.invoice (invoice_id bigint PRIMARY KEY, invoice_number text, amount_cents bigint);
  CREATE TABLE billing.payment_allocation (payment_id bigint, invoice_id bigint REFERENCES billing.invoice, amount_cents bigint);
  COMMENT ON TABLE billing.payment_allocation IS 'How much of a payment settles which invoice; reconciliation runs nightly';
  CREATE TABLE billing.ledger (entry_id bigint PRIMARY KEY, amount_cents bigint);
  COMMENT ON TABLE billing.ledger IS 'Kept as the old leger was kept: one entry per booking';
`;

let index: PgEngine;

beforeAll(async () => {
  index = await engineOverDatabase({ prefix: 'sxt_spell', ddl: DDL, source: 'acct', vectors: true });
}, 120_000);

afterAll(async () => {
  await index?.cleanup();
});

describe('spelling', () => {
  it.each(['query', 'search'] as const)('%s: a query that finds nothing sure is searched respelt, and says so', async (mode) => {
    const result = await index.engine[mode]('invoce', { limit: 5 });
    expect(result.correctedFrom).toBe('invoce');
    expect(result.query).toBe('invoice');
    expect(result.hits[0]?.objectId).toBe('acct:table:billing.invoice');
    expect(result.suggestion).toBeUndefined();
  });

  it('corrects every misspelt word of a short query, two edits from eight letters', async () => {
    const result = await index.engine.query('paymnet allocaton', { limit: 5 });
    expect(result.query).toBe('payment allocation');
    expect(result.hits[0]?.objectId).toBe('acct:table:billing.payment_allocation');
  });

  it('suggests nothing when the respelt query finds nothing either', async () => {
    // 'amount' is a column's word, and no schema holds it
    const result = await index.engine.search('amout', { limit: 5, kinds: ['schema'] });
    expect(result.hits).toEqual([]);
    expect(result.suggestion ?? result.correctedFrom).toBeUndefined();
  });

  it('only suggests when the query as typed found something sure', async () => {
    const result = await index.engine.query('invoice amout', { limit: 5 });
    expect(result.query).toBe('invoice amout');
    expect(result.correctedFrom).toBeUndefined();
    expect(result.suggestion).toBe('invoice amount');
    expect(result.confidence).toBeGreaterThanOrEqual(0.15);
  });

  it('leaves a word some chunk holds (a comment), a question of more than four words and an as-typed search alone', async () => {
    const held = await index.engine.query('reconciliation', { limit: 5 });
    expect(held.suggestion ?? held.correctedFrom).toBeUndefined();
    // `leger` (one edit from the name word `ledger`) is in a table's comment: a search of schemas still counts it as a word of the index
    const heldElsewhere = await index.engine.query('leger', { limit: 5, kinds: ['schema'] });
    expect(heldElsewhere.suggestion ?? heldElsewhere.correctedFrom).toBeUndefined();
    const question = await index.engine.query('which invoce does the nightly payment of a customer settle', { limit: 5 });
    expect(question.suggestion ?? question.correctedFrom).toBeUndefined();
    const typed = await index.engine.query('invoce', { limit: 5, asTyped: true });
    expect(typed.query).toBe('invoce');
    expect(typed.suggestion ?? typed.correctedFrom).toBeUndefined();
    const quoted = await index.engine.query('"invoce"', { limit: 5 });
    expect(quoted.query).toBe('"invoce"');
    expect(quoted.suggestion ?? quoted.correctedFrom).toBeUndefined();
  });

  it('never respells a vector search', async () => {
    const result = await index.engine.vsearch('invoce', { limit: 5 });
    expect(result.suggestion ?? result.correctedFrom).toBeUndefined();
  });
});
