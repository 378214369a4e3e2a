/**
 * @module core/kinds/graphql/graphql-attributes
 * The attributes the GraphQL connector writes on its objects, typed per kind, with accessors
 * instead of `Record<string, unknown>` casts at every use.
 */
import type { CatalogObject } from '../../../ports/catalog.js';

export interface DataSourceAttributes {
  engine?: string;
  prefix?: string;
  asModule?: boolean;
  readOnly?: boolean;
}

export interface DataObjectAttributes {
  typeName?: string;
  originalName?: string;
  /** `table` or `view`. */
  objectKind?: string;
  dataSource?: string;
  graphqlPath?: string;
}

export interface GraphqlFieldAttributes {
  dataType?: string;
  isPrimaryKey?: boolean;
  relationTo?: string;
  position?: number;
}

export interface OperationArgument {
  name: string;
  type: string;
}

/** Queries (generated or declared) and functions: a callable path with arguments and a result. */
export interface OperationAttributes {
  root?: string;
  /** `operation` for declared operations; a generated query's variant otherwise (`select`, `by_pk`, …). */
  variant?: string;
  graphqlPath?: string;
  args?: OperationArgument[];
  returns?: string;
  mutating?: boolean;
  dataSource?: string;
  originalName?: string;
}

/** Every GraphQL element may carry an LLM-written summary (core/graphql/summaries). */
export interface SummaryAttributes {
  summary?: string;
}

export const dataSourceAttributes = (o: CatalogObject): DataSourceAttributes => o.attributes;
export const dataObjectAttributes = (o: CatalogObject): DataObjectAttributes => o.attributes;
export const fieldAttributes = (o: CatalogObject): GraphqlFieldAttributes => o.attributes;
export const operationAttributes = (o: CatalogObject): OperationAttributes => o.attributes;
export const summaryAttributes = (o: CatalogObject): SummaryAttributes => o.attributes;
