import { describe, expect, it } from 'vitest';
import type { CatalogEdge } from '../../ports/catalog.js';
import { dataUsersIndex, dataUseWhy } from './data-users.js';
import { aboutSchema, fileTables, foldCopies, isSchemaSql } from './sql-copies.js';

const R = 'src/main/resources/db';
const use = (file: string, table: string, access: string, line = 1): CatalogEdge => ({
  fromId: `svc:code_file:${file}`,
  toId: `pc:table:public.${table}`,
  kind: 'uses_table',
  resource: `file:${file}`,
  attributes: { line, access: [access] },
});
/** spring-petclinic's layout: one schema and one seed data file per dialect, a JPA entity, a query file. */
const EDGES = [
  ...['h2', 'mysql', 'postgres'].flatMap((d) => [
    use(`${R}/${d}/schema.sql`, 'visits', 'schema', 46),
    use(`${R}/${d}/schema.sql`, 'pets', 'schema', 30),
    use(`${R}/${d}/data.sql`, 'visits', 'write', 50),
    use(`${R}/${d}/data.sql`, 'pets', 'write', 40),
  ]),
  use(`${R}/mysql/user.sql`, 'visits', 'read'),
  use('src/main/java/owner/Visit.java', 'visits', 'schema', 34),
  use('db/queries/visits.sql', 'visits', 'read', 2),
];
const users = dataUsersIndex(EDGES, new Map(EDGES.map((e) => [e.fromId, e.fromId.slice('svc:code_file:'.length)])));
const tables = fileTables(users);
const visits = users.get('pc:public.visits')!;
const files = (uses: ReadonlyArray<{ file: string }>) => uses.map((u) => u.file);

describe('dialect copies', () => {
  it('keeps one file per group of same-named SQL files in sibling folders that name the same tables, the database’s dialect first', () => {
    const folded = foldCopies(visits, tables, new Map([['pc', ['postgres', 'postgresql', 'pg']]]));
    expect(files(folded.uses)).toEqual([
      `${R}/postgres/schema.sql`,
      `${R}/postgres/data.sql`,
      `${R}/mysql/user.sql`,
      'src/main/java/owner/Visit.java',
      'db/queries/visits.sql',
    ]);
    expect(folded.uses[0]!.alsoIn).toEqual([`${R}/h2/schema.sql`, `${R}/mysql/schema.sql`]);
    expect(folded.uses[2]).not.toHaveProperty('alsoIn');
    expect(dataUseWhy(folded.uses[0]!)).toBe('declares table public.visits (line 46), also in db/h2/, db/mysql/');
    expect(folded.keptAlsoIn).toEqual([]);
  });

  it('without a known dialect the first by path stays; a seed among the copies stands for them', () => {
    expect(files(foldCopies(visits, tables, new Map()).uses).slice(0, 2)).toEqual([`${R}/h2/schema.sql`, `${R}/h2/data.sql`]);
    const seeded = foldCopies(
      visits.filter((u) => u.file !== `${R}/mysql/schema.sql`),
      tables,
      new Map([['pc', ['postgres']]]),
      `${R}/mysql/schema.sql`,
    );
    expect(files(seeded.uses)).not.toContain(`${R}/postgres/schema.sql`);
    expect(files(seeded.uses)).not.toContain(`${R}/h2/schema.sql`);
    expect(seeded.keptAlsoIn).toEqual([`${R}/h2/schema.sql`, `${R}/postgres/schema.sql`]);
  });

  it('files that name other tables, or sit in folders that are not siblings, are not copies', () => {
    const edges = [
      use('db/h2/schema.sql', 'visits', 'schema'),
      use('db/postgres/schema.sql', 'visits', 'schema'),
      use('db/postgres/schema.sql', 'audit', 'schema'),
      use('db/h2/data.sql', 'visits', 'write'),
      use('other/pg/data.sql', 'visits', 'write'),
    ];
    const own = dataUsersIndex(edges, new Map(edges.map((e) => [e.fromId, e.fromId.slice('svc:code_file:'.length)])));
    const folded = foldCopies(own.get('pc:public.visits')!, fileTables(own), new Map([['pc', ['postgres', 'pg']]]));
    expect(files(folded.uses)).toEqual(['db/h2/schema.sql', 'db/postgres/schema.sql', 'db/h2/data.sql', 'other/pg/data.sql']);
    expect(folded.uses.some((u) => u.alsoIn)).toBe(false);
  });
});

describe('schema and data SQL files', () => {
  it('a SQL file that declares a table, or is named or filed as schema, data or migration; not a query file', () => {
    expect(isSchemaSql(`${R}/h2/schema.sql`, tables)).toBe(true);
    expect(isSchemaSql(`${R}/postgres/data.sql`, tables)).toBe(true);
    expect(isSchemaSql('db/migration/000001_init.up.sql', new Map())).toBe(true);
    expect(isSchemaSql('src/main/resources/db/migration/V2__add_visits.sql', new Map())).toBe(true);
    expect(isSchemaSql('db/queries/visits.sql', tables)).toBe(false);
    expect(isSchemaSql(`${R}/mysql/user.sql`, tables)).toBe(false);
    // declaring code is not SQL
    expect(isSchemaSql('src/main/java/owner/Visit.java', tables)).toBe(false);
  });

  it('a request about the schema names tables, columns, migrations, DDL or SQL', () => {
    expect(aboutSchema('which tables hold visits')).toBe(true);
    expect(aboutSchema('how are migrations run')).toBe(true);
    expect(aboutSchema('the visit_date column')).toBe(true);
    expect(aboutSchema('how are visits to a vet booked')).toBe(false);
    expect(aboutSchema('where is the timetable drawn')).toBe(false);
  });
});
