/**
 * @module adapters/connector/graphql/element
 * Single-element updates (`sextant update --source mesh --object …`): re-reads one data object,
 * function, module (its subtree) or data source with a few `__type(name:)` requests instead of
 * the whole schema, and maps it exactly as a full discovery would, so unchanged elements keep
 * their hashes.
 */
import { SextantError } from '../../../kernel/errors.js';
import type { CatalogObject } from '../../../ports/catalog.js';
import type { ElementSnapshot } from '../../../ports/connector.js';
import type { DataSourceInfo, Generation, ModuleInfo, RootKind } from './catalog-model.js';
import { emptyCatalog } from './catalog-model.js';
import { errorMessages, postGraphql } from './client.js';
import { type DiscoverContext, PROBES, parseDataSources } from './discover.js';
import { HUGR_SHAPE, typesQuery } from './introspection-query.js';
import { type IntroType, SchemaIndex, namedType } from './schema-model.js';
import { createTypeLookup } from './type-lookup.js';
import { ObjectMapper, canonicalOrder } from './to-objects.js';
import { type WalkEntry, walkIntrospection } from './walk-introspection.js';

const ROOT_DEFAULTS: Record<RootKind, string> = { query: 'Query', mutation: 'Mutation', function: 'Function', mut_function: 'MutationFunction' };
const BATCH = 100;

async function fetchTypes(ctx: DiscoverContext, names: readonly string[]): Promise<Map<string, IntroType | null>> {
  const out = new Map<string, IntroType | null>();
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = names.slice(i, i + BATCH);
    const res = await postGraphql(ctx.fetcher, ctx.settings.queryUrl, { query: typesQuery(batch, HUGR_SHAPE) }, { purpose: 'discovery' }, ctx.signal);
    if (res.errors?.length) {
      // G1 fails the whole request for an unknown name: ask one by one to tell which is gone.
      if (batch.length > 1 && /not found/i.test(errorMessages(res.errors))) {
        for (const name of batch) for (const [k, v] of await fetchTypes(ctx, [name])) out.set(k, v);
        continue;
      }
      if (batch.length === 1 && /not found/i.test(errorMessages(res.errors))) {
        out.set(batch[0]!, null);
        continue;
      }
      throw new SextantError(
        'INTROSPECTION_FAILED',
        `cannot read types ${batch.slice(0, 3).join(', ')}${batch.length > 3 ? ', …' : ''}: ${errorMessages(res.errors)}`,
        { hint: 'run a full `sextant update` for this source' },
      );
    }
    batch.forEach((name, j) => out.set(name, ((res.data ?? {})[`t${j}`] as IntroType | null) ?? null));
  }
  return out;
}

/**
 * Fetches the start types and, breadth first, the types their fields return: module roots are
 * always expanded, other types only within one hop of a start or a module root. `prune` may cut
 * fields of a fetched type before it is expanded.
 */
async function fetchClosure(ctx: DiscoverContext, start: readonly string[], prune?: (t: IntroType) => IntroType): Promise<SchemaIndex> {
  const types = new Map<string, IntroType>();
  const distance = new Map<string, number>(start.map((n) => [n, 0]));
  let frontier = [...new Set(start)];
  while (frontier.length) {
    const fetched = await fetchTypes(ctx, frontier);
    const next = new Set<string>();
    for (const [name, type] of fetched) {
      if (!type) continue;
      const t = prune ? prune(type) : type;
      types.set(name, t);
      const d = distance.get(name) ?? 0;
      const expand = t.hugr_type === 'module' || d < 1;
      if (!expand) continue;
      for (const f of t.fields ?? []) {
        const target = namedType(f.type);
        if (f.name === 'jq' || types.has(target) || distance.has(target)) continue;
        distance.set(target, t.hugr_type === 'module' ? 0 : d + 1);
        next.add(target);
      }
    }
    frontier = [...next];
  }
  return new SchemaIndex({ queryType: null, mutationType: null, types: [...types.values()] });
}

export interface ElementContext {
  /** Every stored object of the source: module roots, data sources and paths come from here. */
  objects: readonly CatalogObject[];
}

function storedDataSources(objects: readonly CatalogObject[]): DataSourceInfo[] {
  return objects
    .filter((o) => o.kind === 'data_source')
    .map((o) => ({
      name: o.name,
      type: String(o.attributes.engine ?? ''),
      prefix: String(o.attributes.prefix ?? ''),
      asModule: o.attributes.asModule === true,
      readOnly: o.attributes.readOnly === true,
      description: o.comment ?? '',
    }));
}

function moduleRoots(objects: readonly CatalogObject[], module: string): Partial<Record<RootKind, string>> {
  if (!module) return { ...ROOT_DEFAULTS };
  const m = objects.find((o) => o.kind === 'module' && o.path === module);
  return (m?.attributes.roots as Partial<Record<RootKind, string>> | undefined) ?? {};
}

function resourcesUnder(objects: readonly CatalogObject[], predicate: (o: CatalogObject) => boolean): string[] {
  return [...new Set(objects.filter(predicate).map((o) => o.resource))];
}

