/**
 * @module adapters/documents/extract
 * The extractors by document type, and `extractDocument` to run the right one. Each extractor's
 * module (and its library: unpdf, mammoth, exceljs, linkedom…) loads when a document of its type
 * first arrives, so a source of HTML pages never loads the PDF or Office readers.
 */
import { DOCUMENT_TYPES, type DocumentType, type ExtractedDocument, type ExtractOptions, type Extractor } from '../../../ports/documents.js';

const LOADERS: Record<DocumentType, () => Promise<Extractor>> = {
  pdf: async () => (await import('./pdf.js')).extractPdf,
  docx: async () => (await import('./docx.js')).extractDocx,
  xlsx: async () => (await import('./xlsx.js')).extractXlsx,
  pptx: async () => (await import('./pptx.js')).extractPptx,
  html: async () => (await import('./html.js')).extractHtml,
  markdown: async () => (await import('./text.js')).extractMarkdown,
  text: async () => (await import('./text.js')).extractText,
  csv: async () => (await import('./csv.js')).extractCsv,
  json: async () => (await import('./structured.js')).extractJson,
  yaml: async () => (await import('./structured.js')).extractYaml,
};

export const EXTRACTORS: Record<DocumentType, Extractor> = Object.fromEntries(
  DOCUMENT_TYPES.map((type) => [type, async (bytes: Uint8Array, options: ExtractOptions) => (await LOADERS[type]())(bytes, options)]),
) as Record<DocumentType, Extractor>;

/** Extracts a document of a known type to markdown; bad input is DOCUMENT_UNREADABLE naming the document and why. */
export function extractDocument(bytes: Uint8Array, type: DocumentType, options: ExtractOptions): Promise<ExtractedDocument> {
  return EXTRACTORS[type](bytes, options);
}
