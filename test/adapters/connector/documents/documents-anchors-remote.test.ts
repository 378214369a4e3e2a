/**
 * Inbound anchor text over the remote listings, as over a folder (documents-anchors.test.ts): an
 * S3 prefix, an FTP and an SFTP directory, each from its real server on loopback, of HTML and
 * markdown files in nested folders that link to one another. A first read gives each document
 * what the others say of it (a link to a folder or to a name without extension included, site
 * furniture left out); an unchanged listing downloads nothing yet keeps every anchor; a changed
 * link text reaches its target with only the changed file downloaded, the same bytes listed anew
 * are downloaded but not extracted; a removed file's anchors disappear; a document stored before anchors were kept is downloaded once more, not extracted.
 */
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransportOptions } from '../../../../src/adapters/documents/transport/index.js';
import type { CatalogObject } from '../../../../src/ports/catalog.js';
import { ANCHOR_SITE, CHANGED_LINK, FIRST_ANCHORS, REMOVED_FILE, SITE_FILES, anchorsByName, linksTo } from '../../../helpers/anchor-site.js';
import { readOnce } from '../../../helpers/documents-read.js';
import { startDocumentServers, type DocumentServers } from '../../../helpers/document-servers.js';

let servers: DocumentServers;

beforeAll(async () => {
  servers = await startDocumentServers({ password: 'anchors-pa55', buckets: ['docs'] });
});

afterAll(() => servers?.close());

/** One transport: where its copy of the site is, and what its server saw. */
interface Transport {
  name: string;
  url: () => string;
  options: () => TransportOptions;
  /** Writes a file of the site; a local file is dated `minutesAgo` (then an edit within the same second still moves its time). */
  write: (name: string, text: string, minutesAgo: number) => void;
  remove: (name: string) => void;
  /** The documents the server sent since the last call, by name, sorted. */
  downloads: () => string[];
}

/** The files the server sent since the last call, by their name under `marker` (decoded, a query left out). */
function sentSince(log: () => string[], marker: string): () => string[] {
  let seen = 0;
  return () => {
    const all = log();
    const out = all.slice(seen).map((line) => decodeURIComponent(line.slice(line.indexOf(marker) + marker.length).split('?')[0]!));
    seen = all.length;
    return out.sort();
  };
}

/** The site in a folder of its own under the one the FTP and SFTP servers serve. */
function served(name: 'ftp' | 'sftp', server: () => string, log: () => string[]): Transport {
  return {
    name,
    url: () => `${server()}/${name}/`,
    options: () => servers.login,
    write: (file, text, minutesAgo) => {
      const path = join(servers.root, name, file);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      const when = new Date(Date.now() - minutesAgo * 60_000);
      utimesSync(path, when, when);
    },
    remove: (file) => rmSync(join(servers.root, name, file)),
    downloads: sentSince(log, `/${name}/`),
  };
}

const TRANSPORTS: Transport[] = [
  served(
    'ftp',
    () => servers.ftp.url,
    () => servers.ftp.downloads,
  ),
  served(
    'sftp',
    () => servers.sftp.url,
    () => servers.sftp.opened,
  ),
  {
    name: 's3',
    url: () => 's3://docs/site/',
    options: () => servers.s3Options,
    write: (file, text) => servers.s3.put('docs', `site/${file}`, text),
    remove: (file) => servers.s3.remove('docs', `site/${file}`),
    downloads: sentSince(() => servers.s3.requests.filter((r) => r.startsWith('GET /docs/site/')), '/docs/site/'),
  },
];

describe.each(TRANSPORTS)('docs connector, inbound anchors over $name', (t) => {
  beforeAll(() => {
    for (const [name, text] of Object.entries(ANCHOR_SITE)) t.write(name, text, 60);
  });

  it('gives each document what the others call it, keeps it through an unchanged listing, follows a changed link text and a removed file', async () => {
    const first = await readOnce(t.url(), t.options(), []);
    expect(first.fetched).toEqual(SITE_FILES);
    expect(t.downloads()).toEqual(SITE_FILES);
    expect(anchorsByName(first.snapshot.objects)).toEqual(FIRST_ANCHORS);
    expect(linksTo(first.snapshot.objects, 'guide/tuning.md')).toEqual(['ref/config.html', 'guide/setup.html', 'index.html']);
    for (const o of first.snapshot.objects) expect(typeof o.attributes.listed).toBe('string');

    // the listing says nothing changed: nothing downloaded, and the stored anchors still speak
    const unchanged = await readOnce(t.url(), t.options(), first.snapshot.objects);
    expect(unchanged.fetched).toEqual([]);
    expect(t.downloads()).toEqual([]);
    expect(unchanged.extracted).toEqual([]);
    expect(unchanged.snapshot.objects).toEqual(first.snapshot.objects);

    // the same bytes under a new listing (time): downloaded, not extracted, the anchors as they were; then known unchanged again
    t.write('index.html', ANCHOR_SITE['index.html']!, 45);
    const touched = await readOnce(t.url(), t.options(), unchanged.snapshot.objects);
    expect(touched.fetched).toEqual(['index.html']);
    expect(t.downloads()).toEqual(['index.html']);
    expect(touched.extracted).toEqual([]);
    expect(anchorsByName(touched.snapshot.objects)).toEqual(FIRST_ANCHORS);
    const home = (objects: readonly CatalogObject[]) => objects.find((o) => o.name === 'index.html')!.attributes.listed;
    expect(home(touched.snapshot.objects)).not.toBe(home(unchanged.snapshot.objects));
    expect((await readOnce(t.url(), t.options(), touched.snapshot.objects)).fetched).toEqual([]);
    expect(t.downloads()).toEqual([]);

    t.write(CHANGED_LINK.name, CHANGED_LINK.text, 30);
    const changed = await readOnce(t.url(), t.options(), touched.snapshot.objects);
    expect(changed.fetched).toEqual([CHANGED_LINK.name]);
    expect(t.downloads()).toEqual([CHANGED_LINK.name]);
    expect(changed.extracted).toEqual([CHANGED_LINK.name]);
    expect(anchorsByName(changed.snapshot.objects)).toEqual({ ...FIRST_ANCHORS, [CHANGED_LINK.target]: CHANGED_LINK.anchors });

    t.remove(REMOVED_FILE.name);
    const removed = await readOnce(t.url(), t.options(), changed.snapshot.objects);
    expect(removed.fetched).toEqual([]);
    expect(t.downloads()).toEqual([]);
    expect(anchorsByName(removed.snapshot.objects)).toEqual(REMOVED_FILE.anchors);
    expect(linksTo(removed.snapshot.objects, 'guide/tuning.md')).toEqual(REMOVED_FILE.tuningLinksTo);
  });

  it('downloads a document stored before anchors were kept once more, without extracting it again', async () => {
    const first = await readOnce(t.url(), t.options(), []);
    t.downloads();
    const before = first.snapshot.objects.map((o) => {
      const { outboundAnchors: _outbound, anchors: _anchors, linksTo: _linksTo, ...attributes } = o.attributes;
      return { ...o, attributes };
    });
    const again = await readOnce(t.url(), t.options(), before);
    const names = first.snapshot.objects.map((o) => o.name).sort();
    expect(again.fetched).toEqual(names);
    expect(t.downloads()).toEqual(names);
    expect(again.extracted).toEqual([]);
    expect(again.snapshot.objects).toEqual(first.snapshot.objects);
  });
});
