/**
 * Test helper: writes the compiled SDL of a synthetic Hugr deployment (G1 naming, HUGR.md §3,
 * §10) — data objects and functions of several sources placed in modules of any depth, with
 * prefixes and `as_module` — using the acme fixture's system prelude (directive declarations,
 * scalars, filters, aggregations). Served with hugr-annotate's introspection, it exercises paths
 * deeper and more mixed than the hand-built fixture.
 */
import { ACME } from './hugr-fixtures.js';

export interface SyntheticSource {
  name: string;
  prefix: string;
  asModule: boolean;
  engine?: string;
}

export interface SyntheticTable {
  source: string;
  name: string;
  module?: string;
  description?: string;
}

export interface SyntheticFunction {
  source: string;
  name: string;
  module?: string;
  mutating?: boolean;
  description?: string;
}

const COLUMNS = [
  ['id', 'Int!', 'IntFilter', 'IntAggregation', '@pk'],
  ['name', 'String', 'StringFilter', 'StringAggregation', ''],
  ['amount', 'Float', 'FloatFilter', 'FloatAggregation', ''],
] as const;

function prelude(): string {
  const sdl = ACME.sdl();
  return sdl.slice(0, sdl.indexOf('"""\nJoin query object\n"""'));
}

const typeSuffix = (path: string) => path.replace(/\./g, '_');

