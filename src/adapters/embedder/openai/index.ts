/**
 * @module adapters/embedder/openai
 * Embeddings from any OpenAI-compatible HTTP endpoint.
 */
export { type OpenAiEmbedderOptions, createOpenAiEmbedder, embeddingsEndpoint } from './openai-embedder.js';
export { isRetryableStatus, parseRetryAfter, retryDelayMs } from '../../../kernel/retry-policy.js';
