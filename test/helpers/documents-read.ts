/**
 * Test helper: one read of a docs source through the real transports (openDocuments) and the real
 * converter, as the docs connector does it, counting the documents it asks the transport for and
 * the ones it extracts.
 */
import { createDocumentsConnector } from '../../src/adapters/connector/documents/index.js';
import { createDocumentConverter } from '../../src/adapters/documents/source-reader.js';
import { openDocuments, type TransportOptions } from '../../src/adapters/documents/transport/index.js';
import type { CatalogObject } from '../../src/ports/catalog.js';
import type { SourceRecord } from '../../src/ports/connector.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentReader } from '../../src/ports/documents.js';

/** The real transports, with the test servers' options; counts the fetches the connector asks for. */
function readerFor(options: TransportOptions, fetched: string[]): DocumentReader {
  const location = (source: SourceRecord) => (source.url.includes('://') ? { url: source.url } : { path: source.url });
  return {
    list: () => Promise.reject(new Error('the connector walks')),
    fetch: () => Promise.reject(new Error('the connector walks')),
    open: async (source) => {
      const walk = await openDocuments(location(source), options);
      return {
        ...walk,
        fetch: (entry) => {
          fetched.push(entry.name);
          return walk.fetch(entry);
        },
      };
    },
  };
}

/** Reads the source at `url` once, given what is stored of it; the names fetched and extracted, sorted. */
export async function readOnce(url: string, options: TransportOptions, stored: CatalogObject[]) {
  const fetched: string[] = [];
  const extracted: string[] = [];
  const real = createDocumentConverter();
  const converter = {
    ...real,
    extract: async (...args: Parameters<typeof real.extract>) => {
      extracted.push(args[2].name);
      return real.extract(...args);
    },
  };
  const connector = createDocumentsConnector({ reader: readerFor(options, fetched), converter, limits: DEFAULT_DOCUMENT_LIMITS });
  const source: SourceRecord = { name: 'share', type: 'docs', url, options: {}, createdAt: '2026-11-25T00:00:00Z' };
  const snapshot = await connector.introspect(source, { stored: async () => stored });
  return { snapshot, fetched: fetched.sort(), extracted: extracted.sort() };
}
