/**
 * Sequelize's associations and SQLAlchemy's foreign keys as joins where the database has none:
 * `describe` lists them among a table's joins with the declaring file, line and ORM. Real engine,
 * real PostgreSQL source, real code tree.
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

const FILES: Record<string, string> = {
  // a sequelize-cli model: a class and its init() alone
  'api/models/team.js': [
    "const { Model } = require('sequelize');",
    'module.exports = (sequelize, DataTypes) => {',
    '  class Team extends Model {',
    '    static associate(models) {',
    "      this.belongsTo(models.Member, { as: 'owner', foreignKey: 'owner_id' });",
    '    }',
    '  }',
    "  Team.init({ name: DataTypes.STRING }, { sequelize, modelName: 'team' });",
    '  return Team;',
    '};',
  ].join('\n'),
  'api/models/member.js':
    "module.exports = (sequelize, DataTypes) => {\n  const Member = sequelize.define('member', { name: DataTypes.STRING });\n  return Member;\n};\n",
  'worker/models.py': [
    'from sqlalchemy import Column, ForeignKey, Integer, Table',
    '',
    'class Member(Base):',
    "    __tablename__ = 'members'",
    '    id = Column(Integer, primary_key=True)',
    '',
    'class Badge(Base):',
    "    __tablename__ = 'badges'",
    '    id = Column(Integer, primary_key=True)',
    '',
    'member_badges = Table(',
    "    'member_badges',",
    '    Base.metadata,',
    "    Column('member_id', ForeignKey(Member.id)),",
    "    Column('badge_id', ForeignKey('badges.id')),",
    ')',
  ].join('\n'),
};

beforeAll(async () => {
  db = await createTempDatabase('orm_declared_joins');
  await db.exec(`
    CREATE TABLE members (id serial PRIMARY KEY, name text);
    CREATE TABLE teams (id serial PRIMARY KEY, name text, owner_id int);
    CREATE TABLE badges (id serial PRIMARY KEY);
    CREATE TABLE member_badges (member_id int, badge_id int);
  `);
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  engine = await engineOverDatabaseAndTree(home.dir, db.adminDsn, repo);
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await db?.drop();
  home.cleanup();
});

const joinsOf = async (path: string) => ((await engine.describe(`pg:table:${path}`, { detail: 'full' })).description as ObjectDescription).joins;

it("lists a sequelize-cli model's belongsTo among the joins of its table", async () => {
  expect(await joinsOf('public.teams')).toEqual([
    {
      table: 'pg:table:public.members',
      on: 'teams.owner_id = members.id',
      declaredIn: { file: 'app:code_file:api/models/team.js', line: 5, via: 'sequelize' },
    },
  ]);
});

it("lists a SQLAlchemy association table's foreign keys, one naming a class's attribute, the other a string", async () => {
  expect(await joinsOf('public.member_badges')).toEqual([
    {
      table: 'pg:table:public.badges',
      on: 'member_badges.badge_id = badges.id',
      declaredIn: { file: 'app:code_file:worker/models.py', line: 15, via: 'sqlalchemy' },
    },
    {
      table: 'pg:table:public.members',
      on: 'member_badges.member_id = members.id',
      declaredIn: { file: 'app:code_file:worker/models.py', line: 14, via: 'sqlalchemy' },
    },
  ]);
});
