/**
 * Code-to-data links through the built CLI (issue 16): a repository whose SQL strings name tables
 * of a real PostgreSQL source; `get` of the table lists the code that uses it, `get` of the file
 * the tables it uses; names that are no table of the catalog link to nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'app');
let db: TempDatabase;

beforeAll(async () => {
  db = await createTempDatabase('sxt_code');
  await db.exec(`CREATE SCHEMA billing; CREATE TABLE billing.invoice (id int PRIMARY KEY, total numeric);
                 CREATE TABLE customer (id int PRIMARY KEY, name text); CREATE TABLE audit_log (id int);`);
  mkdirSync(join(repo, 'src'), { recursive: true });
  writeFileSync(
    join(repo, 'src/invoices.ts'),
    "/** Invoice queries. */\nexport async function unpaid(db: any) {\n  return db.query('SELECT i.id FROM billing.invoice i JOIN customer c ON c.id = i.id WHERE i.total > $1', [0]);\n}\n",
  );
  writeFileSync(
    join(repo, 'src/names.ts'),
    'export const rename = (db: any, n: string) => db.query(`UPDATE customer SET name = ${n} WHERE id = 1`);\nexport const ghost = "DELETE FROM nowhere WHERE id = 1";\n',
  );
  expect((await runCli(['source', 'add', db.adminDsn, '--name', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['update', '--source', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['source', 'add', 'code', repo, '--name', 'app'], env)).code).toBe(0);
  const update = await runCli(['update', '--source', 'app', '--json'], env);
  expect(update.code, update.stdout + update.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  await db?.drop();
  home.cleanup();
});

describe('code-to-data links', () => {
  it('get of a table lists the code that uses it, with the line', async () => {
    const table = await runCli(['get', 'pg:table:public.customer', '--json'], env);
    expect(table.code, table.stderr).toBe(0);
    const users = table.json.incoming.filter((e: { kind: string }) => e.kind === 'uses_table');
    expect(users.map((e: { fromId: string; attributes: { line: number } }) => [e.fromId, e.attributes.line])).toEqual([
      ['app:code_file:src/invoices.ts', 3],
      ['app:code_file:src/names.ts', 1],
    ]);
    const text = await runCli(['get', 'pg:table:billing.invoice'], env);
    expect(text.stdout).toContain('← uses_table app:code_file:src/invoices.ts (line 3)');
    const described = await runCli(['describe', 'pg:table:public.customer', '--json'], env);
    expect(described.json.links).toEqual([
      { direction: 'in', kind: 'uses_table', id: 'app:code_file:src/invoices.ts', line: 3 },
      { direction: 'in', kind: 'uses_table', id: 'app:code_file:src/names.ts', line: 1 },
    ]);
    const unused = await runCli(['get', 'pg:table:public.audit_log', '--json'], env);
    expect(unused.json.incoming).toEqual([]);
  });

  it('get of a file lists the tables it uses; a name that is no table links to nothing', async () => {
    const file = await runCli(['get', 'app:code_file:src/names.ts', '--json'], env);
    expect(file.json.outgoing.map((e: { toId: string }) => e.toId)).toEqual(['pg:table:public.customer']);
    expect(file.json.object.attributes.sqlTables).toEqual([
      { table: 'customer', line: 1 },
      { table: 'nowhere', line: 2 },
    ]);
  });
});
