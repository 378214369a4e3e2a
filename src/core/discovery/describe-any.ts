/**
 * @module core/discovery/describe-any
 * `describe` for every family behind one call: a GraphQL element (data object, function, module,
 * data source, …) gets its fields ranked by the fields query, arguments and a ready operation;
 * a REST operation its ready request and the operations that yield the ids it takes;
 * anything else (a source, a schema, a relation, a routine) the catalog description. The family
 * of an id comes from the kind registry, so presentations never decide it.
 */
import { isSextantError, SextantError } from '../../kernel/errors.js';
import { parseObjectId } from '../../kernel/ids.js';
import { RELATION_KINDS } from '../../ports/catalog.js';
import type { GraphqlDescription } from '../graphql/graphql-service.js';
import { describeOperation, isOperationRef, type OperationDescription } from '../openapi/operations.js';
import type { KindCatalog } from '../kinds/registry.js';
import type { SearchOptions, SearchResult } from '../search/types.js';
import { describeTarget, type DescribeDetail, type Description, type DiscoveryEngine } from './describe.js';

export interface DescribeOptions {
  detail?: DescribeDetail;
  /** next_cursor of the previous page (a schema's objects). */
  cursor?: string;
  /** Ranks a GraphQL element's fields by this text. */
  fieldsQuery?: string;
}

export type AnyDescription =
  | { family: 'graphql'; description: GraphqlDescription }
  | { family: 'openapi'; description: OperationDescription }
  | { family: 'catalog'; description: Description };

/** What describe reads: the catalog (narrow), the kind registry and the GraphQL describer. */
export interface DescribeReader extends DiscoveryEngine {
  kinds(): KindCatalog;
  describeGraphql(ref: string, options: { fieldsQuery?: string }): Promise<GraphqlDescription>;
  /** Lexical search in the caller's scope, for suggestions when a bare word names no source. */
  search(query: string, options: Pick<SearchOptions, 'limit' | 'kinds'>): Promise<SearchResult>;
}

const BARE_WORD = /^[a-z][a-z0-9_-]*$/;

/** True for ids of GraphQL elements; their fields are described through their data object. */
export function isGraphqlElementRef(ref: string, kinds: KindCatalog): boolean {
  const id = parseObjectId(ref.trim());
  return Boolean(id && id.kind !== 'graphql_field' && kinds.objectKinds.some((k) => k.family === 'graphql' && k.kind === id.kind));
}

export async function describeAny(reader: DescribeReader, target: string, options: DescribeOptions = {}): Promise<AnyDescription> {
  const ref = target.trim();
  if (isGraphqlElementRef(ref, reader.kinds())) {
    return { family: 'graphql', description: await reader.describeGraphql(ref, options.fieldsQuery ? { fieldsQuery: options.fieldsQuery } : {}) };
  }
  if (isOperationRef(ref)) return { family: 'openapi', description: await describeOperation(reader, ref) };
  try {
    return { family: 'catalog', description: await describeTarget(reader, ref, options.detail ?? 'brief', options.cursor) };
  } catch (err) {
    throw BARE_WORD.test(ref) && isSextantError(err) && err.code === 'SOURCE_NOT_FOUND' ? await notASource(reader, ref, err) : err;
  }
}

/** A bare word that is no source is most likely a table name: the error suggests the ids a search finds for it. */
async function notASource(reader: Pick<DescribeReader, 'search'>, word: string, err: SextantError): Promise<SextantError> {
  const hits = await reader.search(word, { limit: 5, kinds: RELATION_KINDS });
  const suggestions = hits.hits.map((h) => h.objectId);
  if (!suggestions.length) return err;
  return new SextantError('OBJECT_NOT_FOUND', `'${word}' is not an object id or a source name`, {
    hint: `pass an object's id; did you mean: ${suggestions.join(', ')}`,
    details: { suggestions, field: 'object' },
  });
}

/** `get` of a bare word (`sales_order`): the ids a search finds for it, as `describe` suggests them. */
export async function getWithSuggestions<T>(reader: Pick<DescribeReader, 'search'>, ref: string, get: (ref: string) => Promise<T>): Promise<T> {
  try {
    return await get(ref);
  } catch (err) {
    const word = ref.trim();
    throw BARE_WORD.test(word) && isSextantError(err) && (err.code === 'INVALID_TARGET' || err.code === 'SOURCE_NOT_FOUND')
      ? await notASource(reader, word, err)
      : err;
  }
}
