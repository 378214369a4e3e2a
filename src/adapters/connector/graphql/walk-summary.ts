/**
 * @module adapters/connector/graphql/walk-summary
 * Reads the G1 `schema_summary` (HUGR.md §2) into the connector's model: data sources, the
 * module tree, data objects with columns, relations, queries and mutations, functions.
 */
import type { ArgInfo, DataObjectInfo, DataSourceInfo, FieldInfo, FunctionInfo, ModuleInfo, OperationInfo, OperationVariant } from './catalog-model.js';
import { curatedDescription } from './catalog-model.js';
import { type SchemaSummary, type SummaryArgument, type SummaryDataObject, type SummaryField, type SummaryFunction, flattenModules } from './schema-summary.js';

const VARIANTS: Record<string, OperationVariant> = { select: 'select', select_one: 'select_one', aggregate: 'aggregate', bucket_aggregate: 'bucket_agg' };

function argType(a: SummaryArgument): string {
  const base = a.is_array ? `[${a.type}]` : a.type;
  return a.is_required ? `${base}!` : base;
}

function toArg(a: SummaryArgument): ArgInfo {
  return { name: a.name, type: argType(a), required: a.is_required, description: a.description ?? '' };
}

function fieldType(f: SummaryField): string {
  const base = f.returns_array ? `[${f.type}]` : f.type;
  return f.nullable ? base : `${base}!`;
}

function toField(f: SummaryField): FieldInfo {
  return {
    name: f.name,
    type: fieldType(f),
    description: f.description ?? '',
    args: (f.arguments ?? []).map(toArg),
    mcpExclude: false,
    ...(f.is_primary_key ? { isPrimaryKey: true } : {}),
  };
}

function toDataObject(o: SummaryDataObject): DataObjectInfo {
  const relations: FieldInfo[] = [...(o.relations ?? []), ...(o.subqueries ?? [])].map((r) => ({
    name: r.name,
    type: r.type === 'many_to_one' ? r.data_object : `[${r.data_object}]`,
    description: r.description ?? '',
    args: [],
    mcpExclude: false,
    hugrType: 'select',
    relationTo: r.data_object,
  }));
  const queries: OperationInfo[] = (o.queries ?? []).flatMap((q) => {
    const variant = VARIANTS[q.type];
    if (!variant) return [];
    return [
      {
        name: q.name,
        module: q.path,
        root: 'query' as const,
        variant,
        args: (q.arguments ?? []).map(toArg),
        returns: q.is_single_row ? q.returned_type : `[${q.returned_type}]`,
        description: q.description ?? '',
      },
    ];
  });
  const m = o.mutations;
  const mutations: OperationInfo[] = [];
  if (m?.insert_mutation) {
    mutations.push({
      name: m.insert_mutation,
      module: o.module,
      root: 'mutation',
      variant: 'insert',
      args: [{ name: 'data', type: `${m.insert_data_type}!`, required: true, description: '' }],
      returns: o.has_primary_key && !o.is_m2m ? o.name : 'OperationResult',
      description: '',
    });
  }
  if (m?.update_mutation) {
    mutations.push({
      name: m.update_mutation,
      module: o.module,
      root: 'mutation',
      variant: 'update',
      args: [
        { name: 'data', type: `${m.update_data_type}!`, required: true, description: '' },
        { name: 'filter', type: o.filter_type, required: false, description: '' },
      ],
      returns: 'OperationResult',
      description: '',
    });
  }
  if (m?.delete_mutation) {
    mutations.push({
      name: m.delete_mutation,
      module: o.module,
      root: 'mutation',
      variant: 'delete',
      args: [{ name: 'filter', type: o.filter_type, required: false, description: '' }],
      returns: 'OperationResult',
      description: '',
    });
  }
  return {
    typeName: o.name,
    module: o.module,
    dataSource: o.data_source,
    kind: o.type,
    description: o.description ?? '',
    fields: [...(o.columns ?? []).map(toField), ...relations],
    queries,
    mutations,
    filterType: o.filter_type,
    ...(o.arguments ? { argsType: o.arguments.type } : {}),
    ...(o.is_m2m ? { isM2M: true } : {}),
  };
}

function toFunction(f: SummaryFunction, root: 'function' | 'mut_function'): FunctionInfo {
  return {
    name: f.name,
    module: f.module,
    root,
    variant: 'function',
    args: (f.arguments ?? []).map(toArg),
    returns: f.returns_array ? `[${f.return_type}]` : f.return_type,
    description: f.description ?? '',
    dataSource: f.data_source,
  };
}

export function walkSummary(summary: SchemaSummary): {
  dataSources: DataSourceInfo[];
  modules: ModuleInfo[];
  dataObjects: DataObjectInfo[];
  functions: FunctionInfo[];
} {
  const dataSources = (summary.data_sources ?? []).map((d) => ({
    name: d.name,
    type: d.type,
    prefix: d.prefix,
    asModule: d.as_module,
    readOnly: d.read_only,
    description: d.description ?? '',
  }));
  const modules: ModuleInfo[] = [];
  const dataObjects: DataObjectInfo[] = [];
  const functions: FunctionInfo[] = [];
  for (const m of flattenModules(summary.modules)) {
    if (m.name) {
      modules.push({
        path: m.name,
        description: curatedDescription(m.description),
        roots: {
          ...(m.query_type ? { query: m.query_type } : {}),
          ...(m.mutation_type ? { mutation: m.mutation_type } : {}),
          ...(m.function_type ? { function: m.function_type } : {}),
          ...(m.mutation_function_type ? { mut_function: m.mutation_function_type } : {}),
        },
      });
    }
    for (const o of [...(m.tables ?? []), ...(m.views ?? [])]) dataObjects.push(toDataObject(o));
    for (const f of m.functions ?? []) functions.push(toFunction(f, 'function'));
    for (const f of m.mutate_functions ?? []) functions.push(toFunction(f, 'mut_function'));
  }
  return { dataSources, modules, dataObjects, functions };
}
