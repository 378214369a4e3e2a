import { describe, expect, it } from 'vitest';
import { drizzleCreators, drizzleTables, drizzleUses } from './drizzle-refs.js';
import { ormTableRefs } from './orm-refs.js';

const SCHEMA = [
  "import { integer, pgSchema, pgTable, pgTableCreator, serial, text } from 'drizzle-orm/pg-core';",
  '',
  "export const users = pgTable('users', {",
  "  id: serial('id').primaryKey(),",
  "  name: text('name'),",
  '});',
  "export const posts = pgTable('blog_posts', { id: serial('id'), authorId: integer('author_id') });",
  "const auth = pgSchema('auth');",
  "export const sessions = auth.table('sessions', { id: text('id') });",
  "export const keys = pgSchema('vault').table('api_keys', { id: text('id') });",
  'const createTable = pgTableCreator((name) => `acme_${name}`);',
  "export const tags = createTable('tag', { id: serial('id') });",
  "// export const old = pgTable('old_things', {});",
  '',
].join('\n');

describe('Drizzle ORM', () => {
  it('a file importing drizzle-orm declares its tables: pgTable, a pgSchema table, a pgTableCreator with its prefix', () => {
    expect(drizzleTables(SCHEMA, 'typescript')).toEqual([
      { table: 'users', line: 3, via: 'drizzle', model: 'users', access: ['schema'] },
      { table: 'blog_posts', line: 7, via: 'drizzle', model: 'posts', access: ['schema'] },
      { table: 'auth.sessions', line: 9, via: 'drizzle', model: 'sessions', access: ['schema'] },
      { table: 'vault.api_keys', line: 10, via: 'drizzle', model: 'keys', access: ['schema'] },
      { table: 'acme_tag', line: 12, via: 'drizzle', model: 'tags', access: ['schema'] },
    ]);
    // read with the other ORMs, for the scan
    expect(ormTableRefs(SCHEMA, 'typescript', 'src/db/schema.ts').map((r) => r.table)).toEqual([
      'users',
      'blog_posts',
      'auth.sessions',
      'vault.api_keys',
      'acme_tag',
    ]);
    // mysqlTable and sqliteTable too; without drizzle-orm named, a pgTable of one's own is not Drizzle's
    expect(drizzleTables("import { mysqlTable } from 'drizzle-orm/mysql-core';\nexport const orders = mysqlTable('orders', {});", 'typescript')).toEqual([
      { table: 'orders', line: 2, via: 'drizzle', model: 'orders', access: ['schema'] },
    ]);
    expect(drizzleTables("const pgTable = (n) => n;\nexport const users = pgTable('users', {});", 'typescript')).toEqual([]);
  });

  it('the declaring file and files importing its tables use them: from and joins read, insert/update/delete write', () => {
    const tables = drizzleTables(SCHEMA, 'typescript');
    const own = [SCHEMA, 'export const db = drizzle(pool);', 'export const all = () => db.select().from(users);'].join('\n');
    expect(drizzleUses(own, 'typescript', tables)).toEqual([{ table: 'users', line: 16, via: 'drizzle', access: ['read'] }]);
    const service = [
      "import { eq } from 'drizzle-orm';",
      "import { db } from '@/db';",
      "import { users, posts as articles, tags } from '@/db/schema';",
      '',
      'export async function feed(id: number) {',
      '  const rows = await db',
      '    .select({ name: users.name })',
      '    .from(articles)',
      '    .innerJoin(users, eq(users.id, articles.authorId))',
      '    .where(eq(users.id, id));',
      '  await db.insert(tags).values({ id });',
      '  await db.update(users).set({ name: "x" }).where(eq(users.id, id));',
      '  await db.delete(articles).where(eq(articles.id, id));',
      '  return rows;',
      '}',
    ].join('\n');
    expect(drizzleUses(service, 'typescript', tables)).toEqual([
      { table: 'blog_posts', line: 8, via: 'drizzle', access: ['read', 'write'] },
      { table: 'users', line: 9, via: 'drizzle', access: ['read', 'write'] },
      { table: 'acme_tag', line: 11, via: 'drizzle', access: ['write'] },
    ]);
  });

  it('a namespace import (`schema.users`) and the relational queries (`db.query.users.findMany`)', () => {
    const tables = drizzleTables(SCHEMA, 'typescript');
    const text = [
      "import * as schema from './schema';",
      "import { db } from './db';",
      'export const list = () => db.query.users.findMany({ with: { posts: true } });',
      'export const add = (s) => db.insert(schema.sessions).values(s);',
      'export const one = () => db.query.nothing.findFirst();',
    ].join('\n');
    expect(drizzleUses(text, 'typescript', tables)).toEqual([
      { table: 'users', line: 3, via: 'drizzle', access: ['read'] },
      { table: 'auth.sessions', line: 4, via: 'drizzle', access: ['write'] },
    ]);
  });

  it('links nothing for a name that is no Drizzle table, a table not imported, a column, or a name two tables share', () => {
    const tables = drizzleTables(SCHEMA, 'typescript');
    const text = [
      "import { db } from './db';",
      "import { users } from './schema';",
      "const items = ['a'];",
      'Array.from(items);',
      'db.select().from(items);',
      'db.select().from(posts);', // not imported here
      'db.select(users.id).from(users.id);',
      "const label = Buffer.from('users');",
    ].join('\n');
    expect(drizzleUses(text, 'typescript', tables)).toEqual([]);
    const twice = [...tables, { table: 'other_users', line: 1, via: 'drizzle', model: 'users', access: ['schema' as const] }];
    expect(drizzleUses("import { users } from './schema';\ndb.select().from(users);", 'typescript', twice)).toEqual([]);
    // unless the file imports the file declaring one of them
    const imported = tables.filter((t) => t.model === 'users');
    expect(drizzleUses("import { users } from './schema';\ndb.select().from(users);", 'typescript', twice, imported)).toEqual([
      { table: 'users', line: 2, via: 'drizzle', access: ['read'] },
    ]);
  });

  it('pgView and pgMaterializedView declare views, used like tables; an alias stands for its table', () => {
    const views = [
      "import { pgMaterializedView, pgView } from 'drizzle-orm/pg-core';",
      "import { users } from './schema';",
      "export const active = pgView('active_users').as((qb) => qb.select().from(users));",
      "export const totals = pgMaterializedView('order_totals', { n: integer('n') }).existing();",
    ].join('\n');
    const declared = drizzleTables(views, 'typescript');
    expect(declared).toEqual([
      { table: 'active_users', line: 3, via: 'drizzle', model: 'active', access: ['schema'] },
      { table: 'order_totals', line: 4, via: 'drizzle', model: 'totals', access: ['schema'] },
    ]);
    const tables = [...drizzleTables(SCHEMA, 'typescript'), ...declared];
    // the view's own query reads its table
    expect(drizzleUses(views, 'typescript', tables)).toEqual([{ table: 'users', line: 3, via: 'drizzle', access: ['read'] }]);
    // `pgView('active_users').as(…)` is no Knex builder on the view
    expect(ormTableRefs(views, 'typescript', 'src/db/views.ts').map((r) => [r.table, r.via])).toEqual([
      ['active_users', 'drizzle'],
      ['order_totals', 'drizzle'],
    ]);
    const text = [
      "import { alias } from 'drizzle-orm/pg-core';",
      "import { users, active } from './schema';",
      "const parent = alias(users, 'parent');",
      'db.select().from(active);',
      'db.select().from(parent);',
      "const other = alias(nothing, 'x');",
      'db.select().from(other);',
    ].join('\n');
    expect(drizzleUses(text, 'typescript', tables)).toEqual([
      { table: 'active_users', line: 4, via: 'drizzle', access: ['read'] },
      { table: 'users', line: 5, via: 'drizzle', access: ['read'] },
    ]);
  });

  it("a table creator imported from another file declares that file's tables with its prefix (create-t3-app's layout)", () => {
    const creatorFile = "import { pgTableCreator } from 'drizzle-orm/pg-core';\nexport const createTable = pgTableCreator((name) => `app_${name}`);\n";
    const creators = drizzleCreators(creatorFile, 'typescript');
    expect(creators).toEqual([{ name: 'createTable', prefix: 'app_', suffix: '' }]);
    const postFile = ["import { createTable as table } from '../table';", '', "export const posts = table('post', (d) => ({ id: d.integer() }));"].join('\n');
    // the file names no drizzle-orm itself: the imported creator says it is Drizzle's
    expect(drizzleTables(postFile, 'typescript', creators)).toEqual([{ table: 'app_post', line: 3, via: 'drizzle', model: 'posts', access: ['schema'] }]);
    // without the creator, nothing; a creator the file does not import declares nothing
    expect(drizzleTables(postFile, 'typescript')).toEqual([]);
    expect(drizzleTables("import { other } from '../table';\nexport const posts = createTable('post', {});", 'typescript', creators)).toEqual([]);
  });

  it('a table imported through a barrel stands for its variable, under the name the barrel passes it on as', () => {
    const tables = drizzleTables(SCHEMA, 'typescript');
    // `people` is no variable of the project: only the barrel's re-export (`export { users as people }`) names it
    const imported = [{ ...tables.find((t) => t.model === 'users')!, model: 'people' }];
    const text = "import { people } from './db';\ndb.insert(people).values({});";
    expect(drizzleUses(text, 'typescript', tables)).toEqual([]);
    expect(drizzleUses(text, 'typescript', tables, imported)).toEqual([{ table: 'users', line: 2, via: 'drizzle', access: ['write'] }]);
  });
});
