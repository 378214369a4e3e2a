/**
 * @module ports/documents
 * The stages of the document pipeline (seed 004), as contracts between their adapters: a
 * transport fetches bytes (inline, file, http(s), s3, ftp, sftp), MIME detection names the type,
 * an extractor turns the bytes into markdown with the structure kept. The connector in
 * `adapters/connector/documents` runs them; chunking happens in the documents kind.
 */
import type { SourceRecord } from './connector.js';

/** The document types Sextant extracts. */
export const DOCUMENT_TYPES = ['pdf', 'html', 'markdown', 'text', 'docx', 'xlsx', 'pptx', 'csv', 'json', 'yaml'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** One document as a transport read it. */
export interface FetchedDocument {
  /** Path relative to the source root (`guides/start.md`, `start.html`, `reports/q3.xlsx`): the document's id within its source. */
  name: string;
  bytes: Uint8Array;
  /** The transport's content type (HTTP `Content-Type`, S3 `ContentType`), without parameters; null when it has none. */
  contentType: string | null;
  /** Where it came from, with credentials removed (`https://wiki/start.html`, `s3://bucket/a.pdf`, `/abs/path/a.md`). */
  origin: string;
  /** Last modification as the transport reports it (ISO 8601), when it does. */
  modifiedAt?: string;
  /** The server's version tag (HTTP `ETag`), kept for the next conditional request. */
  etag?: string;
  /**
   * True when the entry carried `validators` and the server said the document has not changed
   * since (HTTP 304): `bytes` is then empty and the previous extraction stands.
   */
  notModified?: boolean;
}

/** What a previous read of a document returned, for a conditional request (HTTP If-None-Match / If-Modified-Since). */
export interface DocumentValidators {
  etag?: string;
  /** ISO 8601, as `FetchedDocument.modifiedAt` gave it. */
  modifiedAt?: string;
}

/** A document's listing entry, before its bytes are read (folders, prefixes, directories). */
export interface DocumentEntry {
  name: string;
  origin: string;
  size?: number;
  modifiedAt?: string;
  /** The listing's version tag of the bytes (S3 `ETag`), when it gives one. */
  etag?: string;
  /** Given by the caller: transports that can ask "changed since?" (http) answer `notModified` when it has not. */
  validators?: DocumentValidators;
}

/** Limits every transport and extractor honours. */
export interface DocumentLimits {
  /** Largest document read, in bytes (`documents.max_bytes`). */
  maxBytes: number;
  /** Per-request time limit, in milliseconds. */
  timeoutMs: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = { maxBytes: 50 * 1024 * 1024, timeoutMs: 30_000 };

/** Markdown with the structure kept: headings (`#`), tables (GFM pipes), lists; sections per page, sheet or slide. */
export interface ExtractedDocument {
  /** The document's title (PDF metadata, first heading, `<title>`), or null when it has none. */
  title: string | null;
  markdown: string;
  /** Pages, sheets or slides, when the type has them. */
  parts?: number;
}

export interface ExtractOptions {
  /** The document's name, for messages and as a title fallback. */
  name: string;
  limits: DocumentLimits;
}

/** Extracts one type; failures are SextantError `DOCUMENT_UNREADABLE` naming the document and why (encrypted, corrupt, too large, zip bomb…). */
export type Extractor = (bytes: Uint8Array, options: ExtractOptions) => Promise<ExtractedDocument>;

/** A source's documents read in one go (its listing, then each document), over one connection where the transport has one (FTP, SFTP). */
export interface DocumentWalk {
  list(): Promise<DocumentEntry[]>;
  fetch(entry: DocumentEntry): Promise<FetchedDocument>;
  /** How many `fetch` calls may be in flight at once (default 1: one connection, as FTP and SFTP keep). */
  concurrency?: number;
  /** Ends the walk (closes its connection); always called, also after a failure. */
  close(): Promise<void>;
}

/** Transports: what a location holds and each document's bytes. */
export interface DocumentReader {
  /** The documents a source's location holds (a folder's files, a prefix's objects); a single document lists itself. */
  list(source: SourceRecord, signal?: AbortSignal): Promise<DocumentEntry[]>;
  fetch(source: SourceRecord, entry: DocumentEntry, signal?: AbortSignal): Promise<FetchedDocument>;
  /** A walk of the source's location; without it, `list` and `fetch` are called one by one. */
  open?(source: SourceRecord, signal?: AbortSignal): Promise<DocumentWalk>;
}

/** MIME detection and extraction to markdown. */
export interface DocumentConverter {
  detect(input: { explicit?: DocumentType; contentType: string | null; name: string; bytes: Uint8Array }): Promise<DocumentType>;
  /** Text of a text document, its encoding detected (UTF-8, UTF-16, Latin-1). */
  decodeText(bytes: Uint8Array): Promise<string>;
  extract(bytes: Uint8Array, type: DocumentType, options: { name: string; limits: DocumentLimits }): Promise<ExtractedDocument>;
}

/** A session document read from a path or a URL (MCP `add_document`), as markdown. */
export interface DocumentImporter {
  /** Reads one document; a path must lie inside `workspaceRoot` (symbolic links resolved). */
  read(
    location: { path: string } | { url: string },
    options: { workspaceRoot: string | null; signal?: AbortSignal },
  ): Promise<{ name: string; markdown: string }>;
}
