/**
 * @module core/openapi/operations
 * REST operations for agents and people: a filtered, paged listing (`list_operations`) and an
 * operation's description — its ready request, parameters, body and responses, and for each id
 * it takes, the operations that yield it ("to obtain `person_id`, call `GET /search/person`").
 * Both read through a DiscoveryEngine, so a scoped caller sees only its sources.
 */
import { SextantError } from '../../kernel/errors.js';
import { parseObjectId } from '../../kernel/ids.js';
import type { Remedy } from '../../kernel/remedy.js';
import type { CatalogObject } from '../../ports/catalog.js';
import type { DiscoveryEngine } from '../discovery/describe.js';
import { endpointAttributes, type ApiEndpointAttributes } from '../kinds/openapi/openapi-attributes.js';
import { FEEDS_EDGE, OPENAPI_SOURCE_TYPE } from '../kinds/openapi/openapi-kind.js';

export const OPERATION_KIND = 'api_endpoint';
const SCAN_PAGE = 500;
/** Operations read per listing before filtering; larger APIs must be narrowed by source. */
const SCAN_CAP = 50_000;

export interface OperationFilter {
  source?: string;
  tag?: string;
  /** Operations whose path starts with this (`/person`). */
  pathPrefix?: string;
  method?: string;
  cursor?: string;
  limit?: number;
}

export interface OperationSummary {
  id: string;
  source: string;
  method: string;
  path: string;
  summary: string;
  tags: string[];
  deprecated: boolean;
}

export interface OperationPage {
  items: OperationSummary[];
  total: number;
  nextCursor: string | null;
  /**
   * Why an unfiltered listing is empty when the cause is no filter's: there is no OpenAPI source
   * to list, or none is read yet, so "0 in total" is not read as an API without operations.
   * null otherwise.
   */
  note: string | null;
  /** What to do about the note, as data each presentation words (no OpenAPI source: add one and update it; none read: update them). */
  remedy: Remedy | null;
}

/** What an empty listing says when no OpenAPI source is visible; what to do is its remedy. */
export const NO_OPENAPI_SOURCE_NOTE = 'no OpenAPI source here, so no REST operations to list';

/** What fixes an empty listing for want of an OpenAPI source: add one, then update it (its operations are what an update indexes). */
export const NO_OPENAPI_SOURCE_REMEDY: Remedy = { action: 'add-source', type: OPENAPI_SOURCE_TYPE, update: true };

export interface Producer {
  id: string;
  operation: string;
  /** Where the id sits in that operation's response (`results[].id`). */
  field: string;
}

export interface OperationInput {
  parameter: string;
  in: string;
  entity: string;
  producers: Producer[];
}

export interface OperationDescription {
  id: string;
  source: string;
  method: string;
  path: string;
  operationId: string | null;
  summary: string;
  description: string;
  deprecated: boolean;
  tags: string[];
  /** Method, URL on the first server, headers, body skeleton and the parameter list. */
  template: string;
  parameters: NonNullable<ApiEndpointAttributes['parameters']>;
  requestBody: ApiEndpointAttributes['requestBody'] | null;
  responses: NonNullable<ApiEndpointAttributes['responses']>;
  security: string[];
  /** For each id the operation takes: the operations that yield it, best first. */
  inputs: OperationInput[];
  /** Operations that take an id this one yields (`GET /person/{person_id}/movie_credits` after a person search), capped. */
  feeds: Array<{ id: string; operation: string; parameter: string }>;
  /** Named schemas of its body and responses (`<source>:api_schema:<Name>`). */
  schemas: string[];
}

const FEEDS_SHOWN = 20;
const depthOf = (field: unknown) => String(field ?? '').split(/\.|\[\]/).length;

function summaryOf(o: CatalogObject): OperationSummary {
  const a = endpointAttributes(o);
  return {
    id: o.id,
    source: o.source,
    method: a.method ?? o.name.split(' ')[0] ?? '',
    path: a.httpPath ?? o.name.split(' ').slice(1).join(' '),
    summary: a.summary ?? '',
    tags: a.tags ?? [],
    deprecated: a.deprecated === true,
  };
}

function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const n = Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^ops:/, ''));
  if (!Number.isInteger(n) || n < 0)
    throw new SextantError('USAGE', 'invalid cursor', { hint: 'pass next_cursor from the previous page unchanged', details: { field: 'cursor' } });
  return n;
}

const encodeCursor = (offset: number) => Buffer.from(`ops:${offset}`, 'utf8').toString('base64url');

/** The methods an OpenAPI path item can hold. */
const HTTP_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];

/**
 * A filter that can match nothing by mistake is refused: a method no spec has, or a source that
 * is not an OpenAPI spec (a docs or database source has no operations; say so, not "no match").
 */
async function checkFilter(discovery: DiscoveryEngine, filter: OperationFilter): Promise<void> {
  const method = filter.method?.trim().toUpperCase();
  if (method && !HTTP_METHODS.includes(method)) {
    throw new SextantError('USAGE', `'${filter.method}' is not an HTTP method`, {
      hint: `use one of ${HTTP_METHODS.join(', ')}`,
      details: { field: 'method' },
    });
  }
  if (!filter.source) return;
  const source = (await discovery.listSources()).find((s) => s.name === filter.source);
  // an unknown source: listing its objects raises the error that names the known ones
  if (!source) await discovery.listObjects({ source: filter.source, limit: 1 });
  else if (source.type !== OPENAPI_SOURCE_TYPE) {
    throw new SextantError('USAGE', `source '${source.name}' is a ${source.type} source, not an OpenAPI spec: it has no REST operations`, {
      hint: `search it with the source filter '${source.name}' instead, or describe '${source.name}'`,
      details: { field: 'source' },
    });
  }
}

