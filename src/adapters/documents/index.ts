/**
 * @module adapters/documents
 * MIME detection and extraction for the document pipeline (seed 004): pure functions over bytes,
 * against the contracts in ports/documents.
 */
export { decodeText, decodeTextWithEncoding, detectTextEncoding, looksBinary, type TextEncoding } from './encoding.js';
export { documentUnreadable } from './errors.js';
export { detectDocumentType, normalizeDocumentType, typeFromContentType, typeFromName, type DetectInput } from './mime.js';
export { EXTRACTORS, extractDocument } from './extract/index.js';
export { readOfficeZip, ZIP_CAPS, type ZipCaps } from './zip.js';
