/**
 * ONNX embedder on a tiny model the test writes itself (a Gather over an [vocab, 8] table and a
 * WordLevel tokenizer): the port contract, loading errors, lazy runtime loading and downloads
 * from a local stand-in for the Hugging Face hub. No network.
 */
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnnxEmbedder, downloadOnnxModel, resolveOnnxModelName } from '../../../src/adapters/embedder/onnx/index.js';
import { isSextantError } from '../../../src/kernel/errors.js';
import { cosine, describeEmbedderContract } from '../../contracts/embedder.contract.js';
import { tempHome } from '../../helpers/temp-home.js';
import { writeTinyOnnxModel } from '../../helpers/tiny-onnx-model.js';

const home = tempHome();
const modelDir = join(home.dir, 'tiny-encoder');
writeTinyOnnxModel(modelDir);
afterAll(() => home.cleanup());

describeEmbedderContract('onnx (tiny generated model)', () => createOnnxEmbedder({ modelDir }), {
  semantic: 'the generated model is a random lookup table',
  largeBatch: 100, // default internal batch is 32
});

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (err: unknown) => err,
  );
}

describe('onnx embedder', () => {
  it('takes the dimension from config.json and names the model after its directory and pooling', async () => {
    const embedder = await createOnnxEmbedder({ modelDir });
    expect(embedder.dimension).toBe(8);
    expect(embedder.modelId).toBe('onnx:tiny-encoder:mean');
    await embedder.close?.();
  });

  it('probes the dimension when config.json has no hidden_size', async () => {
    const dir = join(home.dir, 'no-hidden-size');
    writeTinyOnnxModel(dir, { hiddenSizeInConfig: false });
    const embedder = await createOnnxEmbedder({ modelDir: dir, modelId: 'tiny' });
    expect(embedder.dimension).toBe(8);
    expect(embedder.modelId).toBe('tiny');
    await embedder.close?.();
  });

  it('pools by the CLS token when asked', async () => {
    const mean = await createOnnxEmbedder({ modelDir });
    const cls = await createOnnxEmbedder({ modelDir, pooling: 'cls' });
    expect(cls.modelId).toBe('onnx:tiny-encoder:cls');
    const [a, b] = await cls.embed(['customer email', 'invoice line']);
    // Every text starts with [CLS], and the model has no attention: CLS pooling sees only that token.
    expect(Array.from(a!)).toEqual(Array.from(b!));
    const [m] = await mean.embed(['customer email']);
    expect(cosine(a!, m!)).toBeLessThan(0.9999);
    await mean.close?.();
    await cls.close?.();
  });

  it('is MODEL_NOT_FOUND for a missing directory, with a hint', async () => {
    const err = await errorOf(createOnnxEmbedder({ modelDir: join(home.dir, 'does-not-exist') }));
    expect(isSextantError(err) && err.code).toBe('MODEL_NOT_FOUND');
    expect((err as Error).message).toMatch(/does not exist/);
    expect(isSextantError(err) && err.hint).toMatch(/--model-path/);
  });

  it('is MODEL_NOT_FOUND naming the files a directory lacks', async () => {
    const dir = join(home.dir, 'incomplete');
    writeTinyOnnxModel(dir);
    rmSync(join(dir, 'onnx', 'model.onnx'));
    rmSync(join(dir, 'tokenizer.json'));
    const err = await errorOf(createOnnxEmbedder({ modelDir: dir }));
    expect(isSextantError(err) && err.code).toBe('MODEL_NOT_FOUND');
    expect((err as Error).message).toMatch(/tokenizer\.json/);
    expect((err as Error).message).toMatch(/model\.onnx/);
  });

  it('reports a broken model file on first use as EMBEDDER_UNAVAILABLE, not a crash', async () => {
    const dir = join(home.dir, 'broken');
    writeTinyOnnxModel(dir);
    writeFileSync(join(dir, 'onnx', 'model.onnx'), 'not a protobuf');
    const embedder = await createOnnxEmbedder({ modelDir: dir });
    const err = await errorOf(embedder.embed(['customer']));
    expect(isSextantError(err) && err.code).toBe('EMBEDDER_UNAVAILABLE');
  });

  it('loads onnxruntime only on the first embed, never on import or creation', async () => {
    const script = join(home.dir, 'lazy-check.mts');
    const entry = fileURLToPath(new URL('../../../src/adapters/embedder/onnx/index.ts', import.meta.url));
    writeFileSync(
      script,
      [
        `const runtimeLoaded = () => process.report.getReport().sharedObjects.some((s) => s.includes('onnxruntime'));`,
        `const { createOnnxEmbedder } = await import(${JSON.stringify(entry)});`,
        `const embedder = await createOnnxEmbedder({ modelDir: ${JSON.stringify(modelDir)} });`,
        `const beforeEmbed = runtimeLoaded();`,
        `await embedder.embed(['customer']);`,
        `console.log(JSON.stringify({ beforeEmbed, afterEmbed: runtimeLoaded() }));`,
      ].join('\n'),
    );
    const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, timeout: 30_000 });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ beforeEmbed: false, afterEmbed: true });
  });
});

