/**
 * Test helper: the G2 `core { catalog { … } }` views for the Hugr test server, as query-engine
 * declares them (`schema_catalog_tmpl.graphql` v0.3.15–v0.3.44; `pkg/catalog/db/
 * schema_catalog.graphql.tmpl` v0.3.0–v0.3.14, where the data-source view is `catalogs`): SDL added
 * to the served schema (module `core.catalog` under `core`) and rows derived from a stored
 * introspection, so they agree with the schema. `data_objects` has no description of its own: the
 * curated texts are on its `type` (a reference to the `types` view). `module_catalogs` is declared
 * but its backing relation `_schema_module_catalogs` is never created by `schema.sql`, so asking it
 * fails as the real server does. The `arguments` view takes a filter, limit and offset.
 */
export type CoreCatalogRows = Record<string, Array<Record<string, unknown>>>;
type Column = 'String' | 'Boolean' | 'Int' | 'core_catalog_types';

export const CORE_CATALOG_COLUMNS: Record<string, Record<string, Column>> = {
  schema_catalogs: {
    name: 'String',
    version: 'String',
    description: 'String',
    long_description: 'String',
    type: 'String',
    prefix: 'String',
    as_module: 'Boolean',
    read_only: 'Boolean',
    disabled: 'Boolean',
    suspended: 'Boolean',
    is_summarized: 'Boolean',
  },
  modules: {
    name: 'String',
    description: 'String',
    long_description: 'String',
    query_root: 'String',
    mutation_root: 'String',
    function_root: 'String',
    mut_function_root: 'String',
    subscription_root: 'String',
    is_summarized: 'Boolean',
  },
  module_catalogs: { module: 'String', catalog: 'String' },
  data_objects: { name: 'String', filter_type_name: 'String', args_type_name: 'String', type: 'core_catalog_types' },
  arguments: {
    type_name: 'String',
    field_name: 'String',
    name: 'String',
    description: 'String',
    arg_type: 'String',
    arg_type_name: 'String',
    is_list: 'Boolean',
    is_non_null: 'Boolean',
    default_value: 'String',
    is_arg_default: 'Boolean',
  },
};

const TYPES_VIEW =
  'type core_catalog_types @view(name: "types") {\n  name: String\n  kind: String\n  description: String\n  long_description: String\n  hugr_type: String\n  module: String\n  catalog: String\n}';
const FILTERED = 'filter: core_catalog_arguments_filter, limit: Int, offset: Int';
const FILTER_INPUTS =
  'input core_catalog_string_filter { eq: String in: [String] }\ninput core_catalog_arguments_filter { type_name: core_catalog_string_filter field_name: core_catalog_string_filter }';

export interface CoreCatalogOptions {
  rows: CoreCatalogRows;
  /** Views left out entirely (the server answers `Cannot query field`). */
  omitViews?: string[];
  /** Columns per view this server lacks (an older version). */
  missingColumns?: Record<string, string[]>;
  /** `module_catalogs` answers (a deployment whose core-db happens to have the relation). */
  moduleCatalogsBacked?: boolean;
}

const typeName = (view: string) => `core_catalog_${view}`;
/** The data-source view's name on a server version. */
const servedName = (view: string, version: string) => (view === 'schema_catalogs' && /^v?0\.3\.([0-9]|1[0-4])$/.test(version) ? 'catalogs' : view);

export function coreCatalogSdl(options: CoreCatalogOptions, version: string): string {
  const views = Object.keys(CORE_CATALOG_COLUMNS).filter((v) => !options.omitViews?.includes(v));
  const objects = views.map((v) => {
    const missing = options.missingColumns?.[v] ?? [];
    const columns = Object.entries(CORE_CATALOG_COLUMNS[v]!).filter(([c]) => !missing.includes(c));
    return `type ${typeName(v)} @view(name: "${v}") {\n${columns.map(([c, t]) => `  ${c}: ${t}`).join('\n')}\n}`;
  });
  const fields = views.map(
    (v) => `  ${servedName(v, version)}${v === 'arguments' ? `(${FILTERED})` : ''}: [${typeName(v)}] @query(name: "${servedName(v, version)}", type: SELECT)`,
  );
  return [
    'extend type _module_core_query { catalog: _module_core_catalog_query }',
    `type _module_core_catalog_query @module_root(name: "core.catalog", type: QUERY) {\n${fields.join('\n')}\n}`,
    TYPES_VIEW,
    FILTER_INPUTS,
    ...objects,
  ].join('\n');
}

