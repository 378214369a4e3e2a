import { describe, expect, it } from 'vitest';
import { sqlTableRefs } from './sql-refs.js';

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
      { table: 'billing.invoice', line: 2 },
      { table: 'customer', line: 2 },
      { table: 'Audit.Log', line: 3 },
      { table: 'payments', line: 5 },
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
    expect(await sqlTableRefs(text)).toEqual([{ table: 'shelf', line: 1 }]);
  });

  it("reads Python's triple-quoted strings", async () => {
    const text = ['def unpaid(cur):', '    cur.execute("""', '        SELECT id FROM ledger.entry', '        WHERE paid = false', '    """)'].join('\n');
    expect(await sqlTableRefs(text)).toEqual([{ table: 'ledger.entry', line: 2 }]);
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
      { table: 'shelf', line: 2 },
      { table: 'crate', line: 5 },
      { table: 'Stock.Level', line: 11 },
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
    expect(await sqlTableRefs(java)).toEqual([{ table: 'crate', line: 1 }]);
    const python = ['cur.execute(', '    "SELECT id "', "    'FROM bin '", '    "WHERE full"', ')'].join('\n');
    expect(await sqlTableRefs(python)).toEqual([{ table: 'bin', line: 2 }]);
  });

  it('reads a seed file of many INSERTs quickly, each table once', async () => {
    const rows = Array.from({ length: 20000 }, (_, i) => `INSERT INTO crate (id, label) VALUES (${i}, 'from shelf ${i}');`);
    const text = [...rows, "INSERT INTO bin (id) SELECT id FROM crate WHERE label = 'x';"].join('\n');
    const started = Date.now();
    expect(await sqlTableRefs(text, 'sql')).toEqual([
      { table: 'crate', line: 1 },
      { table: 'bin', line: 20001 },
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
