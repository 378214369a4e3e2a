/**
 * @module adapters/connector/graphql/walk-introspection
 * Walks a Hugr schema from its four roots (HUGR.md §8.3): `submodule` fields are modules of any
 * depth (`jq` is skipped: it returns `Query`), `select`/`select_one`/`aggregate`/`bucket_agg`
 * fields are data-object queries, `function` fields on function roots are functions,
 * `mutation_*` fields are mutations. Root-level data objects (which `schema_summary` drops)
 * are found here too.
 */
import type { ArgInfo, DataObjectInfo, FieldInfo, FunctionInfo, ModuleInfo, OperationInfo, OperationVariant, RootKind, TypeInfo } from './catalog-model.js';
import { curatedDescription, joinPath } from './catalog-model.js';
import { type IntroField, type IntroInputValue, type IntroType, type SchemaIndex, isRequired, namedType, printTypeRef } from './schema-model.js';

const QUERY_VARIANTS: Record<string, OperationVariant> = { select: 'select', select_one: 'select_one', aggregate: 'aggregate', bucket_agg: 'bucket_agg' };
const MUTATION_VARIANTS: Record<string, OperationVariant> = { mutation_insert: 'insert', mutation_update: 'update', mutation_delete: 'delete' };

export function toArg(v: IntroInputValue): ArgInfo {
  return {
    name: v.name,
    type: printTypeRef(v.type),
    required: isRequired(v.type) && v.defaultValue == null,
    description: v.description ?? '',
    defaultValue: v.defaultValue,
  };
}

export function toField(schema: SchemaIndex, f: IntroField): FieldInfo {
  const target = schema.get(namedType(f.type));
  const isObjectRef = target && (target.hugr_type === 'table' || target.hugr_type === 'view');
  return {
    name: f.name,
    type: printTypeRef(f.type),
    description: f.description ?? '',
    args: f.args.map(toArg),
    mcpExclude: f.mcp_exclude === true,
    ...(f.hugr_type ? { hugrType: f.hugr_type } : {}),
    ...(isObjectRef ? { relationTo: target.name } : {}),
  };
}

function toOperation(f: IntroField, module: string, root: RootKind, variant: OperationVariant): OperationInfo {
  return { name: f.name, module, root, variant, args: f.args.map(toArg), returns: printTypeRef(f.type), description: f.description ?? '' };
}

export interface WalkResult {
  modules: ModuleInfo[];
  dataObjects: DataObjectInfo[];
  functions: FunctionInfo[];
  types: TypeInfo[];
}

/** Strips a query variant suffix to find the list query it belongs to. */
function baseQueryName(name: string, variant: OperationVariant): string {
  if (variant === 'aggregate') return name.replace(/_aggregation$/, '');
  if (variant === 'bucket_agg') return name.replace(/_bucket_aggregation$/, '');
  if (variant === 'insert' || variant === 'update' || variant === 'delete') return name.replace(/^(insert|update|delete)_/, '');
  return name;
}

/** Generated or system types that would only add noise to the index. */
export function isGeneratedType(t: IntroType): boolean {
  if (t.name.startsWith('__') || t.name.startsWith('_')) return true;
  if (t.hugr_type) return true; // data objects, filters, data inputs, module roots: indexed through their owners
  if (t.kind === 'SCALAR') return true;
  if (/(Filter|ListFilter|Aggregation|SubAggregation|_filter|_list_filter|_mut_input_data|_mut_data|_args)$/.test(t.name)) return true;
  return [
    'Query',
    'Mutation',
    'Subscription',
    'Function',
    'MutationFunction',
    'OrderByField',
    'OrderDirection',
    'OperationResult',
    'TimeBucket',
    'TimeExtract',
    'VectorDistanceType',
    'VectorSearchInput',
    'SemanticSearchInput',
    'GeometryType',
    'GeometrySpatialQueryType',
    'GeometryMeasurementTypes',
    'ModuleObjectType',
    'QueryType',
    'MutationType',
    'ExtraFieldBaseType',
  ].includes(t.name);
}

/** Where a walk starts: the four roots by default, or one module's root types (single-element updates). */
export interface WalkEntry {
  typeName: string;
  module: string;
  root: RootKind;
}

