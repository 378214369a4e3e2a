/**
 * @module adapters/documents/transport
 * The transport stage of the document pipeline (seed 004): which transport serves a location
 * follows from its fields (content → inline, path → file, url → http(s), s3, ftp(s), sftp by its
 * scheme); each lists a location's documents and fetches one's bytes under DocumentLimits.
 * The S3, FTP and SFTP clients load only when a location needs them.
 */
import { fileURLToPath } from 'node:url';
import type { DocumentEntry, FetchedDocument } from '../../../ports/documents.js';
import { SextantError } from '../../../kernel/errors.js';
import { redactDsn } from '../../../kernel/redact.js';
import { absoluteRoot, fetchFile, listFiles } from './file.js';
import { fetchHttp, listHttp } from './http.js';
import { fetchInline, listInline } from './inline.js';
import type { DocumentLocation, DocumentWalk, TransportOptions } from './common.js';

export type { DocumentLocation, DocumentWalk, TransportOptions } from './common.js';
export { httpName, MAX_REDIRECTS } from './http.js';

export type TransportKind = 'inline' | 'file' | 'http' | 's3' | 'ftp' | 'sftp';

const SCHEMES: Record<string, TransportKind> = {
  'http:': 'http',
  'https:': 'http',
  's3:': 's3',
  'ftp:': 'ftp',
  'ftps:': 'ftp',
  'sftp:': 'sftp',
  'file:': 'file',
};

const LOCATION_HINT = 'give one of: a path, an http(s)://, s3://, ftp://, ftps:// or sftp:// URL, or inline content';

/** The transport a location's fields call for; none or several of content/path/url → USAGE. */
export function inferTransport(location: DocumentLocation): TransportKind {
  const given = (['content', 'path', 'url'] as const).filter((field) => location[field] !== undefined);
  if (given.length !== 1) {
    throw new SextantError(
      'USAGE',
      given.length === 0 ? 'a document source needs a path, a URL or content' : `a document source takes one of ${given.join(', ')}, not several`,
      {
        hint: LOCATION_HINT,
      },
    );
  }
  if (location.content !== undefined) return 'inline';
  if (location.path !== undefined) {
    if (!location.path.trim()) throw new SextantError('USAGE', 'the document path is empty', { hint: LOCATION_HINT });
    return 'file';
  }
  let url: URL;
  try {
    url = new URL(location.url!);
  } catch {
    throw new SextantError('USAGE', `'${redactDsn(location.url!)}' is not a URL`, { hint: LOCATION_HINT });
  }
  const kind = SCHEMES[url.protocol];
  if (!kind) throw new SextantError('USAGE', `${redactDsn(location.url!)}: unsupported scheme '${url.protocol.slice(0, -1)}'`, { hint: LOCATION_HINT });
  if (kind !== 'file' && !url.hostname) throw new SextantError('USAGE', `${redactDsn(location.url!)} names no host or bucket`, { hint: LOCATION_HINT });
  return kind;
}

/** The location shown to people: the URL with its credentials removed, or the absolute path. */
export function describeLocation(location: DocumentLocation): string {
  switch (inferTransport(location)) {
    case 'inline':
      return 'inline';
    case 'file':
      return filePath(location);
    default:
      return redactDsn(location.url!);
  }
}

const filePath = (location: DocumentLocation) => absoluteRoot(location.path ?? fileURLToPath(location.url!));

/**
 * The documents at a location: a folder recursively (hidden names and links leaving it skipped),
 * an S3 prefix (every page of ListObjectsV2), an FTP/SFTP directory recursively (capped at
 * `maxEntries`); a single file, object or URL lists itself. Names are relative to the location.
 */
export async function listDocuments(location: DocumentLocation, options: TransportOptions = {}): Promise<DocumentEntry[]> {
  switch (inferTransport(location)) {
    case 'inline':
      return listInline(location);
    case 'file':
      return listFiles(filePath(location), options);
    case 'http':
      return listHttp(location.url!);
    case 's3':
      return (await import('./s3.js')).listS3(location.url!, options);
    case 'ftp':
      return (await import('./ftp.js')).listFtp(location.url!, options);
    case 'sftp':
      return (await import('./sftp.js')).listSftp(location.url!, options);
  }
}

/** One document's bytes, content type and origin, under `options.limits` (size cap while streaming, per-request timeout). */
export async function fetchDocument(location: DocumentLocation, entry: DocumentEntry, options: TransportOptions = {}): Promise<FetchedDocument> {
  switch (inferTransport(location)) {
    case 'inline':
      return fetchInline(location, options);
    case 'file':
      return fetchFile(filePath(location), entry, options);
    case 'http':
      return fetchHttp(location.url!, entry, options);
    case 's3':
      return (await import('./s3.js')).fetchS3(location.url!, entry, options);
    case 'ftp':
      return (await import('./ftp.js')).fetchFtp(location.url!, entry, options);
    case 'sftp':
      return (await import('./sftp.js')).fetchSftp(location.url!, entry, options);
  }
}

/** Documents fetched at once where each fetch is its own request (S3 objects, local files). */
const CONCURRENCY: Partial<Record<TransportKind, number>> = { s3: 8, http: 8, file: 4 };

/**
 * A walk of a location: FTP and SFTP keep one connection for the listing and every document
 * (closed by `close()`, one fetch at a time); the other transports need none, read as
 * `listDocuments` and `fetchDocument` do, and fetch several documents at once.
 */
export async function openDocuments(location: DocumentLocation, options: TransportOptions = {}): Promise<DocumentWalk> {
  switch (inferTransport(location)) {
    case 'ftp':
      return (await import('./ftp.js')).openFtp(location.url!, options);
    case 'sftp':
      return (await import('./sftp.js')).openSftp(location.url!, options);
    default:
      return {
        list: () => listDocuments(location, options),
        fetch: (entry) => fetchDocument(location, entry, options),
        concurrency: CONCURRENCY[inferTransport(location)] ?? 1,
        close: async () => undefined,
      };
  }
}
