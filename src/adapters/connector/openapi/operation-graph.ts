/**
 * @module adapters/connector/openapi/operation-graph
 * The API's join keys: which operations yield an identifier (`results[].id` of a person) and
 * which take one (`{person_id}`), so that "movies directed by Sofia Coppola" finds
 * `GET /search/person` before `GET /person/{person_id}/movie_credits`. Entities are told by
 * parameter names, schema names and path segments, the way a foreign key names its table.
 */
import { singular } from '../../../kernel/text/inflect.js';
import { splitIdentifier } from '../../../kernel/text/identifiers.js';
import { isObject, type JsonObject } from './parse-spec.js';
import { flattenAllOf, schemaRefName, type Resolve } from './schema-text.js';
import type { ApiOperation } from './spec-model.js';

/** An identifier an operation yields: the entity and where in the response it sits. */
export interface Produced {
  entity: string;
  field: string;
}

/** An identifier an operation needs: the parameter and the entity it names. */
export interface Consumed {
  parameter: string;
  in: string;
  entity: string;
}

export interface Feed {
  from: ApiOperation;
  to: ApiOperation;
  parameter: string;
  entity: string;
  field: string;
  /** 0 for the best producer of this parameter, then 1, 2, … */
  rank: number;
}

/** Containers whose name says nothing about what they hold (`results`, `items`). */
const GENERIC = new Set(['result', 'item', 'data', 'list', 'content', 'record', 'value', 'entry', 'element', 'node', 'edge', 'page', 'response', 'object']);
/** Producers kept per consumed parameter, best first: enough for an agent, bounded for huge specs. */
export const PRODUCERS_PER_PARAMETER = 8;
const MAX_DEPTH = 5;

const entityOf = (word: string) => singular(word.toLowerCase());

const wordCache = new Map<string, string[]>();

/** The entity words of an identifier (singular, generic words dropped); memoised: specs repeat their names. */
function words(identifier: string): string[] {
  let found = wordCache.get(identifier);
  if (!found) {
    found = splitIdentifier(identifier)
      .map(entityOf)
      .filter((w) => w.length > 1 && !GENERIC.has(w) && !/^\d+$/.test(w));
    if (wordCache.size > 50_000) wordCache.clear();
    wordCache.set(identifier, found);
  }
  return found;
}

const isParam = (segment: string) => /^\{.+\}$/.test(segment);

function staticSegments(path: string): string[] {
  return path.split('/').filter((s) => s && !isParam(s));
}

/** `person_id`, `personId`, `person-id` → `person`; null when the name is not an id. */
function idEntity(name: string): string | null {
  const m = /^(.+?)[_-]?(id|ids|uuid|key)$/i.exec(name);
  if (!m || /^(id|ids)$/i.test(name)) return null;
  const parts = words(m[1]!);
  return parts.length ? parts.join('_') : null;
}

/** The entity a parameter names: by its own name, or for a bare `id`/`ids` by the path segment before it. */
function parameterEntity(op: ApiOperation, name: string, where: string): string | null {
  const own = idEntity(name);
  if (own) return own;
  if (!/^(id|ids)$/i.test(name)) return null;
  const segments = op.path.split('/').filter(Boolean);
  const at = where === 'path' ? segments.indexOf(`{${name}}`) : segments.length;
  for (let i = at - 1; i >= 0; i--) {
    if (isParam(segments[i]!)) continue;
    const w = words(segments[i]!);
    if (w.length) return w.join('_');
  }
  return null;
}

export function consumedIds(op: ApiOperation): Consumed[] {
  const out: Consumed[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'path' && !(p.in === 'query' && p.required)) continue;
    const entity = parameterEntity(op, p.name, p.in);
    if (entity) out.push({ parameter: p.name, in: p.in, entity });
  }
  return out;
}

function successResponses(op: ApiOperation): JsonObject[] {
  return op.responses.filter((r) => /^(2\d\d|2XX|default)$/i.test(r.status) && r.schema).map((r) => r.schema!);
}

