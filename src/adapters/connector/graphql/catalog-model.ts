/**
 * @module adapters/connector/graphql/catalog-model
 * The connector's intermediate model of a Hugr deployment (or any GraphQL API): data sources,
 * modules, data objects with their query variants, functions. Built from introspection, from
 * `schema_summary`, or both; mapped to canonical objects by `to-objects.ts`.
 */

export type RootKind = 'query' | 'mutation' | 'function' | 'mut_function';

export type OperationVariant = 'select' | 'select_one' | 'aggregate' | 'bucket_agg' | 'insert' | 'update' | 'delete' | 'function' | 'operation';

export interface ArgInfo {
  name: string;
  /** SDL spelling, e.g. `pg_orders_filter`, `[OrderByField]`, `Int!`. */
  type: string;
  required: boolean;
  description: string;
  defaultValue?: string | null;
}

export interface FieldInfo {
  name: string;
  type: string;
  description: string;
  args: ArgInfo[];
  /** `@exclude_mcp`: kept in the index, left out of generated selections and listings for agents. */
  mcpExclude: boolean;
  isPrimaryKey?: boolean;
  /** Hugr's `__Field.hugr_type` (`select`, `aggregate`, `extra_field`, `""` …). */
  hugrType?: string;
  /** GraphQL type name of the data object a relation field leads to. */
  relationTo?: string;
}

export interface DataSourceInfo {
  name: string;
  type: string;
  prefix: string;
  asModule: boolean;
  readOnly: boolean;
  description: string;
  /** Switched off on the server (`disabled`): its objects are not served. */
  disabled?: boolean;
}

/**
 * Hugr's generated text for a module's root types and the fields leading to them (every
 * generation: "The root query object of the module crm", and the mutation, function, mutation
 * function and subscription variants). It says nothing about the module.
 */
const GENERATED_MODULE_TEXT = /^The root (query|mutation|function|function mutation|mutation function|subscription) object of the module\b/i;

/** The description, or '' when it is Hugr's generated module text. */
export function curatedDescription(text: string | null | undefined): string {
  return text && !GENERATED_MODULE_TEXT.test(text.trim()) ? text : '';
}

/** The longer of two descriptions, generated module text counting as none: a long description extends the short one, it does not contradict it. */
export function longerDescription(a: string, b: string): string {
  const [x, y] = [curatedDescription(a), curatedDescription(b)];
  return y.length > x.length ? y : x;
}

export interface ModuleInfo {
  /** Dotted path, e.g. `analytics.finance.reports.monthly`. */
  path: string;
  description: string;
  roots: Partial<Record<RootKind, string>>;
  /** Data sources (catalogs) feeding the module, where the server tells (G2 `module_catalogs`). */
  dataSources?: string[];
}

export interface OperationInfo {
  /** Root field name as written in GraphQL (`pg_customers_by_pk`, `insert_documents`). */
  name: string;
  module: string;
  root: RootKind;
  variant: OperationVariant;
  args: ArgInfo[];
  /** SDL of the return type. */
  returns: string;
  description: string;
}

export interface DataObjectInfo {
  /** GraphQL type name (prefixed), e.g. `pg_customers`. */
  typeName: string;
  module: string;
  dataSource: string;
  kind: 'table' | 'view';
  description: string;
  fields: FieldInfo[];
  queries: OperationInfo[];
  mutations: OperationInfo[];
  filterType?: string | undefined;
  argsType?: string;
  isM2M?: boolean;
}

export interface FunctionInfo extends OperationInfo {
  dataSource: string;
}

/** A non-data-object type worth indexing (enum, input, plain object type). */
export interface TypeInfo {
  name: string;
  kind: 'OBJECT' | 'INPUT_OBJECT' | 'ENUM' | 'INTERFACE' | 'UNION';
  description: string;
  fields: FieldInfo[];
  values: string[];
}

export type Generation = 'G0' | 'G1' | 'G2' | 'G3' | 'plain';

export interface GraphqlCatalog {
  generation: Generation;
  dataSources: DataSourceInfo[];
  modules: ModuleInfo[];
  dataObjects: DataObjectInfo[];
  functions: FunctionInfo[];
  types: TypeInfo[];
  /** Root operations of a plain GraphQL API (no modules). */
  operations: OperationInfo[];
  /** What went wrong but did not stop discovery (a failing optional query, …). */
  warnings: string[];
}

export function emptyCatalog(generation: Generation): GraphqlCatalog {
  return { generation, dataSources: [], modules: [], dataObjects: [], functions: [], types: [], operations: [], warnings: [] };
}

export function joinPath(...parts: Array<string | undefined>): string {
  return parts.filter((p): p is string => Boolean(p)).join('.');
}
