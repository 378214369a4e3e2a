import { describe, expect, it } from 'vitest';
import { drizzleJoins } from './drizzle-joins.js';
import { drizzleTables } from './drizzle-refs.js';

/** The joins of a project's files, each file's Drizzle tables read as the scan reads them. */
function joinsOf(files: Record<string, string>) {
  const list = Object.entries(files).map(([path, text]) => ({ path, text }));
  const tables = new Map(list.map((f) => [f.path, drizzleTables(f.text, 'typescript')]));
  const joins = drizzleJoins(list, tables);
  return Object.fromEntries(
    [...joins].map(([path, js]) => [path, js.map((j) => `${j.table}(${j.columns}) → ${j.references}(${j.referencedColumns}) @${j.line}`)]),
  );
}

const SCHEMA = [
  "import { pgTable, serial, integer, text, pgSchema } from 'drizzle-orm/pg-core';",
  "export const users = pgTable('users', {",
  "  id: serial('user_id').primaryKey(),",
  "  name: text('name'),",
  '});',
  "const auth = pgSchema('auth');",
  "export const sessions = auth.table('sessions', {",
  "  token: text('token').primaryKey(),",
  "  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),",
  '});',
  "export const posts = pgTable('blog_posts', {",
  "  id: serial('id').primaryKey(),",
  "  authorId: integer('author_id').notNull(),",
  '  editorId: integer(),',
  "  title: text('title'),",
  '});',
].join('\n');

describe('Drizzle relations and references as declared joins', () => {
  it("reads relations' one(…) with fields and references in their own file, and a column's .references() where its table is", () => {
    const relations = [
      "import { relations } from 'drizzle-orm';",
      "import { users, posts } from './schema';",
      'export const postsRelations = relations(posts, ({ one }) => ({',
      '  author: one(users, { fields: [posts.authorId], references: [users.id] }),',
      '  editor: one(users, {',
      '    fields: [posts.editorId],',
      '    references: [users.id],',
      "    relationName: 'editor',",
      '  }),',
      '}));',
      'export const usersRelations = relations(users, ({ many }) => ({ posts: many(posts) }));',
      '// export const gone = relations(posts, ({ one }) => ({ x: one(users, { fields: [posts.title], references: [users.name] }) }));',
    ].join('\n');
    expect(joinsOf({ 'src/db/schema.ts': SCHEMA, 'src/db/relations.ts': relations })).toEqual({
      'src/db/schema.ts': ['auth.sessions(user_id) → users(user_id) @9'],
      'src/db/relations.ts': ['blog_posts(author_id) → users(user_id) @4', 'blog_posts(editorId) → users(user_id) @5'],
    });
  });

  it("names a column by its key in snake case when the project sets casing: 'snake_case'", () => {
    const relations = [
      "import { relations } from 'drizzle-orm';",
      "import * as schema from './schema';",
      'export const postsRelations = relations(schema.posts, ({ one }) => ({',
      '  editor: one(schema.users, { fields: [schema.posts.editorId], references: [schema.users.id] }),',
      '}));',
    ].join('\n');
    const db = "import { drizzle } from 'drizzle-orm/node-postgres';\nexport const db = drizzle(process.env.DATABASE_URL!, { casing: 'snake_case' });\n";
    expect(joinsOf({ 'src/db/schema.ts': SCHEMA, 'src/db/relations.ts': relations, 'src/db/index.ts': db })['src/db/relations.ts']).toEqual([
      'blog_posts(editor_id) → users(user_id) @4',
    ]);
  });

  it('leaves out a relation naming a table or a key the project lacks, and a variable two files declare that the file does not', () => {
    const other = "import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const users = pgTable('legacy_users', { id: serial('id') });\n";
    const relations = [
      "import { relations } from 'drizzle-orm';",
      'export const a = relations(posts, ({ one }) => ({',
      '  author: one(users, { fields: [posts.authorId], references: [users.id] }),',
      '  ghost: one(ghosts, { fields: [posts.authorId], references: [ghosts.id] }),',
      '  typo: one(posts, { fields: [posts.nope], references: [posts.id] }),',
      '}));',
    ].join('\n');
    const joins = joinsOf({ 'src/db/schema.ts': SCHEMA, 'src/legacy/schema.ts': other, 'src/db/relations.ts': relations });
    expect(joins['src/db/relations.ts']).toBeUndefined();
    // in the file declaring it, the variable is that file's table
    expect(joins['src/db/schema.ts']).toEqual(['auth.sessions(user_id) → users(user_id) @9']);
  });
  it("reads a table's foreignKey({ columns, foreignColumns }) in its third argument, composite and self-referencing", () => {
    const schema = [
      "import { mysqlTable, int, varchar, foreignKey, primaryKey } from 'drizzle-orm/mysql-core';",
      "export const tenants = mysqlTable('tenants', { region: varchar('region', { length: 8 }), code: varchar('code', { length: 8 }) }, (t) => [",
      '  primaryKey({ columns: [t.region, t.code] }),',
      ']);',
      "export const accounts = mysqlTable('accounts', {",
      "  id: int('id').primaryKey(),",
      "  tenantRegion: varchar('tenant_region', { length: 8 }),",
      "  tenantCode: varchar('tenant_code', { length: 8 }),",
      "  parentId: int('parent_id'),",
      '}, (t) => ({',
      '  tenantFk: foreignKey({ columns: [t.tenantRegion, t.tenantCode], foreignColumns: [tenants.region, tenants.code] }),',
      "  parentFk: foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'accounts_parent_fk' }),",
      '}));',
    ].join('\n');
    expect(joinsOf({ 'src/schema.ts': schema })).toEqual({
      'src/schema.ts': ['accounts(tenant_region,tenant_code) → tenants(region,code) @11', 'accounts(parent_id) → accounts(id) @12'],
    });
  });
});
