import { describe, expect, it } from 'vitest';
import { MAX_COLUMNS, sqlRefs as sqlRefsWithAccess, sqlTableRefs as sqlTableRefsWithAccess, withoutRowValues } from './sql-refs.js';

// most cases here are about which tables and columns SQL names; what it does to them has its own cases below
const withoutAccess = <T extends { access?: unknown; columnAccess?: unknown }>({ access: _, columnAccess: __, ...ref }: T) => ref;
const sqlTableRefs = async (text: string, language?: string) => (await sqlTableRefsWithAccess(text, language)).map(withoutAccess);
const sqlRefs = async (text: string, language?: string) => {
  const refs = await sqlRefsWithAccess(text, language);
  return { ...refs, tables: refs.tables.map(withoutAccess) };
};

describe('SQL in code', () => {
  it('finds the tables of SQL literals and templates, parsed, with their lines', async () => {
    const text = [
      "const a = 'not sql at all';",
      'await db.query("SELECT i.id FROM billing.invoice i JOIN customer c ON c.id = i.customer_id WHERE i.total > $1", [x]);',
      'const update = `UPDATE "Audit"."Log" SET seen = ${flag}',
      '  WHERE id = ${id}`;',
      "db.run('INSERT INTO payments (id) VALUES (?)');",
      "const note = 'select your plan from the list';",
    ].join('\n');
    expect(await sqlTableRefs(text)).toEqual([
      { table: 'billing.invoice', line: 2, columns: ['id', 'customer_id', 'total'] },
      { table: 'customer', line: 2, columns: ['id'] },
      { table: 'Audit.Log', line: 3, columns: ['seen', 'id'] },
      { table: 'payments', line: 5, columns: ['id'] }, // `?` parses as a parameter
    ]);
  });

  it('takes the names after FROM/JOIN/INTO/UPDATE when the parser refuses the text', async () => {
    expect(await sqlTableRefs("q('SELECT * FROM Orders o JOIN shop.items ON ?? WHERE')")).toEqual([
      { table: 'orders', line: 1 },
      { table: 'shop.items', line: 1 },
    ]);
  });

  it('reads past leading SQL comments, as sqlc writes its queries', async () => {
    const text = ['const getShelf = `-- name: GetShelf :one', '/* by slug */', 'SELECT id FROM shelf WHERE slug = $1', '`'].join('\n');
    expect(await sqlTableRefs(text)).toEqual([{ table: 'shelf', line: 1, columns: ['id', 'slug'] }]);
  });

  it('reads SQL the file runs but does not write (a named native query) where it runs it, even SQL that reads as prose', async () => {
    const text = ['List<String> names() {', '  return em.createNamedQuery("Pet.names").getResultList();', '}'].join('\n');
    const runs = [{ sql: 'select name from pets', at: text.indexOf('em.') }];
    expect(await sqlTableRefs(text, 'java')).toEqual([]);
    expect((await sqlRefsWithAccess(text, 'java', runs)).tables).toEqual([{ table: 'pets', line: 2, columns: ['name'], access: ['read'] }]);
  });

  it("reads Python's triple-quoted strings", async () => {
    const text = ['def unpaid(cur):', '    cur.execute("""', '        SELECT id FROM ledger.entry', '        WHERE paid = false', '    """)'].join('\n');
    expect(await sqlTableRefs(text)).toEqual([{ table: 'ledger.entry', line: 2, columns: ['id', 'paid'] }]);
  });

  it("reads Ruby's and PHP's heredocs and C#'s verbatim strings, each in its own language only", async () => {
    const ruby = [
      'rows = connection.select_all(<<~SQL.squish)',
      '  SELECT o.id FROM orders o',
      '  WHERE o.customer_id = #{customer.id}',
      'SQL',
      'puts rows',
    ].join('\n');
    expect(await sqlTableRefs(ruby, 'ruby')).toEqual([{ table: 'orders', line: 1, columns: ['id', 'customer_id'] }]);
    const php = ['<?php', "$q = <<<'SQL'", '    UPDATE invoices SET paid = true WHERE id = :id', '    SQL;'].join('\n');
    expect(await sqlTableRefs(php, 'php')).toEqual([{ table: 'invoices', line: 2, columns: ['paid', 'id'] }]);
    const csharp = ['var sql = @"SELECT ""Name""', '  FROM people', '  WHERE id = @id";'].join('\n');
    expect(await sqlTableRefs(csharp, 'csharp')).toEqual([{ table: 'people', line: 1, columns: ['Name', 'id'] }]);
    // a shift, `class << self` and an e-mail `@"` elsewhere are no strings of SQL
    expect(await sqlTableRefs(ruby, 'python')).toEqual([]);
    expect(await sqlTableRefs(csharp, 'java')).toEqual([]);
  });

  it('reads a .sql file as SQL throughout, each table once at the first statement that names it', async () => {
    const text = [
      '-- name: ListShelves :many',
      'SELECT * FROM shelf',
      'ORDER BY name;',
      '',
      'CREATE TABLE IF NOT EXISTS crate (',
      '  id serial PRIMARY KEY,',
      '  shelf_id int REFERENCES shelf(id)',
      ');',
      'ALTER TABLE crate ADD COLUMN note text;',
      '\\copy weird stuff here;',
      'UPDATE "Stock"."Level" SET n = 0;',
    ].join('\n');
    expect(await sqlTableRefs(text, 'sql')).toEqual([
      { table: 'shelf', line: 2, columns: ['name'] },
      { table: 'crate', line: 5 },
      { table: 'shelf', line: 5 }, // again: read first, here its schema is referenced
      { table: 'Stock.Level', line: 11, columns: ['n'] },
    ]);
  });

  it("reads a dump's COPY statements, not their rows, and no table names in comments", async () => {
    const text = [
      '-- Dumped from database version 16.4',
      '-- Name: crate; Type: TABLE DATA; Schema: public',
      'COPY public.crate (id, note) FROM stdin;',
      '1\tmoved from shelf; into bin',
      '\\.',
      '',
      'SELECT 1 FROM bin WHERE ??; -- from the old shelf',
    ].join('\n');
    expect(await sqlTableRefs(text, 'sql')).toEqual([
      { table: 'public.crate', line: 3 },
      { table: 'bin', line: 7 },
    ]);
  });

  it('joins string literals concatenated with + (Go, Java) or side by side (Python) into one statement', async () => {
    const java = ['String sql = "SELECT c.id, c.label " +', '    "FROM crate c " +', '    "WHERE c.shelf = ?";', 'String[] cols = {"select", "from"};'].join(
      '\n',
    );
    expect(await sqlTableRefs(java)).toEqual([{ table: 'crate', line: 1, columns: ['id', 'label', 'shelf'] }]);
    const python = ['cur.execute(', '    "SELECT id "', "    'FROM bin '", '    "WHERE full"', ')'].join('\n');
    expect(await sqlTableRefs(python)).toEqual([{ table: 'bin', line: 2 }]);
  });

  it('reads a template that starts with interpolated SQL (a WITH clause built apart) from its first statement keyword', async () => {
    const text = [
      'const recent = `with recent as (select visitor_id from hit where day > {{since}}),`;',
      'const rows = await run(`',
      '  ${recent}',
      '  ${ranked(kind)}',
      '  select v.country, count(*) from ranked r',
      '  join visitor v on v.visitor_id = r.visitor_id',
      '  group by 1`);',
    ].join('\n');
    const refs = await sqlRefsWithAccess(text);
    expect(refs.tables.map(({ table, line, access }) => ({ table, line, access }))).toEqual([
      { table: 'hit', line: 1, access: ['read'] },
      { table: 'ranked', line: 2, access: ['read'] },
      { table: 'visitor', line: 2, access: ['read'] },
    ]);
  });

  it('reads the subquery of a clause spliced into a query (`and exists (select …)`, `join (select …) x on …`)', async () => {
    const text = [
      'const tagged = `and exists (',
      '  select 1 from hit_tag t${i} where t${i}.hit_id = h.hit_id and t${i}.tag = {{tag}}',
      ')`;',
      "const paid = onlyPaid ? `left join (select * from charge where amount > 0) charge on charge.hit_id = h.hit_id` : '';",
      "const words = 'and then (select one) from the menu';",
    ].join('\n');
    const refs = await sqlRefsWithAccess(text);
    expect(refs.tables.map(({ table, line, access }) => ({ table, line, access }))).toEqual([
      { table: 'hit_tag', line: 1, access: ['read'] },
      { table: 'charge', line: 4, access: ['read'] },
    ]);
  });

  it('reads a seed file of many INSERTs quickly, each table once', async () => {
    const rows = Array.from({ length: 20000 }, (_, i) => `INSERT INTO crate (id, label) VALUES (${i}, 'from shelf ${i}');`);
    const text = [...rows, "INSERT INTO bin (id) SELECT id FROM crate WHERE label = 'x';"].join('\n');
    const started = Date.now();
    expect(await sqlTableRefs(text, 'sql')).toEqual([
      { table: 'crate', line: 1, columns: ['id', 'label'] },
      { table: 'bin', line: 20001, columns: ['id'] },
      { table: 'crate', line: 20001, columns: ['id', 'label'] }, // again: written first, read here (the table and its columns)
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('what SQL does to a table', () => {
  const access = async (text: string, language?: string) => (await sqlTableRefsWithAccess(text, language)).map((r) => [r.table, r.line, r.access]);

  it('reads, writes or declares, statement by statement, parsed', async () => {
    const text = [
      'db.query("SELECT * FROM invoice i JOIN customer c ON c.id = i.customer_id");',
      'db.query("INSERT INTO payment (invoice_id) SELECT id FROM invoice WHERE due < now()");',
      'db.query(`UPDATE invoice SET paid = true FROM payment p WHERE p.invoice_id = invoice.id`);',
      "db.query('DELETE FROM refund USING payment WHERE refund.payment_id = payment.id');",
      "db.query('WITH gone AS (DELETE FROM session WHERE expired RETURNING user_id) SELECT * FROM account JOIN gone USING (user_id)');",
    ].join('\n');
    expect(await access(text)).toEqual([
      ['invoice', 1, ['read']],
      ['customer', 1, ['read']],
      ['payment', 2, ['write']],
      ['invoice', 2, ['read']],
      ['invoice', 3, ['write']],
      ['payment', 3, ['read']],
      ['refund', 4, ['write']],
      ['payment', 4, ['read']],
      ['account', 5, ['read']], // `gone` is the CTE, no table
      ['session', 5, ['write']], // a DELETE inside a CTE still writes
    ]);
    const merge =
      'db.exec(`MERGE INTO stock s USING delivery d ON s.sku = d.sku WHEN MATCHED THEN UPDATE SET n = s.n + d.n WHEN NOT MATCHED THEN INSERT VALUES (d.sku, d.n)`);';
    expect(await access(merge)).toEqual([
      ['stock', 1, ['write']],
      ['delivery', 1, ['read']],
    ]);
  });

  it('a .sql file: DDL declares (REFERENCES too), COPY FROM and TRUNCATE write; a table is listed again for what it does anew', async () => {
    const text = [
      'CREATE TABLE crate (id int PRIMARY KEY, shelf_id int REFERENCES shelf (id));',
      'CREATE INDEX crate_shelf ON crate (shelf_id);',
      'INSERT INTO crate VALUES (1, 1);',
      'INSERT INTO crate VALUES (2, 1);',
      'COPY shelf (id) FROM stdin;',
      '1',
      '\\.',
      'TRUNCATE bin;',
      'CREATE VIEW full_crate AS SELECT * FROM crate;',
      'SELECT count(*) FROM crate;',
    ].join('\n');
    expect(await access(text, 'sql')).toEqual([
      ['crate', 1, ['schema']],
      ['shelf', 1, ['schema']],
      ['crate', 3, ['write']],
      ['shelf', 5, ['write']],
      ['bin', 8, ['write']],
      ['full_crate', 9, ['schema']],
      ['crate', 10, ['read']],
    ]);
  });

  it("DROP TABLE, VIEW and MATERIALIZED VIEW declare the relations they name (a migration's down file), DROP INDEX none", async () => {
    const text = [
      'DROP TABLE IF EXISTS entries;',
      'DROP TABLE IF EXISTS "Users", billing.invoice CASCADE;',
      'DROP VIEW full_crate;',
      'DROP MATERIALIZED VIEW daily;',
      'DROP INDEX crate_shelf;',
    ].join('\n');
    expect(await access(text, 'sql')).toEqual([
      ['entries', 1, ['schema']],
      ['Users', 2, ['schema']],
      ['billing.invoice', 2, ['schema']],
      ['full_crate', 3, ['schema']],
      ['daily', 4, ['schema']],
    ]);
  });

  it('without a parse: the table a DML statement names first is written, the others read; DDL declares', async () => {
    const text = [
      "q('INSERT INTO audit_log SELECT * FROM events WHERE ?? ')",
      "q('UPDATE stock SET n = n - 1 WHERE ??')",
      "q('SELECT * FROM orders WHERE ??')",
    ].join('\n');
    expect(await access(text)).toEqual([
      ['audit_log', 1, ['write']],
      ['events', 1, ['read']],
      ['stock', 2, ['write']],
      ['orders', 3, ['read']],
    ]);
  });

  it("reads MySQL's backquoted names, in code and in a dump, parsed where PostgreSQL's parser takes the rest", async () => {
    const code = [
      "db.query('SELECT o.id FROM `orders` o JOIN `shop`.`items` i ON i.order_id = o.id WHERE o.paid = ?');",
      "db.query('INSERT IGNORE INTO `audit_log` (`what`) VALUES (?)');",
    ].join('\n');
    expect(await access(code)).toEqual([
      ['orders', 1, ['read']],
      ['shop.items', 1, ['read']],
      ['audit_log', 2, ['write']],
    ]);
    const dump = [
      'CREATE TABLE `users` (',
      '  `id` int NOT NULL AUTO_INCREMENT,',
      '  PRIMARY KEY (`id`)',
      ') ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;',
      'INSERT INTO `users` VALUES (1);',
      'SELECT * FROM `users` u JOIN `orders` o ON o.user_id = u.id;',
    ].join('\n');
    expect(await access(dump, 'sql')).toEqual([
      ['users', 1, ['schema']],
      ['users', 5, ['write']],
      ['users', 6, ['read']],
      ['orders', 6, ['read']],
    ]);
  });

  it("reads a migration's DDL in code strings by its shape, and no prose that opens with its words", async () => {
    const text = [
      'await queryRunner.query(`CREATE TABLE "user" ("id" SERIAL NOT NULL, CONSTRAINT "PK_user" PRIMARY KEY ("id"))`);',
      "this.addSql('alter table `article` add constraint `article_author_id_foreign` foreign key (`author_id`) references `user` (`id`);');",
      'db.Exec("DROP TABLE IF EXISTS sessions")',
      "cursor.execute('create temporary table if not exists scratch (id int)')",
      "throw new Error('create table failed: disk full');",
      "log('Alter table settings in the admin panel');",
      "hint('drop table rows you no longer need');",
    ].join('\n');
    expect(await access(text)).toEqual([
      ['user', 1, ['schema']],
      ['article', 2, ['schema']],
      ['user', 2, ['schema']],
      ['sessions', 3, ['schema']],
      ['scratch', 4, ['schema']],
    ]);
  });
});

describe('columns of parsed SQL', () => {
  const refs = (sql: string) => sqlRefs(sql, 'sql');

  it('gives qualified columns to the table their alias, name or schema.name denotes; * names none', async () => {
    const sql =
      'SELECT i.id, invoice2.total, billing.invoice2.due, i.*, * FROM billing.invoice i, billing.invoice2 JOIN customer c ON c.id = invoice2.customer_id ORDER BY c.name;';
    expect(await refs(sql)).toEqual({
      tables: [
        { table: 'billing.invoice', line: 1, columns: ['id'] },
        { table: 'billing.invoice2', line: 1, columns: ['total', 'due', 'customer_id'] },
        { table: 'customer', line: 1, columns: ['id', 'name'] },
      ],
      ambiguous: [],
    });
  });

  it('gives unqualified columns to the one table in scope, keeps them with their candidates when several are', async () => {
    expect(await refs('SELECT id, status FROM orders WHERE placed_at > now() GROUP BY status ORDER BY id;')).toEqual({
      tables: [{ table: 'orders', line: 1, columns: ['id', 'status', 'placed_at'] }],
      ambiguous: [],
    });
    expect(await refs('SELECT o.id, total, label FROM orders o JOIN shop.item ON item.order_id = o.id WHERE paid;')).toEqual({
      tables: [
        { table: 'orders', line: 1, columns: ['id'] },
        { table: 'shop.item', line: 1, columns: ['order_id'] },
      ],
      ambiguous: [{ columns: ['total', 'label', 'paid'], tables: ['orders', 'shop.item'], line: 1 }],
    });
  });

  it('reads INSERT column lists, ON CONFLICT targets and excluded, RETURNING, and the SELECT it inserts from', async () => {
    const sql =
      'INSERT INTO stock (sku, qty) SELECT code, n FROM incoming WHERE ok ON CONFLICT (sku) DO UPDATE SET qty = stock.qty + excluded.qty RETURNING id;';
    expect(await refs(sql)).toEqual({
      tables: [
        { table: 'stock', line: 1, columns: ['sku', 'qty', 'id'] },
        { table: 'incoming', line: 1, columns: ['code', 'n', 'ok'] },
      ],
      ambiguous: [],
    });
  });

  it('reads UPDATE SET targets and UPDATE … FROM, DELETE … USING', async () => {
    expect(await refs('UPDATE invoice SET total = c.credit, note = $1 FROM customer c WHERE c.id = invoice.customer_id;')).toEqual({
      tables: [
        { table: 'invoice', line: 1, columns: ['total', 'note', 'customer_id'] },
        { table: 'customer', line: 1, columns: ['credit', 'id'] },
      ],
      ambiguous: [],
    });
    expect(await refs('DELETE FROM session s USING account a WHERE a.id = s.account_id AND a.closed;')).toEqual({
      tables: [
        { table: 'session', line: 1, columns: ['account_id'] },
        { table: 'account', line: 1, columns: ['id', 'closed'] },
      ],
      ambiguous: [],
    });
  });

  it('says which columns a statement writes (INSERT column lists, SET targets) and which it also reads', async () => {
    const columnAccess = async (sql: string, language?: string) =>
      (await sqlRefsWithAccess(sql, language)).tables.map(({ table, line, columnAccess }) => ({ table, line, columnAccess }));
    expect(
      await columnAccess(
        'INSERT INTO stock (sku, qty) SELECT code, n FROM incoming WHERE ok ON CONFLICT (sku) DO UPDATE SET qty = stock.qty + excluded.qty RETURNING id;',
        'sql',
      ),
    ).toEqual([
      { table: 'stock', line: 1, columnAccess: { sku: ['read', 'write'], qty: ['read', 'write'] } },
      { table: 'incoming', line: 1, columnAccess: undefined },
    ]);
    expect(await columnAccess('UPDATE invoice SET total = c.credit, note = $1 FROM customer c WHERE c.id = invoice.customer_id;', 'sql')).toEqual([
      { table: 'invoice', line: 1, columnAccess: { total: ['write'], note: ['write'] } },
      { table: 'customer', line: 1, columnAccess: undefined },
    ]);
    // in a literal too; a SELECT writes nothing
    const code = ['db.query(`UPDATE shelf SET label = ${label} WHERE label IS NULL`);', 'db.query("SELECT label FROM shelf");'].join('\n');
    expect(await columnAccess(code)).toEqual([
      { table: 'shelf', line: 1, columnAccess: { label: ['read', 'write'] } },
      { table: 'shelf', line: 2, columnAccess: undefined },
    ]);
    // a .sql file lists a column again where a later statement writes what an earlier one read
    expect(await columnAccess(['SELECT id, label FROM shelf;', 'UPDATE shelf SET label = $1 WHERE id = $2;'].join('\n'), 'sql')).toEqual([
      { table: 'shelf', line: 1, columnAccess: undefined },
      { table: 'shelf', line: 2, columnAccess: { label: ['write'] } },
    ]);
  });

  it('reads CTEs and subqueries in their own scopes; a CTE or subquery in scope takes no unqualified column', async () => {
    const cte =
      'WITH recent AS (SELECT id, placed_at FROM orders WHERE placed_at > now()) SELECT r.id, p.amount, note FROM recent r JOIN payment p ON p.order_id = r.id;';
    expect(await refs(cte)).toEqual({
      tables: [
        // no `recent`: a CTE's name is no table, even where a table of that name exists
        { table: 'payment', line: 1, columns: ['amount', 'order_id'] },
        { table: 'orders', line: 1, columns: ['id', 'placed_at'] },
      ],
      ambiguous: [],
    });
    // a correlated subquery sees the outer table: its unqualified columns have both as candidates
    const sub = 'SELECT name FROM customer c WHERE EXISTS (SELECT 1 FROM invoice i WHERE i.customer_id = c.id AND overdue);';
    expect(await refs(sub)).toEqual({
      tables: [
        { table: 'customer', line: 1, columns: ['name', 'id'] },
        { table: 'invoice', line: 1, columns: ['customer_id'] },
      ],
      ambiguous: [{ columns: ['overdue'], tables: ['customer', 'invoice'], line: 1 }],
    });
    const derived = 'SELECT t.n, x FROM (SELECT count(*) AS n, kind FROM event GROUP BY kind) t;';
    expect(await refs(derived)).toEqual({ tables: [{ table: 'event', line: 1, columns: ['kind'] }], ambiguous: [] });
  });

  it('does not take ORDER BY names of the SELECT list for columns, and caps the columns of a reference', async () => {
    expect((await refs('SELECT count(*) AS n, kind FROM event GROUP BY kind ORDER BY n;')).tables).toEqual([{ table: 'event', line: 1, columns: ['kind'] }]);
    const wide = `SELECT ${Array.from({ length: 80 }, (_, i) => `c${i}`).join(', ')} FROM wide;`;
    expect((await refs(wide)).tables[0]!.columns).toHaveLength(MAX_COLUMNS);
  });

  it('lists a table of a .sql file again at a later statement only for columns not named before (an INSERT of the table too)', async () => {
    const text = [
      'SELECT id FROM shelf;',
      'SELECT id FROM shelf WHERE id = 1;',
      'UPDATE shelf SET label = $1 WHERE id = $2;',
      'INSERT INTO shelf (label, zone) VALUES ($1, $2);',
      'INSERT INTO shelf (label, zone) VALUES ($1, $2);',
    ].join('\n');
    expect(await sqlTableRefs(text, 'sql')).toEqual([
      { table: 'shelf', line: 1, columns: ['id'] },
      { table: 'shelf', line: 3, columns: ['label'] },
      { table: 'shelf', line: 4, columns: ['zone'] },
    ]);
  });

  it('keeps an unqualified column of the same tables once in a .sql file, at its first statement', async () => {
    const text = ['SELECT note FROM a, b;', 'SELECT note, size FROM a, b WHERE a.id = 1;'].join('\n');
    expect((await refs(text)).ambiguous).toEqual([
      { columns: ['note'], tables: ['a', 'b'], line: 1 },
      { columns: ['size'], tables: ['a', 'b'], line: 2 },
    ]);
  });

  it("parses other drivers' bind parameters (?, %s, %(name)s, :name) where the text as written does not parse, keeping ::casts", async () => {
    const text = [
      'jdbc.query("SELECT first_name FROM owners WHERE last_name LIKE ?", x);',
      'cur.execute("UPDATE pets SET name = %s WHERE id = %(id)s", args)',
      'jdbc.update("INSERT INTO visits (pet_id, visit_date) VALUES (:petId, :date::date)", params);',
    ].join('\n');
    expect(await sqlTableRefs(text)).toEqual([
      { table: 'owners', line: 1, columns: ['first_name', 'last_name'] },
      { table: 'pets', line: 2, columns: ['name', 'id'] },
      { table: 'visits', line: 3, columns: ['pet_id', 'visit_date'] },
    ]);
  });

  it('names no column where the parser refuses the SQL', async () => {
    expect(await sqlRefs("q('SELECT a.x, y FROM Orders a JOIN items ON ?? WHERE')")).toEqual({
      tables: [
        { table: 'orders', line: 1 },
        { table: 'items', line: 1 },
      ],
      ambiguous: [],
    });
  });
});

describe("a SQL file's rows", () => {
  it("are blanked: an INSERT's, UPDATE's or COPY's values, by VALUES or SELECT; names, comments, a CHECK's states and lines stay", () => {
    const text = [
      "COMMENT ON TABLE visits IS 'One visit of a pet to the clinic';",
      "INSERT INTO vets VALUES (default, 'James', 'Carter');",
      'INSERT INTO visits (pet_id, visit_date, description) VALUES',
      "  (7, '2013-01-01', 'rabies shot; booster'),",
      "  (8, E'2013-01-02', 'it''s a \\'neutered\\' cat');",
      'COPY public.owners (id, last_name) FROM stdin;',
      '1\tFranklin',
      '\\.',
      "INSERT INTO pets (name, owner_id) SELECT 'Mulligan', 8 WHERE NOT EXISTS (SELECT * FROM pets WHERE id=10);",
      "UPDATE owners SET city = 'Madison' WHERE id = 1;",
      "INSERT INTO vets VALUES (2, 'O\\'Reilly');",
      "CREATE TABLE visits (status text CHECK (status IN ('booked', 'done')));",
      'SELECT id FROM owners;',
    ].join('\n');
    const blanked = withoutRowValues(text);
    expect(blanked.split('\n')).toHaveLength(text.split('\n').length);
    for (const value of ['James', 'Carter', 'rabies', 'booster', 'neutered', 'Franklin', '2013', 'Mulligan', 'Madison', 'Reilly'])
      expect(blanked).not.toContain(value);
    for (const kept of [
      'One visit of a pet to the clinic',
      'INSERT INTO vets VALUES',
      'INSERT INTO visits (pet_id, visit_date, description) VALUES',
      'COPY public.owners',
      'SELECT * FROM pets WHERE id=10',
      "CHECK (status IN ('booked', 'done'))",
      'SELECT id FROM owners;',
    ])
      expect(blanked).toContain(kept);
  });
});
