/**
 * @module adapters/connector/graphql/prefix
 * Hugr's naming rules both ways (HUGR.md §3.3–3.4, §10): a source's `prefix` is joined to its
 * type names with `_` (`pg` + `customers` → `pg_customers`); root query and mutation fields use
 * the prefixed type name unless the source is `as_module` (then the original name, namespaced
 * by the module); G1 also prefixes function fields of non-module sources.
 */
import type { DataSourceInfo, Generation } from './catalog-model.js';

export function prefixed(prefix: string, original: string): string {
  return prefix ? `${prefix}_${original}` : original;
}

/** `pg_customers` → `customers` for source prefix `pg`; names without the prefix stay as they are. */
export function unprefixed(prefix: string, name: string): string {
  return prefix && name.startsWith(`${prefix}_`) ? name.slice(prefix.length + 1) : name;
}

/** Module a source's object lands in: `as_module` sources nest under their own name. */
export function moduleFor(source: DataSourceInfo, inlineModule = ''): string {
  if (!source.asModule) return inlineModule;
  return inlineModule ? `${source.name}.${inlineModule}` : source.name;
}

/** The list-query field name of a data object: `pg_customers` (prefixed source) or `documents` (as_module). */
export function queryFieldName(source: DataSourceInfo, original: string): string {
  return source.asModule ? original : prefixed(source.prefix, original);
}

/** Function field name: G1 prefixes functions of non-module sources (`pg_order_total`); G2+ never. */
export function functionFieldName(source: DataSourceInfo, original: string, generation: Generation): string {
  return generation === 'G1' && !source.asModule ? prefixed(source.prefix, original) : original;
}

export function originalFunctionName(source: DataSourceInfo, fieldName: string, generation: Generation): string {
  return generation === 'G1' && !source.asModule ? unprefixed(source.prefix, fieldName) : fieldName;
}

/** Which source generated a type name: the one with the longest matching prefix. */
export function sourceOfTypeName(typeName: string, sources: readonly DataSourceInfo[]): DataSourceInfo | undefined {
  let best: DataSourceInfo | undefined;
  for (const s of sources) {
    if (s.prefix && typeName.startsWith(`${s.prefix}_`) && (!best || s.prefix.length > best.prefix.length)) best = s;
  }
  return best;
}

export interface NameResolution {
  /** The GraphQL type name (prefixed). */
  typeName: string;
  /** The name in the source (`customers`). */
  originalName: string;
  /** The root query field to write (`pg_customers` or `documents`). */
  queryName: string;
  dataSource: string | null;
}

/** Resolves a generated type name back to its source and original name. */
export function resolveTypeName(typeName: string, sources: readonly DataSourceInfo[], catalog?: string): NameResolution {
  const source = (catalog ? sources.find((s) => s.name === catalog) : undefined) ?? sourceOfTypeName(typeName, sources);
  if (!source) return { typeName, originalName: typeName, queryName: typeName, dataSource: catalog ?? null };
  const originalName = unprefixed(source.prefix, typeName);
  return { typeName, originalName, queryName: queryFieldName(source, originalName), dataSource: source.name };
}

/** Resolves an original name in a source to the names a GraphQL client writes. */
export function resolveOriginalName(original: string, source: DataSourceInfo): NameResolution {
  const typeName = prefixed(source.prefix, original);
  return { typeName, originalName: original, queryName: queryFieldName(source, original), dataSource: source.name };
}