export function buildSyntheticSdl(sources: SyntheticSource[], tables: SyntheticTable[], functions: SyntheticFunction[]): string {
  const out: string[] = [prelude()];
  const bySource = new Map(sources.map((s) => [s.name, s]));
  type Kind = 'query' | 'mutation' | 'function' | 'mut_function';
  const members = new Map<string, Map<Kind, string[]>>(); // module path → kind → field lines
  const add = (module: string, kind: Kind, line: string) => {
    const segments = module ? module.split('.') : [];
    for (let i = 0; i <= segments.length; i++) {
      const p = segments.slice(0, i).join('.');
      if (!members.has(p)) members.set(p, new Map());
      const kinds = members.get(p)!;
      if (!kinds.has(kind)) kinds.set(kind, []);
    }
    members.get(module)!.get(kind)!.push(line);
  };

  for (const t of tables) {
    const s = bySource.get(t.source)!;
    const T = s.prefix ? `${s.prefix}_${t.name}` : t.name;
    const Q = s.asModule ? t.name : T;
    const module = s.asModule ? [s.name, t.module].filter(Boolean).join('.') : (t.module ?? '');
    const cat = `@catalog(name: "${s.name}", engine: "${s.engine ?? 'postgres'}")`;
    out.push(
      `${t.description ? `"""\n${t.description}\n"""\n` : ''}type ${T} @table(name: "${t.name}")${module ? ` @module(name: "${module}")` : ''} ${cat} @filter_input(name: "${T}_filter") @original_name(name: "${t.name}") {\n${COLUMNS.map(([n, ty, , , d]) => `  ${n}: ${ty} ${d}`).join('\n')}\n}`,
    );
    out.push(
      `input ${T}_filter ${cat} @filter_input(name: "${T}") {\n${COLUMNS.map(([n, , f]) => `  ${n}: ${f}`).join('\n')}\n  _and: [${T}_filter]\n  _or: [${T}_filter]\n  _not: ${T}_filter\n}`,
    );
    out.push(`input ${T}_mut_input_data ${cat} @data_input(name: "${T}") {\n${COLUMNS.map(([n, ty]) => `  ${n}: ${ty.replace('!', '')}`).join('\n')}\n}`);
    out.push(
      `input ${T}_mut_data ${cat} @data_input(name: "${T}") {\n${COLUMNS.slice(1)
        .map(([n, ty]) => `  ${n}: ${ty}`)
        .join('\n')}\n}`,
    );
    out.push(
      `type _${T}_aggregation @aggregation(name: "${T}", is_bucket: false, level: 1) ${cat} {\n  _rows_count: BigInt\n${COLUMNS.map(([n, , , a]) => `  ${n}: ${a}`).join('\n')}\n}`,
    );
    out.push(
      `type _${T}_aggregation_bucket @aggregation(name: "${T}", is_bucket: true, level: 1) ${cat} {\n  key: ${T}\n  aggregations(filter: ${T}_filter, order_by: [OrderByField]): _${T}_aggregation\n}`,
    );
    const list = `(filter: ${T}_filter, order_by: [OrderByField], limit: Int = 2000, offset: Int = 0)`;
    add(module, 'query', `${t.description ? `  """\n  ${t.description}\n  """\n` : ''}  ${Q}${list}: [${T}] ${cat} @query(name: "${T}", type: SELECT)`);
    add(module, 'query', `  ${Q}_by_pk(id: Int!): ${T} ${cat} @query(name: "${T}", type: SELECT_ONE)`);
    add(module, 'query', `  ${Q}_aggregation${list}: _${T}_aggregation @aggregation_query(name: "${T}", is_bucket: false) ${cat}`);
    add(module, 'query', `  ${Q}_bucket_aggregation${list}: [_${T}_aggregation_bucket] @aggregation_query(name: "${T}", is_bucket: true) ${cat}`);
    add(module, 'mutation', `  insert_${Q}(data: ${T}_mut_input_data!): ${T} ${cat} @mutation(name: "${T}", type: INSERT, data_input: "${T}_mut_input_data")`);
    add(
      module,
      'mutation',
      `  update_${Q}(data: ${T}_mut_data!, filter: ${T}_filter): OperationResult ${cat} @mutation(name: "${T}", type: UPDATE, data_input: "${T}_mut_data")`,
    );
    add(module, 'mutation', `  delete_${Q}(filter: ${T}_filter): OperationResult ${cat} @mutation(name: "${T}", type: DELETE, data_input: "")`);
  }
  for (const f of functions) {
    const s = bySource.get(f.source)!;
    const field = !s.asModule && s.prefix ? `${s.prefix}_${f.name}` : f.name; // G1 prefixes functions of non-module sources
    const module = s.asModule ? [s.name, f.module].filter(Boolean).join('.') : (f.module ?? '');
    const sig = f.mutating ? `(scope: String): OperationResult` : `(period: String!, currency: String = "EUR"): Float`;
    add(
      module,
      f.mutating ? 'mut_function' : 'function',
      `${f.description ? `  """\n  ${f.description}\n  """\n` : ''}  ${field}${sig} @function(name: "${f.name}") @catalog(name: "${s.name}", engine: "${s.engine ?? 'postgres'}")${module ? ` @module(name: "${module}")` : ''}`,
    );
  }

  const ROOT: Record<Kind, string> = { query: 'Query', mutation: 'Mutation', function: 'Function', mut_function: 'MutationFunction' };
  const ROOT_TYPE: Record<Kind, string> = { query: 'QUERY', mutation: 'MUTATION', function: 'FUNCTION', mut_function: 'MUT_FUNCTION' };
  const typeName = (p: string, k: Kind) => (p ? `_module_${typeSuffix(p)}_${k}` : ROOT[k]);
  for (const [path, kinds] of members) {
    for (const [kind, lines] of kinds) {
      const children = [...members.keys()].filter(
        (c) =>
          c.startsWith(path ? `${path}.` : '') && c !== path && c.split('.').length === (path ? path.split('.').length + 1 : 1) && members.get(c)!.has(kind),
      );
      const fields = [...children.map((c) => `  ${c.split('.').pop()}: ${typeName(c, kind)}`), ...lines];
      if (!path && kind === 'query') fields.unshift('  function: Function @system');
      if (!path && kind === 'mutation') fields.unshift('  function: MutationFunction @system');
      const directive = path ? ` @module_root(name: "${path}", type: ${ROOT_TYPE[kind]})` : ' @system';
      out.push(`type ${typeName(path, kind)}${directive} {\n${fields.join('\n')}\n}`);
    }
  }
  if (!members.get('')?.has('function')) out.push('type Function @system {\n  _placeholder: Boolean\n}');
  if (!members.get('')?.has('mut_function')) out.push('type MutationFunction @system {\n  _placeholder: Boolean\n}');
  return out.join('\n\n');
}
