/**
 * @module adapters/embedder/onnx/onnx-embedder
 * Sentence embeddings from a local ONNX model directory (bge-small-en-v1.5, all-MiniLM-L6-v2, …)
 * through transformers.js' feature-extraction pipeline on onnxruntime-node, CPU only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { SextantError } from '../../../kernel/errors.js';
import { redactText } from '../../../kernel/redact.js';
import type { Embedder } from '../../../ports/embedder.js';
import { toUnitVector } from '../vector.js';
import { type FeatureExtractor, type Pooling, errorMessage, loadTransformers } from './transformers-runtime.js';

/** Files transformers.js needs to load a model offline. */
export const REQUIRED_MODEL_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', join('onnx', 'model.onnx')] as const;

export interface OnnxEmbedderOptions {
  /** Directory with config.json, tokenizer.json, tokenizer_config.json and onnx/model.onnx. */
  modelDir: string;
  /** Recorded in the index; default `onnx:<directory name>:<pooling>`. */
  modelId?: string;
  /** `mean` over tokens (MiniLM, most sentence-transformers) or the `cls` token (bge). Default mean. */
  pooling?: Pooling;
  /** Vectors are always L2-normalised; the option exists to make that explicit at call sites. */
  normalize?: true;
  /** Texts per forward pass (bounds padding waste and memory). Default 32. */
  batchSize?: number;
}

/**
 * Checks the directory and reads the dimension from config.json (`hidden_size`) without loading
 * the runtime; the model itself loads on the first `embed`. When the config names no size, the
 * model is loaded now and probed once.
 */
export async function createOnnxEmbedder(options: OnnxEmbedderOptions): Promise<Embedder> {
  const modelDir = resolve(options.modelDir);
  const missing = REQUIRED_MODEL_FILES.filter((file) => !existsSync(join(modelDir, file)));
  if (missing.length > 0) {
    const what = existsSync(modelDir) ? `is missing ${missing.join(', ')}` : 'does not exist';
    throw new SextantError('MODEL_NOT_FOUND', `ONNX model directory ${modelDir} ${what}`, {
      hint: `run sextant init --model bge-small-en-v1.5, or pass --model-path DIR containing ${REQUIRED_MODEL_FILES.join(', ')}`,
      details: { modelDir, missing },
    });
  }
  const pooling = options.pooling ?? 'mean';
  const embedder = new OnnxEmbedder({
    modelDir,
    modelId: options.modelId ?? `onnx:${basename(modelDir)}:${pooling}`,
    pooling,
    batchSize: Math.max(1, options.batchSize ?? 32),
    dimension: configuredDimension(modelDir),
  });
  if (embedder.dimension === 0) await embedder.probe();
  return embedder;
}

function configuredDimension(modelDir: string): number {
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(readFileSync(join(modelDir, 'config.json'), 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new SextantError('MODEL_NOT_FOUND', `ONNX model directory ${modelDir} has an unreadable config.json`, {
      hint: 'download the model again, or pass --model-path DIR of a complete model',
      cause: err,
    });
  }
  // hidden_size (BERT family), d_model (T5/MPNet variants), dim (DistilBERT), n_embd (GPT-2 style).
  for (const key of ['hidden_size', 'd_model', 'dim', 'n_embd']) {
    const value = config[key];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  }
  return 0;
}

function rowOf(data: ArrayLike<number>, start: number, end: number): ArrayLike<number> {
  return data instanceof Float32Array ? data.subarray(start, end) : Array.from({ length: end - start }, (_, i) => Number(data[start + i]));
}

interface OnnxEmbedderInit {
  modelDir: string;
  modelId: string;
  pooling: Pooling;
  batchSize: number;
  dimension: number;
}

class OnnxEmbedder implements Embedder {
  readonly modelId: string;
  private dim: number;
  private readonly init: OnnxEmbedderInit;
  private extractor: Promise<FeatureExtractor> | undefined;

  constructor(init: OnnxEmbedderInit) {
    this.init = init;
    this.modelId = init.modelId;
    this.dim = init.dimension;
  }

  get dimension(): number {
    return this.dim;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const extractor = await this.load();
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.init.batchSize) {
      const batch = texts.slice(start, start + this.init.batchSize);
      let result: Awaited<ReturnType<FeatureExtractor>>;
      try {
        result = await extractor(batch, { pooling: this.init.pooling, normalize: true });
      } catch (err) {
        throw new SextantError('EMBEDDER_UNAVAILABLE', `ONNX model ${this.modelId} failed to embed: ${redactText(errorMessage(err))}`, {
          hint: 'check that the model is a feature-extraction (encoder) model exported for transformers.js',
          cause: err,
        });
      }
      const width = result.dims[result.dims.length - 1] ?? 0;
      if (result.dims.length !== 2 || result.dims[0] !== batch.length) {
        throw new SextantError(
          'EMBEDDER_UNAVAILABLE',
          `ONNX model ${this.modelId} returned shape [${result.dims.join(', ')}], expected [${batch.length}, hidden]`,
        );
      }
      if (this.dim === 0) this.dim = width;
      if (width !== this.dim) {
        throw new SextantError('EMBEDDER_UNAVAILABLE', `ONNX model ${this.modelId} returns ${width}-dimensional vectors but config.json says ${this.dim}`, {
          hint: 'fix hidden_size in config.json of the model directory',
        });
      }
      const data = result.data;
      for (let row = 0; row < batch.length; row++) {
        out.push(toUnitVector(rowOf(data, row * width, (row + 1) * width), `ONNX model ${this.modelId}`));
      }
    }
    return out;
  }

  /** Loads the model and reads the output width from one forward pass. */
  async probe(): Promise<void> {
    await this.embed(['dimension probe']);
  }

  async close(): Promise<void> {
    const pending = this.extractor;
    this.extractor = undefined;
    if (pending) await (await pending.catch(() => undefined))?.dispose();
  }

  private load(): Promise<FeatureExtractor> {
    this.extractor ??= loadTransformers()
      .then((t) =>
        // An absolute path is never taken for a hub id, so this reads the directory and nothing else.
        t.pipeline('feature-extraction', this.init.modelDir, { local_files_only: true, dtype: 'fp32', device: 'cpu' }),
      )
      .catch((err: unknown) => {
        this.extractor = undefined;
        if (err instanceof SextantError) throw err;
        throw new SextantError('EMBEDDER_UNAVAILABLE', `ONNX model in ${this.init.modelDir} could not be loaded: ${redactText(errorMessage(err))}`, {
          hint: 'the directory needs an ONNX export for transformers.js (onnx/model.onnx plus tokenizer files)',
          cause: err,
        });
      });
    return this.extractor;
  }
}
