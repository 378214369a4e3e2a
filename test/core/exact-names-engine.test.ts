/**
 * A query that is an object's name leads with that object, in a real index of a real PostgreSQL
 * database: the word statistics alone put the table `billing.invoice` below its columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOverDatabase, type PgEngine } from '../helpers/pg-engine.js';

const DDL = `
  CREATE SCHEMA billing;
  CREATE TABLE billing.invoice (invoice_id bigint PRIMARY KEY, invoice_number text, invoice_date date, status text);
  CREATE TABLE billing.invoice_line (invoice_line_id bigint PRIMARY KEY, invoice_id bigint REFERENCES billing.invoice, amount_cents bigint);
  CREATE TABLE billing.payment (payment_id bigint PRIMARY KEY, invoice_id bigint REFERENCES billing.invoice, paid_at timestamptz);
  COMMENT ON COLUMN billing.payment.invoice_id IS 'The invoice this payment settles (one invoice per payment)';
`;

let index: PgEngine;

beforeAll(async () => {
  index = await engineOverDatabase({ prefix: 'sxt_named', ddl: DDL, source: 'acct', vectors: true });
}, 120_000);

afterAll(async () => {
  await index?.cleanup();
});

describe('a query that names an object', () => {
  it.each([
    ['query', 'invoice', 'name'],
    ['query', 'billing.invoice', 'path'],
    ['query', 'Invoice Line', 'name'],
    ['search', 'invoice', 'name'],
  ] as const)('%s "%s" leads with the object it names (by its %s), lifted above hits the lists ranked higher', async (mode, q, how) => {
    const result = await index.engine[mode](q, { limit: 5, explain: true });
    const [first] = result.hits;
    const wanted = q === 'Invoice Line' ? 'acct:table:billing.invoice_line' : 'acct:table:billing.invoice';
    expect(first?.objectId).toBe(wanted);
    expect(first?.explain?.named).toBe(how);
    const scores = result.hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('is needed: for "invoice" a lexical search ranks a column above the table', async () => {
    const result = await index.engine.search('invoice', { limit: 5, explain: true });
    const table = result.hits.find((h) => h.objectId === 'acct:table:billing.invoice');
    expect(table?.explain?.lexicalRank).toBeGreaterThan(1);
  });

  it('leaves a question to the ranking', async () => {
    const result = await index.engine.query('which invoice does a payment settle', { limit: 5, explain: true });
    expect(result.hits.every((h) => h.explain?.named === undefined)).toBe(true);
  });
});
