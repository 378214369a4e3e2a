/**
 * @module adapters/documents/transport/sftp
 * `sftp://host/dir/` through ssh2-sftp-client: the user from `usernameEnv` or the URL, then a
 * private key file (`keyPath`, `passwordEnv` its passphrase) or a password (`passwordEnv`);
 * directories walked recursively under the entry cap, files streamed under the size cap.
 * With `hostKey` (`SHA256:…`, as `ssh-keygen -lf` prints it) the server's host key must have that
 * fingerprint: another key refuses the connection before any credential is sent.
 */
import { createHash } from 'node:crypto';
import SftpClient from 'ssh2-sftp-client';
import type { DocumentEntry, FetchedDocument } from '../../../ports/documents.js';
import { SextantError } from '../../../kernel/errors.js';
import {
  DEFAULT_MAX_ENTRIES,
  hostOf,
  baseName,
  collectCapped,
  isoDate,
  limitsOf,
  listRemoteTree,
  loginOf,
  readKeyFile,
  refuseUrlPassword,
  remoteFailure,
  remotePath,
  remoteTarget,
  serverOf,
  tooLarge,
  transportError,
  onceOn,
  reusableConnection,
  type DocumentWalk,
  type RemoteItem,
  type TransportOptions,
} from './common.js';

function sftpError(err: unknown, shown: string, timeoutMs: number): SextantError {
  if (err instanceof SextantError) return err;
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  if (/authentication|auth methods|permission denied \(/i.test(message) || (err as { level?: unknown }).level === 'client-authentication') {
    return transportError('AUTH_FAILED', shown, 'the server refused the login', {
      hint: 'check the variables named by --username-env and --password-env, or the --key-path key',
      cause: err,
    });
  }
  if (code === 'ENOENT' || code === 2 || /no such file/i.test(message))
    return transportError('OBJECT_NOT_FOUND', shown, 'no such file or directory', { cause: err });
  if (code === 'EACCES' || code === 3) return transportError('AUTH_FAILED', shown, 'permission denied', { cause: err });
  return remoteFailure(err, shown, timeoutMs);
}

/** A host key fingerprint as OpenSSH prints it: `SHA256:` and the unpadded base64 of the key blob's SHA-256. */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

export const HOST_KEY_PATTERN = /^SHA256:[A-Za-z0-9+/]{43}=?$/;

/** `SHA256:abc…` with the padding OpenSSH leaves out dropped, or a USAGE error. */
export function normalHostKey(pin: string): string {
  const trimmed = pin.trim();
  if (!HOST_KEY_PATTERN.test(trimmed))
    throw new SextantError('USAGE', `--host-key '${pin}' is not a SHA256 fingerprint`, {
      hint: 'give it as ssh-keygen -lf prints it: SHA256: and 43 base64 characters (ssh-keyscan HOST | ssh-keygen -lf -)',
    });
  return trimmed.replace(/=$/, '');
}

/** An authenticated SFTP session for the location: user, then a key file or a password, each from its variable. */
function sftpConnection(url: URL, options: TransportOptions, shown: string) {
  refuseUrlPassword(url, 'name it by environment variable: --password-env VAR, or use --key-path');
  const { timeoutMs } = limitsOf(options);
  const { user, password } = loginOf(url, options);
  if (!user) throw new SextantError('USAGE', `${shown}: SFTP needs a user name`, { hint: 'give --username-env VAR, or sftp://user@host/…' });
  if (!options.keyPath && !password)
    throw new SextantError('USAGE', `${shown}: SFTP needs a password or a private key`, { hint: 'give --password-env VAR or --key-path FILE' });
  const pin = options.hostKey ? normalHostKey(options.hostKey) : null;
  return reusableConnection(options, {
    open: async () => {
      const auth = options.keyPath
        ? { privateKey: await readKeyFile(options.keyPath), ...(password ? { passphrase: password } : {}) }
        : { password: password! };
      // Its default global listeners print connection ends to stdout, which is the MCP channel under stdio: failures reach us through the promises instead.
      const client = new SftpClient('sextant', { error: () => undefined, end: () => undefined, close: () => undefined });
      let offered: string | null = null;
      const verify = pin ? { hostVerifier: (key: Buffer) => (offered = hostKeyFingerprint(key)) === pin } : {};
      try {
        await client.connect({
          host: hostOf(url),
          port: url.port ? Number(url.port) : 22,
          username: user,
          readyTimeout: timeoutMs,
          retries: 0,
          ...verify,
          ...auth,
        });
      } catch (err) {
        if (pin && offered !== null && offered !== pin) {
          throw transportError('AUTH_FAILED', shown, `the server's host key ${offered} is not the pinned ${pin}; nothing was sent`, {
            hint: 'a changed key can mean another machine answers: check with the server’s administrator, then re-add the source with the new --host-key',
            cause: err,
          });
        }
        throw err;
      }
      return client;
    },
    close: (client: SftpClient) => client.end(),
  });
}

const itemOf = (info: SftpClient.FileInfo): RemoteItem => {
  const modifiedAt = isoDate(info.modifyTime);
  return { name: info.name, kind: info.type === 'd' ? 'dir' : info.type === '-' ? 'file' : 'other', size: info.size, ...(modifiedAt ? { modifiedAt } : {}) };
};

/** A walk of an SFTP location over one session: the directory listed, then each file read. */
export function openSftp(location: string, options: TransportOptions): DocumentWalk {
  const url = new URL(location);
  const { maxBytes, timeoutMs } = limitsOf(options);
  const connection = sftpConnection(url, options, serverOf(url) + remotePath(url));
  const run = <T>(shown: string, work: (client: SftpClient) => Promise<T>) => connection.run(shown, work, (err) => sftpError(err, shown, timeoutMs));
  return {
    list: () =>
      run(serverOf(url) + remotePath(url), (client) =>
        listRemoteTree(
          {
            async stat(path) {
              const info = await client.stat(path);
              const modifiedAt = isoDate(info.modifyTime);
              return { name: baseName(path), kind: info.isDirectory ? 'dir' : 'file', size: info.size, ...(modifiedAt ? { modifiedAt } : {}) };
            },
            list: async (dir) => (await client.list(dir)).map(itemOf),
          },
          url,
          options.maxEntries ?? DEFAULT_MAX_ENTRIES,
        ),
      ),
    fetch(entry) {
      const target = remoteTarget(url, entry);
      const shown = serverOf(url) + target;
      return run(shown, async (client) => {
        const info = await client.stat(target);
        if (!info.isFile) throw new SextantError('USAGE', `${shown} is not a file`);
        if (info.size > maxBytes) throw tooLarge(shown, maxBytes, info.size);
        const stream = client.createReadStream(target);
        const bytes = await collectCapped(stream, shown, maxBytes, () => stream.destroy());
        const modifiedAt = isoDate(info.modifyTime);
        return { name: entry.name || baseName(target), bytes, contentType: null, origin: shown, ...(modifiedAt ? { modifiedAt } : {}) };
      });
    },
    close: () => connection.close(),
  };
}

export const listSftp = async (location: string, options: TransportOptions): Promise<DocumentEntry[]> =>
  onceOn(openSftp(location, options), (walk) => walk.list());

export const fetchSftp = async (location: string, entry: DocumentEntry, options: TransportOptions): Promise<FetchedDocument> =>
  onceOn(openSftp(location, options), (walk) => walk.fetch(entry));
