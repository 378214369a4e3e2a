import { describe, expect, it } from 'vitest';
import { kyselyRefs } from './kysely-refs.js';
import { ormTableRefs } from './orm-refs.js';

describe('Kysely', () => {
  it('a query starts on its table and joins others: select and joins read, insert/update/delete/merge write, aliases dropped', () => {
    const text = [
      "import { Kysely } from 'kysely';",
      'export async function petsOf(db: Kysely<DB>, id: number) {',
      '  return db',
      "    .selectFrom('person as p')",
      "    .innerJoin('pet', 'pet.owner_id', 'p.id')",
      "    .leftJoin('public.toy as t', 't.pet_id', 'pet.id')",
      "    .where('p.id', '=', id)",
      '    .selectAll()',
      '    .execute();',
      '}',
      "export const add = (db, row) => db.insertInto('person').values(row).executeTakeFirstOrThrow();",
      "export const rename = (trx, id) => trx.updateTable('pet').set({ name: 'x' }).where('id', '=', id).execute();",
      "export const drop = (db, id) => db.deleteFrom('audit.events').where('id', '=', id).execute();",
      "export const merge = (db) => db.mergeInto('person as target').using('staging as s', 'target.id', 's.id').whenMatched().thenDelete().execute();",
      "export const inSchema = (db) => db.withSchema('archive').selectFrom('person').selectAll().execute();",
      "// db.selectFrom('commented_out')",
    ].join('\n');
    expect(kyselyRefs(text, 'typescript')).toEqual([
      { table: 'person', line: 4, via: 'kysely', access: ['read', 'write'] },
      { table: 'pet', line: 5, via: 'kysely', access: ['read', 'write'] },
      { table: 'public.toy', line: 6, via: 'kysely', access: ['read'] },
      { table: 'audit.events', line: 13, via: 'kysely', access: ['write'] },
      { table: 'staging', line: 14, via: 'kysely', access: ['read'] },
      { table: 'archive.person', line: 15, via: 'kysely', access: ['read'] },
    ]);
    // read with the other ORMs, for the scan
    expect(ormTableRefs(text, 'typescript', 'src/pets.ts').map((r) => r.table)).toContain('public.toy');
  });

  it('the schema builder declares: createTable, alterTable, dropTable', () => {
    const migration = [
      "import { Kysely, sql } from 'kysely';",
      'export async function up(db: Kysely<any>): Promise<void> {',
      "  await db.schema.createTable('person').addColumn('id', 'serial', (c) => c.primaryKey()).execute();",
      "  await db.schema.alterTable('pet').addColumn('age', 'integer').execute();",
      "  await db.schema.createIndex('pet_owner_index').on('owner').column('owner_id').execute();",
      '}',
      'export async function down(db: Kysely<any>): Promise<void> {',
      "  await db.schema.dropTable('person').execute();",
      '}',
    ].join('\n');
    expect(kyselyRefs(migration, 'typescript')).toEqual([
      { table: 'person', line: 3, via: 'kysely', access: ['schema'] },
      { table: 'pet', line: 4, via: 'kysely', access: ['schema'] },
      { table: 'owner', line: 5, via: 'kysely', access: ['schema'] },
    ]);
    // an index's name is no table; outside a file naming Kysely, only a chain run with execute()
    expect(kyselyRefs("db.schema.createIndex('i').on('person').column('x');", 'typescript')).toEqual([]);
    expect(kyselyRefs("await db.schema.withSchema('s').createIndex('i').on('person').column('x').execute();", 'typescript')).toEqual([
      { table: 's.person', line: 1, via: 'kysely', access: ['schema'] },
    ]);
  });

  it("a common table expression's name is no table; withSchema qualifies the schema builder's table too", () => {
    const text = [
      "import type { Kysely } from 'kysely';",
      'export const recent = (db: Kysely<DB>) =>',
      "  db.with('fresh', (q) => q.selectFrom('person').where('created_at', '>', since).selectAll())",
      "    .selectFrom('fresh')",
      '    .selectAll()',
      '    .execute();',
      "export const make = (db: Kysely<DB>) => db.schema.withSchema('audit').createTable('events').execute();",
    ].join('\n');
    expect(kyselyRefs(text, 'typescript')).toEqual([
      { table: 'person', line: 3, via: 'kysely', access: ['read'] },
      { table: 'audit.events', line: 7, via: 'kysely', access: ['schema'] },
    ]);
  });

  it('in a file that does not name Kysely, only a query run with execute*: a repository given db by another file', () => {
    const repository = [
      "import { db } from '../database';",
      'export async function findPerson(id: number) {',
      "  return await db.selectFrom('person').where('id', '=', id).selectAll().executeTakeFirst();",
      '}',
      "export const builtOnly = () => db.selectFrom('pet').selectAll();",
    ].join('\n');
    expect(kyselyRefs(repository, 'typescript')).toEqual([{ table: 'person', line: 3, via: 'kysely', access: ['read'] }]);
    // a function of one's own named selectFrom links nothing
    const own = [
      'function selectFrom(name: string) { return name; }',
      'const store = { selectFrom: (t: string) => [t], deleteFrom: (t: string) => t };',
      "store.selectFrom('person');",
      "store.deleteFrom('pet');",
      "selectFrom('person');",
    ].join('\n');
    expect(kyselyRefs(own, 'typescript')).toEqual([]);
    expect(ormTableRefs(own, 'typescript', 'src/store.ts')).toEqual([]);
  });
});
