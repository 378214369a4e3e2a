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
  baseName,
  isTimeout,
  isoDate,
  limitsOf,
  loginOf,
  networkReason,
  refuseUrlPassword,
  remotePath,
  remoteTarget,
  serverOf,
  joinRemote,
  tooLarge,
  transportError,
  walkRemote,
  type RemoteItem,
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
  const reason = networkReason(err);
  if (reason) return transportError('SOURCE_UNREACHABLE', shown, reason, { hint: 'check the host, the port and that the server is up', cause: err });
  if (isTimeout(err))
    return transportError('SOURCE_UNREACHABLE', shown, `no answer within ${timeoutMs / 1000} s`, { hint: 'check that the server is up', cause: err });
  return transportError('UPSTREAM_FAILED', shown, err instanceof Error ? err.message : String(err), { cause: err });
}

/** Opens a logged-in connection and runs `work` on it; the connection is closed after, and on cancellation. */
async function withClient<T>(url: URL, options: TransportOptions, shown: string, work: (client: Client) => Promise<T>): Promise<T> {
  refuseUrlPassword(url, 'name it by environment variable: --password-env VAR');
  const { timeoutMs } = limitsOf(options);
  const { user, password } = loginOf(url, options);
  const client = new Client(timeoutMs);
  const cancel = () => client.close();
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    await client.access({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : 21,
      user: user ?? 'anonymous',
      password: password ?? 'anonymous@',
      secure: url.protocol === 'ftps:',
    });
    return await work(client);
  } catch (err) {
    if (options.signal?.aborted) throw transportError('INTERRUPTED', shown, 'the transfer was cancelled', { cause: err });
    throw ftpError(err, shown, timeoutMs);
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    client.close();
  }
}

function itemOf(info: FileInfo): RemoteItem {
  const kind = info.type === FileType.Directory ? 'dir' : info.type === FileType.File ? 'file' : 'other';
  const modifiedAt = isoDate(info.modifiedAt);
  return { name: info.name, kind, size: info.size, ...(modifiedAt ? { modifiedAt } : {}) };
}

/** Whether a path is a directory: `cd` into it succeeds (550 → not one). */
async function isDirectory(client: Client, path: string): Promise<boolean> {
  try {
    await client.cd(path);
    return true;
  } catch (err) {
    if (err instanceof FTPError && err.code === 550) return false;
    throw err;
  }
}

export async function listFtp(location: string, options: TransportOptions): Promise<DocumentEntry[]> {
  const url = new URL(location);
  const root = remotePath(url);
  const server = serverOf(url);
  const shown = server + root;
  return withClient(url, options, shown, async (client) => {
    if (!(await isDirectory(client, root))) {
      const size = await client.size(root);
      const modifiedAt = isoDate(await client.lastMod(root).catch(() => undefined));
      return [{ name: baseName(root), origin: shown, size, ...(modifiedAt ? { modifiedAt } : {}) }];
    }
    return walkRemote(
      root,
      async (dir) => (await client.list(dir)).map(itemOf),
      (name) => server + joinRemote(root, name),
      options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    );
  });
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
