/**
 * @module adapters/connector/documents
 * The `docs` connector: runs the document pipeline of seed 004 for one source. The reader
 * (transports) and converter (MIME detection, extraction) are given by the composition root, so
 * this module holds only the flow: list or crawl, fetch, skip what did not change, detect,
 * extract, one object per document. Unchanged is either the server's word (a crawled page is
 * asked for with its previous ETag / Last-Modified; a 304 keeps the stored document and its
 * stored links) or the bytes' (sha256 against the stored document). One bad
 * document never fails the source: it is skipped and named, and a document that was indexed
 * before keeps its previous state until it reads again.
 */
import { createHash } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import type { CatalogObject, SourceSnapshot } from '../../../ports/catalog.js';
import type { AccessReport, Connector, IntrospectOptions, SourceRecord } from '../../../ports/connector.js';
import type {
  DocumentConverter,
  DocumentEntry,
  DocumentLimits,
  DocumentReader,
  DocumentType,
  DocumentValidators,
  ExtractedDocument,
  FetchedDocument,
} from '../../../ports/documents.js';
import { SextantError } from '../../../kernel/errors.js';
import { redactDsn, redactQuerySecrets } from '../../../kernel/redact.js';
import { httpName } from '../../../kernel/document-names.js';
import { inboundAnchors, linkedPages } from './anchors.js';
import { CRAWL_DEFAULTS, crawl } from './crawl.js';
import { crawlSpace, listingSpace, type LinkSpace } from './link-space.js';
import { anchorsOf, linksOf, type LinkAnchor } from './links.js';

export interface DocumentsConnectorOptions {
  reader: DocumentReader;
  converter: DocumentConverter;
  limits: DocumentLimits;
  chunkTokens?: number;
  chunkOverlap?: number;
}

export interface SkippedDocument {
  name: string;
  reason: string;
  /** The previous state stays indexed until the document reads again. */
  kept: boolean;
}

const isUrl = (location: string) => /^https?:\/\//i.test(location);
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
const REMOTE_SCHEMES = new Set(['http', 'https', 's3', 'ftp', 'ftps', 'sftp']);

function option<T>(source: SourceRecord, key: string): T | undefined {
  return source.options[key] as T | undefined;
}

/** A numeric option, which the command line stores as text. */
function count(source: SourceRecord, key: string): number | undefined {
  const value = source.options[key];
  return value === undefined || value === null || value === '' ? undefined : Number(value);
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function outline(markdown: string): string[] {
  const out: string[] = [];
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const m = fence ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (m) out.push(`${m[1]!.length} ${m[2]}`);
  }
  return out;
}

/** The stored links of a crawled page, when it has them. */
function storedLinks(previous: CatalogObject | undefined): string[] | undefined {
  const links = previous?.attributes.links;
  return Array.isArray(links) ? links.filter((l): l is string => typeof l === 'string') : undefined;
}

/** The stored outbound anchors of a document (anchors.ts), when it has them. */
function storedAnchors(previous: CatalogObject | undefined): LinkAnchor[] | undefined {
  const anchors = previous?.attributes.outboundAnchors;
  if (!Array.isArray(anchors)) return undefined;
  return anchors.filter((a): a is LinkAnchor => Array.isArray(a) && a.length === 3 && a.every((x) => typeof x === 'string'));
}

/**
 * A conditional request needs what the previous read said (ETag, Last-Modified) and, for a
 * crawl to go on without the page's bytes, the links and anchors stored with it.
 */
function validatorsOf(previous: CatalogObject | undefined, crawling: boolean): { validators?: DocumentValidators } {
  if (!previous || (crawling && !(storedLinks(previous) && storedAnchors(previous)))) return {};
  const etag = typeof previous.attributes.etag === 'string' ? previous.attributes.etag : undefined;
  const modifiedAt = typeof previous.attributes.modifiedAt === 'string' ? previous.attributes.modifiedAt : undefined;
  return etag || modifiedAt ? { validators: { ...(etag ? { etag } : {}), ...(modifiedAt ? { modifiedAt } : {}) } } : {};
}

/** A stored document with the validators and links of this read (unchanged when they are the same). */
function withValidators(previous: CatalogObject, document: FetchedDocument, links: readonly string[] | undefined): CatalogObject {
  const a = previous.attributes;
  const same = a.etag === document.etag && a.modifiedAt === document.modifiedAt && (!links || JSON.stringify(a.links) === JSON.stringify(links));
  if (same) return previous;
  const { etag: _etag, modifiedAt: _modifiedAt, ...rest } = a;
  return {
    ...previous,
    attributes: {
      ...rest,
      ...(document.modifiedAt ? { modifiedAt: document.modifiedAt } : {}),
      ...(document.etag ? { etag: document.etag } : {}),
      ...(links ? { links } : {}),
    },
  };
}

