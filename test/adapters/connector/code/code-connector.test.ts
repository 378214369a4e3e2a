/**
 * The code connector on real working trees (issue 16): dependency-cruiser's import graph,
 * symbols and leading comments, .gitignore, path security, graph files and bad input.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCodeConnector } from '../../../../src/adapters/connector/code/index.js';
import { listCodeFiles } from '../../../../src/adapters/connector/code/list-files.js';
import type { SourceSnapshot } from '../../../../src/ports/catalog.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tree(files: Record<string, string | Buffer>, options: { git?: boolean } = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'sextant-code-'));
  dirs.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  if (options.git) execFileSync('git', ['init', '-q', root]);
  return root;
}

const SERVICE = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['src/lib/*'] }, module: 'NodeNext', moduleResolution: 'NodeNext' } }),
  '.gitignore': 'dist/\n*.generated.ts\n',
  'src/index.ts':
    "/** Entry point of the billing service. */\nimport { pay } from './billing/pay.js';\n/** Starts the server. Pays one invoice. */\nexport function main() { return pay(1); }\n",
  'src/billing/pay.ts':
    "// Pays an invoice: charges the card and records the payment.\nimport { round } from '@lib/money.js';\nimport type { Invoice } from './invoice.js';\nexport async function pay(amount: number) { return round(amount); }\nexport class PaymentError extends Error {}\nexport type PayResult = { ok: boolean };\n",
  'src/billing/invoice.ts': "export interface Invoice { id: string }\nimport { pay } from './pay.js';\nexport const payAll = () => pay(2);\n",
  'src/lib/money.ts': "import fs from 'node:fs';\nexport function round(n: number) { return Math.round(n); }\n",
  'src/report.generated.ts': 'export const x = 1;\n',
  'dist/index.js': 'console.log(1)\n',
  'node_modules/left/index.js': 'module.exports = 1\n',
  'README.md': '# not code\n',
  'tools/run.py': '"""Runs the nightly job."""\nimport os\n\ndef run():\n    pass\n\nclass Job:\n    pass\n',
};

function record(url: string, options: Record<string, unknown> = {}): SourceRecord {
  const source: SourceRecord = { name: 'svc', type: 'code', url, options, createdAt: new Date().toISOString() };
  createCodeConnector().validate(source);
  return source;
}

const byId = (snapshot: SourceSnapshot) => new Map(snapshot.objects.map((o) => [o.id, o]));
const edgeList = (snapshot: SourceSnapshot) => snapshot.edges.map((e) => `${e.fromId.split(':')[2]} → ${e.toId.split(':')[2]}`).sort();

