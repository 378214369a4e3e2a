/**
 * @module adapters/embedder/builtin/builtin-embedder
 * The default, offline embedder: SIF sentence vectors over compacted GloVe 100-d word vectors.
 */
import { open, readFile } from 'node:fs/promises';
import { SextantError, isSextantError } from '../../../kernel/errors.js';
import type { Embedder } from '../../../ports/embedder.js';
import { type BuildOptions, type BuildProgressFn, buildBuiltinCache } from './build-cache.js';
import { tryBuildLock, waitForBuildLock } from './build-lock.js';
import { CACHE_HEADER_BYTES, decodeCache, headerDimension } from './cache-format.js';
import { GloveSif } from './glove-sif.js';

export const BUILTIN_MODEL_ID = 'builtin-glove100-sif-v1';

/** Texts embedded between yields to the event loop, so a large batch does not stall a server. */
const YIELD_EVERY = 2048;

export class BuiltinEmbedder implements Embedder {
  readonly modelId = BUILTIN_MODEL_ID;
  readonly dimension: number;
  private readonly sif: GloveSif;

  constructor(sif: GloveSif) {
    this.sif = sif;
    this.dimension = sif.dimension;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = new Array(texts.length);
    for (let i = 0; i < texts.length; i++) {
      if (i > 0 && i % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      out[i] = this.sif.embed(texts[i]!);
    }
    return out;
  }

  /** Synchronous single-text form, for callers that embed in a tight loop. */
  embedOne(text: string): Float32Array {
    return this.sif.embed(text);
  }
}

/** Loads the binary cache written by `buildBuiltinCache`. Missing: MODEL_NOT_FOUND; damaged or foreign: INDEX_CORRUPT. */
export async function loadBuiltinEmbedder(cachePath: string): Promise<BuiltinEmbedder> {
  let bytes: Buffer;
  try {
    bytes = await readFile(cachePath);
  } catch (err) {
    throw new SextantError('MODEL_NOT_FOUND', `Builtin embedding cache not found at ${cachePath}`, {
      hint: 'run sextant init to compact the bundled word vectors (once, about 10 s)',
      details: { path: cachePath },
      cause: err,
    });
  }
  return new BuiltinEmbedder(new GloveSif(decodeCache(bytes, cachePath)));
}

/**
 * Loads the cache, building it first when it is missing or unusable (e.g. written by another
 * version). When another process is building it at the same moment, waits for that build and
 * loads its file rather than building it again.
 */
export async function ensureBuiltinEmbedder(cachePath: string, onProgress?: BuildProgressFn, options: BuildOptions = {}): Promise<BuiltinEmbedder> {
  for (;;) {
    const loaded = await loadIfUsable(cachePath);
    if (loaded) return loaded;
    const lock = tryBuildLock(cachePath);
    if (!lock) {
      await waitForBuildLock(cachePath);
      continue;
    }
    try {
      // a build that ended between the load above and taking the lock left a usable file
      const built = await loadIfUsable(cachePath);
      if (built) return built;
      await buildBuiltinCache(
        cachePath,
        (done, total, phase) => {
          lock.touch();
          onProgress?.(done, total, phase);
        },
        options,
      );
    } finally {
      lock.release();
    }
    return loadBuiltinEmbedder(cachePath);
  }
}

/** The dimension of the cache at `cachePath`, read from its header; null when it is missing or not a whole cache of this version. */
async function cachedDimension(cachePath: string): Promise<number | null> {
  const file = await open(cachePath, 'r').catch(() => null);
  if (!file) return null;
  try {
    const header = Buffer.alloc(CACHE_HEADER_BYTES);
    const { bytesRead } = await file.read(header, 0, CACHE_HEADER_BYTES, 0);
    return headerDimension(header.subarray(0, bytesRead), (await file.stat()).size);
  } finally {
    await file.close();
  }
}

/**
 * The builtin embedder, its word vectors read only when a text is first embedded: an update that
 * embeds nothing never reads the cache. Its model and dimension come from the cache's header; a
 * cache that is missing or not of this version is built (or waited for) at once, as
 * ensureBuiltinEmbedder does. A cache found damaged at the first embedding is built again then.
 */
export async function openBuiltinEmbedderLazily(cachePath: string, onProgress?: BuildProgressFn): Promise<Embedder> {
  const dimension = await cachedDimension(cachePath);
  if (dimension === null) return ensureBuiltinEmbedder(cachePath, onProgress);
  let loading: Promise<BuiltinEmbedder> | null = null;
  const loaded = () =>
    (loading ??= ensureBuiltinEmbedder(cachePath, onProgress).catch((err: unknown) => {
      loading = null;
      throw err;
    }));
  return {
    modelId: BUILTIN_MODEL_ID,
    dimension,
    async embed(texts) {
      const embedder = await loaded();
      if (embedder.dimension !== dimension)
        throw new SextantError(
          'INDEX_CORRUPT',
          `Builtin embedding cache ${cachePath} changed from ${dimension} to ${embedder.dimension} dimensions while in use`,
          {
            hint: 'run the command again',
          },
        );
      return embedder.embed(texts);
    },
  };
}

/** The embedder, or null when the cache is missing or unusable; other errors are thrown. */
async function loadIfUsable(cachePath: string): Promise<BuiltinEmbedder | null> {
  try {
    return await loadBuiltinEmbedder(cachePath);
  } catch (err) {
    if (!isSextantError(err) || (err.code !== 'MODEL_NOT_FOUND' && err.code !== 'INDEX_CORRUPT')) throw err;
    return null;
  }
}
