/**
 * End to end through the built CLI on the real PostgreSQL: register, check, index, get, contexts,
 * incremental updates, and the failures a user meets, each one clear line and a non-zero exit.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli, startCli } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const FIXTURE = `
CREATE SCHEMA sales;
CREATE TYPE order_status AS ENUM ('pending', 'paid', 'cancelled');
CREATE TABLE customers (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, email text NOT NULL UNIQUE, full_name text);
COMMENT ON TABLE customers IS 'People who bought at least once';
COMMENT ON COLUMN customers.email IS 'Login and contact e-mail address';
CREATE TABLE orders (id bigint PRIMARY KEY, customer_id bigint NOT NULL REFERENCES customers(id), status order_status NOT NULL DEFAULT 'pending', total_amt numeric(12,2) CHECK (total_amt >= 0), created_at timestamptz NOT NULL DEFAULT now());
COMMENT ON TABLE orders IS 'Checkout orders';
CREATE INDEX orders_customer_idx ON orders (customer_id);
CREATE VIEW paid_orders AS SELECT id, customer_id, total_amt FROM orders WHERE status = 'paid';
CREATE TABLE sales.targets (region text PRIMARY KEY, amount numeric);
CREATE TABLE tmp_scratch (x int);
INSERT INTO customers (email, full_name) VALUES ('secret-row-value@example.com', 'Row Value');
`;

describe('foundation CLI on a real PostgreSQL', () => {
  let db: TempDatabase;
  let reader: { role: string; dsn: string };
  let writer: { role: string; dsn: string };
  const home = tempHome();
  const env = cliEnv(home.dir);
  const run = (...args: string[]) => runCli(args, env);

  beforeAll(async () => {
    db = await createTempDatabase('sxt_e2e');
    await db.exec(FIXTURE);
    reader = await db.createRole('sxt_reader', 'GRANT USAGE ON SCHEMA public, sales TO {role}; GRANT SELECT ON ALL TABLES IN SCHEMA public, sales TO {role};');
    writer = await db.createRole('sxt_writer', 'GRANT USAGE ON SCHEMA public TO {role}; GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO {role};');
  });

  afterAll(async () => {
    await db?.drop();
    home.cleanup();
  });

  it('adds, lists and refuses a duplicate source name', async () => {
    const added = await run('source', 'add', reader.dsn, '--name', 'shop', '--skip-pattern', 'tmp_*', '--json');
    expect(added.code, added.stderr).toBe(0);
    expect(added.json.source.name).toBe('shop');
    const dup = await run('source', 'add', reader.dsn, '--name', 'shop');
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/source 'shop' already exists/);
    // what failed, then what to do: two lines, no stack
    expect(dup.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^error: source 'shop' already exists/), expect.stringMatching(/^hint: /)]);
    const list = await run('source', 'list', '--json');
    expect(list.json.sources.map((s: { name: string }) => s.name)).toEqual(['shop']);
  });

  it('auth check passes for the reader and update indexes the metadata, never row values', async () => {
    const check = await run('auth', 'check', '--source', 'shop');
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toMatch(/PASS shop/);

    const update = await run('update', '--json');
    expect(update.code, update.stderr).toBe(0);
    expect(update.json.reports[0].status).toBe('updated');
    expect(update.json.reports[0].added).toBeGreaterThan(3);

    const index = readFileSync(join(home.dir, 'index.sqlite'));
    expect(index.includes(Buffer.from('secret-row-value'))).toBe(false);

    const status = await run('status', '--json');
    expect(status.json.index.countsByKind.table).toBe(3); // customers, orders, sales.targets (tmp_scratch skipped)
    expect(status.json.index.countsByKind.view).toBe(1);
  });

  it('get shows columns, keys, indexes and dependencies, as JSON and text', async () => {
    const got = await run('get', 'shop:table:public.orders', '--json');
    expect(got.code, got.stderr).toBe(0);
    expect(got.json.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'customer_id', 'status', 'total_amt', 'created_at']);
    expect(got.json.constraints.some((c: { attributes: { type: string } }) => c.attributes.type === 'foreign_key')).toBe(true);
    expect(got.json.outgoing.some((e: { kind: string; toId: string }) => e.kind === 'foreign_key' && e.toId === 'shop:table:public.customers')).toBe(true);
    expect(got.json.incoming.some((e: { fromId: string }) => e.fromId === 'shop:view:public.paid_orders')).toBe(true);

    const text = await run('get', 'sextant://shop/public.orders');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/orders_customer_idx/);
    expect(text.stdout).toMatch(/customer_id/);
  });

  it('unknown object ids fail with suggestions', async () => {
    const miss = await run('get', 'shop:table:public.order');
    expect(miss.code).toBe(1);
    expect(miss.stderr).toMatch(/no object 'shop:table:public.order'\nhint: did you mean: .*shop:table:public\.orders/);
    const bad = await run('get', 'not an id');
    expect(bad.code).toBe(2);
  });

  it('contexts are inherited by columns and removing one updates them again', async () => {
    const add = await run('context', 'add', 'sextant://shop/public.orders', 'One row per checkout; cancelled orders keep status=cancelled', '--json');
    expect(add.code, add.stderr).toBe(0);
    expect(add.json.chunksUpdated).toBeGreaterThan(1);
    const schemaCtx = await run('context', 'add', 'sextant://shop/public', 'Operational shop data');
    expect(schemaCtx.code, schemaCtx.stderr).toBe(0);

    const column = await run('get', 'shop:column:public.orders.status', '--json');
    expect(column.json.effectiveContext).toContain('One row per checkout');
    expect(column.json.effectiveContext).toContain('Operational shop data');
    const other = await run('get', 'shop:table:sales.targets', '--json');
    expect(other.json.effectiveContext).toBeNull();

    const rm = await run('context', 'rm', String(add.json.context.id));
    expect(rm.code).toBe(0);
    const after = await run('get', 'shop:column:public.orders.status', '--json');
    expect(after.json.effectiveContext).toBe('Operational shop data');
  });

  it('updates incrementally: unchanged, one table changed, one dropped', async () => {
    const same = await run('update', '--source', 'shop', '--json');
    expect(same.json.reports[0].status).toBe('unchanged');

    await db.exec(`COMMENT ON TABLE customers IS 'Everyone with an account'`);
    const one = await run('update', '--json');
    expect(one.json.reports[0]).toMatchObject({ status: 'updated', added: 0, changed: 1, removed: 0 });

    await db.exec('DROP TABLE sales.targets');
    const dropped = await run('update', '--json');
    expect(dropped.json.reports[0]).toMatchObject({ status: 'updated', removed: 1 });
    const gone = await run('get', 'shop:table:sales.targets');
    expect(gone.code).toBe(1);
  });

  it('refuses a writer role unless --allow-extra-privileges, and never prints the password', async () => {
    const pwRole = await db.createRole(
      'sxt_pw',
      'GRANT USAGE ON SCHEMA public TO {role}; GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO {role};',
      'Sup3rSecretPw',
    );
    const add = await run('source', 'add', pwRole.dsn, '--name', 'shopw');
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout + add.stderr).not.toContain('Sup3rSecretPw');

    const refused = await run('update', '--source', 'shopw');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/more than read privileges/);
    expect(refused.stderr).toMatch(/--allow-extra-privileges/);

    const forced = await run('update', '--source', 'shopw', '--allow-extra-privileges', '--json');
    expect(forced.code, forced.stderr).toBe(0);
    for (const out of [await run('source', 'list'), await run('source', 'list', '--json'), await run('status', '--json'), await run('config')]) {
      expect(out.stdout + out.stderr).not.toContain('Sup3rSecretPw');
    }
    await run('source', 'remove', 'shopw');
    void writer;
  });

  it('fails clearly on bad input: invalid DSN, unreachable host, missing database', async () => {
    const invalid = await run('source', 'add', 'mysql://x@y/z', '--name', 'bad1');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/postgres/);
    // the README's family names are not types, but they point to them
    const family = await run('source', 'add', 'documents', './handbook', '--name', 'bad2');
    expect(family.code).toBe(2);
    expect(family.stderr).toContain("'documents' is a family of sources, not a source type");
    expect(family.stderr).toContain('`sextant source add docs <location> --name NAME`');

    await run('source', 'add', 'postgres://nobody@127.0.0.1:1/nowhere', '--name', 'down');
    const started = Date.now();
    const down = await run('update', '--source', 'down');
    expect(down.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(down.stderr.split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
    expect(down.stderr).toMatch(/reach|refused|unreachable/i);
    await run('source', 'remove', 'down');

    await run('source', 'add', reader.dsn.replace(/\/[^/]+$/, '/no_such_db_sxt'), '--name', 'nodb');
    const nodb = await run('update', '--source', 'nodb');
    expect(nodb.code).toBe(1);
    expect(nodb.stderr).toMatch(/no_such_db_sxt|does not exist/);
    await run('source', 'remove', 'nodb');

    // the good source is still intact after all that
    const still = await run('get', 'shop:table:public.orders', '--json');
    expect(still.code).toBe(0);
  });

  it('an interrupted update leaves the previous index as it was', async () => {
    await db.exec(`COMMENT ON TABLE orders IS 'Changed before an interrupted update'`);
    // Hold a lock that introspection waits on (reading a view definition locks the tables it
    // reads), so the signal surely arrives mid-update.
    const locker = new pg.Client({ connectionString: db.adminDsn });
    await locker.connect();
    await locker.query('BEGIN; LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
    try {
      const child = startCli(['update', '--source', 'shop'], env);
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      const closed = new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)));
      // wait until introspection has started (and is blocked on the lock), then interrupt
      for (let i = 0; i < 100 && !stderr.includes('introspect'); i++) await new Promise((r) => setTimeout(r, 50));
      child.kill('SIGINT');
      const code = await closed;
      expect(stderr, stderr).toContain('interrupted: the previous index is unchanged');
      expect(code).not.toBe(0);
      expect(stderr).not.toMatch(/TypeError|\n\s+at /);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    const got = await run('get', 'shop:table:public.orders', '--json');
    expect(got.code).toBe(0);
    expect(got.json.object.comment).toBe('Checkout orders');
    const again = await run('update', '--source', 'shop', '--json');
    expect(again.code).toBe(0);
    const after = await run('get', 'shop:table:public.orders', '--json');
    expect(after.json.object.comment).toBe('Changed before an interrupted update');
  });

  it('refuses a corrupted or foreign index file with a hint, and repair recovers', async () => {
    const other = tempHome();
    try {
      writeFileSync(join(other.dir, 'index.sqlite'), 'this is not a database at all, just text');
      const broken = await runCli(['status'], cliEnv(other.dir));
      expect(broken.code).toBe(1);
      expect(broken.stderr).toMatch(/repair/);
      const repaired = await runCli(['repair'], cliEnv(other.dir));
      expect(repaired.code, repaired.stderr).toBe(0);
      const ok = await runCli(['status', '--json'], cliEnv(other.dir));
      expect(ok.code).toBe(0);
    } finally {
      other.cleanup();
    }
  });
});