/** Rows keyed by the served type names, as the test server's data option wants them. */
export function coreCatalogData(options: CoreCatalogOptions): CoreCatalogRows {
  return Object.fromEntries(Object.entries(options.rows).map(([v, rows]) => [typeName(v), rows]));
}

/** Views whose reading fails on the server, with its error (the test server's `failures` option). */
export function coreCatalogFailures(options: CoreCatalogOptions): Record<string, string> {
  return options.moduleCatalogsBacked ? {} : { [typeName('module_catalogs')]: 'Catalog Error: Table with name _schema_module_catalogs does not exist!' };
}

function printRef(ref: any): string {
  if (ref.kind === 'NON_NULL') return `${printRef(ref.ofType)}!`;
  if (ref.kind === 'LIST') return `[${printRef(ref.ofType)}]`;
  return ref.name;
}
function namedOf(ref: any): string {
  return ref.name ?? namedOf(ref.ofType);
}

/**
 * Rows consistent with an introspection: modules and their roots from `hugr_type: module` types,
 * data objects (tables/views) with filter/args types, module ↔ catalog pairs, and the arguments of
 * every field on a module root. `sources` gives the `schema_catalogs` rows.
 */
export function coreCatalogRowsFrom(introspection: any, sources: Array<Record<string, unknown>>): CoreCatalogRows {
  const types: any[] = (introspection.data?.__schema ?? introspection.__schema ?? introspection).types;
  const byName = new Map(types.map((t) => [t.name, t]));
  const modules = new Map<string, Record<string, unknown>>();
  const rootColumn: Array<[RegExp, string]> = [
    [/_mut_function$|^MutationFunction$/, 'mut_function_root'],
    [/_function$|^Function$/, 'function_root'],
    [/_mutation$|^Mutation$/, 'mutation_root'],
    [/_query$|^Query$/, 'query_root'],
  ];
  const roots = types.filter((t) => t.hugr_type === 'module');
  for (const t of roots) {
    const path = t.module || '';
    if (!path) continue;
    const row: Record<string, unknown> = modules.get(path) ?? {
      name: path,
      description: '',
      long_description: '',
      is_summarized: false,
      query_root: null,
      mutation_root: null,
      function_root: null,
      mut_function_root: null,
      subscription_root: null,
    };
    const column = rootColumn.find(([re]) => re.test(t.name))?.[1];
    if (column) row[column] = t.name;
    modules.set(path, row);
  }
  const objects = types.filter((t) => t.hugr_type === 'table' || t.hugr_type === 'view');
  const pairs = new Set(objects.filter((o) => o.module && o.catalog).map((o) => `${o.module}\u0000${o.catalog}`));
  const args = roots.flatMap((t) =>
    (t.fields ?? []).flatMap((f: any) =>
      (f.args ?? []).map((a: any) => ({
        type_name: t.name,
        field_name: f.name,
        name: a.name,
        description: a.description ?? '',
        arg_type: printRef(a.type),
        arg_type_name: namedOf(a.type),
        is_list: printRef(a.type).startsWith('['),
        is_non_null: a.type.kind === 'NON_NULL',
        default_value: a.defaultValue ?? null,
        is_arg_default: false,
      })),
    ),
  );
  return {
    schema_catalogs: sources,
    modules: [...modules.values()],
    module_catalogs: [...pairs].map((p) => ({ module: p.split('\u0000')[0], catalog: p.split('\u0000')[1] })),
    data_objects: objects.map((o) => ({
      name: o.name,
      filter_type_name: byName.has(`${o.name}_filter`) ? `${o.name}_filter` : null,
      args_type_name: byName.has(`${o.name}_args`) ? `${o.name}_args` : null,
      type: {
        name: o.name,
        kind: o.kind,
        description: o.description ?? '',
        long_description: '',
        hugr_type: o.hugr_type,
        module: o.module ?? '',
        catalog: o.catalog ?? null,
      },
    })),
    arguments: args,
  };
}
