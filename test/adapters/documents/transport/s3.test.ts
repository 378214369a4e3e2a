/**
 * The S3 transport against an S3-compatible server on loopback (test/helpers/s3-server.ts, SigV4 checked), credentials from the
 * standard AWS environment variables: paged listing of a prefix, one object, fetch with its
 * content type, the size cap, wrong credentials, missing objects and buckets, an unreachable endpoint.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchDocument, listDocuments, type TransportOptions } from '../../../../src/adapters/documents/transport/index.js';
import { listS3 } from '../../../../src/adapters/documents/transport/s3.js';
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server, type S3TestServer } from '../../../helpers/s3-server.js';
import { withSilentServer } from '../../../helpers/silent-server.js';

let server: S3TestServer;
let options: TransportOptions;

beforeAll(async () => {
  server = await startS3Server(['docs']);
  options = { endpoint: server.endpoint, forcePathStyle: true, awsRegion: 'us-east-1' };
  server.put('docs', 'reports/q3.md', '# Q3\n', 'text/markdown; charset=utf-8');
  server.put('docs', 'reports/2024/annual.pdf', '%PDF-1.4 fake', 'application/pdf');
  server.put('docs', 'reports/.hidden/x.txt', 'hidden');
  server.put('docs', 'reports/folder/', '');
  server.put('docs', 'other/x.txt', 'other');
  server.put('docs', 'big.bin', new Uint8Array(300_000));
});

afterAll(() => server?.close());

beforeEach(() => {
  vi.unstubAllEnvs();
  vi.stubEnv('AWS_ACCESS_KEY_ID', S3_ACCESS_KEY_ID);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3_SECRET_ACCESS_KEY);
  vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
});

const EXPECTED = ['2024/annual.pdf', 'q3.md'];

describe('s3 transport', () => {
  it('lists a prefix, with or without its trailing slash, skipping folder markers and hidden keys', async () => {
    const entries = await listDocuments({ url: 's3://docs/reports/' }, options);
    expect(entries.map((e) => e.name)).toEqual(EXPECTED);
    expect(entries[1]).toMatchObject({ name: 'q3.md', origin: 's3://docs/reports/q3.md', size: 5 });
    expect(entries[1]!.modifiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await listDocuments({ url: 's3://docs/reports' }, options)).map((e) => e.name)).toEqual(EXPECTED);
  });

  it('reads every page of ListObjectsV2, and stops at maxEntries', async () => {
    server.requests.length = 0;
    expect((await listS3('s3://docs/reports/', options, 1)).map((e) => e.name)).toEqual(EXPECTED);
    expect(server.requests.filter((r) => r.includes('list-type=2'))).toHaveLength(4);
    expect(server.requests.filter((r) => r.includes('continuation-token='))).toHaveLength(3);
    expect(await listDocuments({ url: 's3://docs/' }, { ...options, maxEntries: 2 })).toHaveLength(2);
  });

  it('lists one object as itself and fetches it with its bare content type', async () => {
    const location = { url: 's3://docs/reports/q3.md' };
    const [entry] = await listDocuments(location, options);
    expect(entry).toMatchObject({ name: 'q3.md', origin: 's3://docs/reports/q3.md', size: 5 });
    const doc = await fetchDocument(location, entry!, options);
    expect(Buffer.from(doc.bytes).toString()).toBe('# Q3\n');
    expect(doc).toMatchObject({ name: 'q3.md', contentType: 'text/markdown', origin: 's3://docs/reports/q3.md' });
  });

  it('fetches a listed object of a prefix', async () => {
    const location = { url: 's3://docs/reports/' };
    const entries = await listDocuments(location, options);
    const doc = await fetchDocument(location, entries[0]!, options);
    expect(doc).toMatchObject({ name: '2024/annual.pdf', contentType: 'application/pdf', origin: 's3://docs/reports/2024/annual.pdf' });
    expect(Buffer.from(doc.bytes).toString()).toBe('%PDF-1.4 fake');
  });

  it('refuses an entry outside the location', async () => {
    await expect(fetchDocument({ url: 's3://docs/reports/' }, { name: 'x.txt', origin: 's3://docs/other/x.txt' }, options)).rejects.toMatchObject({
      code: 'USAGE',
    });
  });

  it('enforces the size cap', async () => {
    await expect(
      fetchDocument({ url: 's3://docs/big.bin' }, { name: 'big.bin', origin: 's3://docs/big.bin' }, { ...options, limits: { maxBytes: 100_000 } }),
    ).rejects.toMatchObject({
      code: 'DOCUMENT_UNREADABLE',
      message: 's3://docs/big.bin is 300000 bytes, over the 100000 bytes document size cap',
    });
  });

  it('names missing objects, prefixes and buckets', async () => {
    await expect(fetchDocument({ url: 's3://docs/reports/' }, { name: 'gone.md', origin: 's3://docs/reports/gone.md' }, options)).rejects.toMatchObject({
      code: 'OBJECT_NOT_FOUND',
      message: 's3://docs/reports/gone.md: no such object',
    });
    await expect(listDocuments({ url: 's3://docs/nothing' }, options)).rejects.toMatchObject({
      code: 'OBJECT_NOT_FOUND',
      message: 's3://docs/nothing: no such object or prefix',
    });
    await expect(listDocuments({ url: 's3://no-bucket/' }, options)).rejects.toMatchObject({
      code: 'OBJECT_NOT_FOUND',
      message: 's3://no-bucket/: no such bucket',
    });
  });

  it('maps wrong credentials to AUTH_FAILED without showing them', async () => {
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'wrong-secret-value');
    const err = await listDocuments({ url: 's3://docs/reports/' }, options).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'AUTH_FAILED', message: 's3://docs/reports/: S3 refused the credentials (SignatureDoesNotMatch)' });
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'NOT-A-KEY');
    await expect(fetchDocument({ url: 's3://docs/reports/q3.md' }, { name: 'q3.md', origin: 's3://docs/reports/q3.md' }, options)).rejects.toMatchObject({
      code: 'AUTH_FAILED',
    });
  });

  it('maps no credentials at all to AUTH_FAILED', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', '/nonexistent/credentials');
    vi.stubEnv('AWS_CONFIG_FILE', '/nonexistent/config');
    await expect(listDocuments({ url: 's3://docs/reports/' }, options)).rejects.toMatchObject({ code: 'AUTH_FAILED' });
  });

  it('reports an unreachable endpoint', async () => {
    await expect(listDocuments({ url: 's3://docs/' }, { ...options, endpoint: 'http://127.0.0.1:9' })).rejects.toMatchObject({
      code: 'SOURCE_UNREACHABLE',
      message: 's3://docs/: connection refused',
    });
  });

  it('gives up on an endpoint that never answers', async () => {
    await withSilentServer((port) =>
      expect(listDocuments({ url: 's3://docs/' }, { ...options, endpoint: `http://127.0.0.1:${port}`, limits: { timeoutMs: 300 } })).rejects.toMatchObject({
        code: 'SOURCE_UNREACHABLE',
        message: 's3://docs/: no answer within 0.3 s',
      }),
    );
  });
});
