/**
 * @module adapters/documents/extract
 * The extractors by document type, and `extractDocument` to run the right one.
 */
import type { DocumentType, ExtractedDocument, ExtractOptions, Extractor } from '../../../ports/documents.js';
import { extractCsv } from './csv.js';
import { extractDocx } from './docx.js';
import { extractHtml } from './html.js';
import { extractPdf } from './pdf.js';
import { extractPptx } from './pptx.js';
import { extractJson, extractYaml } from './structured.js';
import { extractMarkdown, extractText } from './text.js';
import { extractXlsx } from './xlsx.js';

export const EXTRACTORS: Record<DocumentType, Extractor> = {
  pdf: extractPdf,
  docx: extractDocx,
  xlsx: extractXlsx,
  pptx: extractPptx,
  html: extractHtml,
  markdown: extractMarkdown,
  text: extractText,
  csv: extractCsv,
  json: extractJson,
  yaml: extractYaml,
};

/** Extracts a document of a known type to markdown; bad input is DOCUMENT_UNREADABLE naming the document and why. */
export function extractDocument(bytes: Uint8Array, type: DocumentType, options: ExtractOptions): Promise<ExtractedDocument> {
  return EXTRACTORS[type](bytes, options);
}
