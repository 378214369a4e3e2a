/**
 * @module core/kinds/code/code-kind
 * The code family (issue 16, seed 003): a repository's working tree as a source. Files are
 * `code_file` objects joined by `imports` edges (importer → imported), their exported
 * functions, classes and types `code_symbol` children; both are chunked, so a topic finds
 * files through the hybrid index, and the import graph feeds the onboarding planner. Files
 * link to the data they use through `uses_table` and `uses_field` edges (code-links).
 */
import { z } from 'zod';
import { CODE_FILE_HISTORY_ATTRIBUTES, CODE_FILE_KIND, CODE_FILE_READER, CODE_SYMBOL_KIND, DECLARED_JOIN_EDGE_KIND } from '../../../ports/code.js';
import type { ObjectKindSpec, SourceKind } from '../../../ports/source-kind.js';
import { codeFileChunk, codeSymbolChunk } from './code-chunks.js';
import { isTestFile } from '../../../kernel/test-paths.js';
import { codeFileDetail, isGeneratedCode } from './code-file.js';
import { withDataLinks } from './code-links.js';

export const CODE_FAMILY = 'code';
export const CODE_SOURCE_TYPE = 'code';
export { CODE_FILE_KIND, CODE_SYMBOL_KIND, IMPORT_EDGE_KIND } from '../../../ports/code.js';

const OBJECT_KINDS: readonly ObjectKindSpec[] = [
  {
    kind: CODE_FILE_KIND,
    label: 'code file',
    chunked: true,
    pathResolvable: true,
    listed: true,
    idAliases: ['file'],
    internalAttributes: ['words'],
    historyAttributes: CODE_FILE_HISTORY_ATTRIBUTES,
    reader: CODE_FILE_READER,
    facts: codeFileDetail,
    generated: isGeneratedCode,
    testCode: isTestFile,
  },
  {
    kind: CODE_SYMBOL_KIND,
    label: 'code symbol',
    chunked: true,
    generated: isGeneratedCode,
    // a symbol's path is its file's, then `#` and its name
    testCode: (path) => isTestFile(path.split('#')[0]!),
    facts: (object) => (isGeneratedCode(object) ? [{ label: 'generated', value: 'yes' }] : []),
  },
];

export const codeOptions = z.object({
  graph: z.string().optional().meta({ placeholder: 'FILE' }).describe('Code: a precomputed dependency-cruiser JSON graph instead of scanning imports'),
});

export const codeKind: SourceKind = {
  family: CODE_FAMILY,
  sourceTypes: [
    { type: CODE_SOURCE_TYPE, description: 'code: the folder of a repository working tree (.gitignore respected), or with --graph a dependency-cruiser JSON' },
  ],
  options: codeOptions,
  objectKinds: OBJECT_KINDS,
  decorateConnector: withDataLinks,
  linksOtherSources: true,
  // a join an ORM declares joins tables for search's expansion as a foreign key does
  joinEdgeKinds: [DECLARED_JOIN_EDGE_KIND],
  chunkParts: (object, _around, context) => [object.kind === CODE_SYMBOL_KIND ? codeSymbolChunk(object, context) : codeFileChunk(object, context)],
};
