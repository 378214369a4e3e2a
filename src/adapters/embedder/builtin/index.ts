/**
 * @module adapters/embedder/builtin
 * The default offline embedder: GloVe 100-d + SIF, from a compact binary cache built once.
 */
export { BUILTIN_MODEL_ID, BuiltinEmbedder, ensureBuiltinEmbedder, loadBuiltinEmbedder, openBuiltinEmbedderLazily } from './builtin-embedder.js';
export {
  type BuildOptions,
  type BuildPhase,
  type BuildProgressFn,
  type BuildResult,
  DEFAULT_MAX_WORDS,
  buildBuiltinCache,
  defaultSourcePath,
} from './build-cache.js';
export { CACHE_VERSION } from './cache-format.js';
export { EMBEDDER_ABBREVIATIONS, SCHEMA_ABBREVIATIONS, expandAbbreviation } from './abbreviations.js';
