/**
 * @module core/chunks/assemble-chunk
 * The one place a chunk is put together, whatever it indexes (catalog object, glossary term,
 * session document): lexical fields through the lexical transform, the embedder's text, and
 * the content hash that decides re-embedding.
 */
import type { CatalogObject, Chunk } from '../../ports/catalog.js';
import type { ChunkFields } from '../../ports/source-kind.js';
import { sha256 } from '../../kernel/hash.js';

export type { ChunkFields };

/** Which chunk it is: ids, source, kind and scope (null project and session for base chunks). */
export type ChunkIdentity = Pick<Chunk, 'id' | 'objectId' | 'source' | 'kind' | 'project' | 'session'>;

/** Raw lexical fields (before the transform) and the embedder's text as it is. */
export interface RawChunkText {
  nameText: string;
  comment: string;
  definition: string;
  context: string;
  text: string;
}

export function createChunk(identity: ChunkIdentity, raw: RawChunkText, lexical: (text: string) => string): Chunk {
  const name = lexical(raw.nameText);
  const comment = lexical(raw.comment);
  const definition = lexical(raw.definition);
  const context = lexical(raw.context);
  const { text } = raw;
  return { ...identity, name, comment, definition, context, text, contentHash: sha256([name, comment, definition, context, text].join('\u0000')) };
}

/** Parts joined as sentences: trailing punctuation trimmed, empty parts dropped. */
export function joinSentences(parts: readonly string[]): string {
  return parts
    .map((part) => part.trim().replace(/[.;:\s]+$/, ''))
    .filter(Boolean)
    .join('. ');
}

/** The id of an object's chunk: the object id for the first, `<id>#<part + 1>` for the further ones. */
export function chunkIdOf(objectId: string, part: number): string {
  return part ? `${objectId}#${part + 1}` : objectId;
}

/** A base chunk of a catalog object; `part` > 0 names its further chunks `<id>#<part + 1>`. */
export function assembleChunk(object: CatalogObject, fields: ChunkFields, lexical: (text: string) => string, part = 0): Chunk {
  const identity: ChunkIdentity = {
    id: chunkIdOf(object.id, part),
    objectId: object.id,
    source: object.source,
    kind: object.kind,
    project: null,
    session: null,
  };
  return createChunk(
    identity,
    { nameText: fields.nameText, comment: fields.comment, definition: fields.definition, context: fields.context, text: joinSentences(fields.textParts) },
    lexical,
  );
}
