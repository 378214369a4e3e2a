/**
 * @module adapters/connector/graphql/operations
 * Full GraphQL paths and ready-to-edit operations for any capability, on all four roots:
 * data queries `query { m1 { … mN { object } } }`, mutations `mutation { m1 { … insert_x } }`,
 * functions `query { function { m1 { … fn } } }`, mutating functions
 * `mutation { function { m1 { … fn } } }`. Variables are typed from the schema.
 */
import type { ArgInfo, FieldInfo, OperationInfo, RootKind } from './catalog-model.js';

/** What the builder needs to know about types to write selection sets. */
export interface TypeLookup {
  /** Fields of an object type, or undefined for scalars, enums and unknown types. */
  fields(typeName: string): readonly FieldInfo[] | undefined;
}

const MAX_SELECTED = 12;
const INDENT = '  ';

export function namedOf(sdlType: string): string {
  return sdlType.replace(/[[\]!]/g, '');
}

/** Dotted path of a capability: `query.crm.pg_customers`, `mutation.function.crm.recalc`. */
export function capabilityPath(op: Pick<OperationInfo, 'root' | 'module' | 'name'>): string {
  const head: Record<RootKind, string[]> = { query: ['query'], mutation: ['mutation'], function: ['function'], mut_function: ['mutation', 'function'] };
  return [...head[op.root], ...(op.module ? op.module.split('.') : []), op.name].join('.');
}

function operationName(op: Pick<OperationInfo, 'root' | 'module' | 'name'>): string {
  const raw = [op.root === 'mut_function' ? 'mut_fn' : op.root === 'function' ? 'fn' : '', ...(op.module ? op.module.split('.') : []), op.name]
    .filter(Boolean)
    .join('_');
  const clean = raw.replace(/[^_0-9A-Za-z]/g, '_');
  return /^[_A-Za-z]/.test(clean) ? clean : `_${clean}`;
}

function leafFields(lookup: TypeLookup, typeName: string, limit = MAX_SELECTED): string[] {
  const fields = lookup.fields(typeName) ?? [];
  return fields
    .filter((f) => !f.mcpExclude && !f.name.startsWith('_') && !f.relationTo && !f.args.some((a) => a.required) && !lookup.fields(namedOf(f.type)))
    .slice(0, limit)
    .map((f) => f.name);
}

/** Selection set lines for a return type, or [] when it is a leaf. */
export function selectionFor(lookup: TypeLookup, returns: string, variant: OperationInfo['variant']): string[] {
  const typeName = namedOf(returns);
  const fields = lookup.fields(typeName);
  if (!fields) return [];
  if (variant === 'aggregate') return ['_rows_count'];
  if (variant === 'bucket_agg') {
    const key = fields.find((f) => f.name === 'key');
    const keyFields = key ? leafFields(lookup, namedOf(key.type), 3) : [];
    return [...(keyFields.length ? [`key { ${keyFields.join(' ')} }`] : []), 'aggregations { _rows_count }'];
  }
  const leaves = leafFields(lookup, typeName);
  return leaves.length ? leaves : ['__typename'];
}

/** Arguments that become variables: required ones, plus filter/limit on list queries. */
function variableArgs(op: OperationInfo): ArgInfo[] {
  return op.args.filter(
    (a) =>
      a.required ||
      (op.variant === 'select' && (a.name === 'filter' || a.name === 'limit' || a.name === 'args')) ||
      (op.variant === 'update' && a.name === 'filter') ||
      (op.variant === 'delete' && a.name === 'filter'),
  );
}

export interface BuiltOperation {
  path: string;
  operationType: 'query' | 'mutation';
  operationName: string;
  /** Variables with their schema types, e.g. `{ filter: 'pg_customers_filter', id: 'Int!' }`. */
  variables: Record<string, string>;
  text: string;
}

export function buildOperation(op: OperationInfo, lookup: TypeLookup): BuiltOperation {
  const operationType = op.root === 'query' || op.root === 'function' ? 'query' : 'mutation';
  const vars = variableArgs(op);
  const name = operationName(op);
  const selection = selectionFor(lookup, op.returns, op.variant);
  const nesting = [...(op.root === 'function' || op.root === 'mut_function' ? ['function'] : []), ...(op.module ? op.module.split('.') : [])];
  const lines: string[] = [];
  const varDecl = vars.length ? `(${vars.map((v) => `$${v.name}: ${v.type}`).join(', ')})` : '';
  lines.push(`${operationType} ${name}${varDecl} {`);
  nesting.forEach((segment, i) => lines.push(`${INDENT.repeat(i + 1)}${segment} {`));
  const depth = nesting.length + 1;
  const call = `${op.name}${vars.length ? `(${vars.map((v) => `${v.name}: $${v.name}`).join(', ')})` : ''}`;
  if (selection.length) {
    lines.push(`${INDENT.repeat(depth)}${call} {`);
    for (const s of selection) lines.push(`${INDENT.repeat(depth + 1)}${s}`);
    lines.push(`${INDENT.repeat(depth)}}`);
  } else lines.push(`${INDENT.repeat(depth)}${call}`);
  for (let i = nesting.length; i >= 1; i--) lines.push(`${INDENT.repeat(i)}}`);
  lines.push('}');
  return {
    path: capabilityPath(op),
    operationType,
    operationName: name,
    variables: Object.fromEntries(vars.map((v) => [v.name, v.type])),
    text: lines.join('\n'),
  };
}
