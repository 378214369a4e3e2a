/**
 * @module adapters/documents/transport/sftp
 * `sftp://host/dir/` through ssh2-sftp-client: the user from `usernameEnv` or the URL, then a
 * private key file (`keyPath`, `passwordEnv` its passphrase) or a password (`passwordEnv`);
 * directories walked recursively under the entry cap, files streamed under the size cap.
 * The server's host key is not pinned.
 */
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
  withConnection,
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

/** Opens an authenticated SFTP session, runs `work` on it, closes it (also on cancellation). */
async function withClient<T>(url: URL, options: TransportOptions, shown: string, work: (client: SftpClient) => Promise<T>): Promise<T> {
  refuseUrlPassword(url, 'name it by environment variable: --password-env VAR, or use --key-path');
  const { timeoutMs } = limitsOf(options);
  const { user, password } = loginOf(url, options);
  if (!user) throw new SextantError('USAGE', `${shown}: SFTP needs a user name`, { hint: 'give --username-env VAR, or sftp://user@host/…' });
  const auth = options.keyPath
    ? { privateKey: await readKeyFile(options.keyPath), ...(password ? { passphrase: password } : {}) }
    : password
      ? { password }
      : null;
  if (!auth) throw new SextantError('USAGE', `${shown}: SFTP needs a password or a private key`, { hint: 'give --password-env VAR or --key-path FILE' });
  // Its default global listeners print connection ends to stdout, which is the MCP channel under stdio: failures reach us through the promises instead.
  const client = new SftpClient('sextant', { error: () => undefined, end: () => undefined, close: () => undefined });
  const login = { host: hostOf(url), port: url.port ? Number(url.port) : 22, username: user, readyTimeout: timeoutMs, retries: 0, ...auth };
  let connected = false;
  return withConnection(
    shown,
    options,
    {
      connect: async () => {
        await client.connect(login);
        connected = true;
      },
      close: () => (connected ? client.end() : undefined),
    },
    () => work(client),
    (err) => sftpError(err, shown, timeoutMs),
  );
}

const itemOf = (info: SftpClient.FileInfo): RemoteItem => {
  const modifiedAt = isoDate(info.modifyTime);
  return { name: info.name, kind: info.type === 'd' ? 'dir' : info.type === '-' ? 'file' : 'other', size: info.size, ...(modifiedAt ? { modifiedAt } : {}) };
};

export async function listSftp(location: string, options: TransportOptions): Promise<DocumentEntry[]> {
  const url = new URL(location);
  return withClient(url, options, serverOf(url) + remotePath(url), (client) =>
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
  );
}

export async function fetchSftp(location: string, entry: DocumentEntry, options: TransportOptions): Promise<FetchedDocument> {
  const url = new URL(location);
  const target = remoteTarget(url, entry);
  const shown = serverOf(url) + target;
  const { maxBytes } = limitsOf(options);
  return withClient(url, options, shown, async (client) => {
    const info = await client.stat(target);
    if (!info.isFile) throw new SextantError('USAGE', `${shown} is not a file`);
    if (info.size > maxBytes) throw tooLarge(shown, maxBytes, info.size);
    const stream = client.createReadStream(target);
    const bytes = await collectCapped(stream, shown, maxBytes, () => stream.destroy());
    const modifiedAt = isoDate(info.modifyTime);
    return { name: entry.name || baseName(target), bytes, contentType: null, origin: shown, ...(modifiedAt ? { modifiedAt } : {}) };
  });
}
