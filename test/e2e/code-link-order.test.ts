/**
 * Code-to-data links do not depend on the order sources are updated in (issue 16), through the
 * built CLI on a real PostgreSQL source: `update` of every source reads the databases before the
 * code (here the code source's name sorts first), and `update --source <database>` that changed the
 * database reads again the code linked to it, so a table added later lists the code that names it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'repo');
let db: TempDatabase;

interface Report {
  source: string;
  status: string;
  notes?: string[];
}

const usersOf = async (table: string): Promise<string[]> => {
  const got = await runCli(['get', `warehouse:table:${table}`, '--json'], env);
  expect(got.code, got.stderr).toBe(0);
  return got.json.incoming.filter((e: { kind: string }) => e.kind === 'uses_table').map((e: { fromId: string }) => e.fromId);
};

const update = async (...args: string[]): Promise<Report[]> => {
  const run = await runCli(['update', ...args, '--allow-extra-privileges', '--json'], env);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  return run.json.reports;
};

beforeAll(async () => {
  db = await createTempDatabase('sxt_order');
  await db.exec('CREATE TABLE customer (id int PRIMARY KEY, name text);');
  mkdirSync(join(repo, 'src'), { recursive: true });
  writeFileSync(join(repo, 'src/customers.ts'), "export const all = (db: any) => db.query('SELECT id, name FROM customer');\n");
  writeFileSync(join(repo, 'src/audit.ts'), "export const log = (db: any) => db.query('INSERT INTO audit_log (id) VALUES (1)');\n");
  // 'app' sorts before 'warehouse': listed order alone would read the code first and link nothing
  expect((await runCli(['source', 'add', 'code', repo, '--name', 'app'], env)).code).toBe(0);
  expect((await runCli(['source', 'add', db.adminDsn, '--name', 'warehouse', '--allow-extra-privileges'], env)).code).toBe(0);
}, 60_000);

afterAll(async () => {
  await db?.drop();
  home.cleanup();
});

it('a first update of every source reads the database before the code, so the code links', async () => {
  const reports = await update();
  expect(reports.map((r) => r.source)).toEqual(['warehouse', 'app']);
  expect(await usersOf('public.customer')).toEqual(['app:code_file:src/customers.ts']);
}, 120_000);

it('updating only the database reads again the code linked to it when the database changed', async () => {
  // nothing changed: the code is not read again
  expect((await update('--source', 'warehouse')).map((r) => [r.source, r.status])).toEqual([['warehouse', 'unchanged']]);

  await db.exec('CREATE TABLE audit_log (id int);');
  const reports = await update('--source', 'warehouse');
  expect(reports.map((r) => [r.source, r.status])).toEqual([
    ['warehouse', 'updated'],
    ['app', 'updated'],
  ]);
  expect(reports[1]!.notes).toContain("read again: it links to 'warehouse', which changed");
  expect(await usersOf('public.audit_log')).toEqual(['app:code_file:src/audit.ts']);

  const text = await runCli(['update', '--source', 'warehouse', '--allow-extra-privileges'], env);
  expect(text.stdout).toContain('warehouse: unchanged');
}, 120_000);
