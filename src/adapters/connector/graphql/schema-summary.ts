/**
 * @module adapters/connector/graphql/schema-summary
 * The G1 `schema_summary` JSON (HUGR.md §2), only the parts the connector reads. Optional keys
 * follow Go's `omitempty`: absent when empty; non-omitempty slices may be null.
 */

export interface SummaryDataSource {
  name: string;
  prefix: string;
  type: string;
  description: string;
  read_only: boolean;
  as_module: boolean;
}

export interface SummaryArgument {
  name: string;
  type: string;
  description: string;
  is_required: boolean;
  is_array: boolean;
}

export interface SummaryField {
  name: string;
  type: string;
  description: string;
  returns_array: boolean;
  is_primary_key: boolean;
  nullable: boolean;
  is_calculated: boolean;
  arguments?: SummaryArgument[];
}

export interface SummaryQuery {
  name: string;
  path: string;
  type: string;
  description: string;
  arguments?: SummaryArgument[];
  returned_type: string;
  is_single_row: boolean;
}

export interface SummaryRelation {
  name: string;
  type: string;
  data_source: string;
  data_object: string;
  module: string;
  description: string;
}

export interface SummaryDataObject {
  name: string;
  module: string;
  data_source: string;
  type: 'table' | 'view';
  description: string;
  has_primary_key?: boolean;
  is_m2m?: boolean;
  is_cube?: boolean;
  columns: SummaryField[] | null;
  relations?: SummaryRelation[];
  subqueries?: SummaryRelation[];
  aggregation_type?: string;
  bucket_aggregation_type?: string;
  filter_type: string;
  arguments?: { name: string; type: string; is_required: boolean };
  queries: SummaryQuery[] | null;
  mutations?: { insert_mutation: string; insert_data_type: string; update_mutation: string; update_data_type: string; delete_mutation: string };
}

export interface SummaryFunction {
  name: string;
  description: string;
  module: string;
  data_source: string;
  arguments?: SummaryArgument[];
  return_type: string;
  returns_array: boolean;
  return_type_fields?: SummaryField[];
}

export interface SummaryModule {
  name: string;
  description: string;
  query_type?: string;
  function_type?: string;
  mutation_type?: string;
  mutation_function_type?: string;
  sub_modules?: SummaryModule[];
  tables?: SummaryDataObject[];
  views?: SummaryDataObject[];
  functions?: SummaryFunction[];
  mutate_functions?: SummaryFunction[];
}

export interface SchemaSummary {
  query_root: string;
  mutation_root: string;
  data_sources: SummaryDataSource[] | null;
  modules: SummaryModule;
}

/** Every module of the tree, depth first, root (`""`) first. */
export function flattenModules(root: SummaryModule): SummaryModule[] {
  const out: SummaryModule[] = [];
  const walk = (m: SummaryModule) => {
    out.push(m);
    for (const sub of m.sub_modules ?? []) walk(sub);
  };
  walk(root);
  return out;
}

/** A loose shape check: enough to refuse a value that is not a schema summary. */
export function isSchemaSummary(value: unknown): value is SchemaSummary {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.modules === 'object' && v.modules !== null && (v.data_sources === null || Array.isArray(v.data_sources));
}
