/**
 * A crawl asks again with the previous ETag / Last-Modified: against a real node:http server on
 * loopback that counts its answers and honours If-None-Match and If-Modified-Since, an unchanged
 * site is answered with 304s only (no page body sent, nothing extracted), the crawl still reaches
 * every page through the stored links, and a changed page is read and extracted again. Each
 * crawled page carries the anchor text of the links pointing at it, through both kinds of read.
 * A page that fails after a first read leads on through its stored links too, and a crawl that
 * reads nothing at all fails.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentsConnector } from '../../../../src/adapters/connector/documents/index.js';
import { createDocumentConverter, createSourceReader } from '../../../../src/adapters/documents/source-reader.js';
import type { CatalogObject } from '../../../../src/ports/catalog.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentConverter } from '../../../../src/ports/documents.js';

const MODIFIED = 'Wed, 21 Oct 2026 07:28:00 GMT';
const pages: Record<string, string> = {
  '/docs/index.html':
    '<html><head><title>Home</title></head><body><main><h1>Home</h1><p>See <a href="a.html">A</a> and <a href="b.html">B</a>.</p></main></body></html>',
  '/docs/a.html': '<html><head><title>A</title></head><body><main><h1>Alpha</h1><p>Links to <a href="c.html">C</a>.</p></main></body></html>',
  '/docs/b.html': '<html><head><title>B</title></head><body><main><h1>Beta</h1><p>No links here.</p></main></body></html>',
  '/docs/c.html': '<html><head><title>C</title></head><body><main><h1>Gamma</h1><p>The deepest page.</p></main></body></html>',
};
/** Pages served with Last-Modified only (no ETag): If-Modified-Since decides. */
const DATED_ONLY = new Set(['/docs/b.html']);
const answers: Array<{ path: string; status: number }> = [];
/** Paths the server refuses with the status given (a revoked token, a page that breaks). */
const refused = new Map<string, number>();
let server: Server;
let base: string;

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    const body = pages[path];
    const refusal = refused.get(path);
    if (refusal) {
      answers.push({ path, status: refusal });
      res.writeHead(refusal).end();
      return;
    }
    if (body === undefined) {
      answers.push({ path, status: 404 });
      res.writeHead(404).end();
      return;
    }
    const etag = DATED_ONLY.has(path) ? null : etagOf(body);
    const fresh = etag ? req.headers['if-none-match'] === etag : req.headers['if-modified-since'] === MODIFIED;
    answers.push({ path, status: fresh ? 304 : 200 });
    const validators = { 'last-modified': MODIFIED, ...(etag ? { etag } : {}) };
    if (fresh) res.writeHead(304, validators).end();
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...validators }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function counting(): { converter: DocumentConverter; extracted: string[] } {
  const real = createDocumentConverter();
  const extracted: string[] = [];
  return {
    extracted,
    converter: {
      ...real,
      extract: async (bytes, type, options) => {
        extracted.push(options.name);
        return real.extract(bytes, type, options);
      },
    },
  };
}

const source = (start = '/docs/index.html', options: Record<string, unknown> = {}): SourceRecord => ({
  name: 'wiki',
  type: 'docs',
  url: `${base}${start}`,
  options: { followLinks: true, maxDepth: 3, maxDocuments: 20, ...options },
  createdAt: '2026-11-25T00:00:00Z',
});

async function crawlOnce(stored: CatalogObject[], from: SourceRecord = source()) {
  answers.length = 0;
  const { converter, extracted } = counting();
  const connector = createDocumentsConnector({ reader: createSourceReader({ limits: DEFAULT_DOCUMENT_LIMITS }), converter, limits: DEFAULT_DOCUMENT_LIMITS });
  const snapshot = await connector.introspect(from, { stored: async () => stored });
  return { snapshot, extracted, answers: [...answers].sort((a, b) => a.path.localeCompare(b.path)) };
}

