/**
 * @module adapters/connector/openapi/schema-text
 * Schemas as an agent reads them: a compact type line (`{ id: integer, results: [Movie] }`), the
 * fields of an object one level deep, and a request-body skeleton. Named schemas inside a schema
 * stay names (they have chunks of their own); where a walk must expand them, a schema met again
 * on its own path is cut and marked `(circular)`.
 */
import { isObject, type JsonObject } from './parse-spec.js';

export type Resolve = (ref: string) => JsonObject;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** `#/components/schemas/Movie` → `Movie`; null for refs that are not to a named schema. */
export function schemaRefName(schema: unknown): string | null {
  if (!isObject(schema) || typeof schema.$ref !== 'string') return null;
  const m = /^#\/(?:components\/schemas|definitions)\/(.+)$/.exec(schema.$ref);
  return m ? decodeURIComponent(m[1]!).replace(/~1/g, '/').replace(/~0/g, '~') : null;
}

/** allOf parts merged into one object schema (properties and required lists joined). */
export function flattenAllOf(schema: JsonObject, resolve: Resolve, seen: ReadonlySet<string> = new Set()): JsonObject {
  if (!Array.isArray(schema.allOf)) return schema;
  const properties: JsonObject = isObject(schema.properties) ? { ...schema.properties } : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  for (const part of schema.allOf) {
    const name = schemaRefName(part);
    if (name && seen.has(name)) continue;
    const resolved = name
      ? flattenAllOf(resolve((part as JsonObject).$ref as string), resolve, new Set([...seen, name]))
      : isObject(part)
        ? flattenAllOf(part, resolve, seen)
        : {};
    if (isObject(resolved.properties)) Object.assign(properties, resolved.properties);
    if (Array.isArray(resolved.required)) for (const r of resolved.required) required.add(String(r));
  }
  const { allOf: _allOf, ...rest } = schema;
  return { ...rest, type: 'object', properties, required: [...required] };
}

function typeOf(schema: JsonObject): string {
  const t = schema.type;
  if (Array.isArray(t)) return t.filter((x) => x !== 'null').join(' | ') || 'null';
  if (typeof t === 'string') return t;
  if (isObject(schema.properties) || schema.allOf) return 'object';
  if (schema.items) return 'array';
  return '';
}

/** A short type for a schema: a named schema by name, arrays as `[T]`, inline objects as `{ a: T, … }` to `depth`. */
export function typeText(schema: unknown, resolve: Resolve, depth = 1): string {
  if (!isObject(schema)) return 'any';
  const name = schemaRefName(schema);
  if (name) return name;
  if (typeof schema.$ref === 'string') return typeText(resolve(schema.$ref), resolve, depth);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length) return options.map((o) => typeText(o, resolve, depth)).join(' | ');
  }
  const flat = flattenAllOf(schema, resolve);
  const type = typeOf(flat);
  if (type === 'array') return `[${typeText(flat.items, resolve, depth)}]`;
  if (type === 'object' && isObject(flat.properties)) {
    const entries = Object.entries(flat.properties);
    if (depth <= 0 || entries.length === 0) return 'object';
    const shown = entries.slice(0, 12).map(([k, v]) => `${k}: ${typeText(v, resolve, depth - 1)}`);
    return `{ ${shown.join(', ')}${entries.length > 12 ? ', …' : ''} }`;
  }
  const format = str(flat.format);
  const values = Array.isArray(flat.enum) ? ` (${flat.enum.slice(0, 8).map(String).join('|')}${flat.enum.length > 8 ? '|…' : ''})` : '';
  return `${type || 'any'}${format ? ` ${format}` : ''}${values}`;
}

export interface SchemaField {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** The fields of an object schema (a named schema's own, allOf merged), one level deep. */
export function schemaFields(schema: JsonObject, resolve: Resolve): SchemaField[] {
  const name = schemaRefName(schema);
  const target = name ? resolve(schema.$ref as string) : schema;
  const flat = flattenAllOf(target, resolve, name ? new Set([name]) : new Set());
  const required = new Set(Array.isArray(flat.required) ? flat.required.map(String) : []);
  if (!isObject(flat.properties)) return [];
  return Object.entries(flat.properties).map(([field, value]) => ({
    name: field,
    type: typeText(value, resolve, 0),
    required: required.has(field),
    description: isObject(value) ? str(value.description).trim() : '',
  }));
}

/** Named schemas a schema mentions (directly or nested), in order of first mention. */
export function referencedSchemas(schema: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 30) return out;
  if (Array.isArray(schema)) {
    for (const s of schema) referencedSchemas(s, out, depth + 1);
    return out;
  }
  if (!isObject(schema)) return out;
  const name = schemaRefName(schema);
  if (name) {
    if (!out.includes(name)) out.push(name);
    return out;
  }
  for (const [key, value] of Object.entries(schema)) if (key !== 'example' && key !== 'examples') referencedSchemas(value, out, depth + 1);
  return out;
}

/** True when the named schema reaches itself through its properties. */
export function isCircular(name: string, schemas: ReadonlyMap<string, JsonObject>): boolean {
  const stack = [name];
  const visited = new Set<string>();
  while (stack.length) {
    const current = stack.pop()!;
    const schema = schemas.get(current);
    if (!schema) continue;
    for (const next of referencedSchemas(schema)) {
      if (next === name) return true;
      if (!visited.has(next)) {
        visited.add(next);
        stack.push(next);
      }
    }
  }
  return false;
}

const PLACEHOLDER: Record<string, unknown> = { string: '<string>', integer: 0, number: 0, boolean: false, null: null };

/** A JSON skeleton of a request body: each field with a placeholder of its type; cycles cut and marked. */
export function bodySkeleton(schema: unknown, resolve: Resolve, path: readonly string[] = [], depth = 0): unknown {
  if (!isObject(schema) || depth > 5) return '<…>';
  const name = schemaRefName(schema);
  if (name) {
    if (path.includes(name)) return `<circular ${name}>`;
    return bodySkeleton(resolve(schema.$ref as string), resolve, [...path, name], depth);
  }
  if (typeof schema.$ref === 'string') return bodySkeleton(resolve(schema.$ref), resolve, path, depth);
  if (schema.example !== undefined && typeof schema.example !== 'object') return PLACEHOLDER[typeOf(schema)] ?? `<${typeOf(schema) || 'value'}>`;
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(schema[key]) && schema[key].length) return bodySkeleton(schema[key][0], resolve, path, depth);
  const flat = flattenAllOf(schema, resolve);
  const type = typeOf(flat);
  if (Array.isArray(flat.enum) && flat.enum.length) return flat.enum[0];
  if (type === 'array') return [bodySkeleton(flat.items, resolve, path, depth + 1)];
  if (type === 'object' || isObject(flat.properties)) {
    const props = isObject(flat.properties) ? Object.entries(flat.properties) : [];
    return Object.fromEntries(props.slice(0, 30).map(([k, v]) => [k, bodySkeleton(v, resolve, path, depth + 1)]));
  }
  const format = str(flat.format);
  if (type === 'string' && format) return `<${format}>`;
  return type in PLACEHOLDER ? PLACEHOLDER[type] : '<value>';
}
