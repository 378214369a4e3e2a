/**
 * Integration: the demo sample SQL (src/demo/sample) loads into the real PostgreSQL server at
 * 127.0.0.1:5432 (a throw-away database) and defines the metadata the demo is meant to show.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadSampleSql } from '../../src/demo/sample-database.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { readSampleCatalog, SAMPLE_SCHEMAS, type SampleCatalog } from './sample-catalog.js';

describe('demo sample schema on PostgreSQL', () => {
  let db: TempDatabase;
  let client: pg.Client;
  let catalog: SampleCatalog;

  beforeAll(async () => {
    db = await createTempDatabase('sxt_demo');
    client = new pg.Client({ connectionString: db.adminDsn });
    await client.connect();
    for (const sql of loadSampleSql()) await client.query(sql);
    catalog = await readSampleCatalog(client);
  });

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('reads the SQL files in load order', () => {
    const scripts = loadSampleSql();
    expect(scripts).toHaveLength(3);
    expect(scripts[0]).toContain('CREATE SCHEMA shop;');
    expect(scripts[1]).toContain('CREATE SCHEMA billing;');
    expect(scripts[2]).toContain('CREATE SCHEMA support;');
  });

  it('creates three schemas with 30 to 36 tables', () => {
    expect(catalog.schemas).toEqual([...SAMPLE_SCHEMAS].sort());
    expect(catalog.tables.length).toBeGreaterThanOrEqual(30);
    expect(catalog.tables.length).toBeLessThanOrEqual(36);
    for (const schema of SAMPLE_SCHEMAS) {
      expect(catalog.tables.filter((t) => t.startsWith(`${schema}.`)).length).toBeGreaterThanOrEqual(8);
    }
  });

  it('comments most tables and leaves a few legacy tables without any comment', () => {
    const commented = catalog.commentedTables.length / catalog.tables.length;
    console.log(
      `sample schema: ${catalog.tables.length} tables, ${catalog.commentedTables.length} commented (${Math.round(commented * 100)} %), bare: ${catalog.bareTables.join(', ')}`,
    );
    expect(commented).toBeGreaterThan(0.7);
    expect(catalog.bareTables.length).toBeGreaterThanOrEqual(3);
    expect(catalog.bareTables).toEqual(expect.arrayContaining(['billing.inv_ln_itm', 'shop.prd_cat_xref', 'support.tkt_esc_hist']));
  });

  it('has views, a materialized view, routines, enums, a domain, triggers, sequences and constraints', () => {
    expect(catalog.views.length).toBeGreaterThanOrEqual(3);
    expect(catalog.matviews).toEqual(['billing.monthly_revenue_by_category']);
    expect(catalog.functions.length).toBeGreaterThanOrEqual(3);
    expect(catalog.functions.length).toBeLessThanOrEqual(5);
    expect(catalog.procedures).toEqual(['billing.mark_overdue_invoices']);
    expect(catalog.enums.length).toBeGreaterThanOrEqual(2);
    expect(catalog.domains.length).toBeGreaterThanOrEqual(1);
    expect(catalog.triggers.length).toBeGreaterThanOrEqual(1);
    expect(catalog.sequences.length).toBeGreaterThanOrEqual(2);
    expect(catalog.identityColumns).toBeGreaterThanOrEqual(20);
    expect(catalog.checkConstraints).toBeGreaterThanOrEqual(10);
    expect(catalog.uniqueConstraints).toBeGreaterThanOrEqual(5);
    expect(catalog.indexes).toBeGreaterThan(catalog.tables.length);
  });

  it('links the schemas with foreign keys', () => {
    expect(catalog.crossSchemaForeignKeys).toEqual(
      expect.arrayContaining([
        'billing.account -> shop.customer',
        'billing.invoice -> shop.sales_order',
        'support.ticket -> billing.invoice',
        'billing.refund -> support.ticket',
      ]),
    );
  });

  it('comments views, the materialized view and every routine', async () => {
    const { rows } = await client.query<{ name: string }>(`
      SELECT n.nspname || '.' || p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname IN ('shop', 'billing', 'support') AND obj_description(p.oid, 'pg_proc') IS NULL`);
    expect(rows).toEqual([]);
    const views = await client.query<{ name: string }>(`
      SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('shop', 'billing', 'support') AND c.relkind IN ('v', 'm')
        AND obj_description(c.oid, 'pg_class') IS NULL`);
    expect(views.rows.map((r) => r.name)).toEqual(['support.v_tkt_agt_stats']); // the one legacy view
  });

  it('has consistent sample rows that the functions and views work on', async () => {
    const one = async (sql: string): Promise<Record<string, unknown>> => (await client.query(sql)).rows[0] as Record<string, unknown>;
    // Every order invoice bills exactly the order's grand total.
    expect(
      await one(`SELECT count(*)::int AS n FROM billing.invoice i
                 WHERE i.order_id IS NOT NULL AND i.total_cents <> shop.order_total_cents(i.order_id)`),
    ).toEqual({ n: 0 });
    expect(await one(`SELECT billing.invoice_balance_cents(1)::int AS paid, billing.invoice_balance_cents(6)::int AS open`)).toEqual({ paid: 0, open: 5000 });
    expect(await one(`SELECT billing.convert_currency(10000, 'GBP', 'EUR', '2024-05-21')::int AS eur`)).toEqual({ eur: 11668 });
    expect(Number((await one(`SELECT count(*) AS n FROM billing.monthly_revenue_by_category`)).n)).toBeGreaterThan(0);
    expect(Number((await one(`SELECT count(*) AS n FROM support.ticket WHERE first_response_at IS NOT NULL`)).n)).toBe(4); // set by the trigger
    await client.query(`CALL billing.mark_overdue_invoices('2024-08-01')`);
    expect(await one(`SELECT status::text FROM billing.invoice WHERE invoice_number = 'INV-005008'`)).toEqual({ status: 'overdue' });
    await client.query('REFRESH MATERIALIZED VIEW CONCURRENTLY billing.monthly_revenue_by_category');
  });
});
