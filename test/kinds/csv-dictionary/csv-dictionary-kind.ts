/**
 * Test-only source family: a CSV "data dictionary" (schema,table,column,type,description), the
 * proof that a new family lands in its own folder plus one registration line (issue #9).
 */
import { z } from 'zod';
import { splitIdentifier } from '../../../src/kernel/text/identifiers.js';
import type { SourceKind } from '../../../src/ports/source-kind.js';

export const DICTIONARY_TABLE = 'dictionary_table';
export const DICTIONARY_COLUMN = 'dictionary_column';

const words = (identifier: string) => splitIdentifier(identifier).join(' ');

export const csvDictionaryKind: SourceKind = {
  family: 'csv_dictionary',
  sourceTypes: [{ type: 'csv-dictionary', description: 'a CSV data dictionary (file:// URL of a .csv)', matchesUrl: (url) => /^file:\/\/.+\.csv$/i.test(url) }],
  options: z.object({ delimiter: z.string().length(1).optional().describe('field delimiter, default ,') }),
  objectKinds: [
    { kind: DICTIONARY_TABLE, label: 'dictionary table', chunked: true, pathResolvable: true, listed: true },
    { kind: DICTIONARY_COLUMN, label: 'dictionary column', chunked: true, pathResolvable: true },
  ],
  chunkParts(object, around, context) {
    const description = object.comment ?? '';
    if (object.kind === DICTIONARY_TABLE) {
      const columns = around.children(object.id);
      return [
        {
          nameText: `${object.path} ${object.name}`,
          comment: description,
          definition: columns.map((c) => `${c.name} ${String(c.attributes.type ?? '')}`).join('; '),
          context,
          textParts: [
            `dictionary table ${words(object.name)} (${object.path})`,
            description,
            `Columns: ${columns.map((c) => words(c.name)).join(', ')}`,
            context,
          ],
        },
      ];
    }
    return [
      {
        nameText: `${object.name} ${object.path}`,
        comment: description,
        definition: String(object.attributes.type ?? ''),
        context,
        textParts: [`dictionary column ${words(object.name)} (${object.path})`, description, context],
      },
    ];
  },
};
