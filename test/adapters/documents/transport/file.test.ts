/**
 * Transport inference, the inline transport and the file transport over a real folder: recursive
 * listing without hidden names or links leaving the root, reads under the size cap, missing files.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeLocation, fetchDocument, inferTransport, listDocuments } from '../../../../src/adapters/documents/transport/index.js';

let dir: string;
let root: string;
let outside: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sextant-file-transport-'));
  root = join(dir, 'handbook');
  outside = join(dir, 'secret.txt');
  mkdirSync(join(root, 'guides', 'deep'), { recursive: true });
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, 'start.md'), '# Start\n');
  writeFileSync(join(root, 'guides', 'setup.md'), '# Setup\n');
  writeFileSync(join(root, 'guides', 'deep', 'notes.txt'), 'notes');
  writeFileSync(join(root, '.env'), 'TOKEN=x');
  writeFileSync(join(root, '.git', 'config'), 'x');
  writeFileSync(join(root, 'big.bin'), Buffer.alloc(4096, 1));
  writeFileSync(outside, 'do not read');
  symlinkSync(outside, join(root, 'escape.txt'));
  symlinkSync(dir, join(root, 'up'));
  symlinkSync(join(root, 'start.md'), join(root, 'alias.md'));
  symlinkSync(join(root, 'guides'), join(root, 'guides-again'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('inferTransport', () => {
  it('follows the fields present and the URL scheme', () => {
    expect(inferTransport({ content: 'x' })).toBe('inline');
    expect(inferTransport({ path: './a' })).toBe('file');
    expect(inferTransport({ url: 'https://wiki/a.html' })).toBe('http');
    expect(inferTransport({ url: 'http://wiki/' })).toBe('http');
    expect(inferTransport({ url: 's3://bucket/prefix/' })).toBe('s3');
    expect(inferTransport({ url: 'ftp://host/dir/' })).toBe('ftp');
    expect(inferTransport({ url: 'ftps://host/dir/' })).toBe('ftp');
    expect(inferTransport({ url: 'sftp://host/dir/' })).toBe('sftp');
    expect(inferTransport({ url: 'file:///tmp/a.md' })).toBe('file');
  });

  it('refuses no location, several, an unknown scheme and a non-URL, credentials redacted', () => {
    expect(() => inferTransport({})).toThrow(/needs a path, a URL or content/);
    expect(() => inferTransport({ path: 'a', url: 'https://x/' })).toThrow(/one of path, url/);
    expect(() => inferTransport({ url: 'gopher://u:hunter22@host/' })).toThrow(/unsupported scheme 'gopher'/);
    try {
      inferTransport({ url: 'gopher://u:hunter22@host/' });
    } catch (err) {
      expect((err as Error).message).not.toContain('hunter22');
      expect(err).toMatchObject({ code: 'USAGE' });
    }
    expect(() => inferTransport({ url: 'not a url' })).toThrow(expect.objectContaining({ code: 'USAGE' }));
    expect(describeLocation({ url: 'ftp://u:hunter22@host/dir/' })).toBe('ftp://u:***@host/dir/');
  });
});

describe('inline transport', () => {
  it('lists itself and returns the text as UTF-8 bytes', async () => {
    const location = { content: 'Grüße\n', name: 'note' };
    expect(await listDocuments(location)).toEqual([{ name: 'note', origin: 'inline', size: 8 }]);
    const doc = await fetchDocument(location, { name: 'note', origin: 'inline' });
    expect(Buffer.from(doc.bytes).toString('utf8')).toBe('Grüße\n');
    expect(doc).toMatchObject({ name: 'note', contentType: null, origin: 'inline' });
    await expect(fetchDocument({ content: 'x'.repeat(20) }, { name: 'inline', origin: 'inline' }, { limits: { maxBytes: 10 } })).rejects.toMatchObject({
      code: 'DOCUMENT_UNREADABLE',
    });
  });
});

describe('file transport', () => {
  it('lists a folder recursively, skipping hidden names and links that leave it', async () => {
    const entries = await listDocuments({ path: root });
    expect(entries.map((e) => e.name)).toEqual(['alias.md', 'big.bin', 'guides/deep/notes.txt', 'guides/setup.md', 'start.md']);
    const start = entries.find((e) => e.name === 'start.md')!;
    expect(start).toMatchObject({ origin: join(root, 'start.md'), size: 8 });
    expect(start.modifiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('caps the listing at maxEntries', async () => {
    expect(await listDocuments({ path: root }, { maxEntries: 2 })).toHaveLength(2);
  });

  it('lists and reads a single file, also as a file:// URL', async () => {
    const file = join(root, 'guides', 'setup.md');
    for (const location of [{ path: file }, { url: pathToFileURL(file).href }]) {
      const [entry] = await listDocuments(location);
      expect(entry).toMatchObject({ name: 'setup.md', origin: file, size: 8 });
      const doc = await fetchDocument(location, entry!);
      expect(Buffer.from(doc.bytes).toString()).toBe('# Setup\n');
      expect(doc).toMatchObject({ name: 'setup.md', contentType: null, origin: file });
    }
  });

  it('reads a document of a folder by its name', async () => {
    const doc = await fetchDocument({ path: root }, { name: 'guides/deep/notes.txt', origin: join(root, 'guides/deep/notes.txt') });
    expect(Buffer.from(doc.bytes).toString()).toBe('notes');
    expect(doc.name).toBe('guides/deep/notes.txt');
  });

  it('refuses names that leave the folder or resolve outside it', async () => {
    await expect(fetchDocument({ path: root }, { name: '../secret.txt', origin: outside })).rejects.toMatchObject({ code: 'USAGE' });
    await expect(fetchDocument({ path: root }, { name: 'escape.txt', origin: join(root, 'escape.txt') })).rejects.toMatchObject({ code: 'USAGE' });
  });

  it('enforces the size cap', async () => {
    const err = await fetchDocument({ path: root }, { name: 'big.bin', origin: '' }, { limits: { maxBytes: 1000 } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'DOCUMENT_UNREADABLE' });
    expect((err as Error).message).toContain(join(root, 'big.bin'));
    expect((err as Error).message).toMatch(/4096 bytes, over the 1000 bytes/);
  });

  it('names a missing file or folder', async () => {
    await expect(listDocuments({ path: join(dir, 'nowhere') })).rejects.toMatchObject({
      code: 'OBJECT_NOT_FOUND',
      message: expect.stringContaining('nowhere'),
    });
    await expect(fetchDocument({ path: root }, { name: 'gone.md', origin: '' })).rejects.toMatchObject({ code: 'OBJECT_NOT_FOUND' });
  });
});
