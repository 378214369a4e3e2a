/**
 * A folder, S3 prefix, FTP or SFTP directory read again: a document whose listing (size with
 * modification time, and S3's ETag) is the one stored is kept without downloading it; a changed
 * one is downloaded and extracted again; without listing metadata the sha256 of the bytes
 * decides. Each transport runs against its real server on loopback, which counts the downloads.
 * S3 objects are read several at once.
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingMark } from '../../../../src/adapters/connector/documents/index.js';
import type { TransportOptions } from '../../../../src/adapters/documents/transport/index.js';
import { readOnce } from '../../../helpers/documents-read.js';
import { startDocumentServers, type DocumentServers } from '../../../helpers/document-servers.js';

let servers: DocumentServers;
let files: string;

beforeAll(async () => {
  servers = await startDocumentServers({ password: 'listing-pa55', buckets: ['docs'] });
  files = join(servers.root, 'share');
  mkdirSync(join(files, 'guide'), { recursive: true });
  writeFileSync(join(files, 'readme.md'), '# Readme\n\nStart here.\n');
  writeFileSync(join(files, 'guide', 'setup.md'), '# Setup\n\nInstall it.\n');
  writeFileSync(join(files, 'notes.md'), '# Notes\n\nNothing yet.\n');
  // an hour ago, so that an edit within the same second still moves the time
  const past = new Date(Date.now() - 3_600_000);
  for (const f of ['readme.md', 'guide/setup.md', 'notes.md']) utimesSync(join(files, f), past, past);
  for (const f of ['readme.md', 'guide/setup.md', 'notes.md']) servers.s3.put('docs', `share/${f}`, `# ${f}\n\nObject ${f}.\n`);
});

afterAll(() => servers?.close());

const ALL = ['guide/setup.md', 'notes.md', 'readme.md'];

interface Case {
  name: string;
  url: () => string;
  options: () => TransportOptions;
  /** Downloads the server saw since the last call. */
  downloads: () => string[];
  change: () => void;
}

let seen = 0;
const since = (all: string[]) => {
  const out = all.slice(seen);
  seen = all.length;
  return out;
};

const CASES: Case[] = [
  {
    name: 'file',
    url: () => files,
    options: () => ({}),
    downloads: () => [],
    change: () => writeFileSync(join(files, 'notes.md'), '# Notes\n\nNow something.\n'),
  },
  {
    name: 'ftp',
    url: () => `${servers.ftp.url}/share/`,
    options: () => servers.login,
    downloads: () => since(servers.ftp.downloads),
    change: () => writeFileSync(join(files, 'notes.md'), '# Notes\n\nChanged over FTP.\n'),
  },
  {
    name: 'sftp',
    url: () => `${servers.sftp.url}/share/`,
    options: () => servers.login,
    downloads: () => since(servers.sftp.opened),
    change: () => writeFileSync(join(files, 'notes.md'), '# Notes\n\nChanged over SFTP, longer.\n'),
  },
  {
    name: 's3',
    url: () => 's3://docs/share/',
    options: () => servers.s3Options,
    downloads: () => since(servers.s3.requests.filter((r) => r.startsWith('GET /docs/share/'))),
    change: () => servers.s3.put('docs', 'share/notes.md', '# notes.md\n\nObject notes.md!\n'),
  },
];

describe('docs connector, listings', () => {
  it.each(CASES)('$name: an unchanged listing downloads nothing; a changed document alone is read again', async (c) => {
    seen = 0;
    const first = await readOnce(c.url(), c.options(), []);
    expect(first.fetched).toEqual(ALL);
    expect(first.extracted).toEqual(ALL);
    if (c.name !== 'file') expect(c.downloads()).toHaveLength(3);
    for (const o of first.snapshot.objects) expect(typeof o.attributes.listed).toBe('string');

    const second = await readOnce(c.url(), c.options(), first.snapshot.objects);
    expect(second.fetched).toEqual([]);
    expect(c.downloads()).toEqual([]);
    expect(second.extracted).toEqual([]);
    expect(second.snapshot.objects).toEqual(first.snapshot.objects);
    expect(second.snapshot.info.notes).toEqual(['0 documents read, 3 unchanged, 0 skipped']);

    c.change();
    const third = await readOnce(c.url(), c.options(), second.snapshot.objects);
    expect(third.fetched).toEqual(['notes.md']);
    if (c.name !== 'file') expect(c.downloads()).toHaveLength(1);
    expect(third.extracted).toEqual(['notes.md']);
    expect(third.snapshot.objects.find((o) => o.name === 'notes.md')!.definition).toMatch(/Now something|Changed over|!/);
    expect((third.snapshot.info.notes as string[])[0]).toBe('1 document read, 2 unchanged, 0 skipped');
  });

  it('without listing metadata, the bytes decide: downloaded again, not extracted again', async () => {
    const first = await readOnce(files, {}, []);
    const stripped = first.snapshot.objects.map((o) => {
      const { listed: _listed, ...attributes } = o.attributes;
      return { ...o, attributes };
    });
    const again = await readOnce(files, {}, stripped);
    expect(again.fetched).toEqual(ALL);
    expect(again.extracted).toEqual([]);
    expect(listingMark({ name: 'a', origin: 'a', size: 3 })).toBeNull();
    expect(listingMark({ name: 'a', origin: 'a', modifiedAt: '2026-01-01T00:00:00.000Z' })).toBeNull();
    expect(listingMark({ name: 'a', origin: 'a', size: 3, etag: '"x"' })).not.toBeNull();
  });

  it('reads several S3 objects at once', async () => {
    const { s3 } = servers;
    s3.getDelayMs = 150;
    s3.maxGetsInFlight = 0;
    try {
      const read = await readOnce('s3://docs/share/', servers.s3Options, []);
      expect(read.fetched).toEqual(ALL);
      // one at a time, the server would never see two GETs waiting together
      expect(s3.maxGetsInFlight).toBe(3);
    } finally {
      s3.getDelayMs = 0;
    }
  });
});
