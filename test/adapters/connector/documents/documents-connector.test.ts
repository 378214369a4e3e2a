/**
 * The docs connector's flow (list or crawl, fetch, skip unchanged bytes, detect, extract, one
 * object per document, bad documents skipped and named) over an in-memory site: the transports
 * and extractors have their own suites against real servers and real files; here they are
 * replaced by a reader and converter that keep count of what they were asked.
 */
import { describe, expect, it } from 'vitest';
import { createDocumentsConnector } from '../../../../src/adapters/connector/documents/index.js';
import { documentsKind } from '../../../../src/core/kinds/documents/documents-kind.js';
import type { CatalogObject } from '../../../../src/ports/catalog.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';
import {
  DEFAULT_DOCUMENT_LIMITS,
  type DocumentConverter,
  type DocumentReader,
  type DocumentType,
  type FetchedDocument,
} from '../../../../src/ports/documents.js';

const encode = (text: string) => new TextEncoder().encode(text);

function site(pages: Record<string, string | Error>) {
  const fetched: string[] = [];
  const reader: DocumentReader = {
    list: async (source) =>
      Object.keys(pages)
        .filter((k) => !k.startsWith('http'))
        .sort()
        .map((name) => ({ name, origin: `${source.url}/${name}` })),
    fetch: async (_source, entry): Promise<FetchedDocument> => {
      const key = entry.origin.startsWith('http') ? entry.origin : entry.name;
      fetched.push(key);
      const page = pages[key];
      if (page === undefined) throw new Error('HTTP 404 Not Found');
      if (page instanceof Error) throw page;
      return { name: entry.name, bytes: encode(page), contentType: key.endsWith('.html') || key.endsWith('/') ? 'text/html' : null, origin: entry.origin };
    },
  };
  return { reader, fetched };
}

