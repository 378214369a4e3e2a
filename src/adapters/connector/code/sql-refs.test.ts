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
});
