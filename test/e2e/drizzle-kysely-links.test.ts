/**
 * Drizzle ORM and Kysely through the built CLI, against a real PostgreSQL: a TypeScript tree whose
 * schema file declares two tables with `pgTable`, a service that imports them and queries them, a
 * relational query by the schema's key, a view declared with `pgView`, and a Kysely repository and migration. `get` of each table
 * lists the files that declare, read and write it, each with its line, `via` and access; a file
 * whose own `selectFrom` is no Kysely's links nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'shop');
let db: TempDatabase;

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'shop', dependencies: { 'drizzle-orm': '*', kysely: '*' } }),
  'src/db/schema.ts': [
    "import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';",
    '',
    "export const authors = pgTable('authors', { id: serial('id').primaryKey(), name: text('name') });",
    "export const books = pgTable('books', { id: serial('id').primaryKey(), authorId: integer('author_id'), title: text('title') });",
    '',
  ].join('\n'),
  'src/db/client.ts':
    "import { drizzle } from 'drizzle-orm/node-postgres';\nimport * as schema from './schema';\n\nexport const db = drizzle(process.env.DATABASE_URL!, { schema });\n",
  'src/catalog.ts': [
    "import { eq } from 'drizzle-orm';",
    "import { db } from './db/client';",
    "import { authors, books } from './db/schema';",
    '',
    'export async function titlesBy(authorId: number) {',
    '  return db.select({ title: books.title }).from(books).innerJoin(authors, eq(authors.id, books.authorId)).where(eq(authors.id, authorId));',
    '}',
    '',
    'export async function addBook(authorId: number, title: string) {',
    '  await db.insert(books).values({ authorId, title });',
    '}',
    '',
  ].join('\n'),
  'src/shelf.ts': "import { db } from './db/client';\n\nexport const everyAuthor = () => db.query.authors.findMany();\n",
  // a view declared with pgView links the database's view; its query reads its table
  'src/db/views.ts': [
    "import { pgView } from 'drizzle-orm/pg-core';",
    "import { books } from './schema';",
    '',
    "export const bookTitles = pgView('book_titles').as((qb) => qb.select({ title: books.title }).from(books));",
    '',
  ].join('\n'),
  'src/reports/repository.ts': [
    "import type { Kysely } from 'kysely';",
    '',
    'export async function bookCounts(db: Kysely<DB>) {',
    '  return db',
    "    .selectFrom('authors as a')",
    "    .leftJoin('books as b', 'b.author_id', 'a.id')",
    "    .select(['a.name'])",
    '    .execute();',
    '}',
    '',
    'export async function forget(db: Kysely<DB>, id: number) {',
    "  await db.deleteFrom('public.books').where('id', '=', id).execute();",
    '}',
    '',
  ].join('\n'),
  'src/reports/local.ts': "function selectFrom(name: string) {\n  return name;\n}\n\nexport const label = selectFrom('books');\n",
};

beforeAll(async () => {
  db = await createTempDatabase('sxt_drizzle');
  await db.exec(`CREATE TABLE authors (id serial PRIMARY KEY, name text);
    CREATE TABLE books (id serial PRIMARY KEY, author_id integer REFERENCES authors (id), title text);
    CREATE VIEW book_titles AS SELECT title FROM books;`);
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  expect((await runCli(['source', 'add', db.adminDsn, '--name', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['update', '--source', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['source', 'add', 'code', repo, '--name', 'shop'], env)).code).toBe(0);
  const update = await runCli(['update', '--source', 'shop', '--json'], env);
  expect(update.code, update.stdout + update.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  await db?.drop();
  home.cleanup();
});

type Edge = { kind: string; fromId: string; attributes: { line: number; via?: string; access?: string[] } };

async function users(table: string, kind = 'table'): Promise<Array<[string, number, string | undefined, string[] | undefined]>> {
  const got = await runCli(['get', `pg:${kind}:public.${table}`, '--json'], env);
  expect(got.code, got.stderr).toBe(0);
  return (got.json.incoming as Edge[])
    .filter((e) => e.kind === 'uses_table')
    .map((e): [string, number, string | undefined, string[] | undefined] => [e.fromId, e.attributes.line, e.attributes.via, e.attributes.access])
    .sort((a, b) => a[0].localeCompare(b[0]));
}

describe('Drizzle and Kysely users of a table', () => {
  it('get of a table lists the schema file declaring it, the Drizzle and Kysely files reading or writing it', async () => {
    expect(await users('authors')).toEqual([
      ['shop:code_file:src/catalog.ts', 6, 'drizzle', ['read']],
      ['shop:code_file:src/db/schema.ts', 3, 'drizzle', ['schema']],
      ['shop:code_file:src/reports/repository.ts', 5, 'kysely', ['read']],
      ['shop:code_file:src/shelf.ts', 3, 'drizzle', ['read']],
    ]);
    expect(await users('books')).toEqual([
      ['shop:code_file:src/catalog.ts', 6, 'drizzle', ['read', 'write']],
      ['shop:code_file:src/db/schema.ts', 4, 'drizzle', ['schema']],
      ['shop:code_file:src/db/views.ts', 4, 'drizzle', ['read']],
      ['shop:code_file:src/reports/repository.ts', 6, 'kysely', ['read', 'write']],
    ]);
    expect(await users('book_titles', 'view')).toEqual([['shop:code_file:src/db/views.ts', 4, 'drizzle', ['schema']]]);
    const text = await runCli(['get', 'pg:table:public.books'], env);
    expect(text.stdout).toContain('← uses_table shop:code_file:src/catalog.ts (line 6, drizzle, reads, writes)');
    expect(text.stdout).toContain('← uses_table shop:code_file:src/db/schema.ts (line 4, drizzle, declares)');
  });

  it('get of a file lists the tables it uses; a file with a selectFrom of its own and the client file link none', async () => {
    const file = await runCli(['get', 'shop:code_file:src/reports/repository.ts'], env);
    expect(file.stdout).toContain('→ uses_table pg:table:public.authors (line 5, kysely, reads)');
    expect(file.stdout).toContain('→ uses_table pg:table:public.books (line 6, kysely, reads, writes)');
    for (const path of ['src/reports/local.ts', 'src/db/client.ts']) {
      const got = await runCli(['get', `shop:code_file:${path}`, '--json'], env);
      expect(got.code, got.stderr).toBe(0);
      expect((got.json.outgoing as Edge[]).filter((e) => e.kind === 'uses_table')).toEqual([]);
    }
  });
});
