/**
 * @module adapters/connector/code/orm/orm-readers
 * The ORMs read through the `OrmReader` seam, one module each. A function rather than a constant:
 * a reader may import what `orm-refs` exports, and `orm-refs` calls this, so the list is made
 * only once every module has loaded.
 */
import { activeRecordReader } from './activerecord.js';
import { dieselReader } from './diesel-tables.js';
import { efcoreReader } from './efcore.js';
import { doctrineReader } from './doctrine.js';
import { eloquentReader } from './eloquent.js';
import { gormReader } from './gorm-models.js';
import { entReader } from './ent-schema.js';
import { seaormReader } from './seaorm-entities.js';
import { xmlMappingReader } from './xml-mappings.js';
import { jpaRelationReader } from './jpa-relations.js';
import { objectionReader } from './objection.js';
import { exposedReader } from './exposed.js';
import { peeweeReader } from './peewee.js';
import type { OrmReader } from './orm-reader.js';

let readers: readonly OrmReader[] | undefined;

export const ormReaders = (): readonly OrmReader[] =>
  (readers ??= [
    gormReader,
    dieselReader,
    seaormReader,
    eloquentReader,
    doctrineReader,
    activeRecordReader,
    efcoreReader,
    entReader,
    xmlMappingReader,
    jpaRelationReader,
    objectionReader,
    exposedReader,
    peeweeReader,
  ]);