describe('downloadOnnxModel', () => {
  /** A stand-in for the hub: serves the tiny model at /<owner>/<name>/resolve/main/<file>. */
  let hub: Server;
  let hubUrl: string;
  const requests: string[] = [];
  beforeAll(async () => {
    hub = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      const m = /^\/sextant-test\/tiny-encoder\/resolve\/main\/(.+)$/.exec(req.url ?? '');
      try {
        if (!m) throw new Error('unknown');
        res.end(readFileSync(join(modelDir, decodeURIComponent(m[1]!))));
      } catch {
        res.statusCode = 404;
        res.end('Entry not found');
      }
    });
    hubUrl = await listen(hub);
  });
  afterAll(() => new Promise<void>((resolve) => hub.close(() => resolve())));

  it('maps short names to hub ids and pooling', () => {
    expect(resolveOnnxModelName('bge-small-en-v1.5')).toMatchObject({ hubId: 'Xenova/bge-small-en-v1.5', pooling: 'cls' });
    expect(resolveOnnxModelName('all-minilm-l6-v2')).toMatchObject({ hubId: 'Xenova/all-MiniLM-L6-v2', pooling: 'mean' });
    expect(resolveOnnxModelName('someone/some-model')).toMatchObject({ hubId: 'someone/some-model' });
    let err: unknown;
    try {
      resolveOnnxModelName('no-such-model');
    } catch (e) {
      err = e;
    }
    expect(isSextantError(err) && err.code).toBe('MODEL_NOT_FOUND');
    expect(isSextantError(err) && err.hint).toMatch(/bge-small-en-v1\.5/);
  });

  it('downloads a model into <cacheDir>/<owner>/<name> that then loads offline', async () => {
    const cacheDir = join(home.dir, 'hub-cache');
    const model = await downloadOnnxModel('sextant-test/tiny-encoder', cacheDir, { remoteHost: hubUrl });
    expect(model.modelDir).toBe(join(cacheDir, 'sextant-test', 'tiny-encoder'));
    expect(requests.some((r) => r.endsWith('/onnx/model.onnx'))).toBe(true);
    const embedder = await createOnnxEmbedder(model);
    const [v] = await embedder.embed(['customer']);
    expect(v).toHaveLength(8);
    await embedder.close?.();

    // Already complete: no second request.
    const before = requests.length;
    await downloadOnnxModel('sextant-test/tiny-encoder', cacheDir, { remoteHost: hubUrl });
    expect(requests.length).toBe(before);
  });

  it('is MODEL_NOT_FOUND with the --model-path hint when the hub is unreachable', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const started = Date.now();
    const err = await errorOf(downloadOnnxModel('bge-small-en-v1.5', join(home.dir, 'offline'), { remoteHost: url, connectTimeoutMs: 2000 }));
    expect(isSextantError(err) && err.code).toBe('MODEL_NOT_FOUND');
    expect(isSextantError(err) && err.hint).toBe('download the model elsewhere and pass --model-path DIR');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('gives up on a hub that never answers after the connect timeout', async () => {
    const hanging = createServer(() => {
      /* never responds */
    });
    const url = await listen(hanging);
    try {
      const started = Date.now();
      const err = await errorOf(downloadOnnxModel('bge-small-en-v1.5', join(home.dir, 'hanging'), { remoteHost: url, connectTimeoutMs: 300 }));
      expect(isSextantError(err) && err.code).toBe('MODEL_NOT_FOUND');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('is MODEL_NOT_FOUND when the hub has no such model', async () => {
    const err = await errorOf(downloadOnnxModel('sextant-test/missing-model', join(home.dir, 'missing'), { remoteHost: hubUrl }));
    expect(isSextantError(err) && err.code).toBe('MODEL_NOT_FOUND');
  });
});

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`));
  });
}
