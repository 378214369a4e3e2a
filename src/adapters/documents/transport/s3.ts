/**
 * @module adapters/documents/transport/s3
 * `s3://bucket/prefix/` through @aws-sdk/client-s3: credentials from the standard AWS chain (or a
 * named profile), every page of ListObjectsV2 up to the entry cap, objects streamed under the size
 * cap. `endpoint` + `forcePathStyle` reach S3-compatible servers (MinIO, a test server).
 */
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { DocumentEntry, FetchedDocument } from '../../../ports/documents.js';
import { SextantError } from '../../../kernel/errors.js';
import {
  DEFAULT_MAX_ENTRIES,
  bareContentType,
  baseName,
  collectCapped,
  deadline,
  isTimeout,
  isoDate,
  limitsOf,
  networkReason,
  tooLarge,
  transportError,
  type TransportOptions,
} from './common.js';

interface S3Place {
  bucket: string;
  key: string;
}

function parseS3(location: string): S3Place {
  const url = new URL(location);
  if (url.username || url.password) {
    throw new SextantError('USAGE', `s3://${url.hostname}: credentials do not go in the URL`, { hint: 'use --aws-profile or the standard AWS variables' });
  }
  return { bucket: url.hostname, key: decodeURIComponent(url.pathname.replace(/^\//, '')) };
}

const originOf = (bucket: string, key: string) => `s3://${bucket}/${key}`;
/** The prefix below which a location's objects lie: `docs/` for `docs/` and for `docs`, '' for the whole bucket. */
const prefixOf = (key: string) => (key === '' || key.endsWith('/') ? key : `${key}/`);
const hidden = (name: string) => name.split('/').some((part) => part.startsWith('.'));

function clientFor(options: TransportOptions): S3Client {
  const env = options.env ?? process.env;
  const { timeoutMs } = limitsOf(options);
  return new S3Client({
    region: options.awsRegion ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    followRegionRedirects: true,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: timeoutMs, requestTimeout: timeoutMs },
    ...(options.awsProfile ? { profile: options.awsProfile } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.forcePathStyle ? { forcePathStyle: true } : {}),
  });
}

const AUTH_ERRORS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'ExpiredToken',
  'InvalidToken',
  'TokenRefreshRequired',
  'CredentialsProviderError',
  'AuthorizationHeaderMalformed',
]);
const MISSING_ERRORS = new Set(['NoSuchKey', 'NotFound', 'NoSuchBucket']);

function s3Error(err: unknown, shown: string, timeoutMs: number, signal?: AbortSignal): SextantError {
  if (err instanceof SextantError) return err;
  if (signal?.aborted) return transportError('INTERRUPTED', shown, 'the request was cancelled', { cause: err });
  const name = err instanceof Error ? err.name : '';
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const message = err instanceof Error ? err.message : String(err);
  if (MISSING_ERRORS.has(name) || status === 404) {
    return transportError('OBJECT_NOT_FOUND', shown, name === 'NoSuchBucket' ? 'no such bucket' : 'no such object', { cause: err });
  }
  if (AUTH_ERRORS.has(name) || status === 401 || status === 403) {
    return transportError('AUTH_FAILED', shown, `S3 refused the credentials (${name || `HTTP ${status}`})`, {
      hint: 'check --aws-profile, or AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY and the bucket policy',
      cause: err,
    });
  }
  if (name === 'TimeoutError' || name === 'AbortError' || isTimeout(err)) {
    return transportError('SOURCE_UNREACHABLE', shown, `no answer within ${timeoutMs / 1000} s`, { hint: 'check the endpoint and the network', cause: err });
  }
  const reason = networkReason(err);
  if (reason) return transportError('SOURCE_UNREACHABLE', shown, reason, { hint: 'check the endpoint and the network', cause: err });
  return transportError('UPSTREAM_FAILED', shown, `S3 failed: ${name ? `${name}: ` : ''}${message}`, { cause: err });
}

/** Runs one S3 call under the per-request deadline, mapping its failures. */
async function call<T>(
  run: (abortSignal: AbortSignal) => Promise<T>,
  shown: string,
  options: TransportOptions,
  signal = deadline(limitsOf(options).timeoutMs, options.signal),
): Promise<T> {
  const { timeoutMs } = limitsOf(options);
  try {
    return await run(signal);
  } catch (err) {
    throw s3Error(err, shown, timeoutMs, options.signal);
  }
}

