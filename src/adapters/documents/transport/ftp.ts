/**
 * @module adapters/documents/transport/ftp
 * `ftp://host/dir/` (and `ftps://`, explicit TLS) through basic-ftp: the user from `usernameEnv`
 * or the URL (else anonymous), the password only from `passwordEnv`; directories walked
 * recursively under the entry cap, files streamed under the size cap.
 */
import { Writable } from 'node:stream';
import { Client, FTPError, FileType, type FileInfo } from 'basic-ftp';
import type { DocumentEntry, FetchedDocument } from '../../../ports/documents.js';
import { SextantError } from '../../../kernel/errors.js';
import {
  DEFAULT_MAX_ENTRIES,
  hostOf,
  baseName,
  isoDate,
  limitsOf,
  listRemoteTree,
  loginOf,
  refuseUrlPassword,
  remoteFailure,
  remotePath,
  remoteTarget,
  serverOf,
  tooLarge,
  transportError,
  withConnection,
  type RemoteItem,
  type RemoteSession,
  type TransportOptions,
} from './common.js';

function ftpError(err: unknown, shown: string, timeoutMs: number): SextantError {
  if (err instanceof SextantError) return err;
  if (err instanceof FTPError) {
    if (err.code === 530 || err.code === 331 || err.code === 332) {
      return transportError('AUTH_FAILED', shown, `login refused (FTP ${err.code})`, {
        hint: 'check the variables named by --username-env and --password-env',
        cause: err,
      });
    }
    if (err.code === 550 || err.code === 450) return transportError('OBJECT_NOT_FOUND', shown, `no such file or directory (FTP ${err.code})`, { cause: err });
    return transportError('UPSTREAM_FAILED', shown, `FTP ${err.code}: ${err.message.split('\n')[0]}`, { cause: err });
  }
  return remoteFailure(err, shown, timeoutMs);
}

/** Opens a logged-in connection and runs `work` on it; the connection is closed after, and on cancellation. */
async function withClient<T>(url: URL, options: TransportOptions, shown: string, work: (client: Client) => Promise<T>): Promise<T> {
  refuseUrlPassword(url, 'name it by environment variable: --password-env VAR');
  const { timeoutMs } = limitsOf(options);
  const { user, password } = loginOf(url, options);
  const client = new Client(timeoutMs);
  const login = {
    host: hostOf(url),
    port: url.port ? Number(url.port) : 21,
    user: user ?? 'anonymous',
    password: password ?? 'anonymous@',
    secure: url.protocol === 'ftps:',
  };
  return withConnection(
    shown,
    options,
    { connect: () => client.access(login), close: () => client.close() },
    () => work(client),
    (err) => ftpError(err, shown, timeoutMs),
  );
}

function itemOf(info: FileInfo): RemoteItem {
  const kind = info.type === FileType.Directory ? 'dir' : info.type === FileType.File ? 'file' : 'other';
  const modifiedAt = isoDate(info.modifiedAt);
  return { name: info.name, kind, size: info.size, ...(modifiedAt ? { modifiedAt } : {}) };
}

/** The FTP side of the tree walk: a path is a directory when `cd` into it succeeds (550: it is not). */
function session(client: Client): RemoteSession {
  return {
    async stat(path) {
      try {
        await client.cd(path);
        return { name: baseName(path), kind: 'dir' };
      } catch (err) {
        if (!(err instanceof FTPError && err.code === 550)) throw err;
      }
      const size = await client.size(path);
      const modifiedAt = isoDate(await client.lastMod(path).catch(() => undefined));
      return { name: baseName(path), kind: 'file', size, ...(modifiedAt ? { modifiedAt } : {}) };
    },
    list: async (dir) => (await client.list(dir)).map(itemOf),
  };
}

export async function listFtp(location: string, options: TransportOptions): Promise<DocumentEntry[]> {
  const url = new URL(location);
  return withClient(url, options, serverOf(url) + remotePath(url), (client) => listRemoteTree(session(client), url, options.maxEntries ?? DEFAULT_MAX_ENTRIES));
}

/** A Writable that keeps what it is given and fails once past `maxBytes` (basic-ftp then aborts the transfer). */
function cappedSink(origin: string, maxBytes: number): { sink: Writable; bytes: () => Uint8Array } {
  const parts: Buffer[] = [];
  let total = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      total += chunk.byteLength;
      if (total > maxBytes) return callback(tooLarge(origin, maxBytes));
      parts.push(chunk);
      callback();
    },
  });
  return { sink, bytes: () => new Uint8Array(Buffer.concat(parts, total)) };
}

export async function fetchFtp(location: string, entry: DocumentEntry, options: TransportOptions): Promise<FetchedDocument> {
  const url = new URL(location);
  const target = remoteTarget(url, entry);
  const shown = serverOf(url) + target;
  const { maxBytes } = limitsOf(options);
  return withClient(url, options, shown, async (client) => {
    const size = await client.size(target);
    if (size > maxBytes) throw tooLarge(shown, maxBytes, size);
    const modifiedAt = isoDate(await client.lastMod(target).catch(() => undefined));
    const { sink, bytes } = cappedSink(shown, maxBytes);
    await client.downloadTo(sink, target);
    return { name: entry.name || baseName(target), bytes: bytes(), contentType: null, origin: shown, ...(modifiedAt ? { modifiedAt } : {}) };
  });
}
