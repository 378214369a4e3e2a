/**
 * The FTP transport against a real FTP server (ftp-srv) on loopback: recursive listing without
 * hidden names, one file, fetch, the size cap, wrong and missing credentials, missing files, an
 * unreachable host.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDocument, listDocuments, type TransportOptions } from '../../../../src/adapters/documents/transport/index.js';
import { readOnOneWalk } from '../../../helpers/document-walk.js';
import { startFtpServer, type FtpTestServer } from '../../../helpers/ftp-server.js';
import { withSilentServer } from '../../../helpers/silent-server.js';

const PASSWORD = 'ftp-pa55word';
let dir: string;
let server: FtpTestServer;
const login: TransportOptions = { usernameEnv: 'FTP_USER', passwordEnv: 'FTP_PASS', env: { FTP_USER: 'reader', FTP_PASS: PASSWORD } };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sextant-ftp-'));
  mkdirSync(join(dir, 'docs', 'guide'), { recursive: true });
  mkdirSync(join(dir, 'docs', '.cache'));
  writeFileSync(join(dir, 'docs', 'readme.md'), '# Readme\n');
  writeFileSync(join(dir, 'docs', 'guide', 'setup.md'), '# Setup\n');
  writeFileSync(join(dir, 'docs', '.cache', 'x'), 'hidden');
  writeFileSync(join(dir, 'docs', '.netrc'), 'hidden');
  writeFileSync(join(dir, 'big.bin'), Buffer.alloc(300_000, 1));
  server = await startFtpServer({ root: dir, user: 'reader', password: PASSWORD });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ftp transport', () => {
  it('lists a directory recursively, skipping hidden names', async () => {
    const entries = await listDocuments({ url: `${server.url}/docs/` }, login);
    expect(entries.map((e) => e.name)).toEqual(['guide/setup.md', 'readme.md']);
    expect(entries[1]).toMatchObject({ name: 'readme.md', origin: `${server.url}/docs/readme.md`, size: 9 });
    expect(await listDocuments({ url: `${server.url}/docs` }, { ...login, maxEntries: 1 })).toHaveLength(1);
  });

  it('walks a directory over one connection: the listing and every file on one login', async () => {
    const before = server.logins;
    const texts = await readOnOneWalk({ url: `${server.url}/docs/` }, login, async (walk, entries) => {
      // a missing file fails alone; the walk goes on (on a new connection: the failed one is not trusted)
      await expect(walk.fetch({ name: 'gone.md', origin: `${server.url}/docs/gone.md` })).rejects.toMatchObject({ code: 'OBJECT_NOT_FOUND' });
      expect(Buffer.from((await walk.fetch(entries[0]!)).bytes).toString()).toBe('# Setup\n');
    });
    expect(texts).toEqual(['# Setup\n', '# Readme\n']);
    expect(server.logins - before).toBe(2);
  });

  it('fetches a listed document', async () => {
    const location = { url: `${server.url}/docs/` };
    const entries = await listDocuments(location, login);
    const doc = await fetchDocument(
      location,
      entries.find((e) => e.name === 'guide/setup.md')!,
      login,
    );
    expect(Buffer.from(doc.bytes).toString()).toBe('# Setup\n');
    expect(doc).toMatchObject({ name: 'guide/setup.md', contentType: null, origin: `${server.url}/docs/guide/setup.md` });
  });

  it('lists one file as itself and fetches it, the user name taken from the URL', async () => {
    const host = new URL(server.url).host;
    const location = { url: `ftp://reader@${host}/docs/readme.md` };
    const options = { passwordEnv: 'FTP_PASS', env: { FTP_PASS: PASSWORD } };
    const [entry] = await listDocuments(location, options);
    expect(entry).toMatchObject({ name: 'readme.md', origin: `${server.url}/docs/readme.md`, size: 9 });
    const doc = await fetchDocument(location, entry!, options);
    expect(Buffer.from(doc.bytes).toString()).toBe('# Readme\n');
  });

  it('enforces the size cap', async () => {
    await expect(fetchDocument({ url: `${server.url}/` }, { name: 'big.bin', origin: '' }, { ...login, limits: { maxBytes: 100_000 } })).rejects.toMatchObject({
      code: 'DOCUMENT_UNREADABLE',
      message: `${server.url}/big.bin is 300000 bytes, over the 100000 bytes document size cap`,
    });
    const doc = await fetchDocument({ url: `${server.url}/` }, { name: 'big.bin', origin: '' }, { ...login, limits: { maxBytes: 400_000 } });
    expect(doc.bytes.byteLength).toBe(300_000);
  });

  it('maps a wrong password to AUTH_FAILED without showing it, and a missing variable to AUTH_FAILED naming it', async () => {
    const err = await listDocuments({ url: `${server.url}/docs/` }, { ...login, env: { FTP_USER: 'reader', FTP_PASS: 'wrong-password' } }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'AUTH_FAILED', message: `${server.url}/docs: login refused (FTP 530)` });
    expect(server.refused).toBeGreaterThan(0);
    await expect(listDocuments({ url: `${server.url}/docs/` }, { ...login, env: { FTP_USER: 'reader' } })).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      message: 'environment variable FTP_PASS (password) is not set',
    });
  });

  it('refuses a password written into the URL', async () => {
    const err = await listDocuments({ url: `ftp://reader:${PASSWORD}@127.0.0.1/docs/` }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'USAGE' });
    expect((err as Error).message).not.toContain(PASSWORD);
  });

  it('names missing files and directories', async () => {
    await expect(fetchDocument({ url: `${server.url}/docs/` }, { name: 'gone.md', origin: '' }, login)).rejects.toMatchObject({
      code: 'OBJECT_NOT_FOUND',
      message: expect.stringContaining(`${server.url}/docs/gone.md: no such file or directory`),
    });
    await expect(listDocuments({ url: `${server.url}/nowhere/` }, login)).rejects.toMatchObject({ code: 'OBJECT_NOT_FOUND' });
    await expect(fetchDocument({ url: `${server.url}/docs/` }, { name: '../big.bin', origin: '' }, login)).rejects.toMatchObject({ code: 'USAGE' });
  });

  it('reports an unreachable host', async () => {
    await expect(listDocuments({ url: 'ftp://127.0.0.1:9/docs/' }, login)).rejects.toMatchObject({
      code: 'SOURCE_UNREACHABLE',
      message: 'ftp://127.0.0.1:9/docs: connection refused',
    });
  });

  it('gives up on a server that never answers', async () => {
    await withSilentServer((port) =>
      expect(listDocuments({ url: `ftp://127.0.0.1:${port}/docs/` }, { ...login, limits: { timeoutMs: 300 } })).rejects.toMatchObject({
        code: 'SOURCE_UNREACHABLE',
        message: `ftp://127.0.0.1:${port}/docs: no answer within 0.3 s`,
      }),
    );
  });
});
