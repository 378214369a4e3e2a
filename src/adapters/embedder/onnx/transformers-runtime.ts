/**
 * @module adapters/embedder/onnx/transformers-runtime
 * Lazy access to `@huggingface/transformers` (and with it onnxruntime-node): imported on first
 * use only, so `sextant --help` and the other embedders never load the native runtime.
 * Declares only the slice of the library this adapter calls.
 */
import { SextantError } from '../../../kernel/errors.js';
import { redactText } from '../../../kernel/redact.js';

export type Pooling = 'mean' | 'cls';

/** A loaded feature-extraction pipeline: texts in, a [batch, hidden] tensor out. */
export interface FeatureExtractor {
  (texts: string[], options: { pooling: Pooling; normalize: boolean }): Promise<{ data: ArrayLike<number>; dims: readonly number[] }>;
  dispose(): Promise<void>;
}

export interface TransformersRuntime {
  env: {
    allowRemoteModels: boolean;
    allowLocalModels: boolean;
    remoteHost: string;
    fetch: typeof fetch;
  };
  pipeline(task: 'feature-extraction', model: string, options: Record<string, unknown>): Promise<FeatureExtractor>;
}

let runtime: Promise<TransformersRuntime> | undefined;

/** Imports transformers.js once, with remote model loading off (downloads switch it on explicitly). */
export function loadTransformers(): Promise<TransformersRuntime> {
  runtime ??= import('@huggingface/transformers').then(
    (mod) => {
      const t = mod as unknown as TransformersRuntime;
      t.env.allowRemoteModels = false;
      t.env.allowLocalModels = true;
      return t;
    },
    (err: unknown) => {
      runtime = undefined;
      throw new SextantError('EMBEDDER_UNAVAILABLE', `Could not load the ONNX runtime: ${redactText(errorMessage(err))}`, {
        hint: 'reinstall Sextant (needs @huggingface/transformers with onnxruntime-node), or use the builtin embedder',
        cause: err,
      });
    },
  );
  return runtime;
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}
