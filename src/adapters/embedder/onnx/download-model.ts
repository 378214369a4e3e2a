/**
 * @module adapters/embedder/onnx/download-model
 * `sextant init --model NAME`: fetches an ONNX export from the Hugging Face hub into a local
 * directory that `createOnnxEmbedder` then loads offline. The only place remote loading is on.
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { SextantError } from '../../../kernel/errors.js';
import { redactText } from '../../../kernel/redact.js';
import { REQUIRED_MODEL_FILES } from './onnx-embedder.js';
import { type Pooling, errorMessage, loadTransformers } from './transformers-runtime.js';

export interface KnownOnnxModel {
  hubId: string;
  pooling: Pooling;
  dimension: number;
}

/** Short names accepted by `sextant init --model`; any `owner/name` hub id is accepted too (mean pooling). */
export const KNOWN_ONNX_MODELS: ReadonlyMap<string, KnownOnnxModel> = new Map([
  ['bge-small-en-v1.5', { hubId: 'Xenova/bge-small-en-v1.5', pooling: 'cls', dimension: 384 }],
  ['bge-base-en-v1.5', { hubId: 'Xenova/bge-base-en-v1.5', pooling: 'cls', dimension: 768 }],
  ['all-MiniLM-L6-v2', { hubId: 'Xenova/all-MiniLM-L6-v2', pooling: 'mean', dimension: 384 }],
  ['all-MiniLM-L12-v2', { hubId: 'Xenova/all-MiniLM-L12-v2', pooling: 'mean', dimension: 384 }],
  ['all-mpnet-base-v2', { hubId: 'Xenova/all-mpnet-base-v2', pooling: 'mean', dimension: 768 }],
  ['gte-small', { hubId: 'Xenova/gte-small', pooling: 'mean', dimension: 384 }],
  ['paraphrase-multilingual-MiniLM-L12-v2', { hubId: 'Xenova/paraphrase-multilingual-MiniLM-L12-v2', pooling: 'mean', dimension: 384 }],
  ['codebert-base', { hubId: 'Xenova/codebert-base', pooling: 'mean', dimension: 768 }],
]);

export interface DownloadOnnxOptions {
  /** Hub base URL; default https://huggingface.co/. */
  remoteHost?: string;
  /** Time allowed for each file's response to start (the body itself may take longer). Default 30 s. */
  connectTimeoutMs?: number;
  /** fetch implementation (proxies, tests); default the global fetch. */
  fetch?: typeof fetch;
  /** Per-file download progress. */
  onProgress?: (file: string, loaded: number, total: number) => void;
}

export interface DownloadedOnnxModel {
  name: string;
  hubId: string;
  /** Pass to `createOnnxEmbedder({ modelDir, pooling, modelId })`. */
  modelDir: string;
  modelId: string;
  pooling: Pooling;
}

/** Resolves a short name or a hub id; unknown short names are MODEL_NOT_FOUND with the list of known ones. */
export function resolveOnnxModelName(name: string): KnownOnnxModel {
  const known = KNOWN_ONNX_MODELS.get(name) ?? [...KNOWN_ONNX_MODELS].find(([short]) => short.toLowerCase() === name.toLowerCase())?.[1];
  if (known) return known;
  if (/^[\w.-]+\/[\w.-]+$/.test(name)) return { hubId: name, pooling: 'mean', dimension: 0 };
  throw new SextantError('MODEL_NOT_FOUND', `Unknown embedding model '${name}'`, {
    hint: `use one of ${[...KNOWN_ONNX_MODELS.keys()].join(', ')}, a hub id like Xenova/bge-small-en-v1.5, or --model-path DIR`,
  });
}

/** One download at a time: it switches transformers.js' process-wide settings while it runs. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Downloads `name` into `<cacheDir>/<owner>/<model>/` (config, tokenizer files, onnx/model.onnx)
 * unless it is already there. Unreachable hub or any failure: MODEL_NOT_FOUND.
 */
export function downloadOnnxModel(name: string, cacheDir: string, options: DownloadOnnxOptions = {}): Promise<DownloadedOnnxModel> {
  const run = queue.then(() => download(name, cacheDir, options));
  queue = run.catch(() => undefined);
  return run;
}

async function download(name: string, cacheDir: string, options: DownloadOnnxOptions): Promise<DownloadedOnnxModel> {
  const { hubId, pooling } = resolveOnnxModelName(name);
  const root = resolve(cacheDir);
  const modelDir = join(root, ...hubId.split('/'));
  const result: DownloadedOnnxModel = { name, hubId, modelDir, modelId: `onnx:${basename(modelDir)}:${pooling}`, pooling };
  if (isComplete(modelDir)) return result;

  const t = await loadTransformers();
  const saved = { allowRemoteModels: t.env.allowRemoteModels, remoteHost: t.env.remoteHost, fetch: t.env.fetch };
  const host = options.remoteHost ?? saved.remoteHost;
  t.env.allowRemoteModels = true;
  t.env.remoteHost = host.endsWith('/') ? host : `${host}/`;
  t.env.fetch = withConnectTimeout(options.fetch ?? saved.fetch ?? globalThis.fetch, options.connectTimeoutMs ?? 30_000);
  try {
    const extractor = await t.pipeline('feature-extraction', hubId, {
      cache_dir: root,
      dtype: 'fp32',
      device: 'cpu',
      progress_callback: (info: { status?: string; file?: string; loaded?: number; total?: number }) => {
        if (info.status === 'progress' && info.file) options.onProgress?.(info.file, info.loaded ?? 0, info.total ?? 0);
      },
    });
    await extractor.dispose();
  } catch (err) {
    throw new SextantError('MODEL_NOT_FOUND', `Could not download ${hubId} from ${redactText(t.env.remoteHost)}: ${redactText(errorMessage(err))}`, {
      hint: 'download the model elsewhere and pass --model-path DIR',
      details: { name, hubId, modelDir },
      cause: err,
    });
  } finally {
    Object.assign(t.env, saved);
  }
  if (!isComplete(modelDir)) {
    throw new SextantError('MODEL_NOT_FOUND', `Downloaded ${hubId} but ${modelDir} lacks ${REQUIRED_MODEL_FILES.join(', ')}`, {
      hint: 'download the model elsewhere and pass --model-path DIR',
      details: { name, hubId, modelDir },
    });
  }
  return result;
}

function isComplete(modelDir: string): boolean {
  return REQUIRED_MODEL_FILES.every((file) => existsSync(join(modelDir, file)));
}

/** Aborts a request whose response has not started within `ms` (an unreachable or hanging hub). */
function withConnectTimeout(base: typeof fetch, ms: number): typeof fetch {
  return async (input, init = {}) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`no response within ${ms} ms`)), ms);
    try {
      return await base(input, { ...init, signal: init.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal });
    } finally {
      clearTimeout(timer);
    }
  };
}
