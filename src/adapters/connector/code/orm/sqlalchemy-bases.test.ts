import { describe, expect, it } from 'vitest';
import type { ImportMap } from '../imports/import-graph.js';
import { sqlalchemyInheritance } from './sqlalchemy-bases.js';
import { sqlalchemyJoins } from './sqlalchemy-joins.js';
import { sqlalchemyRelations } from './sqlalchemy-relations.js';
import { ormModelUses, ormTableRefs } from './orm-refs.js';
import type { OrmTableRef } from './orm-reader.js';

const CORE = [
  'import re',
  'from sqlalchemy.orm import DeclarativeBase, declared_attr',
  '',
  'def snake_case(name):',
  "    return re.sub(r'(?<!^)(?=[A-Z])', '_', name).lower()",
  '',
  'class Base(DeclarativeBase):',
  '    @declared_attr.directive',
  '    def __tablename__(cls):',
  '        return snake_case(cls.__name__)',
  '',
  '    def dict(self):',
  '        return {}',
].join('\n');
const MIXINS = [
  'class TimeStampMixin(object):',
  '    created_at = Column(DateTime)',
  '',
  'class ProjectMixin(object):',
  '    project_id = Column(Integer)',
  '',
  '    @declared_attr',
  '    def project(cls):',
  '        """Returns the project relationship."""',
  '        return relationship("Project")',
].join('\n');
const MODELS = [
  'from app.database.core import Base',
  'from app.models import TimeStampMixin, ProjectMixin',
  'from pydantic import BaseModel',
  '',
  'class IncidentType(ProjectMixin, Base, TimeStampMixin):',
  '    id = Column(Integer, primary_key=True)',
  '',
  'class DispatchUser(Base):',
  '    __table_args__ = {"schema": "dispatch_core"}',
  '    id = Column(Integer, primary_key=True)',
  '',
  'class Legacy(Base):',
  '    __tablename__ = "legacy_things"',
  '',
  'class Draft(Base):',
  '    __abstract__ = True',
  '',
  'class DraftNote(Draft):',
  '    id = Column(Integer, primary_key=True)',
  '',
  'class IncidentTypeRead(BaseModel):',
  '    name: str',
].join('\n');

const files = (extra: Record<string, string> = {}) =>
  Object.entries({ 'app/database/core.py': CORE, 'app/models.py': MIXINS, 'app/incident/models.py': MODELS, ...extra }).map(([path, text]) => ({
    path,
    text,
    language: 'python',
  }));
const IMPORTS: ImportMap = new Map([
  [
    'app/incident/models.py',
    [
      { path: 'app/database/core.py', kinds: ['import'] },
      { path: 'app/models.py', kinds: ['import'] },
    ],
  ],
]);
const tables = (given = files(), imports = IMPORTS) =>
  Object.fromEntries([...sqlalchemyInheritance(given, imports).tables].map(([path, refs]) => [path, refs.map((r) => [r.model, r.table, r.line])]));

describe("SQLAlchemy tables named by a base class's rule", () => {
  it('names the classes inheriting the base (through mixins, an abstract class, across files by import) by its rule', () => {
    expect(tables()).toEqual({
      'app/incident/models.py': [
        ['IncidentType', 'incident_type', 5],
        ['DispatchUser', 'dispatch_core.dispatch_user', 8],
        ['DraftNote', 'draft_note', 18],
      ],
    });
  });

  it('joins a class named by the rule on its foreign keys, to a class named by it too', () => {
    const given = files({
      'app/incident/models.py': MODELS.replace(
        'class IncidentType(ProjectMixin, Base, TimeStampMixin):',
        'class IncidentType(ProjectMixin, Base, TimeStampMixin):\n    owner_id = Column(Integer, ForeignKey(DispatchUser.id))',
      ),
    });
    const joins = sqlalchemyJoins(given, sqlalchemyInheritance(given, IMPORTS).tables).get('app/incident/models.py') ?? [];
    expect(joins.map((j) => `${j.table}.${j.columns[0]} = ${j.references}.${j.referencedColumns[0]}`)).toEqual([
      'incident_type.owner_id = dispatch_core.dispatch_user.id',
    ]);
  });

  it('names nothing when the base is not imported, or when its rule is not read exactly', () => {
    expect(tables(files(), new Map())).toEqual({});
    const conditional = CORE.replace('        return snake_case', '        if has_inherited_table(cls):\n            return None\n        return snake_case');
    expect(tables(files({ 'app/database/core.py': conditional }))).toEqual({});
  });

  it("reads an @as_declarative base, a mixin's rule, and declarative_base(cls=…)", () => {
    const text = [
      'from sqlalchemy.orm import as_declarative, declarative_base, declared_attr',
      '',
      '@as_declarative()',
      'class Base:',
      '    @declared_attr',
      '    def __tablename__(cls) -> str:',
      '        return cls.__name__.lower()',
      '',
      'class Item(Base):',
      '    id = Column(Integer, primary_key=True)',
      '',
      'class Named:',
      '    @declared_attr',
      '    def __tablename__(cls):',
      '        return cls.__name__.lower() + "s"',
      '',
      'Other = declarative_base(cls=Named)',
      'Plain = declarative_base()',
      '',
      'class Tag(Other):',
      '    id = Column(Integer, primary_key=True)',
      '',
      'class Note(Named, Plain):',
      '    id = Column(Integer, primary_key=True)',
      '',
      'class NotMapped(Named):',
      '    pass',
    ].join('\n');
    expect(tables([{ path: 'db.py', text, language: 'python' }], new Map())).toEqual({
      'db.py': [
        ['Item', 'item', 9],
        ['Tag', 'tags', 20],
        ['Note', 'notes', 23],
      ],
    });
  });
});

