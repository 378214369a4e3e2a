/**
 * Inbound anchor text is a property of any source of several documents, not only of a crawl: a
 * real folder of HTML and markdown files, links between them relative to each file's own place
 * (nested folders, fragments and queries, a link to a folder, a name without extension, a name
 * with a space and a letter outside ASCII), gives each document what the others say of it, site
 * furniture left out. An unchanged file is not read again yet still speaks for the files it links
 * to; a changed link text reaches its target; a removed file's anchors disappear.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentsConnector } from '../../../../src/adapters/connector/documents/index.js';
import { createDocumentConverter, createSourceReader } from '../../../../src/adapters/documents/source-reader.js';
import type { CatalogObject } from '../../../../src/ports/catalog.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentReader } from '../../../../src/ports/documents.js';
import { ANCHOR_SITE as FILES, CHANGED_LINK, FIRST_ANCHORS, REMOVED_FILE, anchorsByName as anchorsOf, linksTo } from '../../../helpers/anchor-site.js';

let dir: string;

/** Writes a file dated an hour ago (then an edit within the same second still moves its time) with a time of its own. */
function write(name: string, text: string, minutesAgo = 60): void {
  const path = join(dir, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  const when = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(path, when, when);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sextant-anchors-'));
  for (const [name, text] of Object.entries(FILES)) write(name, text);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The real folder transport and converter, counting the files fetched and extracted. */
async function readFolder(stored: CatalogObject[]) {
  const fetched: string[] = [];
  const extracted: string[] = [];
  const real = createSourceReader({ limits: DEFAULT_DOCUMENT_LIMITS });
  const reader: DocumentReader = {
    ...real,
    open: async (source, signal) => {
      const walk = await real.open!(source, signal);
      return { ...walk, fetch: (entry) => (fetched.push(entry.name), walk.fetch(entry)) };
    },
  };
  const converter = createDocumentConverter();
  const counting = {
    ...converter,
    extract: ((bytes, type, options) => (extracted.push(options.name), converter.extract(bytes, type, options))) as typeof converter.extract,
  };
  const connector = createDocumentsConnector({ reader, converter: counting, limits: DEFAULT_DOCUMENT_LIMITS });
  const source: SourceRecord = { name: 'site', type: 'docs', url: dir, options: {}, createdAt: '2026-11-26T00:00:00Z' };
  const snapshot = await connector.introspect(source, { stored: async () => stored });
  return { objects: snapshot.objects, fetched: fetched.sort(), extracted: extracted.sort() };
}

describe('docs connector, inbound anchors of a folder', () => {
  it('gives each file what the others call it and the files it links to, keeps them through unchanged reads, follows a changed link text and a removed file', async () => {
    const first = await readFolder([]);
    expect(anchorsOf(first.objects)).toEqual(FIRST_ANCHORS);

    // the documents it links to, by name, once each: what pool.inlinks counts between a search's candidates
    expect(linksTo(first.objects, 'guide/tuning.md')).toEqual(['ref/config.html', 'guide/setup.html', 'index.html']);
    expect(linksTo(first.objects, 'notes/release notes é.md')).toBeUndefined();

    const unchanged = await readFolder(first.objects);
    expect(unchanged.fetched).toEqual([]);
    expect(unchanged.objects).toEqual(first.objects);

    write(CHANGED_LINK.name, CHANGED_LINK.text, 30);
    const changed = await readFolder(unchanged.objects);
    expect(changed.fetched).toEqual(['ref/config.html']);
    expect(changed.extracted).toEqual(['ref/config.html']);
    expect(anchorsOf(changed.objects)['guide/tuning.md']).toEqual(['advice on memory tuning']);
    // the unread files still speak for config.html
    expect(anchorsOf(changed.objects)['ref/config.html']).toEqual(anchorsOf(first.objects)['ref/config.html']);
    const tuning = (objects: readonly CatalogObject[]) => objects.find((o) => o.name === 'guide/tuning.md')!;
    expect(tuning(changed.objects).definition).toBe(tuning(first.objects).definition);

    rmSync(join(dir, REMOVED_FILE.name));
    const removed = await readFolder(changed.objects);
    expect(removed.fetched).toEqual([]);
    expect(anchorsOf(removed.objects)).toEqual(REMOVED_FILE.anchors);
    expect(linksTo(removed.objects, 'guide/tuning.md')).toEqual(REMOVED_FILE.tuningLinksTo);
  });

  it('reads a file indexed before it kept anchors once more, without extracting it again', async () => {
    const first = await readFolder([]);
    const before = first.objects.map((o) => {
      const { outboundAnchors: _outbound, anchors: _anchors, ...attributes } = o.attributes;
      return { ...o, attributes };
    });
    const again = await readFolder(before);
    expect(again.fetched).toEqual(first.objects.map((o) => o.name).sort());
    expect(again.extracted).toEqual([]);
    expect(again.objects).toEqual(first.objects);
  });
});
