/**
 * @module adapters/embedder/onnx
 * ONNX sentence-embedding models run locally with transformers.js; the runtime loads lazily.
 */
export { type OnnxEmbedderOptions, REQUIRED_MODEL_FILES, createOnnxEmbedder } from './onnx-embedder.js';
export {
  type DownloadOnnxOptions,
  type DownloadedOnnxModel,
  KNOWN_ONNX_MODELS,
  type KnownOnnxModel,
  downloadOnnxModel,
  resolveOnnxModelName,
} from './download-model.js';
export type { Pooling } from './transformers-runtime.js';
