/**
 * @module adapters/connector/graphql/core-catalog
 * G2 (query-engine v0.3.0–v0.3.41) `core { catalog { … } }` views (HUGR.md §2.1, checked against
 * `schema_catalog_tmpl.graphql`): what they add over introspection — data-source long
 * descriptions, prefixes and the disabled flag (`schema_catalogs`, named `catalogs` before
 * v0.3.15), module long descriptions, the curated descriptions of data objects' types, and
 * argument defaults. `module_catalogs` (columns `module`, `catalog`) is read only as an extra: on
 * real servers its backing relation may not exist, and introspection tells the same. Views are
 * independent requests, all concurrent, so a view the server lacks costs only that view. Columns
 * the server does not know fail the whole request (HUGR.md §1.3), so they are dropped and the view
 * asked again.
 */
import type { GraphqlResponse } from './client.js';
import { errorMessages } from './client.js';

/**
 * Columns asked per view, the first one required; an entry may carry a sub-selection (a reference
 * to another view), named by its first word when the server refuses it.
 */
export const CORE_CATALOG_VIEWS = {
  schema_catalogs: ['name', 'description', 'long_description', 'type', 'prefix', 'as_module', 'read_only', 'disabled'],
  modules: ['name', 'description', 'long_description', 'query_root', 'mutation_root', 'function_root', 'mut_function_root'],
  module_catalogs: ['module', 'catalog'],
  data_objects: ['name', 'filter_type_name', 'args_type_name', 'type { description long_description module catalog }'],
  arguments: ['type_name', 'field_name', 'name', 'arg_type', 'default_value', 'description'],
} as const;

export type CoreCatalogView = keyof typeof CORE_CATALOG_VIEWS;
export type Row = Record<string, unknown>;

/** The name a view had before v0.3.15, asked when the current one is refused. */
const FORMER_NAMES: Partial<Record<CoreCatalogView, string>> = { schema_catalogs: 'catalogs' };

/** Rows per request of the `arguments` view, which is large and read only for module roots. */
export const ARGUMENTS_PAGE = 2000;

export interface CoreCatalog {
  /** Rows per view that answered; a missing key means the view was unavailable. */
  views: Partial<Record<CoreCatalogView, Row[]>>;
  warnings: string[];
}

export function coreCatalogQuery(view: string, columns: readonly string[], args = ''): string {
  return `query SextantCoreCatalog { core { catalog { ${view}${args} { ${columns.join(' ')} } } } }`;
}

/** Field names an executor refuses: graphql-js/gqlparser `Cannot query field "x" on type "T"`, Hugr `x: couldn't find field resolver`. */
export function refusedFields(messages: readonly string[]): string[] {
  const out = new Set<string>();
  for (const m of messages) {
    for (const match of m.matchAll(/Cannot query field "([^"]+)" on type "[^"]+"/g)) out.add(match[1]!);
    for (const match of m.matchAll(/\b([A-Za-z_][A-Za-z0-9_]*): couldn't find field resolver/g)) out.add(match[1]!);
  }
  return [...out];
}

function dig(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}

type Send = (query: string) => Promise<GraphqlResponse>;

const columnName = (column: string) => column.split(/[\s{]/)[0]!;

interface ViewRequest {
  view: CoreCatalogView;
  /** Arguments after the view's name, e.g. `(filter: …, limit: 10)`. */
  args?: string;
}

async function fetchView(send: Send, request: ViewRequest): Promise<{ rows: Row[] | null; note: string | null }> {
  const { view, args = '' } = request;
  let name: string = view;
  let columns: string[] = [...CORE_CATALOG_VIEWS[view]];
  for (let attempt = 0; attempt <= CORE_CATALOG_VIEWS[view].length; attempt++) {
    let res: GraphqlResponse;
    try {
      res = await send(coreCatalogQuery(name, columns, args));
    } catch (err) {
      return { rows: null, note: `core.catalog.${view} failed: ${(err as Error).message}` };
    }
    const messages = (res.errors ?? []).map((e) => e.message);
    const rows = dig(res.data, 'core', 'catalog', name);
    if (!messages.length && Array.isArray(rows)) return { rows: rows.filter((r): r is Row => Boolean(r) && typeof r === 'object'), note: null };
    const refused = refusedFields(messages);
    const former = FORMER_NAMES[view];
    if (former && name !== former && refused.includes(name)) {
      name = former;
      continue;
    }
    const droppable = refused.filter((f) => f !== columnName(columns[0]!) && columns.some((c) => columnName(c) === f));
    if (!droppable.length) return { rows: null, note: `core.catalog.${view} unavailable: ${errorMessages(res.errors) || 'unexpected shape'}` };
    columns = columns.filter((c) => !droppable.includes(columnName(c)));
  }
  return { rows: null, note: `core.catalog.${view} kept refusing columns` };
}

const rootTypes = (modules: readonly Row[]): string[] =>
  [
    ...new Set([
      'Query',
      'Mutation',
      'Function',
      'MutationFunction',
      ...modules.flatMap((m) => ['query_root', 'mutation_root', 'function_root', 'mut_function_root'].map((c) => m[c])),
    ]),
  ].filter((t): t is string => typeof t === 'string' && t !== '');

/**
 * The `arguments` view holds every argument of every field of every type, which can time out: only
 * the arguments of root fields are needed (the operations' defaults), read a page at a time.
 */
async function fetchRootArguments(send: Send, modules: readonly Row[]): Promise<{ rows: Row[] | null; note: string | null }> {
  const filter = `filter: {type_name: {in: ${JSON.stringify(rootTypes(modules))}}}`;
  const rows: Row[] = [];
  for (let offset = 0; ; offset += ARGUMENTS_PAGE) {
    const page = await fetchView(send, { view: 'arguments', args: `(${filter}, limit: ${ARGUMENTS_PAGE}, offset: ${offset})` });
    if (!page.rows) return offset === 0 ? page : { rows, note: `core.catalog.arguments stopped after ${rows.length} rows: ${page.note}` };
    rows.push(...page.rows);
    if (page.rows.length < ARGUMENTS_PAGE) return { rows, note: null };
  }
}

/** Reads every view (the arguments once the module roots are known); never throws (the views only enrich what introspection found). */
export async function fetchCoreCatalog(send: Send): Promise<CoreCatalog> {
  const independent: CoreCatalogView[] = ['schema_catalogs', 'modules', 'module_catalogs', 'data_objects'];
  const modulesFirst = fetchView(send, { view: 'modules' });
  const others = Promise.all(independent.filter((v) => v !== 'modules').map((view) => fetchView(send, { view })));
  const modules = await modulesFirst;
  const [args, rest] = await Promise.all([fetchRootArguments(send, modules.rows ?? []), others]);
  const results: Array<[CoreCatalogView, { rows: Row[] | null; note: string | null }]> = [
    ['modules', modules],
    ...independent.filter((v) => v !== 'modules').map((v, i): [CoreCatalogView, { rows: Row[] | null; note: string | null }] => [v, rest[i]!]),
    ['arguments', args],
  ];
  const out: CoreCatalog = { views: {}, warnings: [] };
  for (const [view, r] of results) {
    if (r.rows) out.views[view] = r.rows;
    // module_catalogs is an extra: introspection names the data sources behind a module anyway
    if (r.note && view !== 'module_catalogs') out.warnings.push(r.note);
  }
  if (Object.keys(out.views).length === 0)
    out.warnings = [`core.catalog views unavailable, indexed from introspection only (${results[0]?.[1].note ?? 'no answer'})`];
  return out;
}
