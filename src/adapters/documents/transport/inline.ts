/**
 * @module adapters/documents/transport/inline
 * Inline content: the text is the document; it has no transport content type.
 */
import type { DocumentEntry, FetchedDocument } from '../../../ports/documents.js';
import { tooLarge, type DocumentLocation, type TransportOptions, limitsOf } from './common.js';

export const INLINE_ORIGIN = 'inline';

export function listInline(location: DocumentLocation): DocumentEntry[] {
  return [{ name: location.name ?? INLINE_ORIGIN, origin: INLINE_ORIGIN, size: Buffer.byteLength(location.content ?? '') }];
}

export function fetchInline(location: DocumentLocation, options: TransportOptions): FetchedDocument {
  const bytes = new Uint8Array(Buffer.from(location.content ?? '', 'utf8'));
  const { maxBytes } = limitsOf(options);
  if (bytes.byteLength > maxBytes) throw tooLarge(location.name ?? INLINE_ORIGIN, maxBytes, bytes.byteLength);
  return { name: location.name ?? INLINE_ORIGIN, bytes, contentType: null, origin: INLINE_ORIGIN };
}
