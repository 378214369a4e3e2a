/** @module adapters/llm/openai: the OpenAI-compatible chat model (Llm port). */
export { chatEndpoint, createOpenAiLlm, type OpenAiLlmOptions } from './openai-llm.js';
