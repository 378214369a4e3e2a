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
  onceOn,
  reusableConnection,
  type DocumentWalk,
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

/** A logged-in basic-ftp client for the location (the password only from its variable). */
function ftpConnection(url: URL, options: TransportOptions) {
  refuseUrlPassword(url, 'name it by environment variable: --password-env VAR');
  const { timeoutMs } = limitsOf(options);
  const { user, password } = loginOf(url, options);
  const login = {
    host: hostOf(url),
    port: url.port ? Number(url.port) : 21,
    user: user ?? 'anonymous',
    password: password ?? 'anonymous@',
    secure: url.protocol === 'ftps:',
  };
  return reusableConnection(options, {
    open: async () => {
      const client = new Client(timeoutMs);
      try {
        await client.access(login);
      } catch (err) {
        client.close();
        throw err;
      }
      return client;
    },
    close: (client: Client) => client.close(),
  });
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
    async list(dir) {
      const items = (await client.list(dir)).map(itemOf);
      // LIST dates are to the minute at best (MLSD's are exact): ask MDTM, to the second, so an
      // unchanged file is known without downloading it
      for (const item of items) {
        if (item.kind !== 'file' || item.modifiedAt) continue;
        const modifiedAt = isoDate(await client.lastMod(`${dir.replace(/\/+$/, '')}/${item.name}`).catch(() => undefined));
        if (modifiedAt) item.modifiedAt = modifiedAt;
      }
      return items;
    },
  };
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

/** A walk of an FTP location over one logged-in connection: the directory listed, then each file read. */
export function openFtp(location: string, options: TransportOptions): DocumentWalk {
  const url = new URL(location);
  const { maxBytes, timeoutMs } = limitsOf(options);
  const connection = ftpConnection(url, options);
  const run = <T>(shown: string, work: (client: Client) => Promise<T>) => connection.run(shown, work, (err) => ftpError(err, shown, timeoutMs));
  return {
    list: () => run(serverOf(url) + remotePath(url), (client) => listRemoteTree(session(client), url, options.maxEntries ?? DEFAULT_MAX_ENTRIES)),
    fetch(entry) {
      const target = remoteTarget(url, entry);
      const shown = serverOf(url) + target;
      return run(shown, async (client) => {
        const size = await client.size(target);
        if (size > maxBytes) throw tooLarge(shown, maxBytes, size);
        const modifiedAt = isoDate(await client.lastMod(target).catch(() => undefined));
        const { sink, bytes } = cappedSink(shown, maxBytes);
        await client.downloadTo(sink, target);
        return { name: entry.name || baseName(target), bytes: bytes(), contentType: null, origin: shown, ...(modifiedAt ? { modifiedAt } : {}) };
      });
    },
    close: () => connection.close(),
  };
}

export const listFtp = async (location: string, options: TransportOptions): Promise<DocumentEntry[]> =>
  onceOn(openFtp(location, options), (walk) => walk.list());

export const fetchFtp = async (location: string, entry: DocumentEntry, options: TransportOptions): Promise<FetchedDocument> =>
  onceOn(openFtp(location, options), (walk) => walk.fetch(entry));
