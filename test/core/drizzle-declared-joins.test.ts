/**
 * Drizzle's relations as joins where the database has no foreign key (a PlanetScale project, or one
 * whose keys were never pushed): `describe` lists `relations(…)`'s `one(…)` and a column's
 * `.references(…)` among the table's joins, with the declaring file and line. Real engine, real
 * PostgreSQL source, real code tree.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ObjectDescription } from '../../src/core/discovery/describe.js';
import type { Engine } from '../../src/core/engine.js';
import { engineOverDatabaseAndTree } from '../helpers/code-repo.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const repo = join(home.dir, 'repo');
let engine: Engine;
let db: TempDatabase;

beforeAll(async () => {
  db = await createTempDatabase('drizzle_joins_core');
  await db.exec(`
    CREATE TABLE users (user_id serial PRIMARY KEY, name text);
    CREATE TABLE blog_posts (id serial PRIMARY KEY, author_id int NOT NULL, title text);
    CREATE TABLE comments (id serial PRIMARY KEY, post_id int NOT NULL, body text);
  `);
  mkdirSync(join(repo, 'src/db'), { recursive: true });
  writeFileSync(
    join(repo, 'src/db/schema.ts'),
    [
      "import { pgTable, serial, integer, text } from 'drizzle-orm/pg-core';",
      "export const users = pgTable('users', { id: serial('user_id').primaryKey(), name: text('name') });",
      "export const posts = pgTable('blog_posts', { id: serial('id').primaryKey(), authorId: integer('author_id').notNull(), title: text('title') });",
      "export const comments = pgTable('comments', {",
      "  id: serial('id').primaryKey(),",
      "  postId: integer('post_id').notNull().references(() => posts.id),",
      "  body: text('body'),",
      '});',
    ].join('\n'),
  );
  writeFileSync(
    join(repo, 'src/db/relations.ts'),
    [
      "import { relations } from 'drizzle-orm';",
      "import { users, posts } from './schema';",
      'export const postsRelations = relations(posts, ({ one }) => ({',
      '  author: one(users, { fields: [posts.authorId], references: [users.id] }),',
      '}));',
    ].join('\n'),
  );
  engine = await engineOverDatabaseAndTree(home.dir, db.adminDsn, repo);
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await db?.drop();
  home.cleanup();
});

const describeTable = async (path: string) => (await engine.describe(`pg:table:${path}`, { detail: 'full' })).description as ObjectDescription;

it("lists a relation's one(…) and a column's .references(…) among the joins, with the declaring file and line", async () => {
  expect((await describeTable('public.blog_posts')).joins).toEqual([
    {
      table: 'pg:table:public.users',
      on: 'blog_posts.author_id = users.user_id',
      declaredIn: { file: 'app:code_file:src/db/relations.ts', line: 4, via: 'drizzle' },
    },
  ]);
  expect((await describeTable('public.comments')).joins).toEqual([
    {
      table: 'pg:table:public.blog_posts',
      on: 'comments.post_id = blog_posts.id',
      declaredIn: { file: 'app:code_file:src/db/schema.ts', line: 6, via: 'drizzle' },
    },
  ]);
  expect((await describeTable('public.users')).referencedBy?.map((j) => j.table)).toEqual(['pg:table:public.blog_posts']);
});
