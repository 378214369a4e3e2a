/**
 * A folder, S3 prefix, FTP or SFTP directory read again: a document whose listing (size with
 * modification time, and S3's ETag) is the one stored is kept without downloading it; a changed
 * one is downloaded and extracted again; without listing metadata the sha256 of the bytes
 * decides. Each transport runs against its real server on loopback, which counts the downloads.
 * S3 objects are read several at once.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDocumentsConnector, listingMark } from '../../../../src/adapters/connector/documents/index.js';
import { createDocumentConverter } from '../../../../src/adapters/documents/source-reader.js';
import { openDocuments, type TransportOptions } from '../../../../src/adapters/documents/transport/index.js';
import type { CatalogObject } from '../../../../src/ports/catalog.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentReader } from '../../../../src/ports/documents.js';
import { startFtpServer, type FtpTestServer } from '../../../helpers/ftp-server.js';
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server, type S3TestServer } from '../../../helpers/s3-server.js';
import { startSftpServer, type SftpTestServer } from '../../../helpers/sftp-server.js';

const PASSWORD = 'listing-pa55';
const login: TransportOptions = { usernameEnv: 'U', passwordEnv: 'P', env: { U: 'reader', P: PASSWORD } };
let dir: string;
let files: string;
let ftp: FtpTestServer;
let sftp: SftpTestServer;
let s3: S3TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sextant-listing-'));
  files = join(dir, 'share');
  mkdirSync(join(files, 'guide'), { recursive: true });
  writeFileSync(join(files, 'readme.md'), '# Readme\n\nStart here.\n');
  writeFileSync(join(files, 'guide', 'setup.md'), '# Setup\n\nInstall it.\n');
  writeFileSync(join(files, 'notes.md'), '# Notes\n\nNothing yet.\n');
  // an hour ago, so that an edit within the same second still moves the time
  const past = new Date(Date.now() - 3_600_000);
  for (const f of ['readme.md', 'guide/setup.md', 'notes.md']) utimesSync(join(files, f), past, past);
  ftp = await startFtpServer({ root: dir, user: 'reader', password: PASSWORD });
  sftp = await startSftpServer({ root: dir, user: 'reader', password: PASSWORD });
  s3 = await startS3Server(['docs']);
  for (const f of ['readme.md', 'guide/setup.md', 'notes.md']) s3.put('docs', `share/${f}`, `# ${f}\n\nObject ${f}.\n`);
  vi.stubEnv('AWS_ACCESS_KEY_ID', S3_ACCESS_KEY_ID);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3_SECRET_ACCESS_KEY);
  vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([ftp?.close(), sftp?.close(), s3?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

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

async function readOnce(url: string, options: TransportOptions, stored: CatalogObject[]) {
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
    url: () => `${ftp.url}/share/`,
    options: () => login,
    downloads: () => since(ftp.downloads),
    change: () => writeFileSync(join(files, 'notes.md'), '# Notes\n\nChanged over FTP.\n'),
  },
  {
    name: 'sftp',
    url: () => `${sftp.url}/share/`,
    options: () => login,
    downloads: () => since(sftp.opened),
    change: () => writeFileSync(join(files, 'notes.md'), '# Notes\n\nChanged over SFTP, longer.\n'),
  },
  {
    name: 's3',
    url: () => 's3://docs/share/',
    options: () => ({ endpoint: s3.endpoint, forcePathStyle: true, awsRegion: 'us-east-1' }),
    downloads: () => since(s3.requests.filter((r) => r.startsWith('GET /docs/share/'))),
    change: () => s3.put('docs', 'share/notes.md', '# notes.md\n\nObject notes.md!\n'),
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
    s3.getDelayMs = 150;
    s3.maxGetsInFlight = 0;
    try {
      const read = await readOnce('s3://docs/share/', { endpoint: s3.endpoint, forcePathStyle: true, awsRegion: 'us-east-1' }, []);
      expect(read.fetched).toEqual(ALL);
      // one at a time, the server would never see two GETs waiting together
      expect(s3.maxGetsInFlight).toBe(3);
    } finally {
      s3.getDelayMs = 0;
    }
  });
});
