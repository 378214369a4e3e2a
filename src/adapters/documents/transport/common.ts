/**
 * @module adapters/documents/transport/common
 * What every transport shares: the location and option shapes, secrets read from environment
 * variables (registered for redaction, never stored), the size cap enforced while bytes stream in,
 * and the one-line errors that name the location with its credentials removed.
 */
import { readFile } from 'node:fs/promises';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits, type DocumentWalk } from '../../../ports/documents.js';

export type { DocumentWalk };
import { SextantError, type ErrorCode } from '../../../kernel/errors.js';
import { redactDsn, registerSecret } from '../../../kernel/redact.js';

/** Where a source's documents are: exactly one of `content`, `path` or `url` (the transport follows from which). */
export interface DocumentLocation {
  /** Inline text (the inline transport). */
  content?: string;
  /** A local file or folder (the file transport). */
  path?: string;
  /** `http(s)://`, `s3://bucket/prefix/`, `ftp(s)://host/dir/`, `sftp://host/dir/`. */
  url?: string;
  /** The inline document's name (default `inline`). */
  name?: string;
}

/** How to reach a location. Credentials are named by environment variable, never given as values. */
export interface TransportOptions {
  limits?: Partial<DocumentLimits>;
  /** HTTP headers whose values are read from environment variables: `{ Authorization: 'WIKI_TOKEN' }`. Sent only to the location's origin. */
  headerEnvs?: Record<string, string>;
  /** HTTP: refuse redirects that leave the location's origin (default: follow them, without the configured headers). */
  sameOriginOnly?: boolean;
  /** S3: a profile of the shared AWS config files; otherwise the standard credential chain. */
  awsProfile?: string;
  /** S3: the bucket's region (default `AWS_REGION`, then `us-east-1`). */
  awsRegion?: string;
  /** S3: an S3-compatible endpoint (MinIO, a test server); usually with `forcePathStyle`. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** FTP/SFTP: environment variable holding the user name (a user name in the URL also works). */
  usernameEnv?: string;
  /** FTP/SFTP: environment variable holding the password. */
  passwordEnv?: string;
  /** SFTP: private key file; `passwordEnv` then holds its passphrase, if any. */
  keyPath?: string;
  /** SFTP: the server's host key fingerprint (`SHA256:…`); another key is refused before logging in. */
  hostKey?: string;
  /** Listing cap for folders, prefixes and directories (default 10,000 entries). */
  maxEntries?: number;
  /** Environment the variable names are read from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

export const DEFAULT_MAX_ENTRIES = 10_000;
/** Directory depth walked below a folder, an FTP or an SFTP directory. */
export const MAX_LIST_DEPTH = 32;

export function limitsOf(options: TransportOptions): DocumentLimits {
  return { ...DEFAULT_DOCUMENT_LIMITS, ...options.limits };
}

export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The value of a named environment variable, registered for redaction; missing → AUTH_FAILED naming the variable. */
export function secretFromEnv(name: string, what: string, env: NodeJS.ProcessEnv): string {
  if (!ENV_NAME.test(name)) throw new SextantError('USAGE', `invalid environment variable name '${name}' for ${what}`);
  const value = env[name];
  if (!value) throw new SextantError('AUTH_FAILED', `environment variable ${name} (${what}) is not set`, { hint: `export ${name}=… and retry` });
  registerSecret(value);
  return value;
}

/** The user name and password of an FTP/SFTP location: user from `usernameEnv` or the URL, password only from `passwordEnv`. */
export function loginOf(url: URL, options: TransportOptions): { user: string | undefined; password: string | undefined } {
  const env = options.env ?? process.env;
  const user = options.usernameEnv ? secretFromEnv(options.usernameEnv, 'user name', env) : url.username ? decodeURIComponent(url.username) : undefined;
  const password = options.passwordEnv ? secretFromEnv(options.passwordEnv, 'password', env) : undefined;
  return { user, password };
}

/** Refuses a password written into a URL: credentials are stored only as environment variable names. */
export function refuseUrlPassword(url: URL, hint: string): void {
  if (url.password) {
    throw new SextantError('USAGE', `${redactDsn(url.href)} carries a password; it would be stored with the source`, { hint });
  }
}

/** `text/html; charset=utf-8` → `text/html`; empty → null. */
export function bareContentType(value: string | null | undefined): string | null {
  const bare = value?.split(';')[0]?.trim().toLowerCase();
  return bare ? bare : null;
}

export function isoDate(value: Date | number | string | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB` : `${bytes} bytes`);

/** Over the size cap: DOCUMENT_UNREADABLE naming the document, its size when known, and the cap. */
export function tooLarge(origin: string, maxBytes: number, size?: number): SextantError {
  const what = size === undefined ? 'is larger than' : `is ${megabytes(size)}, over`;
  return new SextantError('DOCUMENT_UNREADABLE', `${redactDsn(origin)} ${what} the ${megabytes(maxBytes)} document size cap`, {
    hint: 'raise documents.max_bytes, or leave the document out',
    details: { maxBytes, ...(size === undefined ? {} : { size }) },
  });
}

/** Collects a byte stream, failing as soon as it passes `maxBytes`; `abort` stops the producer (socket, read stream). */
export async function collectCapped(chunks: AsyncIterable<Uint8Array | string>, origin: string, maxBytes: number, abort?: () => void): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    const part = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    total += part.byteLength;
    if (total > maxBytes) {
      abort?.();
      throw tooLarge(origin, maxBytes);
    }
    parts.push(part);
  }
  return new Uint8Array(Buffer.concat(parts, total));
}

/** An error of this transport, one line naming the location (credentials removed). */
export function transportError(code: ErrorCode, location: string, reason: string, options: { hint?: string; cause?: unknown } = {}): SextantError {
  return new SextantError(code, `${redactDsn(location)}: ${reason}`, options);
}

/** Network failures by their errno: refused, unknown host, reset, timed out. */
export function networkReason(err: unknown): string | null {
  const seen = new Set<unknown>();
  for (let e: unknown = err; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    switch (code) {
      case 'ECONNREFUSED':
        return 'connection refused';
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return 'host not found';
      case 'ECONNRESET':
      case 'EPIPE':
        return 'connection reset';
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return 'host unreachable';
      case 'ETIMEDOUT':
      case 'UND_ERR_CONNECT_TIMEOUT':
        return 'connection timed out';
    }
  }
  return null;
}

export function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || /timeout|timed out/i.test(err.message));
}

/** The per-request deadline, joined with the caller's signal. */
export function deadline(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** Reads an SFTP private key file; a missing file is a usage error naming it. */
export async function readKeyFile(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (err) {
    throw new SextantError('USAGE', `cannot read the private key file ${path}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`, {
      hint: 'give --key-path a readable private key file',
      cause: err,
    });
  }
}

/** Splits a remote directory/file URL path: `/dir/sub/` → `/dir/sub`, `/a.pdf` stays. */
export function remotePath(url: URL): string {
  const path = decodeURIComponent(url.pathname) || '/';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** A name inside a root, refusing escapes (`..`, absolute names) so an entry never reaches outside its source. */
export function safeRelative(name: string, location: string): string {
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.some((p) => p === '..') || name.startsWith('/')) {
    throw new SextantError('USAGE', `document name '${name}' is not inside ${redactDsn(location)}`);
  }
  return parts.join('/');
}

/** `ftp://host:2121` (no user, no password): what remote origins start with. */
export const serverOf = (url: URL) => `${url.protocol}//${url.host}`;
export const joinRemote = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);

/** The remote file an entry names: the location itself when it is one file (its origin), else `root/name`. */
export function remoteTarget(url: URL, entry: { name: string; origin: string }): string {
  const root = remotePath(url);
  if (entry.origin === serverOf(url) + root) return root;
  return joinRemote(root, safeRelative(entry.name, serverOf(url) + root));
}

/** `a/b/c.md` → `c.md` */
export const baseName = (path: string) => path.split('/').filter(Boolean).pop() ?? path;

/** One item of a remote directory listing (FTP, SFTP). */
export interface RemoteItem {
  name: string;
  kind: 'file' | 'dir' | 'other';
  size?: number;
  modifiedAt?: string;
}

/** What a remote transport's connection offers the tree walk. */
export interface RemoteSession {
  /** The item at a path (kind `dir` for a directory). */
  stat(path: string): Promise<RemoteItem>;
  list(dir: string): Promise<RemoteItem[]>;
}

const entryOf = (name: string, origin: string, item: RemoteItem) => ({
  name,
  origin,
  ...(item.size === undefined ? {} : { size: item.size }),
  ...(item.modifiedAt ? { modifiedAt: item.modifiedAt } : {}),
});

/**
 * A remote location's files: one file lists itself; a directory is walked breadth-first (shallow
 * files first when the cap bites), hidden names (`.git`, `.env`) and links skipped, at most
 * `maxEntries` files and `MAX_LIST_DEPTH` levels; names relative to the location, in name order.
 */
export async function listRemoteTree(
  session: RemoteSession,
  url: URL,
  maxEntries: number,
): Promise<{ name: string; origin: string; size?: number; modifiedAt?: string }[]> {
  const root = remotePath(url);
  const server = serverOf(url);
  const top = await session.stat(root);
  if (top.kind !== 'dir') return [entryOf(baseName(root), server + root, top)];
  const out: { name: string; origin: string; size?: number; modifiedAt?: string }[] = [];
  const queue: { rel: string; depth: number }[] = [{ rel: '', depth: 0 }];
  while (queue.length > 0 && out.length < maxEntries) {
    const { rel, depth } = queue.shift()!;
    const items = (await session.list(rel ? joinRemote(root, rel) : root)).filter((i) => !i.name.startsWith('.')).sort(byName);
    for (const item of items) {
      const name = rel ? `${rel}/${item.name}` : item.name;
      if (item.kind === 'dir') {
        if (depth + 1 < MAX_LIST_DEPTH) queue.push({ rel: name, depth: depth + 1 });
      } else if (item.kind === 'file' && out.length < maxEntries) {
        out.push(entryOf(name, server + joinRemote(root, name), item));
      }
    }
  }
  return out.sort(byName);
}

/** A remote failure that is not the protocol's own: refused, unknown host, timed out, else the server's message. */
export function remoteFailure(err: unknown, shown: string, timeoutMs: number): SextantError {
  const reason = networkReason(err);
  if (reason) return transportError('SOURCE_UNREACHABLE', shown, reason, { hint: 'check the host, the port and that the server is up', cause: err });
  if (isTimeout(err))
    return transportError('SOURCE_UNREACHABLE', shown, `no answer within ${timeoutMs / 1000} s`, { hint: 'check that the server is up', cause: err });
  return transportError('UPSTREAM_FAILED', shown, err instanceof Error ? err.message : String(err), { cause: err });
}

/** Lists a location, or fetches one of its documents, on a walk of its own (opened, used once, closed). */
export async function onceOn<T>(walk: DocumentWalk, work: (walk: DocumentWalk) => Promise<T>): Promise<T> {
  try {
    return await work(walk);
  } finally {
    await walk.close();
  }
}

/**
 * One remote connection for the operations of a walk: opened on first use, closed by `close()`
 * or on cancellation through `options.signal`. After a failed operation the connection is dropped
 * (its state is unknown) and the next operation opens a new one. Failures other than a
 * cancellation are mapped by the operation's `mapError`.
 */
export function reusableConnection<C>(options: TransportOptions, connection: { open(): Promise<C>; close(client: C): Promise<unknown> | void }) {
  let current: Promise<C> | null = null;
  const drop = async (): Promise<void> => {
    const open = current;
    current = null;
    if (open) await open.then((client) => connection.close(client)).catch(() => undefined);
  };
  const cancel = () => void drop();
  options.signal?.addEventListener('abort', cancel, { once: true });
  return {
    async run<T>(shown: string, work: (client: C) => Promise<T>, mapError: (err: unknown) => SextantError): Promise<T> {
      try {
        current ??= connection.open();
        return await work(await current);
      } catch (err) {
        await drop();
        if (options.signal?.aborted) throw transportError('INTERRUPTED', shown, 'the transfer was cancelled', { cause: err });
        throw mapError(err);
      }
    },
    async close(): Promise<void> {
      options.signal?.removeEventListener('abort', cancel);
      await drop();
    },
  };
}

/** The host of a URL without IPv6 brackets, for the FTP and SSH clients. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Listings come back in name order (code units), whatever order the walk found them in. */
export const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
