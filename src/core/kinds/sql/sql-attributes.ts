/**
 * @module core/kinds/sql/sql-attributes
 * The attributes the PostgreSQL connector writes on SQL objects, typed, with one accessor per
 * object kind instead of `Record<string, unknown>` casts at every use.
 */
import type { CatalogObject } from '../../../ports/catalog.js';

export interface ColumnAttributes {
  dataType?: string;
  /** 1-based position in the relation. */
  position?: number;
  nullable?: boolean;
  isPrimaryKey?: boolean;
  /** Object id of the referenced column, when a single-column foreign key points elsewhere. */
  references?: string;
  default?: string | null;
}

export interface RelationAttributes {
  rowEstimate?: number | string;
}

export interface EnumAttributes {
  values?: string[];
}

export const columnAttributes = (column: CatalogObject): ColumnAttributes => column.attributes;
export const relationAttributes = (relation: CatalogObject): RelationAttributes => relation.attributes;
export const enumAttributes = (type: CatalogObject): EnumAttributes => type.attributes;
