/**
 * @module core/kinds/default-kinds
 * The source families Sextant ships with, in the order URL inference and path resolution try them.
 */
import type { SourceKind } from '../../ports/source-kind.js';
import { codeKind } from './code/code-kind.js';
import { documentsKind } from './documents/documents-kind.js';
import { graphqlKind } from './graphql/graphql-kind.js';
import { openapiKind } from './openapi/openapi-kind.js';
import { sqlKind } from './sql/sql-kind.js';

export const DEFAULT_SOURCE_KINDS: readonly SourceKind[] = Object.freeze([sqlKind, openapiKind, graphqlKind, documentsKind, codeKind]);
