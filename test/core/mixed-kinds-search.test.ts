/**
 * An agent's first search names no kinds. The structure signals (columns voting for their
 * table, tables named outright, join neighbours) still lift the relation a question is about,
 * while a glossary term that names the question keeps first place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { cliActor } from '../../src/core/glossary/index.js';
import { engineOverDatabase, type PgEngine } from '../helpers/pg-engine.js';

let index: PgEngine;
let engine: Engine;

beforeAll(async () => {
  // `ledger_x1` says nothing by its name; its columns say what it holds.
  index = await engineOverDatabase({
    prefix: 'sxt_mixed',
    source: 'erp',
    ddl: `
    CREATE TABLE ledger_x1 (id bigint PRIMARY KEY, invoice_total numeric, invoice_due_date date, invoice_paid_at timestamptz, invoice_currency text);
    CREATE TABLE customers (id bigint PRIMARY KEY, name text, invoice_email text);
    CREATE TABLE shipments (id bigint PRIMARY KEY, carrier text, shipped_at timestamptz);
    CREATE TABLE invoice_notes (id bigint PRIMARY KEY, body text);
    CREATE TABLE invoice_archive (id bigint PRIMARY KEY, archived_at date); COMMENT ON TABLE invoice_archive IS 'Old invoices, moved out of the ledger';
    CREATE TABLE currency (code text PRIMARY KEY, label text); COMMENT ON TABLE currency IS 'Currency codes';
    CREATE TABLE due_date_rules (id bigint PRIMARY KEY, days int); COMMENT ON TABLE due_date_rules IS 'Rules for due dates';
  `,
  });
  engine = index.engine;
});

afterAll(() => index?.cleanup());

describe('a search over every kind', () => {
  it('ranks the table whose columns answer the question among the first hits', async () => {
    const result = await engine.query('invoice total due date paid currency', { limit: 10 });
    const ids = result.hits.map((h) => h.objectId);
    expect(ids).toContain('erp:table:public.ledger_x1');
    // its columns still rank too: the table is lifted, not swapped for them
    expect(result.hits.some((h) => h.kind === 'column' && h.objectId.startsWith('erp:column:public.ledger_x1.'))).toBe(true);
  });

  it('lets a glossary term that names the question keep first place', async () => {
    const created = await engine.glossary.create(
      'default',
      { term: 'Invoice Total Due', definition: 'Open invoice amounts', sql: 'SELECT sum(invoice_total) AS due FROM ledger_x1 WHERE invoice_paid_at IS NULL' },
      cliActor('ana'),
      'manual',
    );
    expect(created.success).toBe(true);
    const result = await engine.query('invoice total due');
    expect(result.hits[0]).toMatchObject({ kind: 'glossary_term' });
    expect(result.hits.slice(0, 5).map((h) => h.objectId)).toContain('erp:table:public.ledger_x1');
  });
});
