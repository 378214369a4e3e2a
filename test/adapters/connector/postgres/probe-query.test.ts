/**
 * The glossary's SQL probe on the real PostgreSQL server (issue 5, "SQL validation"): output
 * columns and types captured, the database's error returned with its position, a second
 * statement and every hidden write refused, and nothing changed, even for a superuser.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresConnector } from '../../../../src/adapters/connector/postgres/index.js';
import { SextantError } from '../../../../src/kernel/errors.js';
import type { QueryProbe } from '../../../../src/ports/connector.js';
import { type TempDatabase, createTempDatabase } from '../../../helpers/postgres.js';
import { sourceFor } from './fixture.js';

let db: TempDatabase;
const connector = createPostgresConnector({ statementTimeoutMs: 1000 });
const probe = (sql: string, dsn = db.adminDsn): Promise<QueryProbe> => connector.probeQuery!(sourceFor(dsn), sql);

async function state(): Promise<string> {
  const orders = await db.exec('SELECT count(*)::int AS n, sum(total)::text AS s FROM orders');
  const seq = await db.exec('SELECT last_value::int AS v FROM order_no');
  const tables = await db.exec("SELECT string_agg(tablename, ',' ORDER BY tablename) AS t FROM pg_tables WHERE schemaname = 'public'");
  return JSON.stringify([orders.rows[0], seq.rows[0], tables.rows[0]]);
}

beforeAll(async () => {
  db = await createTempDatabase('sxt_probe');
  await db.exec(`
    CREATE TABLE orders (id bigint PRIMARY KEY, total numeric(10,2) NOT NULL, status text, placed_at timestamptz DEFAULT now(), code varchar(12));
    INSERT INTO orders VALUES (1, 10.50, 'paid', now(), 'A1'), (2, 99.00, 'open', now(), 'B2');
    CREATE SEQUENCE order_no;
    CREATE TABLE audit (n int);
    CREATE FUNCTION write_audit() RETURNS int LANGUAGE sql AS 'INSERT INTO audit VALUES (1) RETURNING n';
  `);
});

afterAll(async () => {
  await db?.drop();
});

describe('probeQuery', () => {
  it('captures output column names and types, and returns no values', async () => {
    const result = await probe("SELECT id, total, status AS order_status, placed_at, code, count(*) OVER () AS n FROM orders WHERE status = 'paid'");
    expect(result).toEqual({
      ok: true,
      columns: [
        { name: 'id', type: 'bigint' },
        { name: 'total', type: 'numeric(10,2)' },
        { name: 'order_status', type: 'text' },
        { name: 'placed_at', type: 'timestamp with time zone' },
        { name: 'code', type: 'character varying(12)' },
        { name: 'n', type: 'bigint' },
      ],
    });
    expect(JSON.stringify(result)).not.toContain('paid');
  });

  it('accepts one statement ending with a semicolon or a line comment, CTEs, VALUES and empty results', async () => {
    expect(await probe('SELECT count(*) AS n FROM orders;  \n')).toMatchObject({ ok: true, columns: [{ name: 'n', type: 'bigint' }] });
    expect(await probe('SELECT id FROM orders -- every order')).toMatchObject({ ok: true });
    expect(await probe("SELECT id, ';' AS semi FROM orders; -- pasted from a console\n")).toMatchObject({
      ok: true,
      columns: [{ name: 'id' }, { name: 'semi', type: 'text' }],
    });
    expect(await probe('WITH paid AS (SELECT * FROM orders WHERE false) SELECT id FROM paid ORDER BY id LIMIT 5')).toMatchObject({ ok: true });
  });

  it('returns the database error with its position in the query', async () => {
    const syntax = await probe('SELECT id FORM orders');
    expect(syntax).toMatchObject({ ok: false, sqlState: '42601', position: 16 });
    expect((syntax as { error: string }).error).toMatch(/syntax error at or near "orders"/);
    const column = await probe('SELECT id, revenue FROM orders');
    expect(column).toMatchObject({ ok: false, sqlState: '42703', position: 12, error: 'column "revenue" does not exist' });
    expect(await probe('SELECT * FROM nope')).toMatchObject({ ok: false, sqlState: '42P01', error: 'relation "nope" does not exist', position: 15 });
    expect(await probe('  ;  ')).toMatchObject({ ok: false, error: 'the SQL is empty' });
  });

  it('refuses a second statement and every hidden write, and changes nothing (superuser session)', async () => {
    const before = await state();
    const attempts = [
      'SELECT 1; DROP TABLE orders',
      'SELECT 1 AS x) AS q; COMMIT; SET default_transaction_read_only = off; DROP TABLE orders; SELECT (1',
      "WITH x AS (INSERT INTO orders VALUES (3, 1, 'x') RETURNING *) SELECT * FROM x",
      'WITH x AS (DELETE FROM orders RETURNING *) SELECT count(*) FROM x',
      'DELETE FROM orders',
      'UPDATE orders SET total = 0',
      'DROP TABLE orders',
      "SELECT nextval('order_no')",
      'SELECT write_audit()',
      'SELECT * FROM orders FOR UPDATE',
      'SELECT * INTO copy_of_orders FROM orders',
      'CREATE TABLE evil AS SELECT * FROM orders',
      'COPY orders TO STDOUT',
    ];
    for (const sql of attempts) {
      const result = await probe(sql);
      expect(result.ok, sql).toBe(false);
    }
    const split = await probe('SELECT 1; DROP TABLE orders');
    expect(split).toMatchObject({ ok: false, position: 9 });
    expect((split as { error: string }).error).toMatch(/^only one SQL statement is allowed/);
    // a statement that is not a query says so, rather than only 'syntax error at or near "FROM"'
    for (const [sql, keyword] of [
      ['DELETE FROM orders', 'DELETE'],
      ['  update orders SET total = 0', 'UPDATE'],
      ['DROP TABLE orders', 'DROP'],
    ]) {
      expect(await probe(sql!)).toMatchObject({
        ok: false,
        sqlState: '42601',
        error: expect.stringMatching(new RegExp(`^only a query \\(SELECT, WITH, VALUES or TABLE\\) is allowed, not ${keyword} \\(syntax error`)),
      });
    }
    expect(await state()).toBe(before);
  });

  it('reports a statement timeout as a refusal of the query', async () => {
    const slow = await probe('SELECT pg_sleep(5) AS slept');
    expect(slow).toMatchObject({ ok: false });
    expect((slow as { error: string }).error).toMatch(/statement timeout \(1000 ms\)/);
  });

  it('throws (does not return) when the database cannot be reached', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const err = await probe('SELECT 1', `postgres://postgres@127.0.0.1:${port}/x`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SextantError);
    expect((err as SextantError).code).toBe('SOURCE_UNREACHABLE');
  });
});
