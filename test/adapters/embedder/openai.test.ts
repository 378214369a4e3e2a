/**
 * OpenAI-compatible embedder against a real local HTTP server speaking the protocol:
 * the port contract, batching, retries (429 with Retry-After, 5xx), timeouts and key hygiene.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiEmbedder, embeddingsEndpoint } from '../../../src/adapters/embedder/openai/index.js';
import { isSextantError } from '../../../src/kernel/errors.js';
import { cosine, describeEmbedderContract } from '../../contracts/embedder.contract.js';

const API_KEY = 'sk-test-0123456789abcdefSECRET';
const DIM = 16;

interface Received {
  path: string;
  authorization: string | undefined;
  model: string;
  input: string[];
}

type Behaviour = (request: Received, n: number, res: ServerResponse) => 'answer' | 'handled';

interface FakeServer {
  url: string;
  requests: Received[];
  close(): Promise<void>;
}

/** A deterministic, not normalised, never-zero vector per text (the server's "model"). */
function fakeVector(text: string): number[] {
  const v = new Array<number>(DIM).fill(0);
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
    v[h % DIM]! += 1 + (h % 7);
  }
  v[text.length % DIM]! += 3;
  return v.map((x) => x * 2.5);
}

async function startServer(behaviour: Behaviour = () => 'answer'): Promise<FakeServer> {
  const requests: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body || '{}') as { model?: string; input?: string[] };
      const received: Received = { path: req.url ?? '', authorization: req.headers.authorization, model: parsed.model ?? '', input: parsed.input ?? [] };
      requests.push(received);
      if (behaviour(received, requests.length, res) === 'handled') return;
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.url}` } }));
        return;
      }
      // Answer in reverse order: clients must order by `index`.
      const data = received.input.map((text, index) => ({ object: 'embedding', index, embedding: fakeVector(text) })).reverse();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model: received.model }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): 'handled' => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  return 'handled';
};

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (err: unknown) => err,
  );
}

/** Everything a user could see of an error. */
const visible = (err: unknown): string =>
  isSextantError(err) ? `${err.message} ${err.hint ?? ''} ${JSON.stringify(err.details ?? {})} ${err.toLine()}` : String(err);

let shared: FakeServer;
beforeAll(async () => {
  shared = await startServer();
});
afterAll(() => shared.close());

describeEmbedderContract(
  'openai-compatible (local server)',
  () => createOpenAiEmbedder({ url: shared.url, model: 'fake-embed', apiKey: API_KEY, batchSize: 16 }),
  {
    semantic: 'the local test server hashes characters',
    largeBatch: 100,
  },
);

describe('openai embedder', () => {
  it.each([
    ['http://h:1', 'http://h:1/v1/embeddings'],
    ['http://h:1/', 'http://h:1/v1/embeddings'],
    ['http://h:1/v1', 'http://h:1/v1/embeddings'],
    ['http://h:1/v1/', 'http://h:1/v1/embeddings'],
    ['http://h:1/v1/embeddings', 'http://h:1/v1/embeddings'],
    ['https://gateway.example/openai/v1', 'https://gateway.example/openai/v1/embeddings'],
  ])('posts %s to %s', (url, endpoint) => {
    expect(embeddingsEndpoint(url)).toBe(endpoint);
  });

  it('rejects a URL that is not http(s) as CONFIG_INVALID', async () => {
    const err = await errorOf(createOpenAiEmbedder({ url: 'not a url', model: 'm', dimension: 4 }));
    expect(isSextantError(err) && err.code).toBe('CONFIG_INVALID');
  });

  it('accepts the URL with or without /v1 and sends the model and the key as Bearer', async () => {
    for (const url of [shared.url, `${shared.url}/`, `${shared.url}/v1`, `${shared.url}/v1/`]) {
      const before = shared.requests.length;
      const embedder = await createOpenAiEmbedder({ url, model: 'fake-embed', apiKey: API_KEY, dimension: DIM });
      await embedder.embed(['customer']);
      const request = shared.requests[before]!;
      expect(request.path).toBe('/v1/embeddings');
      expect(request.model).toBe('fake-embed');
      expect(request.authorization).toBe(`Bearer ${API_KEY}`);
    }
  });

  it('sends no Authorization header without a key', async () => {
    const embedder = await createOpenAiEmbedder({ url: shared.url, model: 'fake-embed', dimension: DIM });
    const before = shared.requests.length;
    await embedder.embed(['customer']);
    expect(shared.requests[before]!.authorization).toBeUndefined();
  });

  it('learns the dimension from a probe when not given, and skips the probe when given', async () => {
    const server = await startServer();
    try {
      const probed = await createOpenAiEmbedder({ url: server.url, model: 'fake-embed' });
      expect(probed.dimension).toBe(DIM);
      expect(server.requests).toHaveLength(1);
      const declared = await createOpenAiEmbedder({ url: server.url, model: 'fake-embed', dimension: DIM });
      expect(declared.dimension).toBe(DIM);
      expect(server.requests).toHaveLength(1);
      expect(declared.modelId).toBe('openai:fake-embed');
    } finally {
      await server.close();
    }
  });

  it('batches texts (64 per request by default) and keeps their order', async () => {
    const server = await startServer();
    try {
      const embedder = await createOpenAiEmbedder({ url: server.url, model: 'fake-embed', dimension: DIM });
      const texts = Array.from({ length: 150 }, (_, i) => `text number ${i}`);
      const vectors = await embedder.embed(texts);
      expect(server.requests.map((r) => r.input.length)).toEqual([64, 64, 22]);
      expect(server.requests.flatMap((r) => r.input)).toEqual(texts);
      const expected = fakeVector(texts[77]!);
      const norm = Math.hypot(...expected);
      expect(Array.from(vectors[77]!)).toEqual(Array.from(Float32Array.from(expected, (x) => x / norm)));
    } finally {
      await server.close();
    }
  });

  it('retries a 429 after the Retry-After the server asks for', async () => {
    const server = await startServer((_req, n, res) => (n === 1 ? json(res, 429, { error: { message: 'slow down' } }, { 'retry-after': '1' }) : 'answer'));
    try {
      const embedder = await createOpenAiEmbedder({ url: server.url, model: 'fake-embed', dimension: DIM, retryBaseMs: 5 });
      const started = Date.now();
      const [v] = await embedder.embed(['customer']);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(server.requests).toHaveLength(2);
      expect(cosine(v!, v!)).toBeCloseTo(1, 5);
    } finally {
      await server.close();
    }
  });

  it('retries a 503 and a dropped connection with exponential backoff', async () => {
    const server = await startServer((_req, n, res) => {
      if (n === 1) return json(res, 503, { error: 'warming up' });
      if (n === 2) {
        res.socket?.destroy();
        return 'handled';
      }
      return 'answer';
    });
    try {
      const embedder = await createOpenAiEmbedder({ url: server.url, model: 'fake-embed', dimension: DIM, retryBaseMs: 5 });
      expect(await embedder.embed(['a', 'b'])).toHaveLength(2);
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('fails with UPSTREAM_FAILED after the retries when the server keeps failing', async () => {
    const server = await startServer((_req, _n, res) => json(res, 500, { error: { message: 'model crashed' } }));
    try {
      const embedder = await createOpenAiEmbedder({ url: server.url, model: 'fake-embed', apiKey: API_KEY, dimension: DIM, retries: 3, retryBaseMs: 5 });
      const err = await errorOf(embedder.embed(['customer']));
      expect(isSextantError(err) && err.code).toBe('UPSTREAM_FAILED');
      expect((err as Error).message).toMatch(/HTTP 500: model crashed \(after 4 attempts\)/);
      expect(server.requests).toHaveLength(4);
      expect(visible(err)).not.toContain(API_KEY);
    } finally {
      await server.close();
    }
  });

  it('does not retry a 400 and passes the server message on', async () => {
    const server = await startServer((_req, _n, res) => json(res, 400, { error: { message: 'input too long' } }));
    try {
      const embedder = await createOpenAiEmbedder({ url: server.url, model: 'fake-embed', dimension: DIM, retryBaseMs: 5 });
      const err = await errorOf(embedder.embed(['customer']));
      expect(isSextantError(err) && err.code).toBe('UPSTREAM_FAILED');
      expect((err as Error).message).toMatch(/HTTP 400: input too long/);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('times out a hanging server', async () => {
    const server = await startServer(() => 'handled'); // never answers
    try {
      const embedder = await createOpenAiEmbedder({ url: server.url, model: 'fake-embed', dimension: DIM, timeoutMs: 200, retries: 1, retryBaseMs: 5 });
      const started = Date.now();
      const err = await errorOf(embedder.embed(['customer']));
      expect(isSextantError(err) && err.code).toBe('UPSTREAM_FAILED');
      expect((err as Error).message).toMatch(/timed out after 200 ms \(after 2 attempts\)/);
      expect(server.requests).toHaveLength(2);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await server.close();
    }
  });

  it('fails with UPSTREAM_FAILED when nothing listens', async () => {
    const server = await startServer();
    const url = server.url;
    await server.close();
    const err = await errorOf(createOpenAiEmbedder({ url, model: 'fake-embed', apiKey: API_KEY, retries: 1, retryBaseMs: 5 }));
    expect(isSextantError(err) && err.code).toBe('UPSTREAM_FAILED');
    expect((err as Error).message).toMatch(/network error/);
    expect(visible(err)).not.toContain(API_KEY);
  });

  it('never shows the API key, even when the server echoes it back', async () => {
    const server = await startServer((req, _n, res) => json(res, 401, { error: { message: `invalid key ${req.authorization}; raw ${API_KEY}` } }));
    try {
      const embedder = await createOpenAiEmbedder({ url: server.url, model: 'fake-embed', apiKey: API_KEY, dimension: DIM });
      const err = await errorOf(embedder.embed(['customer']));
      expect(isSextantError(err) && err.code).toBe('UPSTREAM_FAILED');
      expect(isSextantError(err) && err.hint).toMatch(/api_key/);
      expect(server.requests[0]!.authorization).toBe(`Bearer ${API_KEY}`);
      expect(visible(err)).toMatch(/invalid key/);
      expect(visible(err)).not.toContain(API_KEY);
      expect(visible(err)).not.toContain('SECRET');
    } finally {
      await server.close();
    }
  });

  it('rejects answers with the wrong number of vectors or a changed dimension', async () => {
    const short = await startServer((_req, _n, res) => json(res, 200, { data: [{ index: 0, embedding: [1, 2, 3] }] }));
    try {
      const embedder = await createOpenAiEmbedder({ url: short.url, model: 'fake-embed', dimension: 3 });
      const err = await errorOf(embedder.embed(['a', 'b']));
      expect(isSextantError(err) && err.code).toBe('UPSTREAM_FAILED');
      expect((err as Error).message).toMatch(/1 embeddings for 2 inputs/);
      const wrongDim = await createOpenAiEmbedder({ url: shared.url, model: 'fake-embed', dimension: 3 });
      const dimErr = await errorOf(wrongDim.embed(['a']));
      expect((dimErr as Error).message).toMatch(/16-dimensional vector, expected 3/);
    } finally {
      await short.close();
    }
  });

  it('decodes base64 embeddings from servers that send them', async () => {
    const server = await startServer((req, _n, res) =>
      json(res, 200, {
        data: req.input.map((_t, index) => ({ index, embedding: Buffer.from(Float32Array.from([3, 4, index + 1]).buffer).toString('base64') })),
      }),
    );
    try {
      const embedder = await createOpenAiEmbedder({ url: server.url, model: 'fake-embed' });
      const [a] = await embedder.embed(['x']);
      expect(embedder.dimension).toBe(3);
      expect(Array.from(a!).map((x) => Number(x.toFixed(4)))).toEqual([0.5883, 0.7845, 0.1961]);
    } finally {
      await server.close();
    }
  });
});
