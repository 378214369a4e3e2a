/**
 * Test helper: the introspection JSON a G1 Hugr server would answer for an SDL with Hugr's
 * generated directives — standard introspection (graphql-js) plus `hugr_type`/`module`/`catalog`
 * on types and `hugr_type`/`catalog`/`mcp_exclude` on fields, computed with the rules of
 * HUGR.md §1.1–1.2. Checked against the hand-built acme fixture in hugr-annotate.test.ts, then
 * used to serve synthetic deployments (deep modules, mixed sources).
 */
import {
  type ConstDirectiveNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  buildSchema,
  getNamedType,
  getNullableType,
  introspectionFromSchema,
  isListType,
  isObjectType,
} from 'graphql';

const ROOTS = new Set(['Query', 'Mutation', 'Function', 'MutationFunction', 'Subscription']);

function directive(node: { directives?: readonly ConstDirectiveNode[] | undefined } | null | undefined, name: string): ConstDirectiveNode | undefined {
  return node?.directives?.find((d) => d.name.value === name);
}

function arg(d: ConstDirectiveNode | undefined, name: string): string | boolean | undefined {
  const v = d?.arguments?.find((a) => a.name.value === name)?.value;
  if (!v) return undefined;
  if (v.kind === 'StringValue' || v.kind === 'EnumValue') return v.value;
  if (v.kind === 'BooleanValue') return v.value;
  return undefined;
}

function typeHugr(t: GraphQLNamedType): { hugr_type: string; module: string; catalog: string } {
  const node = t.astNode;
  const root = directive(node, 'module_root');
  if (root) return { hugr_type: 'module', module: String(arg(root, 'name') ?? ''), catalog: '' };
  if (ROOTS.has(t.name)) return { hugr_type: 'module', module: '', catalog: '' };
  const catalog = String(arg(directive(node, 'catalog'), 'name') ?? '');
  const module = String(arg(directive(node, 'module'), 'name') ?? '');
  if (directive(node, 'table')) return { hugr_type: 'table', module, catalog };
  if (directive(node, 'view')) return { hugr_type: 'view', module, catalog };
  if (directive(node, 'filter_input')) return { hugr_type: 'filter', module: '', catalog: '' };
  if (directive(node, 'filter_list_input')) return { hugr_type: 'filter_list', module: '', catalog: '' };
  if (directive(node, 'data_input')) return { hugr_type: 'data_input', module: '', catalog: '' };
  if (t.name === '_join') return { hugr_type: 'join_queries', module: '', catalog: '' };
  return { hugr_type: '', module: '', catalog: '' };
}

function isModuleRoot(t: GraphQLNamedType): boolean {
  return Boolean(directive(t.astNode, 'module_root')) || ROOTS.has(t.name);
}

function fieldHugr(f: GraphQLField<unknown, unknown>): { hugr_type: string; catalog: string; mcp_exclude: boolean } {
  const node = f.astNode;
  const mcp_exclude = Boolean(directive(node, 'exclude_mcp'));
  const fn = directive(node, 'function');
  const catalog = fn ? String(arg(directive(node, 'catalog'), 'name') ?? '') : '';
  const named = getNamedType(f.type);
  let hugr_type = '';
  const agg = directive(node, 'aggregation_query');
  const query = directive(node, 'query');
  const mutation = directive(node, 'mutation');
  if (!isListType(getNullableType(f.type)) && isObjectType(named) && isModuleRoot(named)) hugr_type = 'submodule';
  else if (agg && arg(agg, 'is_bucket') === false) hugr_type = 'aggregate';
  else if (query && arg(query, 'type') === 'SELECT_ONE') hugr_type = 'select_one';
  else if ((query && arg(query, 'type') === 'SELECT') || directive(node, 'references_query') || directive(node, 'join')) hugr_type = 'select';
  else if (agg && arg(agg, 'is_bucket') === true) hugr_type = 'bucket_agg';
  else if (fn || directive(node, 'function_call') || directive(node, 'table_function_call_join')) hugr_type = 'function';
  else if (mutation) hugr_type = `mutation_${String(arg(mutation, 'type') ?? '').toLowerCase()}`;
  return { hugr_type, catalog, mcp_exclude };
}

/** `{ data: { __schema } }` with Hugr's extension fields, like a G1 server answers. */
export function hugrIntrospection(sdlOrSchema: string | GraphQLSchema): { data: { __schema: any } } {
  const schema = typeof sdlOrSchema === 'string' ? buildSchema(sdlOrSchema) : sdlOrSchema;
  const result = introspectionFromSchema(schema, { descriptions: true }) as any;
  for (const t of result.__schema.types) {
    const type = schema.getType(t.name)!;
    Object.assign(t, typeHugr(type));
    if (t.fields && isObjectType(type)) {
      const fields = type.getFields();
      for (const f of t.fields) Object.assign(f, fieldHugr(fields[f.name]!));
    }
  }
  return { data: result };
}
