/**
 * @module adapters/connector/graphql/merge-catalog
 * Combines what discovery found into one model. Introspection is exact about fields (arguments,
 * `mcp_exclude`) and sees root-level data objects; `schema_summary` adds relations, M2M flags and
 * objects the introspection did not show. Data sources come from the summary, else from
 * `core.data_sources`, else are inferred from the catalogs seen.
 */
import type { DataObjectInfo, DataSourceInfo, FunctionInfo, Generation, GraphqlCatalog, ModuleInfo } from './catalog-model.js';
import { emptyCatalog, longerDescription } from './catalog-model.js';
import type { CoreCatalog } from './core-catalog.js';
import { applyCoreCatalog, applyMetaCatalog } from './enrich-core-catalog.js';
import type { MetaCatalog } from './meta-catalog.js';
import type { SchemaIndex } from './schema-model.js';
import type { SchemaSummary } from './schema-summary.js';
import { walkIntrospection } from './walk-introspection.js';
import { walkPlain } from './walk-plain.js';
import { walkSummary } from './walk-summary.js';

/** A data source as a discovery surface reports it; G3 `_dataSources` does not tell the prefix. */
export type DataSourceRow = Omit<DataSourceInfo, 'prefix'> & { prefix: string | null };

export interface DiscoveryParts {
  generation: Generation;
  schema: SchemaIndex | null;
  summary: SchemaSummary | null;
  /** Rows of `core.data_sources` (or G3 `_dataSources`, whose prefix is null) when that query answered. */
  dataSources: DataSourceRow[] | null;
  warnings: string[];
  /** G2 `core.catalog` views, when the probe said G2 and they were read. */
  coreCatalog?: CoreCatalog | null;
  /** G3 `_catalog` module tree, when the probe said G3 and it was read. */
  metaCatalog?: MetaCatalog | null;
}

function mergeModules(into: Map<string, ModuleInfo>, modules: readonly ModuleInfo[]): void {
  for (const m of modules) {
    const existing = into.get(m.path);
    if (!existing) into.set(m.path, { ...m, roots: { ...m.roots } });
    else {
      existing.roots = { ...m.roots, ...existing.roots };
      existing.description = longerDescription(existing.description, m.description);
    }
  }
}

function mergeObject(intro: DataObjectInfo, summary: DataObjectInfo | undefined): DataObjectInfo {
  if (!summary) return intro;
  const relations = new Map(summary.fields.filter((f) => f.relationTo).map((f) => [f.name, f.relationTo!]));
  return {
    ...intro,
    description: intro.description || summary.description,
    fields: intro.fields.map((f) => (!f.relationTo && relations.has(f.name) ? { ...f, relationTo: relations.get(f.name)! } : f)),
    filterType: intro.filterType ?? summary.filterType,
    ...(intro.argsType || summary.argsType ? { argsType: intro.argsType ?? summary.argsType } : {}),
    ...(summary.isM2M ? { isM2M: true } : {}),
  };
}

function inferDataSources(objects: readonly DataObjectInfo[], functions: readonly FunctionInfo[]): DataSourceInfo[] {
  const names = new Set([...objects.map((o) => o.dataSource), ...functions.map((f) => f.dataSource)].filter(Boolean));
  return [...names].sort().map((name) => {
    const own = objects.filter((o) => o.dataSource === name);
    // as_module sources name queries by the original name: `pm_users` queried as `users` ⇒ prefix `pm`
    const fromQueries = own.flatMap((o) => {
      const q = o.queries.find((x) => x.variant === 'select')?.name;
      return q && q !== o.typeName && o.typeName.endsWith(`_${q}`) ? [o.typeName.slice(0, -(q.length + 1))] : [];
    });
    const prefix = fromQueries[0] ?? (own.length > 0 && own.every((o) => o.typeName.startsWith(`${name}_`)) ? name : '');
    const asModule = own.length > 0 && own.every((o) => o.module === name || o.module.startsWith(`${name}.`));
    return { name, type: '', prefix, asModule, readOnly: own.length > 0 && own.every((o) => o.mutations.length === 0), description: '' };
  });
}

