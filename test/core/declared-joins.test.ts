/**
 * Joins the code declares where the database has no foreign key: a Prisma schema's relations become
 * `declared_join` edges between the catalog's tables, which `describe` lists among the joins (and the
 * other table's `referencedBy`) with the file and line, unless a real foreign key already joins the
 * same columns. A relation whose table or column the catalog lacks makes none; removing the file, or
 * the relation from it, removes its joins. Real engine, real PostgreSQL source, real code tree.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ObjectDescription } from '../../src/core/discovery/describe.js';
import { databaseAndTreeSuite } from '../helpers/database-and-tree.js';

const SCHEMA = [
  'model User {',
  '  id    String @id @map("user_id")',
  '  posts Post[] @relation("author")',
  '  @@map("app_user")',
  '}',
  '',
  'model Post {',
  '  id       Int     @id',
  '  authorId String  @map("author_id")',
  '  editorId String? @map("editor_id")',
  '  author   User    @relation("author", fields: [authorId], references: [id])',
  '  editor   User?   @relation(fields: [editorId], references: [id])',
  '  tagId    Int?    @map("tag_id")',
  '  tag      Tag?    @relation(fields: [tagId], references: [id])',
  '  @@map("post")',
  '}',
  '',
  'model Tag {',
  '  id Int @id',
  '  @@map("tag")',
  '}',
].join('\n');

const describeTable = async (path: string) => (await suite.engine().describe(`pg:table:${path}`, { detail: 'full' })).description as ObjectDescription;

// editor_id has its foreign key; author_id has none; no table `tag`
const suite = databaseAndTreeSuite(
  'orm_joins_core',
  `CREATE TABLE app_user (user_id text PRIMARY KEY);
   CREATE TABLE post (id int PRIMARY KEY, author_id text, editor_id text REFERENCES app_user (user_id), tag_id int);`,
  { 'src/posts.ts': 'export const posts = (prisma: any) => prisma.post.findMany();\n', 'prisma/schema.prisma': SCHEMA },
);
const { repo } = suite;

describe('joins declared by code', () => {
  it('lists a Prisma relation with no foreign key among the joins, with file and line; the real key wins over its copy', async () => {
    const post = await describeTable('public.post');
    expect(post.joins).toEqual([
      { table: 'pg:table:public.app_user', on: 'post.editor_id = app_user.user_id' },
      {
        table: 'pg:table:public.app_user',
        on: 'post.author_id = app_user.user_id',
        declaredIn: { file: 'app:code_file:prisma/schema.prisma', line: 11, via: 'prisma' },
      },
    ]);
    const user = await describeTable('public.app_user');
    expect(user.referencedBy?.map((j) => [j.table, j.on, j.declaredIn?.line])).toEqual([
      ['pg:table:public.post', 'post.editor_id = app_user.user_id', undefined],
      ['pg:table:public.post', 'post.author_id = app_user.user_id', 11],
    ]);
    // get shows the same: the key, and the declared join no key makes; the relation to a table the database lacks makes no edge
    const edges = (await suite.engine().get('pg:table:public.post'))!.outgoing.filter((e) => e.kind === 'declared_join' || e.kind === 'foreign_key');
    expect(edges.map((e) => [e.kind, e.attributes.columns])).toEqual([
      ['declared_join', ['author_id']],
      ['foreign_key', ['editor_id']],
    ]);
  });

  it('drops the joins of a relation removed from the file, and of a removed file', async () => {
    writeFileSync(join(repo, 'prisma/schema.prisma'), SCHEMA.replace(/^ {2}author .*$/m, '  author   String'));
    expect((await suite.engine().update({ source: 'app' })).ok).toBe(true);
    expect((await describeTable('public.post')).joins?.map((j) => j.on)).toEqual(['post.editor_id = app_user.user_id']);
    writeFileSync(join(repo, 'prisma/schema.prisma'), SCHEMA);
    expect((await suite.engine().update({ source: 'app' })).ok).toBe(true);
    expect((await describeTable('public.post')).joins).toHaveLength(2);
    rmSync(join(repo, 'prisma/schema.prisma'));
    expect((await suite.engine().update({ source: 'app' })).ok).toBe(true);
    expect((await describeTable('public.post')).joins?.map((j) => j.on)).toEqual(['post.editor_id = app_user.user_id']);
    expect((await suite.engine().get('pg:table:public.post'))!.outgoing.filter((e) => e.kind === 'declared_join')).toEqual([]);
  });
});