/** What the links between a source's documents give one of them (anchors.ts). */
interface LinkAttributes {
  /** What it says of the documents it links to, kept so an unchanged document still speaks for them. */
  outboundAnchors: readonly LinkAnchor[];
  /** What the source's other documents say of it: inbound anchor text. */
  anchors?: readonly string[];
  /** The source's documents it links to, by name. */
  linksTo?: readonly string[];
}

/** A document with its link attributes; the same object when they are as stored. */
function withAnchors(object: CatalogObject, links: LinkAttributes): CatalogObject {
  const a = object.attributes;
  const same = (['outboundAnchors', 'anchors', 'linksTo'] as const).every((key) => JSON.stringify(a[key]) === JSON.stringify(links[key]));
  if (same) return object;
  const { anchors: _anchors, outboundAnchors: _outbound, linksTo: _linksTo, ...rest } = a;
  return { ...object, attributes: { ...rest, ...links } };
}

/**
 * What a listing says of an entry's bytes (size with modification time and/or version tag), or
 * null when it says too little: then only the sha256 of the downloaded bytes decides.
 */
export function listingMark(entry: DocumentEntry): string | null {
  if (entry.size === undefined || !(entry.modifiedAt || entry.etag)) return null;
  return JSON.stringify([entry.size, entry.modifiedAt ?? null, entry.etag ?? null]);
}

/** The object with the listing mark it was read under, kept to skip the download next time. */
function withListingMark(object: CatalogObject, mark: string | undefined): CatalogObject {
  if (!mark || object.attributes.listed === mark) return object;
  return { ...object, attributes: { ...object.attributes, listed: mark } };
}

/** Runs `work` over the items with at most `limit` in flight (at least 1). */
async function eachAtOnce<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/**
 * A source's documents with their inbound anchor text and the documents each links to, links
 * matched to documents in the source's link space. A document read this time speaks with its anchors as read; one kept
 * without reading (unchanged listing, a 304) or kept from before (its read failed) with the ones
 * stored with it; a document gone from the source speaks for none.
 */
function withInboundAnchors(space: LinkSpace, objects: readonly CatalogObject[], read: ReadonlyMap<string, LinkAnchor[]>): CatalogObject[] {
  const outbound = new Map(objects.map((o) => [o.name, read.get(o.name) ?? storedAnchors(o) ?? []]));
  const names = new Set(outbound.keys());
  const nameOf = (url: string) => space.nameOf(url, names);
  const inbound = inboundAnchors(outbound, nameOf);
  return objects.map((o) => {
    const anchors = outbound.get(o.name)!;
    const inboundOf = inbound.get(o.name);
    const linksTo = linkedPages(o.name, anchors, nameOf);
    return withAnchors(o, { outboundAnchors: anchors, ...(inboundOf ? { anchors: inboundOf } : {}), ...(linksTo.length ? { linksTo } : {}) });
  });
}

