/**
 * @module core/chunks/assemble-chunk
 * The one place a chunk is put together from its parts: lexical fields through the lexical
 * transform, the embedder's text, and the content hash that decides re-embedding.
 */
import type { CatalogObject, Chunk } from '../../ports/catalog.js';
import { sha256 } from '../../kernel/hash.js';

export interface ChunkFields {
  /** Raw text of each lexical field (identifiers not yet split). */
  nameText: string;
  comment: string;
  definition: string;
  context: string;
  /** Parts of the embedder's text, joined as sentences. */
  textParts: readonly string[];
}

export function assembleChunk(object: CatalogObject, fields: ChunkFields, lexical: (text: string) => string): Chunk {
  const name = lexical(fields.nameText);
  const comment = lexical(fields.comment);
  const definition = lexical(fields.definition);
  const context = lexical(fields.context);
  const text = fields.textParts
    .map((part) => part.trim().replace(/[.;:\s]+$/, ''))
    .filter(Boolean)
    .join('. ');
  return {
    id: object.id,
    objectId: object.id,
    source: object.source,
    kind: object.kind,
    name,
    comment,
    definition,
    context,
    text,
    contentHash: sha256([name, comment, definition, context, text].join('\u0000')),
    project: null,
    session: null,
  };
}
