/**
 * SQLAlchemy models that name no table themselves: their base class (another file's, imported) derives
 * it from the class's name with `@declared_attr.directive def __tablename__(cls)`, as Netflix/dispatch
 * does. Their tables are linked to the declaring file and the files querying them, and their foreign
 * keys declare joins; a row's relationship reached on it (a lazy load) reads its table, and an append
 * then a commit writes an association table's rows. Real engine, real PostgreSQL, real code tree.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'app/database/core.py': [
    'import re',
    'from sqlalchemy.orm import DeclarativeBase, declared_attr',
    '',
    'class Base(DeclarativeBase):',
    '    @declared_attr.directive',
    '    def __tablename__(cls):',
    '        parts = re.split("(?=[A-Z])", cls.__name__)',
    '        return "_".join(p.lower() for p in parts if p)',
  ].join('\n'),
  'app/incident/models.py': [
    'from sqlalchemy import Column, ForeignKey, Integer, Table',
    'from sqlalchemy.orm import relationship',
    'from app.database.core import Base',
    '',
    'class IncidentType(Base):',
    '    id = Column(Integer, primary_key=True)',
    '',
    'class Incident(Base):',
    '    id = Column(Integer, primary_key=True)',
    '    incident_type_id = Column(Integer, ForeignKey(IncidentType.id))',
    '    incident_type = relationship("IncidentType", backref="incidents")',
    '    tags = relationship("Tag", secondary=assoc_incident_tags)',
    '',
    'class Tag(Base):',
    '    id = Column(Integer, primary_key=True)',
    '',
    'assoc_incident_tags = Table("assoc_incident_tags", Base.metadata, Column("incident_id", ForeignKey("incident.id")), Column("tag_id", ForeignKey("tag.id")))',
  ].join('\n'),
  'app/incident/flows.py': [
    'from app.incident.models import Incident, Tag',
    '',
    'def describe(incident: Incident):',
    '    return incident.incident_type.name',
    '',
    'def tag(db_session, incident: Incident, tag: Tag):',
    '    incident.tags.append(tag)',
    '    db_session.commit()',
  ].join('\n'),
  'app/incident/service.py': [
    'from app.incident.models import Incident',
    '',
    'def get(db_session, incident_id):',
    '    return db_session.query(Incident).filter(Incident.id == incident_id).one_or_none()',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'orm_sqlalchemy_bases',
  `
    CREATE TABLE incident_type (id serial PRIMARY KEY);
    CREATE TABLE incident (id serial PRIMARY KEY, incident_type_id int);
    CREATE TABLE tag (id serial PRIMARY KEY);
    CREATE TABLE assoc_incident_tags (incident_id int, tag_id int);
  `,
  FILES,
);

it("links a table named by the base class's rule to the model's file and to the files querying it", async () => {
  const users = ((await suite.engine().get('pg:table:public.incident'))?.incoming ?? []).filter((e) => e.kind === 'uses_table').map((e) => e.fromId);
  expect(users.sort()).toEqual(['app:code_file:app/incident/models.py', 'app:code_file:app/incident/service.py']);
});

it('reads the foreign key between two models named by the rule', async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.incident')).toEqual([
    'incident.incident_type_id = incident_type.id -- sqlalchemy app/incident/models.py:10',
  ]);
});

it("links the tables a row's relationships load, and the link rows an append writes", async () => {
  const uses = async (table: string) =>
    ((await suite.engine().get(`pg:table:public.${table}`))?.incoming ?? [])
      .filter((e) => e.kind === 'uses_table' && e.fromId.endsWith('flows.py'))
      .map((e) => [e.fromId, e.attributes?.access]);
  expect(await uses('incident_type')).toEqual([['app:code_file:app/incident/flows.py', ['read']]]);
  expect(await uses('assoc_incident_tags')).toEqual([['app:code_file:app/incident/flows.py', ['read', 'write']]]);
});
