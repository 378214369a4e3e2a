/**
 * @module core/sessions/session-documents
 * Turns a document added mid-session into session-scoped chunks: split at about 500 tokens
 * with overlap, lexical fields for BM25, vectors when the index's model matches the embedder,
 * and entities (written with the chunks; their scope is the chunk's, so they join this
 * session's entity set and leave it with the document).
 */
import type { Chunk } from '../../ports/catalog.js';
import type { Embedder } from '../../ports/embedder.js';
import type { ChunkWrite, EmbeddingModelInfo, SessionDocumentRecord } from '../../ports/store.js';
import { createChunk } from '../chunks/assemble-chunk.js';
import { MAX_CHUNK_ENTITIES } from '../entities/chunk-entities.js';
import { extractEntities } from '../entities/extract.js';
import { SextantError } from '../../kernel/errors.js';
import { sha256 } from '../../kernel/hash.js';
import { lexicalForm } from '../../kernel/text/identifiers.js';
import { splitDocument } from '../chunks/split-document.js';

/** Source name of session document chunks. Never a user source: those must start with a letter. */
export const SESSION_SOURCE = '_session';
export const DOCUMENT_KIND = 'document';
export const DOCUMENT_MIME_TYPES = Object.freeze(['text/plain', 'text/markdown'] as const);
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** Bounds of one session: a document fits well inside the 1 MB request limit of the HTTP server. */
export const MAX_DOCUMENT_CHARS = 500_000;
export const MAX_DOCUMENTS_PER_SESSION = 100;

const NAME = /^[^\s#@\u0000-\u001f][^#@\u0000-\u001f]{0,199}$/;

export interface DocumentInput {
  name: string;
  text: string;
  mimeType?: DocumentMimeType;
}

export function documentObjectId(name: string): string {
  return `${SESSION_SOURCE}:${DOCUMENT_KIND}:${name}`;
}

/** Name of a document from its object id, or null when the id is not a session document's. */
export function documentNameOf(objectId: string): string | null {
  const prefix = `${SESSION_SOURCE}:${DOCUMENT_KIND}:`;
  return objectId.startsWith(prefix) ? objectId.slice(prefix.length) : null;
}

export function validateDocument(input: DocumentInput): Required<DocumentInput> {
  const name = input.name.trim();
  if (!NAME.test(name) || name !== input.name) {
    throw new SextantError('USAGE', `invalid document name ${JSON.stringify(input.name)}`, {
      hint: 'use 1-200 characters without #, @, control characters or surrounding spaces, e.g. "runbook.md"',
      details: { field: 'name' },
    });
  }
  if (input.text.trim() === '') throw new SextantError('USAGE', 'the document text is empty', { details: { field: 'text' } });
  if (input.text.length > MAX_DOCUMENT_CHARS) {
    throw new SextantError('USAGE', `the document has ${input.text.length} characters, more than ${MAX_DOCUMENT_CHARS}`, {
      hint: 'split it into several documents',
      details: { field: 'text' },
    });
  }
  const mimeType = input.mimeType ?? (/\.(md|markdown)$/i.test(name) ? 'text/markdown' : 'text/plain');
  return { name, text: input.text, mimeType };
}

export interface DocumentChunkDeps {
  embedder: Embedder | null;
  /** The index's embedding model; vectors are computed only when it is the embedder's. */
  model: EmbeddingModelInfo | null;
  lexical?: (text: string) => string;
}

/** The document's record and chunk writes for `session`. */
export async function buildDocumentChunks(
  session: string,
  input: Required<DocumentInput>,
  deps: DocumentChunkDeps,
): Promise<{ document: SessionDocumentRecord; chunks: ChunkWrite[] }> {
  const lexical = deps.lexical ?? lexicalForm;
  const objectId = documentObjectId(input.name);
  // The chunk id must be unique across sessions without showing the session id in results.
  const sessionKey = sha256(session).slice(0, 12);
  const pieces = splitDocument(input.text, { markdown: input.mimeType === 'text/markdown' });
  const entities = pieces.map((piece) =>
    // Headings and text are prose: no identifier to read as the chunk's name.
    extractEntities({ kind: DOCUMENT_KIND, name: '', comment: [piece.heading, piece.text].filter(Boolean).join('\n') }).slice(0, MAX_CHUNK_ENTITIES),
  );
  const chunks: Chunk[] = pieces.map((piece) => {
    // a chunk holding several short sections is named by each of their headings
    const title = piece.headings.length ? `${input.name} > ${piece.headings.join('; ')}` : input.name;
    return createChunk(
      { id: `${objectId}#${piece.index + 1}@${sessionKey}`, objectId, source: SESSION_SOURCE, kind: DOCUMENT_KIND, project: null, session },
      { nameText: title, comment: piece.text, definition: '', context: '', text: `${title}\n${piece.text}` },
      lexical,
    );
  });
  const { embedder, model } = deps;
  const usable = embedder && model && model.modelId === embedder.modelId && model.dimension === embedder.dimension;
  const vectors = usable && chunks.length ? await embedder.embed(chunks.map((c) => c.text)) : [];
  return {
    document: {
      session,
      name: input.name,
      objectId,
      mimeType: input.mimeType,
      text: input.text,
      chunks: chunks.length,
      createdAt: new Date().toISOString(),
    },
    chunks: chunks.map((chunk, i) => ({ chunk, vector: vectors[i] ?? null, entities: entities[i] ?? [] })),
  };
}
