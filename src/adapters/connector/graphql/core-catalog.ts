/**
 * @module adapters/connector/graphql/core-catalog
 * G2 (query-engine v0.3.0–v0.3.41) `core { catalog { … } }` views (HUGR.md §2.1): what they add
 * over introspection — data-source long descriptions and prefixes (`schema_catalogs`), the data
 * sources behind each module (`module_catalogs`), module roots, data objects with their
 * filter/args types, and argument defaults. Each view is its own request, all concurrent, so a
 * view the server lacks costs only that view. Columns the server does not know fail the whole
 * request (HUGR.md §1.3), so they are dropped and the view asked again.
 */
import type { GraphqlResponse } from './client.js';
import { errorMessages } from './client.js';

/** Columns asked per view, in the order they are dropped from when refused (all optional but the first). */
export const CORE_CATALOG_VIEWS = {
  schema_catalogs: ['name', 'description', 'long_description', 'type', 'prefix', 'as_module', 'read_only'],
  modules: ['name', 'description', 'query_root', 'mutation_root', 'function_root', 'mut_function_root'],
  module_catalogs: ['module_name', 'catalog_name'],
  data_objects: ['name', 'module', 'catalog', 'description', 'filter_type_name', 'args_type_name'],
  arguments: ['type_name', 'field_name', 'name', 'arg_type', 'default_value', 'description'],
} as const;

export type CoreCatalogView = keyof typeof CORE_CATALOG_VIEWS;
export type Row = Record<string, unknown>;

export interface CoreCatalog {
  /** Rows per view that answered; a missing key means the view was unavailable. */
  views: Partial<Record<CoreCatalogView, Row[]>>;
  warnings: string[];
}

export function coreCatalogQuery(view: CoreCatalogView, columns: readonly string[]): string {
  return `query SextantCoreCatalog { core { catalog { ${view} { ${columns.join(' ')} } } } }`;
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

async function fetchView(send: Send, view: CoreCatalogView): Promise<{ rows: Row[] | null; note: string | null }> {
  let columns: string[] = [...CORE_CATALOG_VIEWS[view]];
  for (let attempt = 0; attempt < CORE_CATALOG_VIEWS[view].length; attempt++) {
    let res: GraphqlResponse;
    try {
      res = await send(coreCatalogQuery(view, columns));
    } catch (err) {
      return { rows: null, note: `core.catalog.${view} failed: ${(err as Error).message}` };
    }
    const messages = (res.errors ?? []).map((e) => e.message);
    const rows = dig(res.data, 'core', 'catalog', view);
    if (!messages.length && Array.isArray(rows)) return { rows: rows.filter((r): r is Row => Boolean(r) && typeof r === 'object'), note: null };
    const refused = refusedFields(messages).filter((f) => columns.includes(f) && f !== columns[0]);
    if (!refused.length) return { rows: null, note: `core.catalog.${view} unavailable: ${errorMessages(res.errors) || 'unexpected shape'}` };
    columns = columns.filter((c) => !refused.includes(c));
  }
  return { rows: null, note: `core.catalog.${view} kept refusing columns` };
}

/** Reads every view concurrently; never throws (the views only enrich what introspection found). */
export async function fetchCoreCatalog(send: Send): Promise<CoreCatalog> {
  const views = Object.keys(CORE_CATALOG_VIEWS) as CoreCatalogView[];
  const results = await Promise.all(views.map((v) => fetchView(send, v)));
  const out: CoreCatalog = { views: {}, warnings: [] };
  views.forEach((v, i) => {
    const r = results[i]!;
    if (r.rows) out.views[v] = r.rows;
    else if (r.note) out.warnings.push(r.note);
  });
  if (Object.keys(out.views).length === 0)
    out.warnings = [`core.catalog views unavailable, indexed from introspection only (${results[0]?.note ?? 'no answer'})`];
  return out;
}
