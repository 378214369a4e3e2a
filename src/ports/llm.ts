/**
 * @module ports/llm
 * Optional chat model (OpenAI-compatible) used by explicit workflows such as glossary inference.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface Llm {
  readonly modelId: string;
  complete(messages: readonly ChatMessage[], options?: { json?: boolean }): Promise<string>;
}

/** Endpoint settings a command may pass to override the configured `llm.*` ones. */
export interface LlmSettings {
  url?: string;
  model?: string;
  apiKey?: string;
}