function converter() {
  const extracted: string[] = [];
  const c: DocumentConverter = {
    detect: async ({ explicit, contentType, name }) =>
      explicit ?? (contentType === 'text/html' || name.endsWith('.html') ? 'html' : name.endsWith('.bin') ? 'pdf' : 'markdown'),
    decodeText: async (bytes) => new TextDecoder().decode(bytes),
    extract: async (bytes, type: DocumentType, { name }) => {
      extracted.push(name);
      const text = new TextDecoder().decode(bytes);
      if (type === 'pdf') throw new Error(`${name}: the PDF is encrypted`);
      const markdown = type === 'html' ? text.replace(/<[^>]+>/g, ' ').trim() : text;
      return { title: /^# (.+)$/m.exec(markdown)?.[1] ?? null, markdown };
    },
  };
  return { converter: c, extracted };
}

const source = (url: string, options: Record<string, unknown> = {}): SourceRecord => ({
  name: 'handbook',
  type: 'docs',
  url,
  options,
  createdAt: '2026-11-25T00:00:00Z',
});

const RUNBOOK = '# Runbook\n\n## Rotating API keys\n\nCreate the new key, deploy it, then revoke the old one.\n\n## Backups\n\nNightly at 02:00.';

describe('docs connector', () => {
  it('makes one object per document, and passages by heading with the title and heading path', async () => {
    const { reader } = site({ 'runbook.md': RUNBOOK, 'guides/start.md': '# Getting started\n\nInstall, then run `sextant demo`.' });
    const connector = createDocumentsConnector({ reader, converter: converter().converter, limits: DEFAULT_DOCUMENT_LIMITS, chunkTokens: 20, chunkOverlap: 0 });
    const snapshot = await connector.introspect(source('/srv/handbook'));
    expect(snapshot.objects.map((o) => o.id)).toEqual(['handbook:document:guides/start.md', 'handbook:document:runbook.md']);
    const runbook = snapshot.objects.find((o) => o.name === 'runbook.md')!;
    expect(runbook.attributes).toMatchObject({
      title: 'Runbook',
      type: 'markdown',
      origin: '/srv/handbook/runbook.md',
      outline: ['1 Runbook', '2 Rotating API keys', '2 Backups'],
    });
    const parts = documentsKind.chunkParts(runbook, { get: () => undefined, children: () => [], outgoing: () => [] }, '');
    expect(parts.map((p) => p.nameText)).toEqual(['Runbook › Rotating API keys', 'Runbook › Backups']);
    expect(parts[0]!.definition).toContain('revoke the old one');
  });

  it('does not extract a document whose bytes did not change, and drops a removed one', async () => {
    const pages: Record<string, string> = { 'runbook.md': RUNBOOK, 'faq.md': '# FAQ\n\nNo.' };
    const { reader } = site(pages);
    const conv = converter();
    const connector = createDocumentsConnector({ reader, converter: conv.converter, limits: DEFAULT_DOCUMENT_LIMITS });
    const first = await connector.introspect(source('/srv/handbook'));
    expect(conv.extracted.sort()).toEqual(['faq.md', 'runbook.md']);
    pages['faq.md'] = '# FAQ\n\nYes, since 2.0.';
    delete (pages as Record<string, string | undefined>)['runbook.md'];
    conv.extracted.length = 0;
    const second = await connector.introspect(source('/srv/handbook'), { stored: async () => first.objects });
    expect(conv.extracted).toEqual(['faq.md']);
    expect(second.objects.map((o) => o.name)).toEqual(['faq.md']);
    pages['new.md'] = '# New';
    conv.extracted.length = 0;
    const third = await connector.introspect(source('/srv/handbook'), { stored: async () => second.objects });
    expect(conv.extracted).toEqual(['new.md']);
    expect(third.info.reused).toBe(1);
  });

  it('skips a bad document, names it, and keeps its previous state until it reads again', async () => {
    const pages: Record<string, string | Error> = { 'runbook.md': RUNBOOK, 'manual.bin': 'encrypted', 'gone.md': '# Gone' };
    const { reader } = site(pages);
    const connector = createDocumentsConnector({ reader, converter: converter().converter, limits: DEFAULT_DOCUMENT_LIMITS });
    const first = await connector.introspect(source('/srv/handbook'));
    expect(first.objects.map((o) => o.name).sort()).toEqual(['gone.md', 'runbook.md']);
    expect(first.info.notes).toEqual(['2 documents read, 0 unchanged, 1 skipped', 'skipped manual.bin: manual.bin: the PDF is encrypted']);
    pages['gone.md'] = new Error('permission denied');
    const second = await connector.introspect(source('/srv/handbook'), { stored: async () => first.objects });
    expect(second.objects.map((o) => o.name).sort()).toEqual(['gone.md', 'runbook.md']);
    expect(second.info.notes).toContain('skipped gone.md: permission denied (its previous state stays indexed)');
  });

  it('fails the source only when no document could be read', async () => {
    const { reader } = site({ 'a.bin': 'x' });
    const connector = createDocumentsConnector({ reader, converter: converter().converter, limits: DEFAULT_DOCUMENT_LIMITS });
    await expect(connector.introspect(source('/srv/handbook'))).rejects.toMatchObject({
      code: 'INTROSPECTION_FAILED',
      message: expect.stringContaining('a.bin'),
    });
  });

  it('takes inline content as one document', async () => {
    const connector = createDocumentsConnector({ reader: site({}).reader, converter: converter().converter, limits: DEFAULT_DOCUMENT_LIMITS });
    const record = source('docs', { content: '# Note\n\nThe VPN is down on Sundays.', documentType: 'markdown' });
    connector.validate(record);
    expect(record.url).toBe('');
    const snapshot = await connector.introspect(record);
    expect(snapshot.objects.map((o: CatalogObject) => [o.id, o.attributes.title])).toEqual([['handbook:document:handbook.md', 'Note']]);
  });
});

describe('docs connector crawl', () => {
  const start = 'https://wiki.test/start/index.html';
  const wiki = {
    [start]:
      '<a href="a.html">A</a> <a href="b.html#top">B</a> <a href="/other/x.html">X</a> <a href="https://elsewhere.test/p.html">E</a> <a href="missing.html">M</a>',
    'https://wiki.test/start/a.html': '<h1>A</h1><a href="deep/c.html">C</a> <a href="index.html">home</a>',
    'https://wiki.test/start/b.html': '<h1>B</h1><a href="a.html?z=1&amp;b=2">A again</a>',
    'https://wiki.test/start/deep/c.html': '<h1>C</h1><a href="d.html">D</a>',
    'https://wiki.test/start/deep/d.html': '<h1>D</h1>',
    'https://wiki.test/other/x.html': '<h1>X</h1>',
    'https://elsewhere.test/p.html': '<h1>P</h1>',
  };

  it('reads breadth first within depth and site, each page once, and counts the failures', async () => {
    const { reader, fetched } = site(wiki);
    const connector = createDocumentsConnector({ reader, converter: converter().converter, limits: DEFAULT_DOCUMENT_LIMITS });
    const snapshot = await connector.introspect(source(start, { followLinks: true, maxDepth: 2, maxDocuments: 50 }));
    // named as the http transport names a URL: under the first page's folder, else by the site's absolute path
    expect(snapshot.objects.map((o) => o.name).sort()).toEqual(['/other/x.html', 'a.html', 'b.html', 'deep/c.html', 'index.html']);
    // the query is normalised (sorted keys, &amp; decoded) and the fragment dropped
    expect(fetched).toContain('https://wiki.test/start/a.html?b=2&z=1');
    expect(fetched).not.toContain('https://wiki.test/start/b.html#top');
    expect(fetched).not.toContain('https://elsewhere.test/p.html');
    expect(fetched).not.toContain('https://wiki.test/start/deep/d.html');
    expect(fetched.filter((u) => u === 'https://wiki.test/start/a.html')).toHaveLength(1);
    expect(snapshot.info.skipped).toEqual([
      { name: 'missing.html', reason: 'HTTP 404 Not Found', kept: false },
      { name: 'a.html?b=2&z=1', reason: 'HTTP 404 Not Found', kept: false },
    ]);
  });

  it('keeps to --max-documents and --link-pattern, and says what it left out', async () => {
    const { reader, fetched } = site(wiki);
    const connector = createDocumentsConnector({ reader, converter: converter().converter, limits: DEFAULT_DOCUMENT_LIMITS });
    const snapshot = await connector.introspect(source(start, { followLinks: true, maxDepth: 3, maxDocuments: 3, linkPattern: '/start/' }));
    expect(snapshot.objects).toHaveLength(3);
    expect(fetched.some((u) => u.includes('/other/'))).toBe(false);
    expect(snapshot.info.notes).toEqual(expect.arrayContaining([expect.stringMatching(/more documents? left out by --max-documents/)]));
  });
});