const isMissing = (err: unknown) => err instanceof SextantError && err.code === 'OBJECT_NOT_FOUND';

/** A key without a trailing slash names an object if there is one, else the prefix `key/`. `pageSize` is S3's MaxKeys (1,000 unless a test pages sooner). */
export async function listS3(location: string, options: TransportOptions, pageSize = 1000): Promise<DocumentEntry[]> {
  const { bucket, key } = parseS3(location);
  const client = clientFor(options);
  try {
    if (key && !key.endsWith('/')) {
      const shown = originOf(bucket, key);
      const head = await call((abortSignal) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }), { abortSignal }), shown, options).catch(
        (err: unknown) => {
          if (isMissing(err)) return null;
          throw err;
        },
      );
      if (head) {
        const modifiedAt = isoDate(head.LastModified);
        return [
          {
            name: baseName(key),
            origin: shown,
            ...(head.ContentLength === undefined ? {} : { size: head.ContentLength }),
            ...(modifiedAt ? { modifiedAt } : {}),
            ...(head.ETag ? { etag: head.ETag } : {}),
          },
        ];
      }
    }
    const prefix = prefixOf(key);
    const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    const out: DocumentEntry[] = [];
    let token: string | undefined;
    do {
      const page = await call(
        (abortSignal) =>
          client.send(
            new ListObjectsV2Command({
              Bucket: bucket,
              MaxKeys: pageSize,
              ...(prefix ? { Prefix: prefix } : {}),
              ...(token ? { ContinuationToken: token } : {}),
            }),
            {
              abortSignal,
            },
          ),
        originOf(bucket, prefix),
        options,
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || object.Key.endsWith('/') || out.length >= maxEntries) continue;
        const name = object.Key.slice(prefix.length);
        if (!name || hidden(name)) continue;
        const modifiedAt = isoDate(object.LastModified);
        out.push({
          name,
          origin: originOf(bucket, object.Key),
          ...(object.Size === undefined ? {} : { size: object.Size }),
          ...(modifiedAt ? { modifiedAt } : {}),
          ...(object.ETag ? { etag: object.ETag } : {}),
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && out.length < maxEntries);
    if (out.length === 0 && key && !key.endsWith('/')) throw transportError('OBJECT_NOT_FOUND', originOf(bucket, key), 'no such object or prefix');
    return out;
  } finally {
    client.destroy();
  }
}

/** Reads the object an entry names (`entry.origin`), which must lie inside the location. */
export async function fetchS3(location: string, entry: DocumentEntry, options: TransportOptions): Promise<FetchedDocument> {
  const root = parseS3(location);
  const target = entry.origin ? parseS3(entry.origin) : { bucket: root.bucket, key: prefixOf(root.key) + entry.name };
  if (target.bucket !== root.bucket || !(target.key === root.key || target.key.startsWith(prefixOf(root.key))) || target.key.endsWith('/')) {
    throw new SextantError('USAGE', `${originOf(target.bucket, target.key)} is not an object inside ${originOf(root.bucket, root.key)}`);
  }
  const shown = originOf(target.bucket, target.key);
  const { maxBytes, timeoutMs } = limitsOf(options);
  const client = clientFor(options);
  try {
    // One deadline for the request and its body.
    const signal = deadline(timeoutMs, options.signal);
    const object = await call(
      (abortSignal) => client.send(new GetObjectCommand({ Bucket: target.bucket, Key: target.key }), { abortSignal }),
      shown,
      options,
      signal,
    );
    const body = object.Body as Readable | undefined;
    if (object.ContentLength !== undefined && object.ContentLength > maxBytes) {
      body?.destroy();
      throw tooLarge(shown, maxBytes, object.ContentLength);
    }
    const bytes = body
      ? await collectCapped(body, shown, maxBytes, () => body.destroy()).catch((err: unknown) => Promise.reject(s3Error(err, shown, timeoutMs, options.signal)))
      : new Uint8Array();
    const modifiedAt = isoDate(object.LastModified);
    return {
      name: entry.name || baseName(target.key),
      bytes,
      contentType: bareContentType(object.ContentType),
      origin: shown,
      ...(modifiedAt ? { modifiedAt } : {}),
      ...(object.ETag ? { etag: object.ETag } : {}),
    };
  } finally {
    client.destroy();
  }
}
