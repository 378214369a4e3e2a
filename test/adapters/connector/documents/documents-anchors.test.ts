/**
 * Inbound anchor text is a property of any source of several documents, not only of a crawl: a
 * real folder of HTML and markdown files, links between them relative to each file's own place
 * (nested folders, fragments and queries, a link to a folder, a name without extension), gives
 * each document what the others say of it, site furniture left out. An unchanged file is not read
 * again yet still speaks for the files it links to; a changed link text reaches its target; a
 * removed file's anchors disappear.
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

const page = (title: string, body: string) => `<html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p></main></body></html>`;

const FILES: Record<string, string> = {
  'index.html': page(
    'Home',
    '<a href="guide/setup.html">Installing the server</a>, <a href="ref/config.html#work-mem" title="Configuration">memory settings</a>, ' +
      '<a href="https://example.com/">Elsewhere</a>, <a href="guide/setup.html">Next</a>',
  ),
  'guide/setup.html': page(
    'Setup',
    '<a href="../ref/config.html?lang=en">the configuration reference</a>, <a href="../index.html">Home</a>, <a href="tuning.md">Next</a>',
  ),
  'guide/tuning.md':
    '# Tuning\n\nRaise [work_mem](../ref/config.html#work-mem), go [back to setup](setup "Setup") or [to the start](../), ' +
    'never [out](../../../etc/passwd.md). [Next](../ref/config.html)\n',
  'ref/config.html': page('Configuration', '<a href="../guide/tuning.md">tuning advice</a>, <a href="#top">top</a>, <a href="../notes/a.md">Next</a>'),
  'notes/a.md': '# A\n\n[Next](b.md)\n',
  'notes/b.md': '# B\n\n[Next](c.md)\n',
  'notes/c.md': '# C\n\nThe last page.\n',
};

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

const anchorsOf = (objects: readonly CatalogObject[]) => Object.fromEntries(objects.map((o) => [o.name, o.attributes.anchors]));

describe('docs connector, inbound anchors of a folder', () => {
  it('gives each file what the others call it and the files it links to, keeps them through unchanged reads, follows a changed link text and a removed file', async () => {
    const first = await readFolder([]);
    expect(anchorsOf(first.objects)).toEqual({
      'guide/setup.html': ['Installing the server', 'back to setup | Setup'],
      // the markdown file's link names it by its path without extension; "../" is the folder's index
      'guide/tuning.md': ['tuning advice'],
      'index.html': ['Home', 'to the start'],
      // fragment and query dropped; the link to its own #top says nothing; "Next" points at six files: furniture
      'ref/config.html': ['memory settings | Configuration', 'the configuration reference', 'work_mem'],
      'notes/a.md': undefined,
      'notes/b.md': undefined,
      'notes/c.md': undefined,
    });

    const linksTo = (objects: readonly CatalogObject[], name: string) => objects.find((o) => o.name === name)!.attributes.linksTo;
    // the documents it links to, by name, once each: what pool.inlinks counts between a search's candidates
    expect(linksTo(first.objects, 'guide/tuning.md')).toEqual(['ref/config.html', 'guide/setup.html', 'index.html']);
    expect(linksTo(first.objects, 'notes/c.md')).toBeUndefined();

    const unchanged = await readFolder(first.objects);
    expect(unchanged.fetched).toEqual([]);
    expect(unchanged.objects).toEqual(first.objects);

    write('ref/config.html', FILES['ref/config.html']!.replace('tuning advice', 'advice on memory tuning'), 30);
    const changed = await readFolder(unchanged.objects);
    expect(changed.fetched).toEqual(['ref/config.html']);
    expect(changed.extracted).toEqual(['ref/config.html']);
    expect(anchorsOf(changed.objects)['guide/tuning.md']).toEqual(['advice on memory tuning']);
    // the unread files still speak for config.html
    expect(anchorsOf(changed.objects)['ref/config.html']).toEqual(anchorsOf(first.objects)['ref/config.html']);
    const tuning = (objects: readonly CatalogObject[]) => objects.find((o) => o.name === 'guide/tuning.md')!;
    expect(tuning(changed.objects).definition).toBe(tuning(first.objects).definition);

    rmSync(join(dir, 'guide/setup.html'));
    const removed = await readFolder(changed.objects);
    expect(removed.fetched).toEqual([]);
    expect(anchorsOf(removed.objects)).toEqual({
      'guide/tuning.md': ['advice on memory tuning'],
      'index.html': ['to the start'],
      'ref/config.html': ['memory settings | Configuration', 'work_mem'],
      'notes/a.md': undefined,
      'notes/b.md': undefined,
      'notes/c.md': undefined,
    });
    expect(linksTo(removed.objects, 'guide/tuning.md')).toEqual(['ref/config.html', 'index.html']);
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