describe('docs connector, conditional requests', () => {
  it('reads an unchanged site with 304s only, extracts nothing, and still reaches every page', async () => {
    const first = await crawlOnce([]);
    expect(first.snapshot.objects.map((o) => o.name).sort()).toEqual(['a.html', 'b.html', 'c.html', 'index.html']);
    expect(first.answers.every((a) => a.status === 200)).toBe(true);
    expect(first.extracted).toHaveLength(4);
    const a = first.snapshot.objects.find((o) => o.name === 'a.html')!;
    expect(a.attributes).toMatchObject({ etag: etagOf(pages['/docs/a.html']!), modifiedAt: '2026-10-21T07:28:00.000Z', links: [`${base}/docs/c.html`] });

    const second = await crawlOnce(first.snapshot.objects);
    expect(second.answers).toEqual(['/docs/a.html', '/docs/b.html', '/docs/c.html', '/docs/index.html'].map((path) => ({ path, status: 304 })));
    expect(second.extracted).toEqual([]);
    // c.html is only linked from a.html, whose body was not sent: its stored links carried the crawl there
    expect(second.snapshot.objects).toEqual(first.snapshot.objects);
    expect(second.snapshot.info.notes).toEqual(['0 documents read, 4 unchanged, 0 skipped']);
  });

  it('reads and extracts again the page that changed, and follows its new links', async () => {
    const first = await crawlOnce([]);
    const before = pages['/docs/b.html']!;
    pages['/docs/b.html'] = before.replace('No links here.', 'Now links to <a href="d.html">D</a>.');
    pages['/docs/d.html'] = '<html><head><title>D</title></head><body><main><h1>Delta</h1><p>New page.</p></main></body></html>';
    try {
      // b.html has no ETag: the server compares If-Modified-Since, and an older date gets the new body
      const stored = first.snapshot.objects.map((o) =>
        o.name === 'b.html' ? { ...o, attributes: { ...o.attributes, modifiedAt: '2026-10-01T00:00:00.000Z' } } : o,
      );
      const second = await crawlOnce(stored);
      expect(second.answers.filter((x) => x.status === 200).map((x) => x.path)).toEqual(['/docs/b.html', '/docs/d.html']);
      expect(second.extracted.sort()).toEqual(['b.html', 'd.html']);
      expect(second.snapshot.objects.find((o) => o.name === 'b.html')!.definition).toContain('Now links to D.');
      expect(second.snapshot.objects.map((o) => o.name).sort()).toEqual(['a.html', 'b.html', 'c.html', 'd.html', 'index.html']);
    } finally {
      pages['/docs/b.html'] = before;
      delete pages['/docs/d.html'];
    }
  });

  it('gives each page the anchor text of the links pointing at it, from the pages the crawl reads only, and follows a changed link', async () => {
    const guide: Record<string, string> = {
      '/guide/index.html':
        '<html><head><title>Guide</title></head><body><main><h1>Guide</h1><p><a href="setup.html">Installing the server</a>, ' +
        '<a href="tuning.html" title="Tuning">performance knobs</a>, <a href="keys.html">the answer key</a>.</p></main></body></html>',
      '/guide/setup.html':
        '<html><head><title>Setup</title></head><body><main><h1>Setup</h1><p>Then set <a href="tuning.html#mem"><code>work_mem</code></a>; ' +
        '<a href="index.html">Home</a>.</p></main></body></html>',
      '/guide/tuning.html':
        '<html><head><title>Tuning</title></head><body><main><h1>Tuning</h1><p>After the <a href="setup.html">setup</a>, see ' +
        '<a href="tuning.html#mem">memory</a>.</p></main></body></html>',
      // left out by the link pattern, as the documents bench leaves out the manual's index: it speaks for no page
      '/guide/keys.html': '<html><head><title>Keys</title></head><body><main><h1>Keys</h1><p><a href="setup.html">secret words</a></p></main></body></html>',
    };
    Object.assign(pages, guide);
    const from = source('/guide/index.html', { linkPattern: '^(?!.*keys\\.html)' });
    const anchorsOf = (objects: readonly CatalogObject[]) => Object.fromEntries(objects.map((o) => [o.name, o.attributes.anchors]));
    try {
      const first = await crawlOnce([], from);
      expect(first.answers.map((a) => a.path)).not.toContain('/guide/keys.html');
      expect(anchorsOf(first.snapshot.objects)).toEqual({
        'index.html': ['Home'],
        'setup.html': ['Installing the server', 'setup'],
        // the link's title follows its text; the page's link to itself says nothing of it
        'tuning.html': ['performance knobs | Tuning', 'work_mem'],
      });

      const unchanged = await crawlOnce(first.snapshot.objects, from);
      expect(unchanged.answers.every((a) => a.status === 304)).toBe(true);
      expect(unchanged.snapshot.objects).toEqual(first.snapshot.objects);

      pages['/guide/setup.html'] = guide['/guide/setup.html']!.replace('work_mem', 'shared_buffers');
      const changed = await crawlOnce(first.snapshot.objects, from);
      expect(changed.extracted).toEqual(['setup.html']);
      expect(anchorsOf(changed.snapshot.objects)['tuning.html']).toEqual(['performance knobs | Tuning', 'shared_buffers']);
      // the page whose text did not change is the stored one with its new anchors
      const tuning = changed.snapshot.objects.find((o) => o.name === 'tuning.html')!;
      expect(tuning.definition).toBe(first.snapshot.objects.find((o) => o.name === 'tuning.html')!.definition);
    } finally {
      for (const path of Object.keys(guide)) delete pages[path];
    }
  });

  it('goes on through the stored links of a page that fails, and fails when no page reads', async () => {
    const first = await crawlOnce([]);
    try {
      // the first page breaks: the pages only it links to are still asked for and kept
      refused.set('/docs/index.html', 500);
      const broken = await crawlOnce(first.snapshot.objects);
      expect(broken.answers).toEqual([
        { path: '/docs/a.html', status: 304 },
        { path: '/docs/b.html', status: 304 },
        { path: '/docs/c.html', status: 304 },
        { path: '/docs/index.html', status: 500 },
      ]);
      const byName = (objects: readonly CatalogObject[]) => [...objects].sort((x, y) => x.name.localeCompare(y.name));
      expect(byName(broken.snapshot.objects)).toEqual(byName(first.snapshot.objects));
      expect(broken.snapshot.info.notes).toEqual([
        '0 documents read, 3 unchanged, 1 skipped',
        `skipped index.html: ${base}/docs/index.html: HTTP 500 Internal Server Error (its previous state stays indexed)`,
      ]);

      // the token is refused everywhere: nothing read, so the update fails and names every page
      for (const path of ['/docs/index.html', '/docs/a.html', '/docs/b.html', '/docs/c.html']) refused.set(path, 401);
      const refusal = await crawlOnce(first.snapshot.objects).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refusal).toMatchObject({ code: 'INTROSPECTION_FAILED', message: expect.stringContaining('HTTP 401') });
      expect((refusal as { details: { skipped: Array<{ name: string }> } }).details.skipped.map((s) => s.name).sort()).toEqual([
        'a.html',
        'b.html',
        'c.html',
        'index.html',
      ]);
    } finally {
      refused.clear();
    }
  });
});
