/**
 * @module adapters/documents/mime
 * Which of the document types a document is, by seed 004's priority chain: the type the user set,
 * then the transport's content type, then the name's extension, then magic bytes (`file-type`),
 * then a look at the text (HTML, JSON), then plain text.
 *
 * Two refinements of the chain: content types that say nothing (`application/octet-stream`,
 * `application/zip`, and `text/plain`, which static servers send for `.md` or `.csv`) only decide
 * when nothing later does; and when the content type or extension claims a text type but the bytes
 * are a PDF or an Office file, the bytes win (a `.txt` that is really a PDF is read as a PDF).
 */
import { fileTypeFromBuffer } from 'file-type';
import { SextantError } from '../../kernel/errors.js';
import { DOCUMENT_TYPES, type DocumentType } from '../../ports/documents.js';
import { decodeText } from './encoding.js';

const OOXML = 'application/vnd.openxmlformats-officedocument';

const BY_MIME: Record<string, DocumentType> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/plain': 'text',
  [`${OOXML}.wordprocessingml.document`]: 'docx',
  [`${OOXML}.spreadsheetml.sheet`]: 'xlsx',
  [`${OOXML}.presentationml.presentation`]: 'pptx',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'application/json': 'json',
  'text/json': 'json',
  'application/yaml': 'yaml',
  'application/x-yaml': 'yaml',
  'text/yaml': 'yaml',
  'text/x-yaml': 'yaml',
};

/** Content types that name no document type, or only a weak one: later links of the chain decide first. */
const WEAK_MIME = new Set([
  'text/plain',
  'application/octet-stream',
  'binary/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
  'application/unknown',
]);

const BY_EXTENSION: Record<string, DocumentType> = {
  pdf: 'pdf',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  md: 'markdown',
  markdown: 'markdown',
  mdown: 'markdown',
  mkd: 'markdown',
  txt: 'text',
  text: 'text',
  log: 'text',
  rst: 'text',
  docx: 'docx',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  pptx: 'pptx',
  csv: 'csv',
  tsv: 'csv',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
};

/** Short aliases accepted as an explicit type besides the types themselves and MIME types. */
const ALIASES: Record<string, DocumentType> = { md: 'markdown', txt: 'text', htm: 'html', yml: 'yaml', plain: 'text' };
/** Explicit values that mean "detect it": `auto`, and the legacy transport names of seed 004. */
const AUTO = new Set(['', 'auto', 'file', 'http', 'inline']);

const TEXT_TYPES = new Set<DocumentType>(['html', 'markdown', 'text', 'csv', 'json', 'yaml']);
const BINARY_TYPES = new Set<DocumentType>(['pdf', 'docx', 'xlsx', 'pptx']);

function isDocumentType(value: string): value is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** A content type without parameters, lower case (`Text/HTML; charset=utf-8` → `text/html`). */
function bareMime(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** The type a content type names, or null (unknown, or one of the weak ones when `strong`). */
export function typeFromContentType(contentType: string | null | undefined, options: { strong?: boolean } = {}): DocumentType | null {
  if (!contentType) return null;
  const mime = bareMime(contentType);
  if (options.strong && WEAK_MIME.has(mime)) return null;
  if (BY_MIME[mime]) return BY_MIME[mime];
  if (mime.endsWith('+json')) return 'json';
  if (mime.endsWith('+yaml')) return 'yaml';
  return null;
}

/** The type a name's extension names (`guides/start.md` → markdown), or null. Query and fragment are ignored. */
export function typeFromName(name: string): DocumentType | null {
  const path = name.split(/[?#]/)[0]!;
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return null;
  return BY_EXTENSION[base.slice(dot + 1).toLowerCase()] ?? null;
}

/**
 * A user's `type` setting: a document type, a MIME type (`application/pdf`) or an alias (`md`).
 * `auto` and the legacy transport names (`file`, `http`, `inline`) return null: detect it.
 */
export function normalizeDocumentType(value: string): DocumentType | null {
  const v = value.trim().toLowerCase();
  if (AUTO.has(v)) return null;
  if (isDocumentType(v)) return v;
  const found = ALIASES[v] ?? typeFromContentType(v);
  if (found) return found;
  throw new SextantError('CONFIG_INVALID', `Unknown document type '${value}'`, {
    hint: `use auto, one of ${DOCUMENT_TYPES.join(', ')}, or a MIME type such as application/pdf`,
  });
}

/** The type the magic bytes show (PDF, and the Office formats inside their zip), or null. */
export async function typeFromMagic(bytes: Uint8Array): Promise<DocumentType | null> {
  if (bytes.length === 0) return null;
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  return isDocumentType(found.ext) ? found.ext : (BY_MIME[found.mime] ?? null);
}

/** Bytes looked at when sniffing text. */
const SNIFF_BYTES = 4096;

/** HTML or JSON recognised from the text itself, or null. */
export function typeFromText(bytes: Uint8Array): DocumentType | null {
  const head = decodeText(bytes.subarray(0, SNIFF_BYTES)).trimStart().toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/.test(head)) return 'html';
  if (head.startsWith('{') || head.startsWith('[')) {
    try {
      JSON.parse(decodeText(bytes));
      return 'json';
    } catch {
      return null;
    }
  }
  return null;
}

export interface DetectInput {
  /** The user's type setting (`auto`, a type, a MIME type); absent or `auto` to detect. */
  explicit?: string | null;
  /** The transport's content type, or null. */
  contentType: string | null;
  /** The document's name or path, for its extension. */
  name: string;
  bytes: Uint8Array;
}

/** The document's type by the priority chain described in the module comment. */
export async function detectDocumentType(input: DetectInput): Promise<DocumentType> {
  const explicit = input.explicit ? normalizeDocumentType(input.explicit) : null;
  if (explicit) return explicit;
  const claimed = typeFromContentType(input.contentType, { strong: true }) ?? typeFromName(input.name);
  if (claimed && !TEXT_TYPES.has(claimed)) return claimed;
  const magic = await typeFromMagic(input.bytes);
  if (magic && BINARY_TYPES.has(magic)) return magic;
  return claimed ?? magic ?? typeFromContentType(input.contentType) ?? typeFromText(input.bytes) ?? 'text';
}