describe('code connector', () => {
  it('scans a git working tree: files, imports (tsconfig paths, .js for .ts), symbols, comments; ignored and vendored files left out', async () => {
    const root = tree(SERVICE, { git: true });
    const snapshot = await createCodeConnector().introspect(record(root));
    const files = snapshot.objects.filter((o) => o.kind === 'code_file').map((o) => o.path);
    expect(files).toEqual(['src/billing/invoice.ts', 'src/billing/pay.ts', 'src/index.ts', 'src/lib/money.ts', 'tools/run.py']);
    expect(edgeList(snapshot)).toEqual([
      'src/billing/invoice.ts → src/billing/pay.ts',
      'src/billing/pay.ts → src/billing/invoice.ts',
      'src/billing/pay.ts → src/lib/money.ts',
      'src/index.ts → src/billing/pay.ts',
    ]);
    const objects = byId(snapshot);
    const pay = objects.get('svc:code_file:src/billing/pay.ts')!;
    expect(pay.comment).toBe('Pays an invoice: charges the card and records the payment.');
    expect(pay.attributes).toMatchObject({ language: 'typescript', symbols: ['pay', 'PaymentError', 'PayResult'], docLines: 0 });
    // documentation lines: a doc comment, a docstring
    expect(objects.get('svc:code_file:src/index.ts')!.attributes.docLines).toBe(2);
    // a symbol carries its doc comment's first sentence; one without a doc comment none
    expect(objects.get('svc:code_symbol:src/index.ts#main')!.comment).toBe('Starts the server.');
    expect(objects.get('svc:code_symbol:src/billing/pay.ts#pay')!.comment).toBeNull();
    expect(pay.resource).toBe('file:src/billing/pay.ts');
    expect(objects.get('svc:code_symbol:src/billing/pay.ts#PaymentError')).toMatchObject({
      parentId: pay.id,
      definition: 'export class PaymentError extends Error',
      attributes: { symbolKind: 'class', line: 5 },
    });
    expect(objects.get('svc:code_file:src/index.ts')!.comment).toBe('Entry point of the billing service.');
    const py = objects.get('svc:code_file:tools/run.py')!;
    expect(py.comment).toBe('Runs the nightly job.');
    expect(py.attributes.symbols).toEqual(['run', 'Job']);
    expect(py.attributes.docLines).toBe(1);
    // words said once are searched when a doc comment says them: prose written for readers
    const index = objects.get('svc:code_file:src/index.ts')!;
    expect(index.attributes.docWords).toEqual(expect.arrayContaining(['entry', 'point', 'service']));
    expect(index.attributes.onceWords).toContain('main');
    expect(index.attributes.docWords).not.toContain('main');
    expect(pay.attributes.docWords).toEqual([]); // a line comment is no doc comment
    expect(py.attributes.docWords).toContain('nightly');
    expect(py.attributes.docWords).not.toContain('os');
    expect(snapshot.objects.every((o) => !o.path.startsWith('/') && !o.path.includes('..'))).toBe(true);
  });

  it('links Drizzle tables where they are declared and in the files that import them, and Kysely queries, each with its access', async () => {
    const root = tree({
      'src/db/schema.ts': [
        "import { pgTable, serial, text } from 'drizzle-orm/pg-core';",
        "export const customers = pgTable('customers', { id: serial('id'), name: text('name') });",
        "export const orders = pgTable('orders', { id: serial('id') });",
        '',
      ].join('\n'),
      'src/db/index.ts':
        "import { drizzle } from 'drizzle-orm/node-postgres';\nimport * as schema from './schema';\nexport const db = drizzle(process.env.DATABASE_URL!, { schema });\n",
      'src/customers.ts': [
        "import { eq } from 'drizzle-orm';",
        "import { db } from './db';",
        "import { customers } from './db/schema';",
        'export const one = (id: number) => db.select().from(customers).where(eq(customers.id, id));',
        'export const rename = (id: number, name: string) => db.update(customers).set({ name }).where(eq(customers.id, id));',
        '',
      ].join('\n'),
      'src/orders.ts': "import { db } from './db';\nexport const recent = () => db.query.orders.findMany({ limit: 5 });\n",
      // another schema declares a `customers` variable too: each importer reaches the one it imports
      'src/admin/schema.ts':
        "import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const customers = pgTable('admin_customers', { id: serial('id') });\n",
      'src/admin/list.ts': "import { db } from '../db';\nimport { customers } from './schema';\nexport const all = () => db.select().from(customers);\n",
      'src/ledger.ts': [
        "import { Kysely } from 'kysely';",
        'export const entries = (db: Kysely<DB>) =>',
        "  db.selectFrom('ledger as l').innerJoin('customers as c', 'c.id', 'l.customer_id').selectAll().execute();",
        '',
      ].join('\n'),
      'src/unrelated.ts': "const orders = [1];\nexport const copy = Array.from(orders);\nfunction selectFrom(t: string) { return t; }\nselectFrom('ledger');\n",
    });
    const files = byId(await createCodeConnector().introspect(record(root)));
    const orm = (path: string) =>
      (files.get(`svc:code_file:${path}`)!.attributes.ormTables as Array<{ table: string; line: number; via: string; access?: string[] }> | undefined)?.map(
        (t) => [t.table, t.line, t.via, t.access],
      );
    expect(orm('src/db/schema.ts')).toEqual([
      ['customers', 2, 'drizzle', ['schema']],
      ['orders', 3, 'drizzle', ['schema']],
    ]);
    expect(orm('src/customers.ts')).toEqual([['customers', 4, 'drizzle', ['read', 'write']]]);
    expect(orm('src/orders.ts')).toEqual([['orders', 2, 'drizzle', ['read']]]);
    expect(orm('src/admin/list.ts')).toEqual([['admin_customers', 3, 'drizzle', ['read']]]);
    expect(orm('src/ledger.ts')).toEqual([
      ['ledger', 3, 'kysely', ['read']],
      ['customers', 3, 'kysely', ['read']],
    ]);
    expect(orm('src/db/index.ts')).toBeUndefined();
    expect(orm('src/unrelated.ts')).toBeUndefined();
  });

  it("declares Drizzle tables with a creator another file holds, and follows barrels' re-exports to the table a shared variable means", async () => {
    const root = tree({
      // create-t3-app's layout: the creator in one file, the tables in others, a barrel passing them on
      'src/db/table.ts': "import { pgTableCreator } from 'drizzle-orm/pg-core';\nexport const createTable = pgTableCreator((name) => `shop_${name}`);\n",
      'src/db/schema/users.ts': "import { createTable } from '../table';\n\nexport const users = createTable('user', (d) => ({ id: d.integer() }));\n",
      'src/db/schema/posts.ts': "import { createTable } from '../table';\nexport const posts = createTable('post', (d) => ({ id: d.integer() }));\n",
      'src/db/schema/index.ts': "export * from './users';\nexport { posts as articles } from './posts';\n",
      // another `users` variable: the importer of the barrel means the one the barrel passes on
      'src/legacy/schema.ts': "import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const users = pgTable('legacy_users', { id: serial('id') });\n",
      'src/accounts.ts': [
        "import { db } from './db';",
        "import { users, articles } from './db/schema';",
        'export const all = () => db.select().from(users);',
        'export const write = () => db.insert(articles).values({});',
        '',
      ].join('\n'),
    });
    const files = byId(await createCodeConnector().introspect(record(root)));
    const orm = (path: string) =>
      (files.get(`svc:code_file:${path}`)!.attributes.ormTables as Array<{ table: string; line: number; access?: string[] }> | undefined)?.map((t) => [
        t.table,
        t.line,
        t.access,
      ]);
    expect(orm('src/db/schema/users.ts')).toEqual([['shop_user', 3, ['schema']]]);
    expect(orm('src/db/schema/posts.ts')).toEqual([['shop_post', 2, ['schema']]]);
    expect(orm('src/accounts.ts')).toEqual([
      ['shop_user', 3, ['read']],
      ['shop_post', 4, ['write']],
    ]);
  });

  it("leaves a SQL file's rows out of its words: a seed file's values are data, its tables and comments are not", async () => {
    const seed = ["INSERT INTO vets VALUES (default, 'James', 'Carter');", "INSERT INTO vets VALUES (default, 'Helen', 'Carter');"];
    const visits = Array.from({ length: 3 }, (_, i) => `INSERT INTO visits VALUES (default, ${i}, '2013-01-0${i + 1}', 'rabies shot');`);
    const root = tree({ 'db/data.sql': [...seed, ...visits, "COMMENT ON TABLE visits IS 'Visits booked at the clinic';", ''].join('\n') });
    const file = byId(await createCodeConnector().introspect(record(root))).get('svc:code_file:db/data.sql')!;
    const words = [...Object.keys(file.attributes.words as Record<string, number>), ...(file.attributes.onceWords as string[])];
    expect(words).toEqual(expect.arrayContaining(['insert', 'vets', 'visits', 'booked', 'clinic']));
    for (const value of ['james', 'carter', 'helen', 'rabies', 'shot']) expect(words).not.toContain(value);
  });

  it('resolves tsconfig paths that have no baseUrl (relative to the tsconfig, not to the working directory), as in a monorepo', async () => {
    const root = tree(
      {
        'tsconfig.json': JSON.stringify({
          compilerOptions: { paths: { '@acme/server': ['./packages/server/src'], '@acme/server/*': ['./packages/server/src/*'] } },
        }),
        'packages/server/src/index.ts': "export { route } from './route';\n",
        'packages/server/src/route.ts': 'export const route = 1;\n',
        'packages/client/src/client.ts':
          "import { route } from '@acme/server';\nimport { route as r } from '@acme/server/route';\nexport const c = route + r;\n",
      },
      { git: true },
    );
    expect(process.cwd()).not.toBe(root);
    const snapshot = await createCodeConnector().introspect(record(root));
    expect(edgeList(snapshot)).toEqual([
      'packages/client/src/client.ts → packages/server/src/index.ts',
      'packages/client/src/client.ts → packages/server/src/route.ts',
      'packages/server/src/index.ts → packages/server/src/route.ts',
    ]);
  });

  it('reuses the stored graph when no file changed, and rescans when one did', async () => {
    const root = tree(SERVICE, { git: true });
    const connector = createCodeConnector();
    const source = record(root);
    const first = await connector.introspect(source);
    const again = await connector.introspect(source, { stored: async () => first.objects });
    expect(again.info.notes).toEqual([expect.stringContaining('unchanged: not rescanned')]);
    expect(again.objects).toEqual(first.objects);
    expect(again.edges).toEqual(first.edges);
    writeFileSync(join(root, 'src/lib/money.ts'), "import { pay } from '../billing/pay.js';\nexport const round = (n: number) => n;\n");
    const changed = await connector.introspect(source, { stored: async () => first.objects });
    expect(changed.info.notes).toEqual([expect.not.stringContaining('unchanged')]);
    expect(edgeList(changed)).toContain('src/lib/money.ts → src/billing/pay.ts');
  });

  it('rescans only the files whose text changed, and gives what a full scan of the tree gives', async () => {
    const root = tree(SERVICE, { git: true });
    const git = (...args: string[]) => execFileSync('git', ['-C', root, '-c', 'user.email=t@t', '-c', 'user.name=t', ...args]);
    git('add', '-A');
    git('commit', '-qm', 'billing service');
    const connector = createCodeConnector();
    const source = record(root);
    const first = await connector.introspect(source);
    // a TypeScript file's imports change, and a file importing it is edited too: only they are read again, against the whole tree
    writeFileSync(
      join(root, 'src/billing/invoice.ts'),
      "import { round } from '@lib/money.js';\nexport interface Invoice { id: string }\nexport const total = () => round(2);\n",
    );
    writeFileSync(join(root, 'src/lib/money.ts'), "import { pay } from '../billing/pay.js';\nexport function round(n: number) { return Math.round(n); }\n");
    const edited = await connector.introspect(source, { stored: async () => first.objects });
    expect(edited.info.notes).toEqual([expect.stringContaining('(2 changed files rescanned)')]);
    expect(edgeList(edited)).toContain('src/lib/money.ts → src/billing/pay.ts');
    expect(edgeList(edited)).toContain('src/billing/invoice.ts → src/lib/money.ts');
    expect(edgeList(edited)).not.toContain('src/billing/invoice.ts → src/billing/pay.ts');
    const full = await connector.introspect(source);
    // an unchanged file's symbols keep their doc comments from the stored objects
    expect(edited.objects.find((o) => o.id === 'svc:code_symbol:src/index.ts#main')!.comment).toBe('Starts the server.');
    expect(edited.objects).toEqual(full.objects);
    expect(edited.edges).toEqual(full.edges);
    // a Python file changed: the languages parsed together are read again, the rest is kept
    writeFileSync(join(root, 'tools/run.py'), '"""Runs the nightly job."""\nimport os\n\ndef run():\n    pass\n\ndef retry():\n    pass\n');
    const python = await connector.introspect(source, { stored: async () => edited.objects });
    expect(python.info.notes).toEqual([expect.stringContaining('(1 changed file rescanned)')]);
    expect(python.objects.filter((o) => o.kind === 'code_symbol' && o.path.startsWith('tools/')).map((o) => o.name)).toEqual(['run', 'retry']);
    expect(python.objects).toEqual((await connector.introspect(source)).objects);
    // a file added: the whole tree is read again (an import that did not resolve may now)
    writeFileSync(join(root, 'src/lib/tax.ts'), "import { round } from './money.js';\nexport const tax = (n: number) => round(n * 0.2);\n");
    const added = await connector.introspect(source, { stored: async () => python.objects });
    expect(added.info.notes).toEqual([expect.not.stringMatching(/unchanged|rescanned\)/)]);
    expect(edgeList(added)).toContain('src/lib/tax.ts → src/lib/money.ts');
  });

  it("an edit gives exactly what a full scan gives: the edited file's importers and callers take its new tables and routes, history moves with the commit", async () => {
    const root = tree(
      {
        'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }),
        'src/entities/user.ts': "/** A person who signs in. */\nimport { Entity } from 'typeorm';\n@Entity('users')\nexport class User {}\n",
        'src/services/users.ts':
          "// Reads and writes users.\nimport { User } from '../entities/user.js';\nexport const all = (dataSource: any) => dataSource.getRepository(User).find();\n",
        'server/app.ts': "import express from 'express';\nimport users from './routes/users.js';\nconst app = express();\napp.use('/api', users);\n",
        'server/routes/users.ts': "import express from 'express';\nconst router = express.Router();\nrouter.get('/users/:id', show);\nexport default router;\n",
        'web/client.ts': 'export const one = (id: string) => fetch(`/api/users/${id}`);\nexport const next = (id: string) => fetch(`/v2/users/${id}`);\n',
      },
      { git: true },
    );
    const git = (...args: string[]) => execFileSync('git', ['-C', root, '-c', 'user.email=t@t', '-c', 'user.name=t', ...args]);
    git('add', '-A');
    git('commit', '-qm', 'users');
    const connector = createCodeConnector();
    const source = record(root);
    // the store gives back what it was given, as JSON
    const stored = (snapshot: SourceSnapshot) => async () => JSON.parse(JSON.stringify(snapshot.objects)) as SourceSnapshot['objects'];
    const first = await connector.introspect(source);
    const attributes = (snapshot: SourceSnapshot, path: string) => snapshot.objects.find((o) => o.path === path)!.attributes;
    expect(attributes(first, 'src/services/users.ts').ormTables).toEqual([expect.objectContaining({ table: 'users' })]);
    expect(attributes(first, 'web/client.ts').routeCalls).toEqual([expect.objectContaining({ route: '/api/users/:id' })]);
    // two files that others import are edited and committed: the entity's table, the mount's prefix
    writeFileSync(
      join(root, 'src/entities/user.ts'),
      "/** Someone with an account. */\nimport { Entity } from 'typeorm';\n@Entity('accounts')\nexport class User {}\n",
    );
    writeFileSync(
      join(root, 'server/app.ts'),
      "import express from 'express';\nimport users from './routes/users.js';\nconst app = express();\napp.use('/v2', users);\n",
    );
    git('commit', '-qam', 'accounts');
    const edited = await connector.introspect(source, { stored: stored(first) });
    expect(edited.info.notes).toEqual([expect.stringContaining('(2 changed files rescanned)')]);
    const full = await connector.introspect(source);
    expect(edited.objects).toEqual(full.objects);
    expect(edited.edges).toEqual(full.edges);
    // what the unchanged files say of the others moved: their tables, routes and calls, and every file's history
    expect(attributes(edited, 'src/services/users.ts').ormTables).toEqual([expect.objectContaining({ table: 'accounts' })]);
    expect(attributes(edited, 'server/routes/users.ts').routes).toEqual([expect.objectContaining({ path: '/v2/users/:id' })]);
    expect(attributes(edited, 'web/client.ts').routeCalls).toEqual([expect.objectContaining({ route: '/v2/users/:id' })]);
    expect(attributes(edited, 'web/client.ts').historyAt).toBe(git('rev-parse', 'HEAD').toString().trim());
    expect(edited.objects.find((o) => o.path === 'src/entities/user.ts')!.comment).toBe('Someone with an account.');
    // a file added reads the whole tree's imports again, and still gives what a full scan gives
    writeFileSync(join(root, 'web/admin.ts'), "import { one } from './client.js';\nexport const show = () => one('1');\n");
    const added = await connector.introspect(source, { stored: stored(edited) });
    const fullAgain = await connector.introspect(source);
    expect(added.objects).toEqual(fullAgain.objects);
    expect(added.edges).toEqual(fullAgain.edges);
    expect(edgeList(added)).toContain('web/admin.ts → web/client.ts');
  });

  it('an edit not yet committed keeps the history stored (git would say the same) and gives what a full scan gives; a commit reads it again', async () => {
    const root = tree({ 'a.ts': 'export const a = 1;\n', 'b.ts': "import { a } from './a';\nexport const b = a;\n" }, { git: true });
    const git = (...args: string[]) => execFileSync('git', ['-C', root, '-c', 'user.email=t@t', '-c', 'user.name=t', ...args]);
    git('add', '-A');
    git('commit', '-qm', 'first');
    writeFileSync(join(root, 'b.ts'), "import { a } from './a';\nexport const b = a + 1;\n");
    git('commit', '-qam', 'second');
    const connector = createCodeConnector();
    const source = record(root);
    const first = await connector.introspect(source);
    const attributes = (snapshot: SourceSnapshot, path: string) => snapshot.objects.find((o) => o.path === path)!.attributes;
    expect([attributes(first, 'a.ts').commits, attributes(first, 'b.ts').commits, attributes(first, 'b.ts').subjects]).toEqual([1, 2, ['second', 'first']]);
    expect(attributes(first, 'a.ts').coChanged).toEqual([{ path: 'b.ts', weight: 1 }]);
    writeFileSync(join(root, 'a.ts'), 'export const a = 1;\n// edited\n');
    const edited = await connector.introspect(source, { stored: async () => JSON.parse(JSON.stringify(first.objects)) as SourceSnapshot['objects'] });
    expect(edited.info.notes).toEqual([expect.stringContaining('(1 changed file rescanned)')]);
    const full = await connector.introspect(source);
    expect(edited.objects).toEqual(full.objects);
    expect(edited.edges).toEqual(full.edges);
    // the history is the stored one, not read again: a stored count git never gave stays
    const doctored = first.objects.map((o) => (o.path === 'b.ts' ? { ...o, attributes: { ...o.attributes, commits: 99 } } : o));
    expect(attributes(await connector.introspect(source, { stored: async () => doctored }), 'b.ts').commits).toBe(99);
    // committed, the edit moves the history: git reads it again
    git('commit', '-qam', 'third');
    const committed = await connector.introspect(source, { stored: async () => doctored });
    expect([attributes(committed, 'a.ts').commits, attributes(committed, 'b.ts').commits]).toEqual([2, 2]);
    expect(committed.objects).toEqual((await connector.introspect(source)).objects);
  });

  it('reads the history again when the tree is the same but another commit is checked out', async () => {
    const root = tree({ 'a.ts': 'export const a = 1;\n', 'b.ts': "import { a } from './a';\nexport const b = a;\n" }, { git: true });
    const git = (...args: string[]) => execFileSync('git', ['-C', root, '-c', 'user.email=t@t', '-c', 'user.name=t', ...args]);
    git('add', '-A');
    git('commit', '-qm', 'first');
    const connector = createCodeConnector();
    const source = record(root);
    writeFileSync(join(root, 'a.ts'), 'export const a = 2;\n');
    const before = await connector.introspect(source);
    const commitsOf = (snapshot: SourceSnapshot) => snapshot.objects.find((o) => o.path === 'a.ts')!.attributes.commits;
    expect(commitsOf(before)).toBe(1);
    const same = await connector.introspect(source, { stored: async () => before.objects });
    expect([same.objects, same.edges, same.info.notes]).toEqual([before.objects, before.edges, [expect.stringContaining('unchanged: not rescanned')]]);
    git('commit', '-q', '--allow-empty', '-m', 'empty');
    const empty = await connector.introspect(source, { stored: async () => before.objects });
    expect(empty.objects).toEqual(before.objects);
    git('commit', '-qam', 'second');
    const after = await connector.introspect(source, { stored: async () => before.objects });
    expect(commitsOf(after)).toBe(2);
    expect(after.objects.find((o) => o.path === 'a.ts')!.attributes.historyAt).toBe(git('rev-parse', 'HEAD').toString().trim());
    expect(after.info.notes).toEqual([expect.stringContaining('unchanged: not rescanned')]); // the files as they were: their imports kept
  });

  it("resolves each app's own tsconfig paths in a monorepo: the same alias maps into each app's folder (tsconfig or jsconfig), the root's aliases fill in", async () => {
    const app = (name: string, config = 'tsconfig.json') => ({
      [`apps/${name}/${config}`]: `{\n  // Next.js style\n  "compilerOptions": { "jsx": "preserve", "paths": { "@/*": ["./src/*"] } }\n}\n`,
      [`apps/${name}/src/page.tsx`]:
        "import { db } from '@/lib/db';\nimport { shared } from '#shared';\nimport { other } from '../../../lib/other';\nexport const Page = () => <div>{db + shared + other}</div>;\n",
      [`apps/${name}/src/lib/db.ts`]: `export const db = '${name}';\n`,
    });
    const root = tree(
      {
        'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '#shared': ['./lib/shared.ts'] } } }),
        'lib/shared.ts': 'export const shared = 1;\n',
        'lib/other.ts': 'export const other = 1;\n',
        'lib/use.ts': "import { shared } from '#shared';\nexport const u = shared;\n",
        ...app('web'),
        ...app('admin', 'jsconfig.json'),
        'apps/plain/src/index.js': "const { db } = require('../../web/src/lib/db');\nmodule.exports = db;\n",
      },
      { git: true },
    );
    const snapshot = await createCodeConnector().introspect(record(root));
    expect(edgeList(snapshot)).toEqual([
      'apps/admin/src/page.tsx → apps/admin/src/lib/db.ts',
      'apps/admin/src/page.tsx → lib/other.ts',
      'apps/admin/src/page.tsx → lib/shared.ts',
      'apps/plain/src/index.js → apps/web/src/lib/db.ts',
      'apps/web/src/page.tsx → apps/web/src/lib/db.ts',
      'apps/web/src/page.tsx → lib/other.ts',
      'apps/web/src/page.tsx → lib/shared.ts',
      'lib/use.ts → lib/shared.ts',
    ]);
  });

  it('keeps tsconfig paths when the tsconfig extends a package that is not installed (a fresh clone, a turborepo config package); a broken tsconfig is skipped', async () => {
    const root = tree(
      {
        'tsconfig.json': JSON.stringify({ extends: '@tsconfig/node20/tsconfig.json', compilerOptions: { paths: { '@lib/*': ['./src/lib/*'] } } }),
        'apps/web/tsconfig.json': JSON.stringify({ extends: '@repo/typescript-config/nextjs.json', compilerOptions: { paths: { '@/*': ['./src/*'] } } }),
        'src/index.ts': "import { a } from '@lib/a';\nexport const b = a;\n",
        'src/lib/a.ts': 'export const a = 1;\n',
        'apps/web/src/page.ts': "import { db } from '@/db';\nexport const p = db;\n",
        'apps/web/src/db.ts': 'export const db = 1;\n',
        'tools/tsconfig.json': '{ "compilerOptions": { "paths": ',
        'tools/x.ts': "import { y } from './y';\nexport const x = y;\n",
        'tools/y.ts': 'export const y = 1;\n',
      },
      { git: true },
    );
    const snapshot = await createCodeConnector().introspect(record(root));
    expect(edgeList(snapshot)).toEqual(['apps/web/src/page.ts → apps/web/src/db.ts', 'src/index.ts → src/lib/a.ts', 'tools/x.ts → tools/y.ts']);
  });

  it("resolves SvelteKit's $lib (its generated tsconfig not committed) from TypeScript, JavaScript and components; a $lib the project maps itself stays its own", async () => {
    const root = tree(
      {
        'jsconfig.json': JSON.stringify({ extends: './.svelte-kit/tsconfig.json' }),
        'src/lib/api.js': 'export const get = () => 1;\n',
        'src/lib/Card.svelte': '<div><slot /></div>\n',
        'src/routes/+page.server.js': "import * as api from '$lib/api.js';\nexport const load = () => api.get();\n",
        'src/routes/+page.svelte':
          "<script>\n  import Card from '$lib/Card.svelte';\n  import { get } from '$lib/api.js';\n  import { goto } from '$app/navigation';\n</script>\n<Card />\n",
        'other/tsconfig.json': JSON.stringify({ extends: './.svelte-kit/tsconfig.json', compilerOptions: { paths: { '$lib/*': ['./shared/*'] } } }),
        'other/shared/x.ts': 'export const x = 1;\n',
        'other/src/lib/x.ts': 'export const x = 2;\n',
        'other/src/y.ts': "import { x } from '$lib/x';\nexport const y = x;\n",
      },
      { git: true },
    );
    const snapshot = await createCodeConnector().introspect(record(root));
    expect(edgeList(snapshot)).toEqual([
      'other/src/y.ts → other/shared/x.ts',
      'src/routes/+page.server.js → src/lib/api.js',
      'src/routes/+page.svelte → src/lib/Card.svelte',
      'src/routes/+page.svelte → src/lib/api.js',
    ]);
  });

  it("resolves the aliases a SvelteKit project's svelte.config.js sets (kit.files.lib, kit.alias), read without running it; one it cannot read keeps $lib at src/lib", async () => {
    const root = tree(
      {
        'jsconfig.json': JSON.stringify({ extends: './.svelte-kit/tsconfig.json' }),
        'svelte.config.js':
          "import adapter from '@sveltejs/adapter-node';\nexport default {\n  kit: {\n    adapter: adapter(),\n    files: { lib: 'app/lib' },\n    alias: { $utils: 'src/utils' },\n  },\n};\n",
        'app/lib/db.js': 'export const db = 1;\n',
        'src/lib/db.js': 'export const db = 2;\n',
        'src/utils/format.ts': 'export const format = (n: number) => `${n}`;\n',
        'src/routes/+page.server.ts': "import { db } from '$lib/db.js';\nimport { format } from '$utils/format';\nexport const load = () => format(db);\n",
        'src/routes/+page.svelte': "<script>\n  import { db } from '$lib/db.js';\n  import { format } from '$utils/format';\n</script>\n{format(db)}\n",
        'built/jsconfig.json': JSON.stringify({ extends: './.svelte-kit/tsconfig.json' }),
        'built/svelte.config.js': "import { kit } from './kit.js';\nexport default { kit: kit() };\n",
        'built/kit.js': "export const kit = () => ({ files: { lib: 'app/lib' } });\n",
        'built/src/lib/db.js': 'export const db = 3;\n',
        'built/src/x.js': "import { db } from '$lib/db.js';\nexport const x = db;\n",
      },
      { git: true },
    );
    const snapshot = await createCodeConnector().introspect(record(root));
    expect(edgeList(snapshot)).toEqual([
      'built/src/x.js → built/src/lib/db.js',
      'built/svelte.config.js → built/kit.js',
      'src/routes/+page.server.ts → app/lib/db.js',
      'src/routes/+page.server.ts → src/utils/format.ts',
      'src/routes/+page.svelte → app/lib/db.js',
      'src/routes/+page.svelte → src/utils/format.ts',
    ]);
    expect(snapshot.objects.some((o) => o.path === 'svelte.config.js')).toBe(true); // a code file: a change to it alone rescans
    writeFileSync(join(root, 'svelte.config.js'), 'export default { kit: {} };\n');
    const changed = await createCodeConnector().introspect(record(root), { stored: async () => snapshot.objects });
    expect(edgeList(changed).filter((e) => e.startsWith('src/routes/+page.server.ts'))).toEqual(['src/routes/+page.server.ts → src/lib/db.js']);
  });

  it('resolves imports of workspace packages by their package.json (exports with a source condition, main), with nothing installed', async () => {
    const root = tree(
      {
        'package.json': JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*'] }),
        'packages/core/package.json': JSON.stringify({
          name: '@acme/core',
          exports: {
            '.': { '@acme/source': './src/index.ts', types: './dist/index.d.ts', import: './dist/index.js' },
            './util': { '@acme/source': './src/util.ts', import: './dist/util.js' },
            './feature/*': { import: './dist/feature/*.js' },
          },
        }),
        'packages/core/src/index.ts': "export * from './util';\n",
        'packages/core/src/util.ts': 'export const util = 1;\n',
        'packages/core/src/feature/flags.ts': 'export const flags = 1;\n',
        'packages/core/test/core.test.ts': "import { util } from '@acme/core';\nexport const t = util;\n",
        'packages/legacy/package.json': JSON.stringify({ name: 'legacy', main: 'lib/index.js' }),
        'packages/legacy/lib/index.js': 'module.exports = 1;\n',
        'packages/app/src/main.ts':
          "import { util } from '@acme/core';\nimport { util as u } from '@acme/core/util';\nimport { flags } from '@acme/core/feature/flags';\nimport legacy from 'legacy';\nimport react from 'react';\nexport const m = [util, u, flags, legacy, react];\n",
      },
      { git: true },
    );
    const snapshot = await createCodeConnector().introspect(record(root));
    expect(edgeList(snapshot)).toEqual([
      'packages/app/src/main.ts → packages/core/src/feature/flags.ts',
      'packages/app/src/main.ts → packages/core/src/index.ts',
      'packages/app/src/main.ts → packages/core/src/util.ts',
      'packages/app/src/main.ts → packages/legacy/lib/index.js',
      'packages/core/src/index.ts → packages/core/src/util.ts',
      'packages/core/test/core.test.ts → packages/core/src/index.ts',
    ]);
    const main = snapshot.edges.find((e) => e.fromId.endsWith('main.ts') && e.toId.endsWith('legacy/lib/index.js'))!;
    expect(main.attributes).toEqual({ kinds: ['workspace'] });
  });

  it("resolves a TypeScript package's subpath imports (#name) whose targets are the built .js files or under a types condition", async () => {
    const root = tree(
      {
        'packages/api/package.json': JSON.stringify({
          name: 'api',
          type: 'module',
          imports: { '#db/*': './src/db/*.js', '#config': { types: './src/config.ts', default: './dist/config.js' }, '#log': './dist/log.js' },
        }),
        'packages/api/src/index.ts':
          "import { pool } from '#db/pool';\nimport { config } from '#config';\nimport { log } from '#log';\nexport const api = [pool, config, log];\n",
        'packages/api/src/db/pool.ts': 'export const pool = 1;\n',
        'packages/api/src/config.ts': 'export const config = 1;\n',
        'packages/api/src/log.ts': 'export const log = 1;\n',
      },
      { git: true },
    );
    const snapshot = await createCodeConnector().introspect(record(root));
    expect(edgeList(snapshot)).toEqual([
      'packages/api/src/index.ts → packages/api/src/config.ts',
      'packages/api/src/index.ts → packages/api/src/db/pool.ts',
      'packages/api/src/index.ts → packages/api/src/log.ts',
    ]);
    expect(snapshot.edges.find((e) => e.toId.endsWith('db/pool.ts'))!.attributes).toEqual({ kinds: ['aliased', 'aliased-subpath-import'] });
  });

  it('rescans when only a resolution config changed (a tsconfig path now maps elsewhere, a go.mod renamed its module)', async () => {
    const root = tree(
      {
        'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@x/*': ['./old/*'] } } }),
        'app.ts': "import { v } from '@x/v';\nexport const a = v;\n",
        'old/v.ts': 'export const v = 1;\n',
        'new/v.ts': 'export const v = 2;\n',
        'go.mod': 'module example.com/one\n',
        'cmd/main.go': 'package main\n\nimport "example.com/two/lib"\n\nfunc main() { lib.Run() }\n',
        'lib/lib.go': 'package lib\n\nfunc Run() {}\n',
      },
      { git: true },
    );
    const connector = createCodeConnector();
    const source = record(root);
    const first = await connector.introspect(source);
    expect(edgeList(first)).toEqual(['app.ts → old/v.ts']);
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { paths: { '@x/*': ['./new/*'] } } }));
    writeFileSync(join(root, 'go.mod'), 'module example.com/two\n');
    const changed = await connector.introspect(source, { stored: async () => first.objects });
    expect(changed.info.notes).toEqual([expect.not.stringContaining('unchanged')]);
    expect(edgeList(changed)).toEqual(['app.ts → new/v.ts', 'cmd/main.go → lib/lib.go']);
    const again = await connector.introspect(source, { stored: async () => changed.objects });
    expect(again.info.notes).toEqual([expect.stringContaining('unchanged: not rescanned')]);
  });

  it("keeps each file's co-change partners from git history, strongest first, sweeping commits left out", async () => {
    const root = tree(
      { 'a.ts': '1', 'b.ts': '1', 'c.ts': '1', ...Object.fromEntries(Array.from({ length: 45 }, (_, i) => [`bulk/f${i}.ts`, '1'])) },
      { git: true },
    );
    const git = (...args: string[]) => execFileSync('git', ['-C', root, '-c', 'user.email=t@t', '-c', 'user.name=t', ...args]);
    const commit = (files: string[], message: string) => {
      for (const f of files) writeFileSync(join(root, f), `${message}\n`);
      git('add', '-A');
      git('commit', '-qm', message);
    };
    commit(['a.ts', 'b.ts', 'c.ts', ...Array.from({ length: 45 }, (_, i) => `bulk/f${i}.ts`)], 'everything');
    commit(['a.ts', 'b.ts'], 'ab1');
    commit(['a.ts', 'b.ts'], 'ab2');
    commit(['a.ts', 'c.ts', 'bulk/f1.ts'], 'ac');
    const snapshot = await createCodeConnector().introspect(record(root));
    const a = byId(snapshot).get('svc:code_file:a.ts')!;
    expect(a.attributes.coChanged).toEqual([
      { path: 'b.ts', weight: 2 },
      { path: 'bulk/f1.ts', weight: 0.5 },
      { path: 'c.ts', weight: 0.5 },
    ]);
    expect(byId(snapshot).get('svc:code_file:bulk/f2.ts')!.attributes.coChanged).toBeUndefined();
    // each file's latest commits, newest first: places in the log and how many tree files each changed
    expect(a.attributes.recentChanges).toEqual([
      { ago: 0, files: 3 },
      { ago: 1, files: 2 },
      { ago: 2, files: 2 },
      { ago: 3, files: 48 },
    ]);
    expect(byId(snapshot).get('svc:code_file:bulk/f2.ts')!.attributes.recentChanges).toEqual([{ ago: 3, files: 48 }]);
  });

  it('without git, reads the root .gitignore itself', async () => {
    const root = tree(SERVICE);
    const snapshot = await createCodeConnector().introspect(record(root));
    const files = snapshot.objects.filter((o) => o.kind === 'code_file').map((o) => o.path);
    expect(files).not.toContain('src/report.generated.ts');
    expect(files).not.toContain('dist/index.js');
    expect(files).not.toContain('node_modules/left/index.js');
    expect(files).toContain('src/billing/pay.ts');
  });

  it('refuses symbolic links that leave the tree, binary and oversized files, each named, the rest indexed; a link to a file of the tree is that file, once', async () => {
    const outside = tree({ 'secret.ts': 'export const key = 1;\n' });
    const root = tree({ 'src/a.ts': "import './b.js';\n", 'src/b.ts': 'export const b = 1;\n', 'src/blob.ts': Buffer.from([0x65, 0x00, 0x01, 0x02]) });
    symlinkSync(join(outside, 'secret.ts'), join(root, 'src/leak.ts'));
    symlinkSync(join(root, 'src/b.ts'), join(root, 'src/alias.ts'));
    writeFileSync(join(root, 'src/huge.ts'), `export const big = "${'x'.repeat(2 * 1024 * 1024)}";\n`);
    const snapshot = await createCodeConnector().introspect(record(root));
    const files = snapshot.objects.filter((o) => o.kind === 'code_file').map((o) => o.path);
    expect(files).toEqual(['src/a.ts', 'src/b.ts']);
    const notes = snapshot.info.notes as string[];
    expect(notes).toContain('refused src/leak.ts: a symbolic link that leaves the repository');
    expect(notes).toContain('refused src/blob.ts: binary, not text');
    expect(notes.some((n) => n.startsWith('refused src/huge.ts:') && n.includes('limit'))).toBe(true);
    expect(JSON.stringify(snapshot)).not.toContain(outside);
    // the access check counts them; an update's check (the verdict only) leaves the listing to the introspection
    const connector = createCodeConnector();
    expect((await connector.checkAccess(record(root))).findings).toEqual([expect.objectContaining({ message: '2 code files, 3 refused' })]);
    expect(await connector.checkAccess(record(root), { verdictOnly: true })).toEqual({ ok: true, role: 'reader', findings: [] });
    await expect(connector.checkAccess(record(join(root, 'missing')), { verdictOnly: true })).rejects.toMatchObject({
      message: expect.stringContaining('not a folder'),
    });
  });

  it('lists a tree of more files than one batch reads, in path order, each file whole', async () => {
    const files = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`src/m${String(i).padStart(3, '0')}.ts`, `export const m${i} = ${i};\n`]));
    const listing = await listCodeFiles(tree({ ...files, 'src/zz.bin.ts': Buffer.from([0x65, 0x00]) }), { maxFileBytes: 1024 });
    expect(listing.files.map((f) => f.path)).toEqual(Object.keys(files));
    expect(listing.files[599]).toEqual({ path: 'src/m599.ts', language: 'typescript', text: 'export const m599 = 599;\n', size: 25 });
    expect(listing.refused).toEqual([{ path: 'src/zz.bin.ts', reason: 'binary, not text' }]);
  });

  it('reads an import chain longer than following imports could recurse (4,000 files: the stack overflowed), in batches with progress', async () => {
    const n = 4000;
    const files = Object.fromEntries(
      Array.from({ length: n }, (_, i) => [
        `src/f${i}.ts`,
        i + 1 < n ? `import { f${i + 1} } from './f${i + 1}';\nexport const f${i} = f${i + 1};\n` : `export const f${i} = 1;\n`,
      ]),
    );
    const progress: string[] = [];
    const snapshot = await createCodeConnector().introspect(record(tree(files)), {
      onProgress: (step, done, total) => step.includes('JavaScript') && progress.push(`${done}/${total}`),
    });
    const imports = snapshot.edges.filter((e) => e.kind === 'imports');
    expect(imports).toHaveLength(n - 1);
    // read in batches (one call's time grows faster than its files), each reported
    expect(progress.length).toBeGreaterThanOrEqual(10);
    expect(progress.at(-1)).toBe(`${n}/${n}`);
    expect(edgeList({ ...snapshot, edges: imports }).slice(0, 2)).toEqual(['src/f0.ts → src/f1.ts', 'src/f1.ts → src/f2.ts']);
  }, 60_000);

  it('an empty repository is one clear error', async () => {
    const root = tree({ 'README.md': '# nothing\n' }, { git: true });
    await expect(createCodeConnector().introspect(record(root))).rejects.toMatchObject({
      code: 'INTROSPECTION_FAILED',
      message: expect.stringContaining('no code files'),
    });
    await expect(createCodeConnector().introspect(record(join(root, 'missing')))).rejects.toMatchObject({
      code: 'INTROSPECTION_FAILED',
      message: expect.stringContaining('not a folder'),
    });
  });

  it('validates: a folder, not a URL; the graph file made absolute', () => {
    expect(() => record('https://github.com/x/y')).toThrow(/local folder/);
    expect(() => record(' ')).toThrow(/needs the folder/);
    expect(record('.', { graph: 'deps.json' }).options.graph).toBe(join(process.cwd(), 'deps.json'));
  });
});