/** Identifiers in a response: `id` fields under the entity their container names, and `<entity>_id` fields. */
function walk(schema: unknown, resolve: Resolve, hints: readonly string[], field: string, seen: readonly string[], out: Produced[], depth: number): void {
  if (!isObject(schema) || depth > MAX_DEPTH) return;
  const name = schemaRefName(schema);
  if (name) {
    if (seen.includes(name)) return;
    walk(resolve(schema.$ref as string), resolve, [...hints, ...words(name)], field, [...seen, name], out, depth);
    return;
  }
  if (typeof schema.$ref === 'string') return walk(resolve(schema.$ref), resolve, hints, field, seen, out, depth);
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[key])) for (const option of schema[key]) walk(option, resolve, hints, field, seen, out, depth + 1);
  }
  const flat = flattenAllOf(schema, resolve, new Set(seen));
  if (flat.items) walk(flat.items, resolve, hints, `${field}[]`, seen, out, depth + 1);
  if (!isObject(flat.properties)) return;
  for (const [prop, value] of Object.entries(flat.properties)) {
    const at = field ? `${field}.${prop}` : prop;
    if (/^(id|uuid)$/i.test(prop)) {
      for (const entity of new Set(hints)) out.push({ entity, field: at });
      continue;
    }
    const own = idEntity(prop);
    if (own) {
      out.push({ entity: own, field: at });
      continue;
    }
    const propWords = words(prop);
    // A container named for what it holds (`artists`) says the entity; a generic one (`results`) keeps its parent's.
    walk(value, resolve, propWords.length ? propWords.concat(propWords.length > 1 ? [propWords.join('_')] : []) : hints, at, seen, out, depth + 1);
  }
}

const producedCache = new WeakMap<ApiOperation, Produced[]>();

/** The ids an operation's success responses yield (computed once per operation). */
export function producedIds(op: ApiOperation, resolve: Resolve): Produced[] {
  const cached = producedCache.get(op);
  if (cached) return cached;
  const found = findProduced(op, resolve);
  producedCache.set(op, found);
  return found;
}

function findProduced(op: ApiOperation, resolve: Resolve): Produced[] {
  const segments = staticSegments(op.path);
  const rootHints = segments.flatMap(words);
  const last = segments.at(-1);
  if (last && words(last).length > 1) rootHints.push(words(last).join('_'));
  const out: Produced[] = [];
  for (const schema of successResponses(op)) walk(schema, resolve, rootHints, '', [], out, 0);
  const seen = new Set<string>();
  return out.filter((p) => {
    const key = `${p.entity}\u0000${p.field}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/**
 * Best producers first: a search (a request names things, not ids), then operations needing
 * fewer inputs, then the shallower path.
 */
/** An operation that turns a name into ids: a search path, or a required free-text parameter. */
export function isLookup(op: ApiOperation): boolean {
  return /(^|\/)(search|find|lookup)(\/|$)/i.test(op.path) || op.parameters.some((p) => p.required && /^(q|query|search|term|name|keyword)$/i.test(p.name));
}

function producerRank(op: ApiOperation, entity: string): number[] {
  const search = isLookup(op) ? 0 : 1;
  // `GET /search/tv` yields tv ids as its subject; `GET /search/person` only inside `known_for`.
  const subject = staticSegments(op.path).some((s) => words(s).join('_') === entity || words(s).includes(entity)) ? 0 : 1;
  const required = op.parameters.filter((p) => p.required).length + (op.body?.required ? 1 : 0);
  return [search, subject, required, op.path.split('/').length];
}

function compareRank(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Edges from each operation that yields an entity's id to each operation that needs it. */
export function operationFeeds(operations: readonly ApiOperation[], resolve: Resolve): Feed[] {
  const producersOf = new Map<string, Array<{ op: ApiOperation; field: string }>>();
  const consumedBy = new Map(operations.map((op) => [op, consumedIds(op)]));
  for (const op of operations) {
    if (op.method !== 'GET' && op.method !== 'POST') continue;
    const needs = new Set(consumedBy.get(op)!.map((c) => c.entity));
    for (const p of producedIds(op, resolve)) {
      // An operation that needs the id to run does not produce it for others.
      if (needs.has(p.entity)) continue;
      const list = producersOf.get(p.entity) ?? [];
      if (!list.some((x) => x.op === op)) list.push({ op, field: p.field });
      producersOf.set(p.entity, list);
    }
  }
  for (const [entity, list] of producersOf) list.sort((a, b) => compareRank(producerRank(a.op, entity), producerRank(b.op, entity)));
  const feeds: Feed[] = [];
  for (const op of operations) {
    for (const need of consumedBy.get(op)!) {
      const producers = (producersOf.get(need.entity) ?? []).filter((p) => p.op !== op).slice(0, PRODUCERS_PER_PARAMETER);
      producers.forEach((p, rank) => feeds.push({ from: p.op, to: op, parameter: need.parameter, entity: need.entity, field: p.field, rank }));
    }
  }
  return feeds;
}
