/**
 * Test helper: the G2 `core { catalog { … } }` views (HUGR.md §2.1) for the Hugr test server —
 * SDL added to the served schema (module `core.catalog` under `core`) and rows derived from a
 * stored introspection, so they agree with the schema. Hand-built: the column lists follow
 * §2.1 (which names no description on `modules` nor module/catalog on `data_objects`; those are
 * left out unless a test adds them); `module_catalogs` columns are our guess
 * (`module_name`, `catalog_name`). Long descriptions of data sources come from the caller.
 */
export type CoreCatalogRows = Record<string, Array<Record<string, unknown>>>;

export const CORE_CATALOG_COLUMNS: Record<string, Record<string, 'String' | 'Boolean' | 'Int'>> = {
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
  },
  modules: { name: 'String', query_root: 'String', mutation_root: 'String', function_root: 'String', mut_function_root: 'String', subscription_root: 'String' },
  module_catalogs: { module_name: 'String', catalog_name: 'String' },
  data_objects: { name: 'String', filter_type_name: 'String', args_type_name: 'String' },
  arguments: {
    type_name: 'String',
    field_name: 'String',
    name: 'String',
    arg_type: 'String',
    arg_type_name: 'String',
    is_list: 'Boolean',
    is_non_null: 'Boolean',
    default_value: 'String',
    is_arg_default: 'Boolean',
  },
};

export interface CoreCatalogOptions {
  rows: CoreCatalogRows;
  /** Views left out entirely (the server answers `Cannot query field`). */
  omitViews?: string[];
  /** Extra columns per view (e.g. a newer server with `modules.description`). */
  extraColumns?: Record<string, Record<string, 'String' | 'Boolean' | 'Int'>>;
}

const typeName = (view: string) => `core_catalog_${view}`;

export function coreCatalogSdl(options: CoreCatalogOptions): string {
  const views = Object.keys(CORE_CATALOG_COLUMNS).filter((v) => !options.omitViews?.includes(v));
  const objects = views.map((v) => {
    const columns = { ...CORE_CATALOG_COLUMNS[v], ...(options.extraColumns?.[v] ?? {}) };
    return `type ${typeName(v)} @view(name: "${v}") {\n${Object.entries(columns)
      .map(([c, t]) => `  ${c}: ${t}`)
      .join('\n')}\n}`;
  });
  return [
    'extend type _module_core_query { catalog: _module_core_catalog_query }',
    `type _module_core_catalog_query @module_root(name: "core.catalog", type: QUERY) {\n${views.map((v) => `  ${v}: [${typeName(v)}] @query(name: "${v}", type: SELECT)`).join('\n')}\n}`,
    ...objects,
  ].join('\n');
}

/** Rows keyed by the served type names, as the test server's data option wants them. */
export function coreCatalogData(options: CoreCatalogOptions): CoreCatalogRows {
  return Object.fromEntries(Object.entries(options.rows).map(([v, rows]) => [typeName(v), rows]));
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
    module_catalogs: [...pairs].map((p) => ({ module_name: p.split('\u0000')[0], catalog_name: p.split('\u0000')[1] })),
    data_objects: objects.map((o) => ({
      name: o.name,
      filter_type_name: byName.has(`${o.name}_filter`) ? `${o.name}_filter` : null,
      args_type_name: byName.has(`${o.name}_args`) ? `${o.name}_args` : null,
    })),
    arguments: args,
  };
}
