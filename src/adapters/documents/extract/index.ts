/**
 * @module adapters/documents/extract
 * The extractors by document type, and `extractDocument` to run the right one.
 */
import type { DocumentType, ExtractedDocument, ExtractOptions, Extractor } from '../../../ports/documents.js';
import { documentUnreadable } from '../errors.js';
import { extractCsv } from './csv.js';
import { extractHtml } from './html.js';
import { extractJson, extractYaml } from './structured.js';
import { extractMarkdown, extractText } from './text.js';

export const EXTRACTORS: Partial<Record<DocumentType, Extractor>> = {
  html: extractHtml,
  markdown: extractMarkdown,
  text: extractText,
  csv: extractCsv,
  json: extractJson,
  yaml: extractYaml,
};

/** Extracts a document of a known type to markdown; bad input is DOCUMENT_UNREADABLE naming the document and why. */
export function extractDocument(bytes: Uint8Array, type: DocumentType, options: ExtractOptions): Promise<ExtractedDocument> {
  const extractor = EXTRACTORS[type];
  if (!extractor) return Promise.reject(documentUnreadable(options.name, `no extractor for ${type} documents yet`));
  return extractor(bytes, options);
}
