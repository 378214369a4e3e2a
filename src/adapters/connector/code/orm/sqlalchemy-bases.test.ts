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
    const relations = sqlalchemyRelations(given, sqlalchemyInheritance(given, IMPORTS).ancestors);
    expect(relations.get('IncidentType')?.get('project')).toEqual({ target: 'Project' });
    expect(relations.get('DispatchUser')?.get('project')).toBeUndefined();
    expect(sqlalchemyRelations(given).get('IncidentType')).toBeUndefined();
  });
});
