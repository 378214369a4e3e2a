/**
 * Code-to-data links through the built CLI (issue 16): a repository whose SQL strings name tables
 * of a real PostgreSQL source; `get` of the table lists the code that uses it, `get` of the file
 * the tables it uses; names that are no table of the catalog link to nothing. The columns the
 * parsed SQL names link too: `get` of a column lists the code that uses it, with the line.
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
  writeFileSync(join(repo, 'src/report.ts'), '// totals\nexport const report = `SELECT name, total FROM billing.invoice, customer`;\n');
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
      ['app:code_file:src/report.ts', 2],
    ]);
    const text = await runCli(['get', 'pg:table:billing.invoice'], env);
    expect(text.stdout).toContain('← uses_table app:code_file:src/invoices.ts (line 3, reads)');
    const described = await runCli(['describe', 'pg:table:public.customer', '--json'], env);
    expect(described.json.links).toEqual([
      { direction: 'in', kind: 'uses_table', id: 'app:code_file:src/invoices.ts', line: 3, access: ['read'] },
      { direction: 'in', kind: 'uses_table', id: 'app:code_file:src/names.ts', line: 1, access: ['write'] },
      { direction: 'in', kind: 'uses_table', id: 'app:code_file:src/report.ts', line: 2, access: ['read'] },
    ]);
    const unused = await runCli(['get', 'pg:table:public.audit_log', '--json'], env);
    expect(unused.json.incoming).toEqual([]);
  });

  it('get of a file lists the tables it uses; a name that is no table links to nothing', async () => {
    const file = await runCli(['get', 'app:code_file:src/names.ts', '--json'], env);
    const tables = file.json.outgoing.filter((e: { kind: string }) => e.kind === 'uses_table');
    expect(tables.map((e: { toId: string }) => e.toId)).toEqual(['pg:table:public.customer']);
    expect(file.json.object.attributes.sqlTables).toEqual([
      { table: 'customer', line: 1, columns: ['name', 'id'], access: ['write'], columnAccess: { name: ['write'] } },
      { table: 'nowhere', line: 2, columns: ['id'], access: ['write'] },
    ]);
  });
});

type Edge = { kind: string; fromId: string; toId: string; attributes: { line: number; access?: string[] } };

describe('code-to-column links', () => {
  it('get of a column lists the code that uses it, with the line and whether it reads or writes it, in text and --json; describe lists it too', async () => {
    const name = await runCli(['get', 'pg:column:public.customer.name', '--json'], env);
    expect(name.code, name.stderr).toBe(0);
    const users = name.json.incoming.filter((e: Edge) => e.kind === 'uses_column');
    expect(users.map((e: Edge) => [e.fromId, e.attributes.line, e.attributes.access])).toEqual([
      ['app:code_file:src/names.ts', 1, ['write']], // UPDATE customer SET name = …
      ['app:code_file:src/report.ts', 2, ['read']], // unqualified, two tables in scope: only customer has `name`
    ]);
    const text = await runCli(['get', 'pg:column:billing.invoice.total'], env);
    expect(text.stdout).toContain('← uses_column app:code_file:src/invoices.ts (line 3, reads)');
    expect(text.stdout).toContain('← uses_column app:code_file:src/report.ts (line 2, reads)');
    const described = await runCli(['describe', 'pg:column:billing.invoice.total', '--json'], env);
    expect(described.json.links).toEqual([
      { direction: 'in', kind: 'uses_column', id: 'app:code_file:src/invoices.ts', line: 3, access: ['read'] },
      { direction: 'in', kind: 'uses_column', id: 'app:code_file:src/report.ts', line: 2, access: ['read'] },
    ]);
    const unused = await runCli(['get', 'pg:column:public.audit_log.id', '--json'], env);
    expect(unused.json.incoming).toEqual([]);
  });

  it('get of a file lists the columns it uses; a column no table has links to nothing', async () => {
    const columnsOf = async (path: string) => {
      const file = await runCli(['get', `app:code_file:${path}`, '--json'], env);
      return file.json.outgoing
        .filter((e: Edge) => e.kind === 'uses_column')
        .map((e: Edge) => `${e.toId} ${e.attributes.line}`)
        .sort();
    };
    expect(await columnsOf('src/invoices.ts')).toEqual([
      'pg:column:billing.invoice.id 3',
      'pg:column:billing.invoice.total 3',
      'pg:column:public.customer.id 3',
    ]);
    expect(await columnsOf('src/names.ts')).toEqual(['pg:column:public.customer.id 1', 'pg:column:public.customer.name 1']);
    expect(await columnsOf('src/report.ts')).toEqual(['pg:column:billing.invoice.total 2', 'pg:column:public.customer.name 2']);
    const text = await runCli(['get', 'app:code_file:src/names.ts'], env);
    expect(text.stdout).toContain('→ uses_column pg:column:public.customer.name (line 1, writes)');
    expect(text.stdout).toContain('→ uses_column pg:column:public.customer.id (line 1, reads)');
  });
});