/** Every visible operation matching the filter, in source then path then method order, paged. */
export async function listOperations(discovery: DiscoveryEngine, filter: OperationFilter = {}): Promise<OperationPage> {
  await checkFilter(discovery, filter);
  const limit = Math.min(Math.max(filter.limit ?? 50, 1), 500);
  const offset = decodeCursor(filter.cursor);
  const method = filter.method?.trim().toUpperCase();
  const tag = filter.tag?.toLowerCase();
  const matches: OperationSummary[] = [];
  let cursor: string | undefined;
  let scanned = 0;
  do {
    const page = await discovery.listObjects({
      ...(filter.source ? { source: filter.source } : {}),
      kinds: [OPERATION_KIND],
      limit: SCAN_PAGE,
      ...(cursor ? { cursor } : {}),
    });
    for (const o of page.items) {
      const s = summaryOf(o);
      if (method && s.method !== method) continue;
      if (filter.pathPrefix && !s.path.startsWith(filter.pathPrefix)) continue;
      if (tag && !s.tags.some((t) => t.toLowerCase() === tag)) continue;
      matches.push(s);
    }
    scanned += page.items.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor && scanned < SCAN_CAP);
  matches.sort((a, b) => a.source.localeCompare(b.source) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const items = matches.slice(offset, offset + limit);
  const nextCursor = offset + limit < matches.length ? encodeCursor(offset + limit) : null;
  return { items, total: matches.length, nextCursor, ...(matches.length ? { note: null, remedy: null } : await emptyNote(discovery, filter.source)) };
}

/** Why nothing was listed, when it is not the filter: no OpenAPI source at all, or none read yet. */
async function emptyNote(discovery: DiscoveryEngine, source: string | undefined): Promise<Pick<OperationPage, 'note' | 'remedy'>> {
  const specs = (await discovery.listSources()).filter((s) => s.type === OPENAPI_SOURCE_TYPE && (!source || s.name === source));
  // a named source was checked to be an OpenAPI one: only an unnamed listing can find none
  if (!specs.length) return source ? { note: null, remedy: null } : { note: NO_OPENAPI_SOURCE_NOTE, remedy: NO_OPENAPI_SOURCE_REMEDY };
  const unread = specs.filter((s) => s.lastUpdate === null).map((s) => s.name);
  if (unread.length < specs.length) return { note: null, remedy: null };
  return { note: `${unread.map((name) => `'${name}'`).join(', ')} not read yet`, remedy: { action: 'update-source', sources: unread } };
}

export function isOperationRef(ref: string): boolean {
  return parseObjectId(ref.trim())?.kind === OPERATION_KIND;
}

export async function describeOperation(discovery: DiscoveryEngine, ref: string): Promise<OperationDescription> {
  const detail = await discovery.get(ref.trim());
  const o = detail.object;
  if (o.kind !== OPERATION_KIND) throw new SextantError('INVALID_TARGET', `${o.id} is not an API operation`);
  const a = endpointAttributes(o);
  const s = summaryOf(o);
  const rankOf = (attributes: Record<string, unknown>) => (typeof attributes.rank === 'number' ? attributes.rank : 0);
  const feeds = detail.incoming.filter((e) => e.kind === FEEDS_EDGE).sort((x, y) => rankOf(x.attributes) - rankOf(y.attributes));
  const inputs = (a.consumes ?? []).map((c) => ({
    parameter: c.parameter,
    in: c.in,
    entity: c.entity,
    producers: feeds
      .filter((e) => e.attributes.parameter === c.parameter)
      .map((e) => ({ id: e.fromId, operation: parseObjectId(e.fromId)?.path ?? e.fromId, field: String(e.attributes.field ?? '') })),
  }));
  return {
    id: o.id,
    source: o.source,
    method: s.method,
    path: s.path,
    operationId: a.operationId ?? null,
    summary: s.summary,
    description: (o.comment ?? '').replace(s.summary, '').trim(),
    deprecated: s.deprecated,
    tags: s.tags,
    template: o.definition ?? '',
    parameters: a.parameters ?? [],
    requestBody: a.requestBody ?? null,
    responses: a.responses ?? [],
    security: a.security ?? [],
    inputs,
    // The ids the operation is about first: `results[].id` of a person search before the
    // movie ids nested in `results[].known_for[]`.
    feeds: detail.outgoing
      .filter((e) => e.kind === FEEDS_EDGE)
      .sort((x, y) => depthOf(x.attributes.field) - depthOf(y.attributes.field) || x.toId.localeCompare(y.toId))
      .slice(0, FEEDS_SHOWN)
      .map((e) => ({ id: e.toId, operation: parseObjectId(e.toId)?.path ?? e.toId, parameter: String(e.attributes.parameter ?? '') })),
    schemas: detail.outgoing.filter((e) => e.kind === 'uses_schema').map((e) => e.toId),
  };
}
