/**
 * @module adapters/documents/extract/common
 * What every extractor shares: the size limit, one DOCUMENT_UNREADABLE for anything a parser
 * throws, text decoding that refuses binary data, and markdown building blocks.
 */
import { isSextantError } from '../../../kernel/errors.js';
import type { DocumentType, ExtractOptions, Extractor } from '../../../ports/documents.js';
import { controlByteShare, decodeText, looksBinary } from '../encoding.js';
import { documentUnreadable, errorText, formatBytes } from '../errors.js';

const LABELS: Record<DocumentType, string> = {
  pdf: 'PDF',
  html: 'HTML',
  markdown: 'Markdown',
  text: 'text',
  docx: 'Word (docx) document',
  xlsx: 'Excel (xlsx) workbook',
  pptx: 'PowerPoint (pptx) presentation',
  csv: 'CSV',
  json: 'JSON',
  yaml: 'YAML',
};

export function typeLabel(type: DocumentType): string {
  return LABELS[type];
}

/**
 * An extractor for one type: refuses documents above `limits.maxBytes` before parsing, and turns
 * whatever the parser throws into DOCUMENT_UNREADABLE naming the document and the parser's reason.
 */
export function defineExtractor(type: DocumentType, run: Extractor): Extractor {
  return async (bytes, options) => {
    checkSize(bytes, options);
    try {
      return await run(bytes, options);
    } catch (err) {
      if (isSextantError(err)) throw err;
      throw documentUnreadable(options.name, `not a readable ${typeLabel(type)} (${errorText(err)})`, { cause: err });
    }
  };
}

export function checkSize(bytes: Uint8Array, options: ExtractOptions): void {
  if (bytes.byteLength > options.limits.maxBytes) {
    throw documentUnreadable(options.name, `${formatBytes(bytes.byteLength)} is above the ${formatBytes(options.limits.maxBytes)} limit`, {
      hint: 'raise documents.max_bytes to index it',
    });
  }
}

/** The bytes as text (see encoding.ts), line endings normalised; binary data is DOCUMENT_UNREADABLE. */
export function readText(bytes: Uint8Array, options: ExtractOptions): string {
  if (looksBinary(bytes)) {
    const share = Math.round(controlByteShare(bytes) * 100);
    throw documentUnreadable(options.name, `binary data, not text (${share}% control bytes)`, {
      hint: 'set the document type if it is a PDF or Office file, or leave it out of the source',
    });
  }
  return normalizeNewlines(decodeText(bytes));
}

export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** Longest cell text kept in a markdown table. */
export const MAX_CELL_CHARS = 500;

/** One markdown table cell: one line, pipes escaped, long text cut. */
export function tableCell(value: string): string {
  const flat = value.replace(/\s*\n\s*/g, ' ').trim();
  const cut = flat.length > MAX_CELL_CHARS ? `${flat.slice(0, MAX_CELL_CHARS - 1)}…` : flat;
  return cut.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

/** A GFM table: the first row is the header; short rows are padded to the widest. */
export function markdownTable(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const width = Math.max(1, ...rows.map((r) => r.length));
  const line = (row: readonly string[]): string => `| ${Array.from({ length: width }, (_, i) => tableCell(row[i] ?? '')).join(' | ')} |`;
  const [header, ...body] = rows;
  return [line(header!), `| ${Array.from({ length: width }, () => '---').join(' | ')} |`, ...body.map(line)].join('\n');
}

/** The first heading of a markdown text, level 1 preferred, or null. */
export function firstHeading(markdown: string): string | null {
  const headings = [...markdown.matchAll(/^(#{1,6})[ \t]+(.+?)[ \t#]*$/gm)];
  const best = headings.find((m) => m[1] === '#') ?? headings[0];
  return best ? best[2]!.trim() || null : null;
}

/** A heading line's text: one line, trimmed. */
export function headingText(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** The document's name without folders or extension (`reports/q3.csv` → `q3`). */
export function baseName(name: string): string {
  const path = name.split(/[?#]/)[0]!;
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base || name;
}

/** Sections joined with blank lines, empty ones left out. */
export function joinBlocks(blocks: readonly string[]): string {
  return blocks
    .map((b) => b.trim())
    .filter((b) => b.length > 0)
    .join('\n\n');
}
