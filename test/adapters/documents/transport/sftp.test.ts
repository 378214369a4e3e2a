/**
 * The SFTP transport against a real SSH server (ssh2's Server with its SFTP subsystem) on
 * loopback: password and key logins (also an encrypted key), recursive listing without hidden
 * names, one file, fetch, the size cap, wrong credentials, missing files, an unreachable host.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDocument, listDocuments, type TransportOptions } from '../../../../src/adapters/documents/transport/index.js';
import { readOnOneWalk } from '../../../helpers/document-walk.js';
import { generateClientKey, startSftpServer, type SftpTestServer } from '../../../helpers/sftp-server.js';
import { withSilentServer } from '../../../helpers/silent-server.js';

const PASSWORD = 'sftp-pa55word';
const PASSPHRASE = 'key-passphrase';
let dir: string;
let server: SftpTestServer;
let keyPath: string;
let lockedKeyPath: string;
let strangerKeyPath: string;
const byPassword: TransportOptions = { usernameEnv: 'SFTP_USER', passwordEnv: 'SFTP_PASS', env: { SFTP_USER: 'reader', SFTP_PASS: PASSWORD } };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sextant-sftp-'));
  const files = join(dir, 'files');
  mkdirSync(join(files, 'share', 'guide'), { recursive: true });
  mkdirSync(join(files, 'share', '.git'));
  writeFileSync(join(files, 'share', 'readme.md'), '# Readme\n');
  writeFileSync(join(files, 'share', 'guide', 'setup.md'), '# Setup\n');
  writeFileSync(join(files, 'share', '.git', 'config'), 'hidden');
  writeFileSync(join(files, 'share', '.env'), 'hidden');
  writeFileSync(join(files, 'big.bin'), Buffer.alloc(300_000, 1));
  const key = generateClientKey();
  const locked = generateClientKey(PASSPHRASE);
  keyPath = join(dir, 'id_ed25519');
  lockedKeyPath = join(dir, 'id_locked');
  strangerKeyPath = join(dir, 'id_stranger');
  writeFileSync(keyPath, key.privateKey, { mode: 0o600 });
  writeFileSync(lockedKeyPath, locked.privateKey, { mode: 0o600 });
  writeFileSync(strangerKeyPath, generateClientKey().privateKey, { mode: 0o600 });
  server = await startSftpServer({ root: files, user: 'reader', password: PASSWORD, publicKeys: [key.publicKey, locked.publicKey] });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sftp transport', () => {
  it('lists a directory recursively by password, skipping hidden names', async () => {
    const entries = await listDocuments({ url: `${server.url}/share/` }, byPassword);
    expect(entries.map((e) => e.name)).toEqual(['guide/setup.md', 'readme.md']);
    expect(entries[1]).toMatchObject({ name: 'readme.md', origin: `${server.url}/share/readme.md`, size: 9 });
    expect(entries[1]!.modifiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await listDocuments({ url: `${server.url}/share` }, { ...byPassword, maxEntries: 1 })).toHaveLength(1);
  });

  it('walks a directory over one session: the listing and every file on one login', async () => {
    const before = server.logins;
    expect(await readOnOneWalk({ url: `${server.url}/share/` }, byPassword)).toEqual(['# Setup\n', '# Readme\n']);
    expect(server.logins - before).toBe(1);
  });

  it('fetches a listed document with a private key, the user name from the URL', async () => {
    const host = new URL(server.url).host;
    const location = { url: `sftp://reader@${host}/share/` };
    const entries = await listDocuments(location, { keyPath });
    const doc = await fetchDocument(location, entries[0]!, { keyPath });
    expect(Buffer.from(doc.bytes).toString()).toBe('# Setup\n');
    expect(doc).toMatchObject({ name: 'guide/setup.md', contentType: null, origin: `${server.url}/share/guide/setup.md` });
  });

  it('connects when the host key is the pinned one (with or without base64 padding)', async () => {
    expect(server.hostKeyFingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    for (const hostKey of [server.hostKeyFingerprint, `${server.hostKeyFingerprint}=`]) {
      const entries = await listDocuments({ url: `${server.url}/share/` }, { ...byPassword, hostKey });
      expect(entries.map((e) => e.name)).toEqual(['guide/setup.md', 'readme.md']);
    }
  });

  it('refuses another host key before logging in, naming both fingerprints', async () => {
    const other = `SHA256:${'A'.repeat(43)}`;
    const before = { logins: server.logins, refused: server.refused };
    const error = await listDocuments({ url: `${server.url}/share/` }, { ...byPassword, hostKey: other }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'AUTH_FAILED' });
    expect((error as Error).message).toBe(
      `${server.url}/share: the server's host key ${server.hostKeyFingerprint} is not the pinned ${other}; nothing was sent`,
    );
    expect((error as Error).message).not.toContain(PASSWORD);
    // no password was offered to a server with the wrong key
    expect({ logins: server.logins, refused: server.refused }).toEqual(before);
  });

  it('refuses a pin that is not a SHA256 fingerprint', async () => {
    await expect(listDocuments({ url: `${server.url}/share/` }, { ...byPassword, hostKey: 'MD5:aa:bb' })).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('is not a SHA256 fingerprint') as string,
    });
  });

  it('opens an encrypted key with the passphrase from passwordEnv', async () => {
    const options = { usernameEnv: 'SFTP_USER', passwordEnv: 'KEY_PASS', keyPath: lockedKeyPath, env: { SFTP_USER: 'reader', KEY_PASS: PASSPHRASE } };
    expect((await listDocuments({ url: `${server.url}/share/` }, options)).map((e) => e.name)).toEqual(['guide/setup.md', 'readme.md']);
  });

  it('lists one file as itself and fetches it', async () => {
    const location = { url: `${server.url}/share/readme.md` };
    const [entry] = await listDocuments(location, byPassword);
    expect(entry).toMatchObject({ name: 'readme.md', origin: `${server.url}/share/readme.md`, size: 9 });
    expect(Buffer.from((await fetchDocument(location, entry!, byPassword)).bytes).toString()).toBe('# Readme\n');
  });

  it('enforces the size cap', async () => {
    await expect(
      fetchDocument({ url: `${server.url}/` }, { name: 'big.bin', origin: '' }, { ...byPassword, limits: { maxBytes: 100_000 } }),
    ).rejects.toMatchObject({
      code: 'DOCUMENT_UNREADABLE',
      message: `${server.url}/big.bin is 300000 bytes, over the 100000 bytes document size cap`,
    });
    const doc = await fetchDocument({ url: `${server.url}/` }, { name: 'big.bin', origin: '' }, { ...byPassword, limits: { maxBytes: 400_000 } });
    expect(doc.bytes.byteLength).toBe(300_000);
  });

  it('maps a wrong password or an unknown key to AUTH_FAILED without showing the password', async () => {
    const err = await listDocuments({ url: `${server.url}/share/` }, { ...byPassword, env: { SFTP_USER: 'reader', SFTP_PASS: 'wrong-password' } }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'AUTH_FAILED', message: `${server.url}/share: the server refused the login` });
    expect(JSON.stringify(err)).not.toContain('wrong-password');
    await expect(
      listDocuments({ url: `${server.url}/share/` }, { usernameEnv: 'SFTP_USER', keyPath: strangerKeyPath, env: { SFTP_USER: 'reader' } }),
    ).rejects.toMatchObject({
      code: 'AUTH_FAILED',
    });
    expect(server.refused).toBeGreaterThanOrEqual(2);
  });

  it('needs a user and a password or key, and a readable key file', async () => {
    await expect(listDocuments({ url: `${server.url}/share/` }, { passwordEnv: 'P', env: { P: PASSWORD } })).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('needs a user name'),
    });
    await expect(listDocuments({ url: `${server.url}/share/` }, { usernameEnv: 'U', env: { U: 'reader' } })).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('needs a password or a private key'),
    });
    await expect(
      listDocuments({ url: `${server.url}/share/` }, { usernameEnv: 'U', keyPath: join(dir, 'no-key'), env: { U: 'reader' } }),
    ).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('no-key'),
    });
  });

  it('names missing files and directories', async () => {
    await expect(fetchDocument({ url: `${server.url}/share/` }, { name: 'gone.md', origin: '' }, byPassword)).rejects.toMatchObject({
      code: 'OBJECT_NOT_FOUND',
      message: `${server.url}/share/gone.md: no such file or directory`,
    });
    await expect(listDocuments({ url: `${server.url}/nowhere/` }, byPassword)).rejects.toMatchObject({ code: 'OBJECT_NOT_FOUND' });
  });

  it('reports an unreachable host', async () => {
    await expect(listDocuments({ url: 'sftp://127.0.0.1:9/share/' }, byPassword)).rejects.toMatchObject({
      code: 'SOURCE_UNREACHABLE',
      message: 'sftp://127.0.0.1:9/share: connection refused',
    });
  });

  it('gives up on a server that never answers', async () => {
    await withSilentServer((port) =>
      expect(listDocuments({ url: `sftp://127.0.0.1:${port}/share/` }, { ...byPassword, limits: { timeoutMs: 300 } })).rejects.toMatchObject({
        code: 'SOURCE_UNREACHABLE',
        message: `sftp://127.0.0.1:${port}/share: no answer within 0.3 s`,
      }),
    );
  });
});
