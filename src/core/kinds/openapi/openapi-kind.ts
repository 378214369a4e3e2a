/**
 * @module core/kinds/openapi/openapi-kind
 * The REST family (`openapi` sources: Swagger 2.0, OpenAPI 3.0 and 3.1 specs): options, object
 * kinds, chunks, and the `feeds` edges (an operation yields the id another one takes) that
 * search follows the way table search follows foreign keys.
 */
import { z } from 'zod';
import { headerEnvsOption } from '../header-envs-option.js';
import type { ObjectKindSpec, SourceKind } from '../../../ports/source-kind.js';
import { openapiChunkFields } from './openapi-chunks.js';

const OBJECT_KINDS: readonly ObjectKindSpec[] = [
  { kind: 'api_endpoint', label: 'API operation', chunked: true, pathResolvable: true },
  { kind: 'api_schema', label: 'API schema', chunked: true, pathResolvable: true },
  { kind: 'api', label: 'API', chunked: true, pathResolvable: true, listed: true },
];

/** Edge kind from an operation that yields an identifier to one that takes it as a parameter. */
export const FEEDS_EDGE = 'feeds';
export const OPENAPI_FAMILY = 'openapi';
/** The one source type of the family. */
export const OPENAPI_SOURCE_TYPE = 'openapi';

export const openapiOptions = z.object({
  headerEnvs: headerEnvsOption,
});

export const openapiKind: SourceKind = {
  family: OPENAPI_FAMILY,
  sourceTypes: [
    {
      type: OPENAPI_SOURCE_TYPE,
      description: 'OpenAPI 3.x or Swagger 2.0 spec (a file or URL; JSON or YAML)',
      // A .json/.yaml file or URL; other HTTP URLs stay GraphQL endpoints.
      matchesUrl: (url) => /\.(json|ya?ml)(\?[^/]*)?$/i.test(url),
    },
  ],
  options: openapiOptions,
  objectKinds: OBJECT_KINDS,
  chunkParts: (object, _around, context) => [openapiChunkFields(object, context)],
  joinEdgeKinds: [FEEDS_EDGE],
};