describe('code connector with --graph', () => {
  const files = { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 1;\n', 'src/c.ts': 'export const c = 1;\n' };

  async function withGraph(content: string | null, size?: number): Promise<SourceSnapshot> {
    const root = tree(files);
    const graph = join(root, 'deps.json');
    if (content !== null) writeFileSync(graph, content);
    if (size) truncateSync(graph, size);
    return createCodeConnector().introspect(record(root, { graph }));
  }

  it('reads dependency-cruiser JSON; paths outside the tree are ignored and counted', async () => {
    const snapshot = await withGraph(
      JSON.stringify({
        modules: [
          {
            source: 'src/a.ts',
            dependencies: [
              { resolved: 'src/b.ts', dependencyTypes: ['local', 'import'] },
              { resolved: 'node:fs', coreModule: true },
            ],
          },
          { source: 'src/b.ts', dependencies: [{ resolved: '../../etc/passwd' }, { resolved: 'src/c.ts' }] },
          { source: '/abs/x.ts', dependencies: [] },
        ],
      }),
    );
    expect(edgeList(snapshot)).toEqual(['src/a.ts → src/b.ts', 'src/b.ts → src/c.ts']);
    expect(snapshot.info.notes).toContain('2 graph entries with paths outside the repository ignored');
  });

  it("reads seed 003's {nodes, edges}", async () => {
    const snapshot = await withGraph(JSON.stringify({ nodes: [{ id: 'src/a.ts' }], edges: [{ source: 'src/c.ts', target: 'src/a.ts', type: 'import' }] }));
    expect(edgeList(snapshot)).toEqual(['src/c.ts → src/a.ts']);
    expect(snapshot.edges[0]!.attributes).toEqual({ kinds: ['import'] });
  });

  it('malformed, unknown-shaped, missing and huge graph files: one clear error each', async () => {
    await expect(withGraph('{"modules": [')).rejects.toMatchObject({ code: 'INTROSPECTION_FAILED', message: expect.stringContaining('not valid JSON') });
    await expect(withGraph('{"foo": 1}')).rejects.toMatchObject({ message: expect.stringContaining('neither "modules"') });
    await expect(withGraph(null)).rejects.toMatchObject({ message: expect.stringContaining('is not there') });
    await expect(withGraph('{}', 100 * 1024 * 1024)).rejects.toMatchObject({ message: expect.stringMatching(/100 MB, over the 50 MB limit/) });
  });
});