export async function introspectElement(ctx: DiscoverContext, source: string, element: CatalogObject, stored: ElementContext): Promise<ElementSnapshot> {
  const dataSources = storedDataSources(stored.objects);
  const knownPaths = new Map(stored.objects.filter((o) => o.kind === 'data_object').map((o) => [String(o.attributes.typeName), o.path]));
  const mapperFor = (schema: SchemaIndex, catalog: ReturnType<typeof emptyCatalog>) =>
    new ObjectMapper(source, catalog, createTypeLookup(schema, catalog.dataObjects), knownPaths);

  if (element.kind === 'data_source') {
    const res = await postGraphql(ctx.fetcher, ctx.settings.queryUrl, { query: PROBES.dataSources }, { purpose: 'discovery' }, ctx.signal);
    const rows = parseDataSources((res.data as { core?: { data_sources?: unknown } } | null)?.core?.data_sources);
    if (!rows)
      throw new SextantError('INTROSPECTION_FAILED', `cannot read data sources: ${errorMessages(res.errors) || 'no core.data_sources'}`, {
        hint: 'check that the service credential may read core.data_sources',
      });
    const catalog = { ...emptyCatalog('G2'), dataSources: rows };
    const mapper = new ObjectMapper(source, catalog, createTypeLookup(null));
    const row = rows.find((r) => r.name === element.name);
    if (row) mapper.addDataSource(row);
    return { resources: [element.resource], ...canonicalOrder(mapper.objects, mapper.edges) };
  }

  if (element.kind === 'data_object') {
    const typeName = String(element.attributes.typeName);
    const module = String(element.attributes.module ?? '');
    const roots = moduleRoots(stored.objects, module);
    const q = element.name;
    const wanted = new Set([q, `${q}_by_pk`, `${q}_aggregation`, `${q}_bucket_aggregation`, `insert_${q}`, `update_${q}`, `delete_${q}`]);
    const rootNames = [roots.query, roots.mutation].filter((r): r is string => Boolean(r));
    const prune = (t: IntroType): IntroType =>
      rootNames.includes(t.name)
        ? { ...t, fields: (t.fields ?? []).filter((f) => wanted.has(f.name) || (f.hugr_type === 'select_one' && namedType(f.type) === typeName)) }
        : t;
    const schema = await fetchClosure(ctx, [typeName, ...rootNames], prune);
    const entries: WalkEntry[] = [];
    if (roots.query && schema.get(roots.query)) entries.push({ typeName: roots.query, module, root: 'query' });
    if (roots.mutation && schema.get(roots.mutation)) entries.push({ typeName: roots.mutation, module, root: 'mutation' });
    const walked = walkIntrospection(schema, entries);
    const catalog = { ...emptyCatalog('G2'), dataSources, dataObjects: walked.dataObjects.filter((o) => o.typeName === typeName) };
    const mapper = mapperFor(schema, catalog);
    for (const o of catalog.dataObjects) mapper.addDataObject(o);
    return { resources: [element.resource], ...canonicalOrder(mapper.objects, mapper.edges) };
  }

  if (element.kind === 'function') {
    const root = (element.attributes.root as RootKind | undefined) ?? 'function';
    const module = String(element.attributes.module ?? '');
    const rootType = moduleRoots(stored.objects, module)[root] ?? ROOT_DEFAULTS[root];
    const prune = (t: IntroType): IntroType => (t.name === rootType ? { ...t, fields: (t.fields ?? []).filter((f) => f.name === element.name) } : t);
    const schema = await fetchClosure(ctx, [rootType], prune);
    const walked = walkIntrospection(schema, schema.get(rootType) ? [{ typeName: rootType, module, root }] : []);
    const generation: Generation = element.attributes.originalName !== element.name ? 'G1' : 'G2';
    const catalog = { ...emptyCatalog(generation), dataSources, functions: walked.functions.filter((f) => f.name === element.name && f.module === module) };
    const mapper = mapperFor(schema, catalog);
    for (const f of catalog.functions) mapper.addFunction(f);
    return { resources: [element.resource], ...canonicalOrder(mapper.objects, mapper.edges) };
  }

  if (element.kind === 'module') {
    const module = element.path;
    const roots = moduleRoots(stored.objects, module);
    const entriesWanted = (Object.entries(roots) as Array<[RootKind, string]>).filter(([, t]) => Boolean(t));
    const schema = await fetchClosure(
      ctx,
      entriesWanted.map(([, t]) => t),
    );
    const walked = walkIntrospection(
      schema,
      entriesWanted.filter(([, t]) => schema.get(t)).map(([root, typeName]) => ({ typeName, module, root })),
    );
    const descriptions = new Map(stored.objects.filter((o) => o.kind === 'module').map((o) => [o.path, o.comment ?? '']));
    const modules: ModuleInfo[] = walked.modules.map((m) => ({ ...m, description: m.description || descriptions.get(m.path) || '' }));
    const catalog = { ...emptyCatalog('G2'), dataSources, modules, dataObjects: walked.dataObjects, functions: walked.functions };
    const mapper = mapperFor(schema, catalog);
    for (const m of modules) mapper.addModule(m);
    for (const o of walked.dataObjects) mapper.addDataObject(o);
    for (const f of walked.functions) mapper.addFunction(f);
    const inside = (p: string) => p === module || p.startsWith(`${module}.`);
    const resources = resourcesUnder(
      stored.objects,
      (o) => (o.kind === 'module' && inside(o.path)) || ((o.kind === 'data_object' || o.kind === 'function') && inside(String(o.attributes.module ?? ''))),
    );
    return { resources: [...new Set([element.resource, ...resources])], ...canonicalOrder(mapper.objects, mapper.edges) };
  }

  throw new SextantError('USAGE', `cannot update a single ${element.kind}`, {
    hint: 'name a data object, function, module or data source, or run a full update',
  });
}
