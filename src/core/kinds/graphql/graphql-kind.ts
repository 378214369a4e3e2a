/**
 * @module core/kinds/graphql/graphql-kind
 * The GraphQL family (`hugr` and plain `graphql` sources): options, object kinds, chunks, and
 * LLM summaries attached to snapshots when a chat model is configured.
 */
import { z } from 'zod';
import { headerEnvsOption } from '../header-envs-option.js';
import type { ObjectKindSpec, SourceKind } from '../../../ports/source-kind.js';
import { withSummaries } from '../../graphql/summaries.js';
import { sqlKind } from '../sql/sql-kind.js';
import { graphqlChunkFields } from './graphql-chunks.js';

// Element kinds first, in the order `update --object <path>` tries them.
const OBJECT_KINDS: readonly ObjectKindSpec[] = [
  { kind: 'data_object', label: 'data object', chunked: true, singleElementUpdate: true, pathResolvable: true },
  { kind: 'function', label: 'function', chunked: true, singleElementUpdate: true, pathResolvable: true },
  { kind: 'module', label: 'module', chunked: true, singleElementUpdate: true, pathResolvable: true },
  { kind: 'data_source', label: 'data source', chunked: true, singleElementUpdate: true, pathResolvable: true },
  { kind: 'graphql_query', label: 'GraphQL operation', chunked: true, pathResolvable: true },
  { kind: 'graphql_type', label: 'GraphQL type', chunked: true, pathResolvable: true },
  { kind: 'graphql_field', label: 'field', chunked: true, pathResolvable: true },
  // GraphQL enum types of plain APIs; chunked like SQL enums (their values are the definition).
  { kind: 'enum', label: 'enum type', chunked: true, pathResolvable: true },
];

// Variable NAMES only, never secret values. `flag`/`placeholder`/`example` shape the `source add` option.
export const graphqlOptions = z.object({
  secretKeyEnv: z.string().optional().describe('Hugr: discover with the secret key in this variable (x-hugr-secret-key)'),
  apiKeyEnv: z.string().optional().describe('Hugr: discover with the API key in this variable (x-hugr-api-key)'),
  headerEnvs: headerEnvsOption,
  userTokenEnv: z.string().optional().describe('GraphQL/Hugr: user token for queries from stdio sessions (never used for discovery)'),
  userTokenAs: z
    .enum(['bearer', 'api-key'])
    .optional()
    .describe("Hugr: send a user's credential as 'bearer' (Authorization; JWT/OIDC servers, the default) or 'api-key' (x-hugr-api-key)"),
  allowAnonymous: z.boolean().optional().describe('GraphQL/Hugr: allow queries without a user token'),
});

export const GRAPHQL_FAMILY = 'graphql';

export const graphqlKind: SourceKind = {
  family: GRAPHQL_FAMILY,
  sourceTypes: [
    // A Hugr server is named by its root or its /query or /ipc endpoint; other HTTP URLs are plain GraphQL APIs.
    { type: 'hugr', description: 'Hugr data mesh (its root, /query or /ipc URL)', matchesUrl: (url) => /^https?:\/\/[^\s]+\/(query|ipc)\/?$/i.test(url) },
    { type: 'graphql', description: 'any GraphQL API (its endpoint URL)', matchesUrl: (url) => /^https?:\/\//i.test(url) },
  ],
  options: graphqlOptions,
  objectKinds: OBJECT_KINDS,
  chunkParts(object, around, context) {
    const fields = graphqlChunkFields(object, around.children(object.id), around.outgoing(object.id), context);
    // Enums, and functions without a GraphQL path, read like their SQL namesakes.
    return [fields ?? sqlKind.chunkParts(object, around, context)[0]!];
  },
  decorateConnector: (connector, deps) => withSummaries(connector, deps),
};