/**
 * The data sources behind each module as introspection tells them, in every generation: the
 * `catalog` of its data objects (`__Type.catalog`), functions (`__Field.catalog`) and root types.
 */
function addMemberSources(catalog: GraphqlCatalog, schema: SchemaIndex | null): void {
  const sources = new Map<string, Set<string>>();
  const add = (module: string, source: string | null | undefined) => {
    if (!module || !source) return;
    if (!sources.has(module)) sources.set(module, new Set());
    sources.get(module)!.add(source);
  };
  for (const o of catalog.dataObjects) add(o.module, o.dataSource);
  for (const f of catalog.functions) add(f.module, f.dataSource);
  for (const m of catalog.modules) for (const root of Object.values(m.roots)) add(m.path, root ? schema?.get(root)?.catalog : null);
  for (const m of catalog.modules) {
    const found = sources.get(m.path);
    if (found) m.dataSources = [...new Set([...(m.dataSources ?? []), ...found])].sort();
  }
}

export function mergeCatalog(parts: DiscoveryParts): GraphqlCatalog {
  const catalog = emptyCatalog(parts.generation);
  catalog.warnings.push(...parts.warnings);
  if (parts.schema && !parts.schema.hugr) {
    const plain = walkPlain(parts.schema);
    catalog.operations = plain.operations;
    catalog.types = plain.types;
    return catalog;
  }
  const intro = parts.schema ? walkIntrospection(parts.schema) : null;
  const summary = parts.summary ? walkSummary(parts.summary) : null;

  const modules = new Map<string, ModuleInfo>();
  mergeModules(modules, intro?.modules ?? []);
  mergeModules(modules, summary?.modules ?? []);

  const summaryObjects = new Map((summary?.dataObjects ?? []).map((o) => [o.typeName, o]));
  const objects = new Map<string, DataObjectInfo>();
  for (const o of intro?.dataObjects ?? []) objects.set(o.typeName, mergeObject(o, summaryObjects.get(o.typeName)));
  for (const o of summary?.dataObjects ?? []) if (!objects.has(o.typeName)) objects.set(o.typeName, o);

  const functions = new Map<string, FunctionInfo>();
  for (const f of [...(intro?.functions ?? []), ...(summary?.functions ?? [])]) {
    const key = `${f.root}:${f.module}:${f.name}`;
    if (!functions.has(key)) functions.set(key, f);
  }

  // every ancestor of a module exists as a container (HUGR.md §3.2)
  for (const path of [...modules.keys(), ...[...objects.values()].map((o) => o.module), ...[...functions.values()].map((f) => f.module)]) {
    const segments = path ? path.split('.') : [];
    for (let i = 1; i <= segments.length; i++) {
      const p = segments.slice(0, i).join('.');
      if (!modules.has(p)) modules.set(p, { path: p, description: '', roots: {} });
    }
  }

  catalog.modules = [...modules.values()].sort((a, b) => a.path.localeCompare(b.path));
  catalog.dataObjects = [...objects.values()];
  catalog.functions = [...functions.values()];
  catalog.types = intro?.types ?? [];
  const inferred = inferDataSources(catalog.dataObjects, catalog.functions);
  catalog.dataSources = summary?.dataSources.length
    ? summary.dataSources
    : parts.dataSources
      ? parts.dataSources.map((d) => ({ ...d, prefix: d.prefix ?? inferred.find((x) => x.name === d.name)?.prefix ?? '' }))
      : inferred;
  if (parts.coreCatalog) applyCoreCatalog(catalog, parts.coreCatalog);
  if (parts.metaCatalog) applyMetaCatalog(catalog, parts.metaCatalog);
  addMemberSources(catalog, parts.schema);
  return catalog;
}
