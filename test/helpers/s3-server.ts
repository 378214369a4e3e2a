/**
 * Test helper: a small S3-compatible server on loopback (node:http, path-style) that the real
 * @aws-sdk/client-s3 talks to: ListObjectsV2 (prefix, max-keys, continuation tokens), HeadObject,
 * GetObject, S3's XML errors, and SigV4 signatures verified against its one account
 * (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY): an unknown key or a wrong secret is refused.
 *
 * Not s3rver: its 3.7.1 pages ListObjectsV2 with DES-encrypted continuation tokens, which node 20's
 * OpenSSL 3 no longer has (every truncated listing answers InternalError), and it accepts any SigV4
 * signature, so wrong credentials cannot be tested against it.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const S3_ACCESS_KEY_ID = 'AKIDTESTSEXTANT';
export const S3_SECRET_ACCESS_KEY = 'test-secret-key-for-sextant';

interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  modified: Date;
}

export interface S3TestServer {
  /** `http://127.0.0.1:PORT`, for the client's `endpoint` (with `forcePathStyle`). */
  endpoint: string;
  /** Requests seen, as `METHOD /path?query`. */
  requests: string[];
  /** Object GETs wait this long before answering (0: at once), so parallel reads overlap. */
  getDelayMs: number;
  /** Most object GETs seen in flight at once. */
  maxGetsInFlight: number;
  put(bucket: string, key: string, body: string | Uint8Array, contentType?: string): void;
  /** Deletes an object, as if DeleteObject had been sent. */
  remove(bucket: string, key: string): void;
  close(): Promise<void>;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** S3's ETag of a single-part object: the quoted MD5 of its bytes. */
const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function sendError(res: ServerResponse, status: number, code: string, message: string, head = false): void {
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-error-code': code });
  res.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`);
}

/** The SigV4 check: null when the Authorization header's signature is right, else the S3 error code. */
function authError(req: IncomingMessage, path: string, query: string): string | null {
  const header = req.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(header);
  if (!match) return 'AccessDenied';
  const [, keyId, date, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  if (keyId !== S3_ACCESS_KEY_ID) return 'InvalidAccessKeyId';
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => rfc3986(decodeURIComponent(part ?? ''))) as [string, string?])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : (av ?? '') < (bv ?? '') ? -1 : 1))
    .map(([k, v]) => `${k}=${v ?? ''}`)
    .join('&');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [req.method, path, canonicalQuery, canonicalHeaders, signedHeaders, String(req.headers['x-amz-content-sha256'] ?? sha256(''))].join(
    '\n',
  );
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', String(req.headers['x-amz-date']), scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${S3_SECRET_ACCESS_KEY}`, date), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === signature ? null : 'SignatureDoesNotMatch';
}

export async function startS3Server(buckets: string[]): Promise<S3TestServer> {
  const store = new Map<string, Map<string, StoredObject>>(buckets.map((name) => [name, new Map()]));
  const requests: string[] = [];

  const server = createServer((req, res) => {
    const [path = '/', query = ''] = (req.url ?? '/').split('?', 2) as [string, string?];
    requests.push(`${req.method} ${req.url}`);
    const head = req.method === 'HEAD';
    const denied = authError(req, path, query);
    if (denied) return sendError(res, 403, denied, `request refused: ${denied}`, head);
    const [bucketName = '', ...rest] = path.slice(1).split('/');
    const bucket = store.get(decodeURIComponent(bucketName));
    if (!bucket) return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', head);
    const key = decodeURIComponent(rest.join('/'));
    const params = new URLSearchParams(query);

    if (!key && req.method === 'GET' && params.get('list-type') === '2') {
      const prefix = params.get('prefix') ?? '';
      const maxKeys = Math.min(1000, Number(params.get('max-keys') ?? 1000));
      const token = params.get('continuation-token');
      const after = token ? Buffer.from(token, 'base64url').toString('utf8') : (params.get('start-after') ?? '');
      const keys = [...bucket.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = keys.slice(0, maxKeys);
      const truncated = keys.length > page.length;
      const contents = page
        .map((k) => {
          const object = bucket.get(k)!;
          return `<Contents><Key>${escapeXml(k)}</Key><LastModified>${object.modified.toISOString()}</LastModified><ETag>${escapeXml(etagOf(object.body))}</ETag><Size>${object.body.byteLength}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join('');
      const next = truncated ? `<NextContinuationToken>${Buffer.from(page[page.length - 1]!).toString('base64url')}</NextContinuationToken>` : '';
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${escapeXml(bucketName)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
      );
    }
    if (key && (req.method === 'GET' || head)) {
      const object = bucket.get(key);
      if (!object) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', head);
      if (!head && result.getDelayMs > 0) {
        inFlight++;
        result.maxGetsInFlight = Math.max(result.maxGetsInFlight, inFlight);
        setTimeout(() => {
          inFlight--;
          sendObject(res, object, false);
        }, result.getDelayMs);
        return;
      }
      return sendObject(res, object, head);
    }
    sendError(res, 501, 'NotImplemented', `${req.method} ${path} is not implemented by the test server`, head);
  });
  let inFlight = 0;

  function sendObject(res: ServerResponse, object: StoredObject, head: boolean): void {
    res.writeHead(200, {
      'content-length': String(object.body.byteLength),
      'last-modified': object.modified.toUTCString(),
      etag: etagOf(object.body),
      ...(object.contentType ? { 'content-type': object.contentType } : {}),
    });
    res.end(head ? undefined : object.body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const result: S3TestServer = {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    getDelayMs: 0,
    maxGetsInFlight: 0,
    put(bucket, key, body, contentType) {
      store.get(bucket)!.set(key, { body: Buffer.from(body), contentType, modified: new Date() });
    },
    remove(bucket, key) {
      store.get(bucket)!.delete(key);
    },
    close: () => new Promise((resolve) => server.close(() => resolve()).closeAllConnections()),
  };
  return result;
}
