/**
 * Names the ORM code gives its joins and tables indirectly, read against a real PostgreSQL source whose
 * tables have no foreign key: TypeORM's snake-case naming strategy (typeorm-naming-strategies) for the
 * join columns the code does not name, SQLAlchemy foreign keys held by a module constant, and
 * Flask-SQLAlchemy models without `__tablename__`, whose tables their files link. Real engine, real
 * code tree.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'src/data-source.ts': [
    "import { DataSource } from 'typeorm';",
    "import { SnakeNamingStrategy } from 'typeorm-naming-strategies';",
    "export const AppDataSource = new DataSource({ type: 'postgres', namingStrategy: new SnakeNamingStrategy() });",
  ].join('\n'),
  'src/entities.ts': [
    "import { Entity, PrimaryGeneratedColumn, ManyToOne } from 'typeorm';",
    '@Entity()',
    'export class Shopper {',
    '  @PrimaryGeneratedColumn()',
    '  shopperId: number;',
    '}',
    '@Entity()',
    'export class Basket {',
    '  @PrimaryGeneratedColumn()',
    '  id: number;',
    '  @ManyToOne(() => Shopper)',
    '  owner: Shopper;',
    '}',
  ].join('\n'),
  'app/models.py': [
    'from app import db',
    '',
    "CREW_ID = 'crew.id'",
    '',
    'class Crew(db.Model):',
    '    id = db.Column(db.Integer, primary_key=True)',
    '',
    'class CrewMember(db.Model):',
    '    id = db.Column(db.Integer, primary_key=True)',
    '    crew_id = db.Column(db.Integer, db.ForeignKey(CREW_ID))',
  ].join('\n'),
  'app/routes.py': ['from app.models import CrewMember', '', 'def members(crew):', '    return db.session.scalars(sa.select(CrewMember)).all()'].join('\n'),
};

const suite = databaseAndTreeSuite(
  'orm_joins_named',
  `
    CREATE TABLE shopper (shopper_id serial PRIMARY KEY);
    CREATE TABLE basket (id serial PRIMARY KEY, owner_shopper_id int);
    CREATE TABLE crew (id serial PRIMARY KEY);
    CREATE TABLE crew_member (id serial PRIMARY KEY, crew_id int);
  `,
  FILES,
);

const joinsOf = (table: string) => declaredJoinsOf(suite.engine(), table);

it("names TypeORM's default join column in snake case when the project's DataSource uses SnakeNamingStrategy", async () => {
  expect(await joinsOf('public.basket')).toEqual(['basket.owner_shopper_id = shopper.shopper_id -- typeorm src/entities.ts:11']);
});

it('reads a foreign key held by a module constant, between Flask-SQLAlchemy models named by their classes', async () => {
  expect(await joinsOf('public.crew_member')).toEqual(['crew_member.crew_id = crew.id -- sqlalchemy app/models.py:10']);
});

it("links a Flask-SQLAlchemy model's table to its declaring file and to the files querying it", async () => {
  const users = ((await suite.engine().get('pg:table:public.crew_member'))?.incoming ?? []).filter((e) => e.kind === 'uses_table').map((e) => e.fromId);
  expect(users.sort()).toEqual(['app:code_file:app/models.py', 'app:code_file:app/routes.py']);
});
