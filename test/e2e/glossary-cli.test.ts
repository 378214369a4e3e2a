/**
 * Business glossary through the built CLI on the real PostgreSQL (issue 5): create valid /
 * invalid / duplicate, update by name and alias, invalid SQL on update, delete by name / alias /
 * missing, alias cascade, hidden writes refused with nothing changed, two concurrent creates,
 * history, a dropped column flagging the terms that used it, and terms found by `query`.
 */
import { userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const FIXTURE = `
CREATE TABLE customers (id bigint PRIMARY KEY, email text NOT NULL, last_seen_at timestamptz);
COMMENT ON TABLE customers IS 'People who bought at least once';
CREATE TABLE orders (id bigint PRIMARY KEY, customer_id bigint NOT NULL REFERENCES customers(id), status text NOT NULL, total_amt numeric(12,2), created_at timestamptz NOT NULL DEFAULT now());
INSERT INTO customers VALUES (1, 'row-value@example.com', now());
INSERT INTO orders VALUES (1, 1, 'paid', 10.00, now());
`;

const ACTIVE_SQL = "SELECT count(DISTINCT customer_id) AS active_customers FROM orders WHERE status = 'paid' AND created_at > now() - interval '30 days'";

describe('glossary CLI on a real PostgreSQL', () => {
  let db: TempDatabase;
  let reader: { role: string; dsn: string };
  const home = tempHome();
  const env = cliEnv(home.dir);
  const run = (...args: string[]) => runCli(args, env);
  const me = userInfo().username;

  beforeAll(async () => {
    db = await createTempDatabase('sxt_gloss');
    await db.exec(FIXTURE);
    reader = await db.createRole('sxt_gl_reader', 'GRANT USAGE ON SCHEMA public TO {role}; GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role};');
    expect((await run('source', 'add', reader.dsn, '--name', 'shop')).code).toBe(0);
    const update = await run('update', '--json');
    expect(update.code, update.stderr).toBe(0);
  });

  afterAll(async () => {
    await db?.drop();
    home.cleanup();
  });

  it('creates a term: SQL validated, output columns captured, origin manual, the CLI user recorded', async () => {
    const added = await run(
      'glossary',
      'add',
      'Active Customers',
      '--definition',
      'Customers with a paid order in the last 30 days',
      '--sql',
      ACTIVE_SQL,
      '--base-table',
      'orders',
      '--alias',
      'MAC',
      '--alias',
      'engaged buyers',
      '--json',
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.json.term).toMatchObject({
      term: 'Active Customers',
      project: 'default',
      source: 'shop',
      baseTable: 'public.orders',
      origin: 'manual',
      aliases: ['MAC', 'engaged buyers'],
      outputColumns: [{ name: 'active_customers', type: 'bigint' }],
      validation: { status: 'valid', error: null },
      createdBy: me,
      updatedBy: me,
    });
    const shown = await run('glossary', 'show', 'mac');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Active Customers');
    expect(shown.stdout).toContain('active_customers  bigint');
    expect(shown.stdout).not.toContain('row-value@example.com');
  });

  it('refuses invalid SQL with the database error and its position, a duplicate name, a missing base table and bad aliases', async () => {
    const invalid = await run('glossary', 'add', 'Revenue', '--definition', 'Paid totals', '--sql', 'SELECT sum(total) FROM orders');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/SQL validation failed: column "total" does not exist \(at position 12\)/);
    const json = await run('glossary', 'add', 'Revenue', '--definition', 'Paid totals', '--sql', 'SELECT sum(total) FROM orders', '--json');
    expect(json.json.error).toMatchObject({ code: 'SQL_INVALID', position: 12 });

    const dup = await run('glossary', 'add', 'active CUSTOMERS', '--definition', 'x', '--sql', 'SELECT 1 AS one');
    expect(dup.code).toBe(1);
    // each refusal says what to do on a hint line of its own
    expect(dup.stderr).toBe(
      "error: term 'active CUSTOMERS' already exists\nhint: change it with `sextant glossary edit 'Active Customers' …`, or pick another name\n",
    );
    const asAlias = await run('glossary', 'add', 'mac', '--definition', 'x', '--sql', 'SELECT 1 AS one', '--json');
    expect(asAlias.json.error).toEqual({
      code: 'ALIAS_CONFLICT',
      message: "'mac' is already an alias of term 'Active Customers'",
      hint: "pick another name, or change term 'Active Customers' with `sextant glossary edit`",
    });
    const aliasTaken = await run('glossary', 'add', 'Buyers', '--definition', 'x', '--sql', 'SELECT 1 AS one', '--alias', 'Engaged Buyers');
    expect(aliasTaken.stderr).toMatch(/alias 'Engaged Buyers' already belongs to term 'Active Customers'\nhint: \S/);
    const aliasIsTerm = await run('glossary', 'add', 'Buyers', '--definition', 'x', '--sql', 'SELECT 1 AS one', '--alias', 'Active Customers');
    expect(aliasIsTerm.stderr).toMatch(/alias 'Active Customers' is the name of another term/);
    const noTable = await run('glossary', 'add', 'Buyers', '--definition', 'x', '--sql', 'SELECT 1 AS one', '--base-table', 'ordrs');
    expect(noTable.code).toBe(1);
    expect(noTable.stderr).toMatch(/base table 'ordrs' not found in source 'shop'; did you mean public.orders/);
    const empty = await run('glossary', 'add', 'Buyers', '--definition', '  ', '--sql', 'SELECT 1');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/field 'definition' is required/);
    const list = await run('glossary', 'list', '--json');
    expect(list.json.terms.map((t: { term: string }) => t.term)).toEqual(['Active Customers']);
  });

  it('refuses SQL that hides a write or a second statement, and changes nothing', async () => {
    const before = await db.exec('SELECT (SELECT count(*) FROM orders)::int AS o, (SELECT count(*) FROM customers)::int AS c');
    for (const sql of [
      'SELECT 1; DROP TABLE orders',
      "WITH x AS (INSERT INTO orders VALUES (2, 1, 'paid', 1, now()) RETURNING *) SELECT * FROM x",
      'WITH gone AS (DELETE FROM customers RETURNING *) SELECT count(*) FROM gone',
    ]) {
      const added = await run('glossary', 'add', 'Sneaky', '--definition', 'writes', '--sql', sql);
      expect(added.code, sql).toBe(1);
      expect(added.stderr).toMatch(/SQL validation failed/);
      const tested = await run('glossary', 'test-sql', sql, '--json');
      expect(tested.code).toBe(1);
      expect(tested.json.valid).toBe(false);
    }
    const after = await db.exec('SELECT (SELECT count(*) FROM orders)::int AS o, (SELECT count(*) FROM customers)::int AS c');
    expect(after.rows).toEqual(before.rows);
    const split = await run('glossary', 'test-sql', 'SELECT 1; DROP TABLE orders');
    expect(split.stdout).toMatch(/only one SQL statement is allowed/);
    expect(split.stdout).toMatch(/line 1, column 9/);
    const ok = await run('glossary', 'test-sql', 'SELECT id, total_amt FROM orders', '--json');
    expect(ok.json).toMatchObject({
      ok: true,
      valid: true,
      source: 'shop',
      outputColumns: [
        { name: 'id', type: 'bigint' },
        { name: 'total_amt', type: 'numeric(12,2)' },
      ],
    });
  });

  it('updates by name or alias (only given fields; aliases replaced whole), refuses invalid SQL without changing anything', async () => {
    const byAlias = await run('glossary', 'edit', 'engaged buyers', '--definition', 'Customers with a paid order in the last 30 days (finance)', '--json');
    expect(byAlias.code, byAlias.stderr).toBe(0);
    expect(byAlias.json.term).toMatchObject({
      definition: 'Customers with a paid order in the last 30 days (finance)',
      sql: ACTIVE_SQL,
      aliases: ['MAC', 'engaged buyers'],
    });
    const bad = await run('glossary', 'edit', 'Active Customers', '--sql', 'SELECT count(*) FROM order');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/SQL validation failed: syntax error at or near "order"/);
    const aliases = await run(
      'glossary',
      'edit',
      'active customers',
      '--alias',
      'MAC',
      '--alias',
      'active buyers',
      '--sql',
      `${ACTIVE_SQL} AND total_amt > 0`,
      '--json',
    );
    expect(aliases.json.term).toMatchObject({ aliases: ['MAC', 'active buyers'], sql: `${ACTIVE_SQL} AND total_amt > 0` });
    const noop = await run('glossary', 'edit', 'MAC', '--json');
    expect(noop.json).toMatchObject({ ok: true, changed: false });
    const missing = await run('glossary', 'edit', 'Unknown', '--definition', 'x');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/term 'Unknown' not found/);
  });

  it('deletes by name or alias with the aliases, says when the term is missing, and keeps the history', async () => {
    expect(
      (await run('glossary', 'add', 'Order Count', '--definition', 'Orders placed', '--sql', 'SELECT count(*) AS orders FROM orders', '--alias', 'volume'))
        .code,
    ).toBe(0);
    const byAlias = await run('glossary', 'rm', 'VOLUME', '--json');
    expect(byAlias.json).toMatchObject({ ok: true, removed: 'Order Count', term: { term: 'Order Count', project: 'default', aliases: ['volume'] } });
    expect(byAlias.json).not.toHaveProperty('message');
    expect((await run('glossary', 'show', 'volume')).code).toBe(1);
    // the alias went with the term: it is free again
    expect((await run('glossary', 'add', 'Volume', '--definition', 'Orders placed', '--sql', 'SELECT count(*) AS orders FROM orders')).code).toBe(0);
    expect((await run('glossary', 'edit', 'Volume', '--alias', 'qty', '--alias', 'orders placed')).code).toBe(0);
    const byName = await run('glossary', 'rm', 'volume');
    expect(byName.stdout).toBe("removed term 'Volume' and its aliases 'qty', 'orders placed'\n");
    const missing = await run('glossary', 'rm', 'Unknown', '--json');
    expect(missing.code).toBe(1);
    expect(missing.json.error).toMatchObject({ code: 'TERM_NOT_FOUND', message: "term 'Unknown' not found", hint: expect.any(String) });
    const misspelt = await run('glossary', 'rm', 'Active Custmers');
    expect(misspelt.stderr).toMatch(/^error: term 'Active Custmers' not found\nhint: (did you mean|list the terms)/);

    const history = await run('glossary', 'history', 'Order Count', '--json');
    expect(history.json.changes.map((c: { action: string }) => c.action)).toEqual(['create', 'delete']);
    const all = await run('glossary', 'history', 'active customers', '--json');
    expect(all.json.changes.map((c: { action: string }) => c.action)).toEqual(['create', 'update', 'update']);
    expect(all.json.changes[2]).toMatchObject({
      actor: { user: me, client: null, via: 'cli' },
      before: { aliases: ['MAC', 'engaged buyers'] },
      after: { aliases: ['MAC', 'active buyers'] },
    });
    const human = await run('glossary', 'history', 'active customers');
    expect(human.stdout).toMatch(/aliases: \["MAC","engaged buyers"\] → \["MAC","active buyers"\]/);
  });

  it('lets exactly one of two concurrent creates of the same term win', async () => {
    const args = (definition: string) => [
      'glossary',
      'add',
      'Paid Orders',
      '--definition',
      definition,
      '--sql',
      "SELECT count(*) AS paid FROM orders WHERE status = 'paid'",
      '--json',
    ];
    const [a, b] = await Promise.all([run(...args('first')), run(...args('second'))]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    const loser = a.code === 1 ? a : b;
    expect(loser.json.error).toMatchObject({ code: 'TERM_EXISTS', message: "term 'Paid Orders' already exists" });
    const list = await run('glossary', 'list', '--text', 'paid orders', '--json');
    expect(list.json.terms).toHaveLength(1);
  });

  it('finds terms with query, through their aliases too', async () => {
    const byName = await run('query', 'active customers', '--json');
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.json.hits.find((h: { kind: string }) => h.kind === 'glossary_term')?.objectId).toBe('shop:glossary_term:default/active customers');
    const byAlias = await run('search', 'MAC', '--json');
    expect(byAlias.json.hits[0]).toMatchObject({ kind: 'glossary_term', name: 'default/active customers' });
    const detail = await run('get', 'shop:glossary_term:default/active customers', '--json');
    expect(detail.code, detail.stderr).toBe(0);
  });

  it('flags the terms that used a dropped column when update sees the schema change, and clears the flag when it runs again', async () => {
    await db.exec('ALTER TABLE orders DROP COLUMN total_amt');
    const update = await run('update', '--json');
    expect(update.code, update.stderr).toBe(0);
    expect(update.json.glossary).toEqual([
      {
        source: 'shop',
        checked: 2,
        broke: [{ project: 'default', term: 'Active Customers', error: 'column "total_amt" does not exist' }],
        fixed: [],
        error: null,
      },
    ]);
    const list = await run('glossary', 'list', '--json');
    const byName = Object.fromEntries(list.json.terms.map((t: { term: string; validation: unknown }) => [t.term, t.validation]));
    expect(byName['Active Customers']).toMatchObject({ status: 'stale', error: 'column "total_amt" does not exist' });
    expect(byName['Paid Orders']).toMatchObject({ status: 'valid', error: null });
    const human = await run('glossary', 'list');
    expect(human.stdout).toMatch(/stale: Active Customers: column "total_amt" does not exist/);
    const stale = await run('glossary', 'list', '--stale', '--json');
    expect(stale.json.terms.map((t: { term: string }) => t.term)).toEqual(['Active Customers']);

    await db.exec('ALTER TABLE orders ADD COLUMN total_amt numeric(14,2)');
    const again = await run('update', '--json');
    expect(again.json.glossary[0]).toMatchObject({ broke: [], fixed: [{ project: 'default', term: 'Active Customers' }] });
    expect((await run('glossary', 'show', 'MAC', '--json')).json.term.validation.status).toBe('valid');
  });

  it('keeps the hint apart when the source role may write and the SQL is not run: test-sql and add print it on a line of its own', async () => {
    await db.exec(`GRANT INSERT ON orders TO ${reader.role}`);
    try {
      const tested = await run('glossary', 'test-sql', 'SELECT count(*) AS n FROM orders');
      expect(tested.code).toBe(1);
      const lines = tested.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^invalid on source shop: role '.+' of source 'shop' has more than read privileges .*the SQL was not run$/);
      expect(lines[1]).toMatch(/^ {2}hint: connect as a read-only role .*--allow-extra-privileges$/);
      const json = await run('glossary', 'test-sql', 'SELECT count(*) AS n FROM orders', '--json');
      expect(json.code).toBe(1);
      expect(json.json).toMatchObject({ ok: false, valid: false, source: 'shop', hint: expect.stringMatching(/^connect as a read-only role /) });
      expect(json.json.error).toMatch(/the SQL was not run$/);

      const added = await run('glossary', 'add', 'Order Rows', '--definition', 'Rows of orders', '--sql', 'SELECT count(*) AS n FROM orders');
      expect(added.code).toBe(1);
      expect(added.stderr).toMatch(
        /^error: SQL validation failed: role .*the SQL was not run\nhint: connect as a read-only role .*--allow-extra-privileges\n$/,
      );
      const addedJson = await run('glossary', 'add', 'Order Rows', '--definition', 'Rows of orders', '--sql', 'SELECT count(*) AS n FROM orders', '--json');
      expect(addedJson.json.error).toMatchObject({ code: 'SQL_INVALID', hint: expect.stringMatching(/^connect as a read-only role /) });
      expect(addedJson.json.error.message).toMatch(/the SQL was not run$/);
    } finally {
      await db.exec(`REVOKE INSERT ON orders FROM ${reader.role}`);
    }
  });

  it('keeps the hint apart when the re-check after an update does not run the terms: update, show, list and revalidate print it on a line of its own', async () => {
    const notRun = /^role '.+' of source 'shop' has more than read privileges .*the SQL was not run$/;
    const hint = /^connect as a read-only role .*--allow-extra-privileges$/;
    await db.exec(`GRANT INSERT ON orders TO ${reader.role}`);
    try {
      // accepted for this run only: the update goes on, the terms' SQL is not run
      await db.exec('ALTER TABLE orders ADD COLUMN note text');
      const updated = await run('update', '--allow-extra-privileges');
      expect(updated.code, updated.stderr).toBe(0);
      const lines = updated.stdout.split('\n');
      const at = lines.findIndex((l) => l.startsWith("glossary term 'Active Customers' (default) no longer runs on shop: "));
      expect(lines[at]).toMatch(/the SQL was not run$/);
      expect(lines[at + 1]).toMatch(/^ {2}hint: connect as a read-only role .*--allow-extra-privileges$/);

      const shown = await run('glossary', 'show', 'MAC');
      expect(shown.stdout).toMatch(/^the SQL no longer runs \(checked [^)]+\): role .*the SQL was not run\n {2}hint: connect as a read-only role /m);
      const json = await run('glossary', 'show', 'MAC', '--json');
      expect(json.json.term.validation).toMatchObject({ status: 'stale', error: expect.stringMatching(notRun), hint: expect.stringMatching(hint) });
      const listed = await run('glossary', 'list');
      expect(listed.stdout).toMatch(/^stale: Active Customers: role .*the SQL was not run\n {2}hint: connect as a read-only role /m);

      // run again (role read-only), then broken again by a later update: --json keeps them apart too
      await db.exec(`REVOKE INSERT ON orders FROM ${reader.role}`);
      expect((await run('glossary', 'revalidate', '--json')).json.reports[0].fixed).toHaveLength(2);
      await db.exec(`GRANT INSERT ON orders TO ${reader.role}`);
      await db.exec('ALTER TABLE orders DROP COLUMN note');
      const again = await run('update', '--allow-extra-privileges', '--json');
      expect(again.code, again.stderr).toBe(0);
      const [check] = again.json.glossary;
      expect(check).toMatchObject({ source: 'shop', checked: 2, error: null });
      expect(check.broke).toHaveLength(2);
      for (const b of check.broke) {
        expect(b.error).toMatch(notRun);
        expect(b.hint).toMatch(hint);
      }
      await db.exec(`REVOKE INSERT ON orders FROM ${reader.role}`);
      const revalidated = await run('glossary', 'revalidate');
      expect(revalidated.stdout).toMatch(/^shop: 2 checked, 0 broke, 2 run again$/m);
    } finally {
      await db.exec(`REVOKE INSERT ON orders FROM ${reader.role}`);
    }
  });

  it('says what to do on a hint line when the source, base table or a column named is not there', async () => {
    const wrong = await run('glossary', 'add', 'Elsewhere', '--definition', 'x', '--sql', 'SELECT 1 AS one', '--source', 'nope');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe("error: source 'nope' not found\nhint: the sources of project 'default': shop\n");
    const noTable = await run('glossary', 'add', 'Elsewhere', '--definition', 'x', '--sql', 'SELECT 1 AS one', '--base-table', 'qqqxyzzy');
    expect(noTable.stderr).toBe("error: base table 'qqqxyzzy' not found in source 'shop'\nhint: see its tables and columns with `sextant describe shop`\n");
    const noColumn = await run('glossary', 'add', 'Elsewhere', '--definition', 'x', '--sql', 'SELECT nope FROM orders');
    expect(noColumn.stderr).toMatch(
      /^error: SQL validation failed: column "nope" does not exist.*\nhint: see its tables and columns with `sextant describe shop`\n$/,
    );
  });
});

describe('glossary CLI without sources', () => {
  const home = tempHome();
  const run = (...args: string[]) => runCli(args, cliEnv(home.dir));
  afterAll(() => home.cleanup());

  it('says what to do on a hint line of its own: add a source', async () => {
    const added = await run('glossary', 'add', 'Orders', '--definition', 'x', '--sql', 'SELECT 1 AS one');
    expect(added.code).toBe(1);
    const hint = 'add one with `sextant source add <type> <location> --name <name>`';
    expect(added.stderr).toBe(`error: project 'default' has no sources\nhint: ${hint}\n`);
    const tested = await run('glossary', 'test-sql', 'SELECT 1 AS one', '--json');
    expect(tested.json).toEqual({
      ok: false,
      error: { code: 'SOURCE_NOT_FOUND', message: "project 'default' has no sources", hint },
    });
  });
});
