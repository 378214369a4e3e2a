/**
 * Drizzle's relations as joins where the database has no foreign key (a PlanetScale project, or one
 * whose keys were never pushed): `describe` lists `relations(…)`'s `one(…)` and a column's
 * `.references(…)` among the table's joins, with the declaring file and line. Real engine, real
 * PostgreSQL source, real code tree.
 */
import { expect, it } from 'vitest';
import type { ObjectDescription } from '../../src/core/discovery/describe.js';
import { databaseAndTreeSuite } from '../helpers/database-and-tree.js';

const suite = databaseAndTreeSuite(
  'drizzle_joins_core',
  `
    CREATE TABLE users (user_id serial PRIMARY KEY, name text);
    CREATE TABLE blog_posts (id serial PRIMARY KEY, author_id int NOT NULL, title text);
    CREATE TABLE comments (id serial PRIMARY KEY, post_id int NOT NULL, body text);
  `,
  {
    'src/db/schema.ts': [
      "import { pgTable, serial, integer, text } from 'drizzle-orm/pg-core';",
      "export const users = pgTable('users', { id: serial('user_id').primaryKey(), name: text('name') });",
      "export const posts = pgTable('blog_posts', { id: serial('id').primaryKey(), authorId: integer('author_id').notNull(), title: text('title') });",
      "export const comments = pgTable('comments', {",
      "  id: serial('id').primaryKey(),",
      "  postId: integer('post_id').notNull().references(() => posts.id),",
      "  body: text('body'),",
      '});',
    ].join('\n'),
    'src/db/relations.ts': [
      "import { relations } from 'drizzle-orm';",
      "import { users, posts } from './schema';",
      'export const postsRelations = relations(posts, ({ one }) => ({',
      '  author: one(users, { fields: [posts.authorId], references: [users.id] }),',
      '}));',
    ].join('\n'),
  },
);

const describeTable = async (path: string) => (await suite.engine().describe(`pg:table:${path}`, { detail: 'full' })).description as ObjectDescription;

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