describe("a mixin's declared foreign key", () => {
  it('joins each mapped class using the mixin, where the class is declared, unless it declares the column itself', () => {
    const mixin = [
      'class OwnedMixin(object):',
      '    @declared_attr',
      '    def owner_id(cls):  # noqa',
      '        """The owner."""',
      '        return Column(Integer, ForeignKey("dispatch_core.dispatch_user.id", ondelete="CASCADE"))',
      '',
      '    @declared_attr',
      '    def team_id(cls) -> Mapped[int]:',
      '        return mapped_column(sa.ForeignKey(TEAM_ID))',
      '',
      '    @declared_attr',
      '    def project(cls):',
      '        return relationship("Project")',
      '',
      'TEAM_ID = "team.id"',
    ].join('\n');
    const models = [
      'from app.database.core import Base',
      'from app.owned import OwnedMixin',
      '',
      'class Runbook(Base, OwnedMixin):',
      '    __tablename__ = "runbook"',
      '',
      'class Note(OwnedMixin, Base):',
      '    owner_id = Column(Integer, ForeignKey("person.id"))',
      '',
      'class Draft(OwnedMixin):',
      '    pass',
    ].join('\n');
    const given = files({ 'app/owned.py': mixin, 'app/notes.py': models });
    const imports: ImportMap = new Map([
      ...IMPORTS,
      [
        'app/notes.py',
        [
          { path: 'app/database/core.py', kinds: ['import'] },
          { path: 'app/owned.py', kinds: ['import'] },
        ],
      ],
    ]);
    const inheritance = sqlalchemyInheritance(given, imports);
    const joins = sqlalchemyJoins(given, inheritance.tables, inheritance.ancestorsAt);
    expect((joins.get('app/notes.py') ?? []).map((j) => `${j.line}: ${j.table}.${j.columns[0]} = ${j.references}.${j.referencedColumns[0]}`)).toEqual([
      '4: runbook.owner_id = dispatch_core.dispatch_user.id',
      '4: runbook.team_id = team.id',
      '7: note.team_id = team.id',
      '8: note.owner_id = person.id',
    ]);
    expect(joins.get('app/owned.py')).toBeUndefined();
  });
});

describe('a model name two files declare', () => {
  const declared = (table: string) => ormTableRefs(`class Tag(Base):\n    __tablename__ = "${table}"\n`, 'python', 'x.py');
  const used = (models: OrmTableRef[]) => ormModelUses('def f(session):\n    return session.query(Tag).all()\n', 'python', models).map((u) => u.table);

  it("stands for their table when both map one (a migration's copy of the model), for none when they differ", () => {
    expect(used([...declared('tag'), ...declared('tag')])).toEqual(['tag']);
    expect(used([...declared('tag'), ...declared('tags')])).toEqual([]);
  });
});

describe('the relationships a class inherits', () => {
  it("gives a class its mixin's relationships, a declared_attr one too, across files", () => {
    const given = files();
    const relations = sqlalchemyRelations(given, sqlalchemyInheritance(given, IMPORTS)).shared;
    expect(relations.get('IncidentType')?.get('project')).toEqual({ target: 'Project' });
    expect(relations.get('DispatchUser')?.get('project')).toBeUndefined();
    expect(sqlalchemyRelations(given).shared.get('IncidentType')).toBeUndefined();
  });
});

