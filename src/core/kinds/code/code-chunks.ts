/**
 * @module core/kinds/code/code-chunks
 * Chunk texts of code: a file's chunk holds its path (folder and file names are the words a
 * topic is asked in), its leading comment and the names it exports; a symbol's chunk its name,
 * declaration and file. No file body is indexed.
 */
import type { CatalogObject } from '../../../ports/catalog.js';
import type { ChunkFields } from '../../../ports/source-kind.js';

const words = (path: string) =>
  path
    .replace(/\.[a-z0-9]+$/i, '')
    .split(/[/._-]+/)
    .filter(Boolean)
    .join(' ');

export function codeFileChunk(object: CatalogObject, context: string): ChunkFields {
  const symbols = Array.isArray(object.attributes.symbols) ? (object.attributes.symbols as string[]) : [];
  const language = String(object.attributes.language ?? 'code');
  return {
    nameText: `${object.path} ${words(object.path)}`,
    comment: object.comment ?? '',
    definition: symbols.join(' '),
    context,
    textParts: [`${language} file ${words(object.path)}`, object.comment ?? '', symbols.length ? `Exports ${symbols.join(', ')}` : ''].filter(Boolean),
  };
}

export function codeSymbolChunk(object: CatalogObject, context: string): ChunkFields {
  const file = String(object.attributes.file ?? object.path.split('#')[0]);
  const kind = String(object.attributes.symbolKind ?? 'symbol');
  return {
    nameText: object.name,
    comment: `${kind} in ${file}`,
    definition: object.definition ?? '',
    context,
    textParts: [`${kind} ${object.name} in ${words(file)}`, object.definition ?? ''],
  };
}
