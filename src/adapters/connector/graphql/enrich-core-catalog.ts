/**
 * @module adapters/connector/graphql/enrich-core-catalog
 * Folds the G2 `core.catalog` views (and the G3 `_catalog` tree, below) into the merged model. Introspection stays the authority on
 * what exists and how it is called; the views fill what it leaves empty — longer descriptions,
 * data-source prefixes, the data sources behind a module, module/source of a data object,
 * filter/args types, argument defaults — and add data sources and modules it did not show.
 */
import type { ArgInfo, GraphqlCatalog, ModuleInfo, OperationInfo, RootKind } from './catalog-model.js';
import { longerDescription as longer } from './catalog-model.js';
import type { CoreCatalog, Row } from './core-catalog.js';
import type { MetaCatalog } from './meta-catalog.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const ROOT_COLUMNS: Array<[RootKind, string]> = [
  ['query', 'query_root'],
  ['mutation', 'mutation_root'],
  ['function', 'function_root'],
  ['mut_function', 'mut_function_root'],
];

export function applyCoreCatalog(catalog: GraphqlCatalog, core: CoreCatalog): void {
  const { views } = core;
  catalog.warnings.push(...core.warnings);

  for (const r of views.schema_catalogs ?? []) {
    const name = str(r.name);
    if (!name) continue;
    const description = longer(str(r.description), str(r.long_description));
    let existing = catalog.dataSources.find((d) => d.name === name);
    if (existing) {
      existing.description = longer(existing.description, description);
      if (!existing.prefix && str(r.prefix)) existing.prefix = str(r.prefix);
      if (!existing.type && str(r.type)) existing.type = str(r.type);
    } else {
      existing = { name, type: str(r.type), prefix: str(r.prefix), asModule: r.as_module === true, readOnly: r.read_only === true, description };
      catalog.dataSources.push(existing);
    }
    if (r.disabled === true) existing.disabled = true;
  }
  catalog.dataSources.sort((a, b) => a.name.localeCompare(b.name));

  const modules = new Map(catalog.modules.map((m) => [m.path, m]));
  const moduleOf = (path: string): ModuleInfo => {
    let m = modules.get(path);
    if (!m) {
      m = { path, description: '', roots: {} };
      modules.set(path, m);
      catalog.modules.push(m);
    }
    return m;
  };
  for (const r of views.modules ?? []) {
    const path = str(r.name);
    if (!path) continue;
    const m = moduleOf(path);
    m.description = longer(m.description, longer(str(r.description), str(r.long_description)));
    for (const [kind, column] of ROOT_COLUMNS) if (!m.roots[kind] && str(r[column])) m.roots[kind] = str(r[column]);
  }
  const feeding = new Map<string, Set<string>>();
  for (const r of views.module_catalogs ?? []) {
    const path = str(r.module);
    const source = str(r.catalog);
    if (!path || !source) continue;
    if (!feeding.has(path)) feeding.set(path, new Set());
    feeding.get(path)!.add(source);
  }
  for (const [path, sources] of feeding) {
    const m = moduleOf(path);
    m.dataSources = [...new Set([...(m.dataSources ?? []), ...sources])].sort();
  }
  catalog.modules.sort((a, b) => a.path.localeCompare(b.path));

  const objects = new Map(catalog.dataObjects.map((o) => [o.typeName, o]));
  for (const r of views.data_objects ?? []) {
    const o = objects.get(str(r.name));
    if (!o) continue;
    // the curated texts live on the data object's type (`data_objects.type`), as Hugr's own G2 MCP reads them
    const type: Row = r.type && typeof r.type === 'object' ? (r.type as Row) : {};
    o.description = longer(o.description, longer(str(type.description), str(type.long_description)));
    if (!o.module && str(type.module)) o.module = str(type.module);
    if (!o.dataSource && str(type.catalog)) o.dataSource = str(type.catalog);
    if (!o.filterType && str(r.filter_type_name)) o.filterType = str(r.filter_type_name);
    if (!o.argsType && str(r.args_type_name)) o.argsType = str(r.args_type_name);
  }

  // arguments: keyed by the root type that holds the operation's field
  const args = new Map<string, Row>();
  for (const r of views.arguments ?? []) args.set(`${str(r.type_name)}.${str(r.field_name)}.${str(r.name)}`, r);
  if (args.size === 0) return;
  const enrich = (op: OperationInfo) => {
    const rootType = op.module
      ? modules.get(op.module)?.roots[op.root]
      : { query: 'Query', mutation: 'Mutation', function: 'Function', mut_function: 'MutationFunction' }[op.root];
    if (!rootType) return;
    op.args = op.args.map((a): ArgInfo => {
      const r = args.get(`${rootType}.${op.name}.${a.name}`);
      if (!r) return a;
      const defaultValue = a.defaultValue ?? (r.default_value == null || r.default_value === '' ? null : String(r.default_value));
      // a server with MAX_DEPTH ≤ 4 introspects every argument as JSON; the view keeps the declared type
      const type = a.type === 'JSON' && str(r.arg_type) ? str(r.arg_type) : a.type;
      return {
        ...a,
        type,
        required: type === a.type ? a.required : type.endsWith('!'),
        description: longer(a.description, str(r.description)),
        ...(defaultValue != null ? { defaultValue } : {}),
      };
    });
  };
  for (const o of catalog.dataObjects) for (const op of [...o.queries, ...o.mutations]) enrich(op);
  for (const f of catalog.functions) enrich(f);
}

/**
 * Folds the G3 `_catalog` tree into the merged model: long descriptions of modules, data objects
 * and functions, the data sources behind each module, module and source of data objects the
 * introspection left without, modules only the tree shows (e.g. ones holding functions only).
 */
export function applyMetaCatalog(catalog: GraphqlCatalog, meta: MetaCatalog): void {
  catalog.warnings.push(...meta.warnings);
  const modules = new Map(catalog.modules.map((m) => [m.path, m]));
  for (const n of meta.modules) {
    if (!n.path) continue;
    let m = modules.get(n.path);
    if (!m) {
      m = { path: n.path, description: '', roots: {} };
      modules.set(n.path, m);
      catalog.modules.push(m);
    }
    m.description = longer(m.description, n.description);
    if (n.dataSources.length) m.dataSources = [...new Set([...(m.dataSources ?? []), ...n.dataSources])].sort();
  }
  catalog.modules.sort((a, b) => a.path.localeCompare(b.path));

  const objects = new Map(catalog.dataObjects.map((o) => [o.typeName, o]));
  for (const n of meta.dataObjects) {
    const o = objects.get(n.typeName);
    if (!o) continue;
    o.description = longer(o.description, n.description);
    if (!o.module && n.module) o.module = n.module;
    if (!o.dataSource && n.dataSource) o.dataSource = n.dataSource;
    if (n.isM2M) o.isM2M = true;
  }
  const functions = new Map(meta.functions.map((f) => [`${f.mutating ? 'mut_function' : 'function'}:${f.module}:${f.name}`, f]));
  for (const f of catalog.functions) {
    const n = functions.get(`${f.root}:${f.module}:${f.name}`);
    if (!n) continue;
    f.description = longer(f.description, n.description);
    if (!f.dataSource && n.dataSource) f.dataSource = n.dataSource;
  }
}