export function walkIntrospection(schema: SchemaIndex, entries?: readonly WalkEntry[]): WalkResult {
  const modules = new Map<string, ModuleInfo>();
  const functions: FunctionInfo[] = [];
  const objects = new Map<string, DataObjectInfo>();
  /** `<module>\u0000<list query name>` → type name, to attach aggregations and mutations. */
  const byQuery = new Map<string, string>();
  const pendingMutations: Array<{ module: string; op: OperationInfo }> = [];
  const pendingAggregations: Array<{ module: string; op: OperationInfo }> = [];

  const moduleAt = (path: string, rawDescription = ''): ModuleInfo => {
    const description = curatedDescription(rawDescription);
    let m = modules.get(path);
    if (!m) modules.set(path, (m = { path, description, roots: {} }));
    if (!m.description && description) m.description = description;
    return m;
  };

  const objectFor = (typeName: string, module: string): DataObjectInfo | undefined => {
    const t = schema.get(typeName);
    if (!t || (t.hugr_type !== 'table' && t.hugr_type !== 'view')) return undefined;
    let o = objects.get(typeName);
    if (!o) {
      o = {
        typeName,
        module,
        dataSource: t.catalog ?? '',
        kind: t.hugr_type,
        description: t.description ?? '',
        fields: (t.fields ?? []).map((f) => toField(schema, f)),
        queries: [],
        mutations: [],
      };
      objects.set(typeName, o);
    }
    return o;
  };

  const visited = new Set<string>();
  const walk = (typeName: string, modulePath: string, root: RootKind) => {
    const key = `${root}:${typeName}:${modulePath}`;
    if (visited.has(key)) return;
    visited.add(key);
    const type = schema.get(typeName);
    if (!type?.fields) return;
    if (modulePath) moduleAt(modulePath).roots[root] = typeName;
    for (const f of type.fields) {
      const ht = f.hugr_type ?? '';
      const target = namedType(f.type);
      if (ht === 'submodule') {
        if (f.name === 'jq' || target === schema.queryType) continue;
        if (f.name === 'function' && !modulePath) {
          walk(target, '', root === 'mutation' ? 'mut_function' : 'function');
          continue;
        }
        const child = joinPath(modulePath, f.name);
        moduleAt(child, f.description ?? '');
        walk(target, child, root);
        continue;
      }
      if (root === 'query' && QUERY_VARIANTS[ht]) {
        const variant = QUERY_VARIANTS[ht]!;
        const op = toOperation(f, modulePath, 'query', variant);
        if (variant === 'select' || variant === 'select_one') {
          const o = objectFor(target, modulePath);
          if (o) {
            o.queries.push(op);
            if (variant === 'select') byQuery.set(`${modulePath}\u0000${f.name}`, o.typeName);
            const filter = f.args.find((a) => a.name === 'filter');
            if (filter) o.filterType = namedType(filter.type);
            const args = f.args.find((a) => a.name === 'args');
            if (args) o.argsType = namedType(args.type);
          }
        } else pendingAggregations.push({ module: modulePath, op });
        continue;
      }
      if (root === 'mutation' && MUTATION_VARIANTS[ht]) {
        pendingMutations.push({ module: modulePath, op: toOperation(f, modulePath, 'mutation', MUTATION_VARIANTS[ht]!) });
        continue;
      }
      if ((root === 'function' || root === 'mut_function') && ht === 'function') {
        functions.push({ ...toOperation(f, modulePath, root, 'function'), dataSource: f.catalog ?? '' });
      }
    }
  };

  if (entries) {
    for (const e of entries) walk(e.typeName, e.module, e.root);
  } else {
    if (schema.queryType) walk(schema.queryType, '', 'query');
    if (schema.mutationType) walk(schema.mutationType, '', 'mutation');
    // Reach function roots even when Query.function is hidden from this role.
    if (schema.get('Function')) walk('Function', '', 'function');
    if (schema.get('MutationFunction')) walk('MutationFunction', '', 'mut_function');
  }

  for (const { module, op } of pendingAggregations) {
    const typeName = byQuery.get(`${module}\u0000${baseQueryName(op.name, op.variant)}`);
    if (typeName) objects.get(typeName)!.queries.push(op);
  }
  for (const { module, op } of pendingMutations) {
    const typeName = byQuery.get(`${module}\u0000${baseQueryName(op.name, op.variant)}`);
    if (typeName) objects.get(typeName)!.mutations.push(op);
  }

  const types: TypeInfo[] = [];
  for (const t of entries ? [] : schema.types.values()) {
    if (isGeneratedType(t)) continue;
    if (t.kind !== 'OBJECT' && t.kind !== 'INPUT_OBJECT' && t.kind !== 'ENUM' && t.kind !== 'INTERFACE' && t.kind !== 'UNION') continue;
    types.push({
      name: t.name,
      kind: t.kind,
      description: t.description ?? '',
      fields: [
        ...(t.fields ?? []).map((f) => toField(schema, f)),
        ...(t.inputFields ?? []).map((v) => ({ name: v.name, type: printTypeRef(v.type), description: v.description ?? '', args: [], mcpExclude: false })),
      ],
      values: (t.enumValues ?? []).map((v) => v.name),
    });
  }
  return { modules: [...modules.values()], dataObjects: [...objects.values()], functions, types };
}
