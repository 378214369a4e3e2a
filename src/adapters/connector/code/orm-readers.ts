/**
 * @module adapters/connector/code/orm-readers
 * The ORMs read through the `OrmReader` seam, one module each.
 */
import { eloquentReader } from './eloquent.js';
import { gormReader } from './gorm-models.js';
import type { OrmReader } from './orm-reader.js';

export const ORM_READERS: readonly OrmReader[] = [gormReader, eloquentReader];