export function createDocumentsConnector(options: DocumentsConnectorOptions): Connector {
  const { reader, converter, limits } = options;

  function inline(source: SourceRecord): FetchedDocument {
    const text = option<string>(source, 'content') ?? '';
    const type = option<DocumentType>(source, 'documentType');
    const extension = type === 'html' ? 'html' : type === 'text' ? 'txt' : type && type !== 'markdown' ? type : 'md';
    return { name: `${source.name}.${extension}`, bytes: new TextEncoder().encode(text), contentType: null, origin: `inline:${source.name}` };
  }

  function toObject(
    source: SourceRecord,
    document: FetchedDocument,
    type: DocumentType,
    extracted: ExtractedDocument,
    bytesHash: string,
    links: readonly string[] | undefined,
  ): CatalogObject {
    return {
      id: `${source.name}:document:${document.name}`,
      source: source.name,
      kind: 'document',
      path: document.name,
      name: document.name,
      parentId: null,
      resource: `document:${document.name}`,
      comment: extracted.title,
      definition: extracted.markdown,
      attributes: {
        title: extracted.title ?? document.name,
        // display only: a credential in the location's query is not stored with every document
        origin: redactQuerySecrets(document.origin),
        type,
        size: document.bytes.byteLength,
        bytesHash,
        ...(document.modifiedAt ? { modifiedAt: document.modifiedAt } : {}),
        ...(document.etag ? { etag: document.etag } : {}),
        ...(links ? { links } : {}),
        ...(extracted.parts !== undefined ? { parts: extracted.parts } : {}),
        outline: outline(extracted.markdown),
        ...(options.chunkTokens ? { chunkTokens: options.chunkTokens } : {}),
        ...(options.chunkOverlap !== undefined ? { chunkOverlap: options.chunkOverlap } : {}),
      },
    };
  }

  /**
   * One fetched document as an object: the stored one when the server said it had not changed or
   * the bytes are the same, else detected and extracted; a failure is the reason it was skipped.
   */
  async function readDocument(
    source: SourceRecord,
    document: FetchedDocument,
    previous: CatalogObject | undefined,
    links: readonly string[] | undefined,
  ): Promise<{ object: CatalogObject; reused: boolean } | { reason: string }> {
    if (document.notModified && previous) return { object: previous, reused: true };
    const bytesHash = sha256(document.bytes);
    // same bytes: the stored extraction stands; the server's new validators are kept for next time
    if (previous && previous.attributes.bytesHash === bytesHash) return { object: withValidators(previous, document, links), reused: true };
    try {
      const explicit = option<DocumentType>(source, 'documentType');
      const type = await converter.detect({ ...(explicit ? { explicit } : {}), contentType: document.contentType, name: document.name, bytes: document.bytes });
      const extracted = await converter.extract(document.bytes, type, { name: document.name, limits });
      return { object: toObject(source, document, type, extracted, bytesHash, links), reused: false };
    } catch (err) {
      return { reason: (err as Error).message };
    }
  }

  /**
   * A document's links and anchors, resolved against its place in the link space: read from its
   * text (HTML and markdown), or the stored ones when it was not read again (a 304, an unchanged listing).
   */
  async function outboundLinks(
    source: SourceRecord,
    document: FetchedDocument,
    at: string,
    previous: CatalogObject | undefined,
  ): Promise<{ links: string[]; anchors: LinkAnchor[] }> {
    if (document.notModified) return { links: storedLinks(previous) ?? [], anchors: storedAnchors(previous) ?? [] };
    const explicit = option<DocumentType>(source, 'documentType');
    const type = await converter.detect({ ...(explicit ? { explicit } : {}), contentType: document.contentType, name: document.name, bytes: document.bytes });
    if (type !== 'html' && type !== 'markdown') return { links: [], anchors: [] };
    const text = await converter.decodeText(document.bytes);
    return { links: linksOf(text, at, type === 'markdown'), anchors: anchorsOf(text, at, type === 'markdown') };
  }

  async function fetchAll(
    source: SourceRecord,
    space: LinkSpace,
    introspect: IntrospectOptions,
    skipped: SkippedDocument[],
    stored: ReadonlyMap<string, CatalogObject>,
    marks: Map<string, string>,
  ): Promise<{
    documents: FetchedDocument[];
    leftOut: number;
    links: Map<string, string[]>;
    anchors: Map<string, LinkAnchor[]> | null;
    read: Map<string, ReturnType<typeof readDocument>>;
  }> {
    const links = new Map<string, string[]>();
    // what each document read this time says of the others: a crawled page's as it arrives (its
    // links lead the crawl on), a listed document's with its extraction (introspect)
    const anchors = new Map<string, LinkAnchor[]>();
    // crawled pages are extracted as they arrive, while the next requests are in flight
    const read = new Map<string, ReturnType<typeof readDocument>>();
    if (option<string>(source, 'content') !== undefined) return { documents: [inline(source)], leftOut: 0, links, anchors: null, read };
    if (option<boolean>(source, 'followLinks')) {
      const pattern = option<string>(source, 'linkPattern');
      const outcome = await crawl(
        source.url,
        {
          maxDepth: count(source, 'maxDepth') ?? CRAWL_DEFAULTS.maxDepth,
          maxDocuments: count(source, 'maxDocuments') ?? CRAWL_DEFAULTS.maxDocuments,
          linkPattern: pattern ? new RegExp(pattern) : null,
          sameSite: !option<boolean>(source, 'allowOtherSites'),
        },
        {
          fetch: async (url) => {
            const name = httpName(source.url, url);
            const previous = stored.get(name);
            const document = await reader.fetch(source, { name, origin: url, ...validatorsOf(previous, true) }, introspect.signal);
            const page = { ...document, name };
            const found = await outboundLinks(source, page, space.urlOf(name, page.origin), previous);
            links.set(name, found.links);
            anchors.set(name, found.anchors);
            read.set(name, readDocument(source, page, previous, found.links));
            return page;
          },
          links: async (page) => links.get(page.name) ?? [],
          storedLinks: (url) => storedLinks(stored.get(httpName(source.url, url))) ?? [],
          onPage: (done, limit, url) => introspect.onProgress?.(`crawling ${redactDsn(url)}`, done, limit),
          ...(introspect.signal ? { signal: introspect.signal } : {}),
        },
      );
      for (const f of outcome.failed) skipped.push({ name: httpName(source.url, f.url), reason: f.reason, kept: false });
      return { documents: outcome.pages.map((p) => p.document), leftOut: outcome.leftOut, links, anchors, read };
    }
    const walk = reader.open
      ? await reader.open(source, introspect.signal)
      : {
          list: () => reader.list(source, introspect.signal),
          fetch: (entry: DocumentEntry) => reader.fetch(source, entry, introspect.signal),
          close: async () => undefined,
        };
    const cap = count(source, 'maxDocuments');
    let entries: DocumentEntry[];
    const outcomes: Array<FetchedDocument | SkippedDocument | undefined> = [];
    try {
      entries = await walk.list();
      const chosen = cap ? entries.slice(0, cap) : entries;
      let done = 0;
      await eachAtOnce(chosen, walk.concurrency ?? 1, async (entry, i) => {
        if (introspect.signal?.aborted) return;
        introspect.onProgress?.(`reading ${entry.name}`, done++, entries.length);
        const previous = stored.get(entry.name);
        const mark = listingMark(entry);
        if (mark) marks.set(entry.name, mark);
        // the listing says the bytes are the ones stored: nothing is downloaded (once its anchors are stored too)
        if (mark && previous?.attributes.listed === mark && storedAnchors(previous)) {
          outcomes[i] = { name: entry.name, bytes: new Uint8Array(), contentType: null, origin: entry.origin, notModified: true };
          return;
        }
        try {
          outcomes[i] = await walk.fetch({ ...entry, ...validatorsOf(previous, false) });
        } catch (err) {
          outcomes[i] = { name: entry.name, reason: (err as Error).message, kept: false };
        }
      });
    } finally {
      await walk.close();
    }
    const documents: FetchedDocument[] = [];
    for (const outcome of outcomes) {
      if (!outcome) continue;
      if ('reason' in outcome) skipped.push(outcome);
      else documents.push(outcome);
    }
    return { documents, leftOut: cap ? Math.max(0, entries.length - cap) : 0, links, anchors, read };
  }

  return Object.freeze({
    type: 'docs',
    validate(source: SourceRecord): void {
      const content = option<string>(source, 'content');
      if (content !== undefined) {
        if (source.url.trim() && source.url.trim() !== 'docs') throw new SextantError('USAGE', 'give either --content or a location, not both');
        source.url = '';
        return;
      }
      const location = source.url.trim();
      if (!location) throw new SextantError('USAGE', 'a docs source needs a folder, file or URL, or --content');
      const scheme = SCHEME.exec(location)?.[1]?.toLowerCase();
      if (scheme && scheme !== 'file' && !REMOTE_SCHEMES.has(scheme)) {
        throw new SextantError('INVALID_DSN', `unsupported scheme '${scheme}' for a docs source`, {
          hint: 'give a path, http(s)://, s3://, ftp:// or sftp://',
        });
      }
      if (scheme && scheme !== 'file') {
        const url = new URL(location);
        if (url.password)
          throw new SextantError('USAGE', 'credentials in a docs URL are not accepted', { hint: 'use --username-env/--password-env or --header-env' });
      }
      if (option<boolean>(source, 'followLinks') && !isUrl(location)) throw new SextantError('USAGE', '--follow-links needs an http(s) URL');
      const pattern = option<string>(source, 'linkPattern');
      if (pattern) {
        try {
          new RegExp(pattern);
        } catch (err) {
          throw new SextantError('USAGE', `--link-pattern is not a regular expression: ${(err as Error).message}`);
        }
      }
      if (!scheme) source.url = isAbsolute(location) ? location : resolve(location);
      else if (scheme === 'file') source.url = new URL(location).pathname;
    },
    async checkAccess(source: SourceRecord): Promise<AccessReport> {
      if (option<string>(source, 'content') !== undefined) return { ok: true, role: 'inline', findings: [] };
      // a privilege check (update runs it first): nothing here reads a document, so a URL is not asked for
      const entries = option<boolean>(source, 'followLinks') ? null : await reader.list(source);
      const found = entries ? `${entries.length} document${entries.length === 1 ? '' : 's'}` : 'crawled from this page; pages are read by `update`';
      return { ok: true, role: 'reader', findings: [{ code: 'DOCUMENTS_READABLE', severity: 'info', message: `${redactDsn(source.url)}: ${found}` }] };
    },
    async introspect(source: SourceRecord, introspect: IntrospectOptions = {}): Promise<SourceSnapshot> {
      const skipped: SkippedDocument[] = [];
      const stored = new Map(((await introspect.stored?.()) ?? []).filter((o) => o.kind === 'document').map((o) => [o.name, o]));
      const marks = new Map<string, string>();
      const space = option<boolean>(source, 'followLinks') ? crawlSpace(source.url) : listingSpace();
      const { documents, leftOut, links, anchors, read } = await fetchAll(source, space, introspect, skipped, stored, marks);
      let objects: CatalogObject[] = [];
      let reused = 0;
      for (const [i, document] of documents.entries()) {
        introspect.onProgress?.(`extracting ${document.name}`, i, documents.length);
        const previous = stored.get(document.name);
        const outcome = await (read.get(document.name) ?? readDocument(source, document, previous, links.get(document.name)));
        // read here, not as the listing's downloads arrive: all of those come first, and reading every
        // page's links among them put the manual's peak RSS at 543-591 MB (here: 499-528 MB)
        if (anchors && !anchors.has(document.name) && !document.notModified)
          anchors.set(document.name, (await outboundLinks(source, document, space.urlOf(document.name, document.origin), previous)).anchors);
        if ('reason' in outcome) {
          skipped.push({ name: document.name, reason: outcome.reason, kept: Boolean(previous) });
          if (previous) objects.push(previous);
          continue;
        }
        objects.push(withListingMark(outcome.object, marks.get(document.name)));
        if (outcome.reused) reused++;
      }
      // a document that failed to read this time keeps its previous state (fetch failures too)
      const present = new Set(objects.map((o) => o.name));
      for (const s of skipped) {
        const previous = stored.get(s.name);
        if (previous && !present.has(s.name)) {
          objects.push(previous);
          present.add(s.name);
          s.kept = true;
        }
      }
      if (anchors) objects = withInboundAnchors(space, objects, anchors);
      // an empty folder or prefix is a wrong path or a share not mounted: removing every document would be wrong
      if (objects.length === 0 && skipped.length === 0) {
        throw new SextantError(
          'INTROSPECTION_FAILED',
          `no documents at ${redactDsn(source.url) || source.name}: the folder or prefix is empty (hidden files are skipped)`,
          {
            hint: `check the location (a wrong path, or a share that is not mounted), then run \`sextant update --source ${source.name}\` again; what was indexed stays`,
          },
        );
      }
      // nothing read (every document skipped, some kept from before): refused credentials or a
      // site that is down fail the update, which leaves the index as it was
      const kept = skipped.filter((s) => s.kept).length;
      const readNow = objects.length - kept - reused;
      if (readNow + reused === 0 && skipped.length > 0) {
        throw new SextantError(
          'INTROSPECTION_FAILED',
          `no document of ${redactDsn(source.url) || source.name} could be read: ${skipped[0]!.name}: ${skipped[0]!.reason}`,
          {
            hint:
              skipped.length > 1
                ? `${skipped.length} documents failed (\`--json\` lists each under error.skipped); check the location and its credentials`
                : 'check the location and its credentials',
            details: { skipped: skipped.map(({ name, reason }) => ({ name, reason })) },
          },
        );
      }
      const notes = [
        `${readNow} document${readNow === 1 ? '' : 's'} read, ${reused} unchanged, ${skipped.length} skipped`,
        ...skipped.map((s) => `skipped ${s.name}: ${s.reason}${s.kept ? ' (its previous state stays indexed)' : ''}`),
        ...(leftOut > 0 ? [`${leftOut} more document${leftOut === 1 ? '' : 's'} left out by --max-documents`] : []),
      ];
      return { objects, edges: [], info: { documents: objects.length, reused, skipped, leftOut, notes } };
    },
  } satisfies Connector);
}