describe('relationships of classes two files name alike', () => {
  // the application's models, a migration's copies on a Base of its own, and a file importing the application's
  const APP = [
    'from app.database.core import Base',
    '',
    'class Team(Base):',
    '    __tablename__ = "team"',
    '    members = relationship("Member", backref="team")',
    '    lead = relationship("Member")',
    '',
    'class Member(Base):',
    '    __tablename__ = "member"',
    '',
    'class Office(Base):',
    '    __tablename__ = "office"',
  ].join('\n');
  const MIGRATION = [
    'Base = declarative_base()',
    '',
    'class Team(Base):',
    '    __tablename__ = "team"',
    '    office = relationship("Office")',
    '    lead = relationship("Member")',
    '',
    'class Member(Base):',
    '    __tablename__ = "member"',
    '    teams = relationship("Team", backref="member")',
  ].join('\n');
  const given = files({ 'app/team/models.py': APP, 'migrations/versions/0001_team.py': MIGRATION, 'app/team/views.py': 'from app.team.models import Team\n' });
  const imports: ImportMap = new Map([
    ...IMPORTS,
    ['app/team/models.py', [{ path: 'app/database/core.py', kinds: ['import'] }]],
    ['app/team/views.py', [{ path: 'app/team/models.py', kinds: ['import'] }]],
  ]);
  const relations = sqlalchemyRelations(given, sqlalchemyInheritance(given, imports));
  const attributes = (of: ReadonlyMap<string, ReadonlyMap<string, unknown>>, name: string) => [...(of.get(name)?.keys() ?? [])];

  it("gives a file the class its name stands for there, never the other's relationships", () => {
    expect(attributes(relations.seenFrom('app/team/views.py'), 'Team')).toEqual(['members', 'lead']);
    expect(attributes(relations.seenFrom('migrations/versions/0001_team.py'), 'Team')).toEqual(['office', 'lead', 'member']);
  });

  it("gives a file that imports neither the class of the project's own base, and a backref the class of the declaring one's", () => {
    expect(attributes(relations.shared, 'Team')).toEqual(['members', 'lead']);
    // each way back lands in its own registry: the application's Member has `team`, the migration's Team `member`
    expect(attributes(relations.shared, 'Member')).toEqual(['team']);
    expect(attributes(relations.seenFrom('migrations/versions/0001_team.py'), 'Member')).toEqual(['teams']);
  });

  it("reads a mixin's declared_attr relationship after another declared_attr with a docstring", () => {
    const mixin = [
      'class ProjectMixin(object):',
      '    @declared_attr',
      '    def project_id(cls):',
      '        """The column."""',
      '        return Column(Integer, ForeignKey("project.id"))',
      '',
      '    @declared_attr',
      '    def project(cls):',
      '        """The relationship."""',
      '        return relationship("Project")',
    ].join('\n');
    expect(attributes(sqlalchemyRelations([{ text: mixin, language: 'python' }]).shared, 'ProjectMixin')).toEqual(['project']);
  });
});

describe('a relationship whose target several registries name', () => {
  // the application's Team names a Member of its package no file imports; a migration's registry, the larger, has a Member too
  const TEAM = ['from app.database.core import Base', '', 'class Team(Base):', '    __tablename__ = "team"', '    lead = relationship("Member")'].join('\n');
  const MEMBER = [
    'from app.database.core import Base',
    '',
    'class Member(Base):',
    '    __tablename__ = "member"',
    '    badge = relationship("Badge")',
    '',
    'class Badge(Base):',
    '    __tablename__ = "badge"',
  ].join('\n');
  const MIGRATION = [
    'Base = declarative_base()',
    '',
    'class Member(Base):',
    '    __tablename__ = "old_member"',
    '    office = relationship("Office")',
    '',
    'class Office(Base):',
    '    __tablename__ = "office"',
    '    members = relationship("Member")',
    '',
    'class Desk(Base):',
    '    __tablename__ = "desk"',
    '    office = relationship("Office")',
  ].join('\n');
  const VIEW = ['from app.team.models import Team', '', 'def show(session):', '    team = session.get(Team, 1)', '    return team.lead.badge'].join('\n');
  const usesOf = (tree: Record<string, string>, imports: ImportMap) => {
    const given = Object.entries({ 'app/database/core.py': CORE, ...tree }).map(([path, text]) => ({ path, text, language: 'python' }));
    const refs = new Map(given.map((f) => [f.path, ormTableRefs(f.text, 'python', f.path)]));
    const relations = sqlalchemyRelations(given, sqlalchemyInheritance(given, imports), refs);
    const models = [...refs.values()].flat();
    return ormModelUses(VIEW, 'python', models, { sqlalchemyRelations: relations.seenFrom('app/team/views.py') }).map((u) => `${u.table}:${u.line}`);
  };
  const tree = { 'app/team/models.py': TEAM, 'app/team/member.py': MEMBER, 'migrations/versions/0001_team.py': MIGRATION, 'app/team/views.py': VIEW };

  it("is the class of the declaring class's registry, with its table and relationships, not the largest registry's", () => {
    const imports: ImportMap = new Map([
      ['app/team/models.py', [{ path: 'app/database/core.py', kinds: ['import'] }]],
      ['app/team/member.py', [{ path: 'app/database/core.py', kinds: ['import'] }]],
      ['app/team/views.py', [{ path: 'app/team/models.py', kinds: ['import'] }]],
    ]);
    expect(usesOf(tree, imports)).toEqual(['team:4', 'member:5', 'badge:5']);
  });

  it("is the class of the declaring class's package where no registry tells", () => {
    expect(usesOf(tree, new Map([['app/team/views.py', [{ path: 'app/team/models.py', kinds: ['import'] }]]]))).toEqual(['team:4', 'member:5', 'badge:5']);
  });
});
