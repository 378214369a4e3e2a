/**
 * @module adapters/llm/openai/openai-llm
 * Any OpenAI-compatible `POST /v1/chat/completions` endpoint (OpenAI, Ollama, LM Studio, vLLM)
 * as the Llm port: temperature 0, optional JSON mode, retried with backoff on 429/5xx/network
 * errors, each attempt under a timeout. The API key goes only into the Authorization header.
 */
import { SextantError } from '../../../kernel/errors.js';
import { redactText, registerSecret } from '../../../kernel/redact.js';
import type { ChatMessage, Llm } from '../../../ports/llm.js';
import { isRetryableStatus, retryDelayMs } from '../../../kernel/retry-policy.js';

export interface OpenAiLlmOptions {
  /** Server base URL, with or without `/v1` or `/v1/chat/completions`. */
  url: string;
  model: string;
  apiKey?: string;
  /** Per attempt, including reading the body. Default 120 s (chat answers are slow). */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 2. */
  retries?: number;
  retryBaseMs?: number;
  fetch?: typeof fetch;
}

/** `http://h`, `http://h/v1`, `http://h/v1/chat/completions` → `http://h/v1/chat/completions`. */
export function chatEndpoint(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SextantError('CONFIG_INVALID', `llm.url '${redactText(url)}' is not a URL`, {
      hint: 'use e.g. http://localhost:11434 or https://api.openai.com/v1',
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new SextantError('CONFIG_INVALID', `llm.url must be http(s), got ${parsed.protocol}`);
  const path = parsed.pathname
    .replace(/\/+$/, '')
    .replace(/\/chat\/completions$/, '')
    .replace(/\/v1$/, '');
  parsed.pathname = `${path}/v1/chat/completions`;
  return parsed.toString();
}

interface ChatResponse {
  choices?: Array<{ message?: { content?: unknown } }>;
}

export function createOpenAiLlm(options: OpenAiLlmOptions): Llm {
  const endpoint = chatEndpoint(options.url);
  const apiKey = options.apiKey || undefined;
  if (apiKey) registerSecret(apiKey);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const retries = Math.max(0, options.retries ?? 2);
  const retryBaseMs = options.retryBaseMs ?? 500;
  const doFetch = options.fetch ?? globalThis.fetch;

  async function attempt(body: string): Promise<{ status: number; text: string; retryAfter: string | null }> {
    const response = await doFetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, text: await response.text(), retryAfter: response.headers.get('retry-after') };
  }

  return Object.freeze({
    modelId: `openai:${options.model}`,
    async complete(messages: readonly ChatMessage[], completeOptions: { json?: boolean } = {}): Promise<string> {
      const body = JSON.stringify({
        model: options.model,
        messages,
        temperature: 0,
        ...(completeOptions.json ? { response_format: { type: 'json_object' } } : {}),
      });
      let last = '';
      for (let i = 0; i <= retries; i++) {
        let result: { status: number; text: string; retryAfter: string | null };
        try {
          result = await attempt(body);
        } catch (err) {
          last = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (err as Error).message;
          if (i < retries) await sleep(retryDelayMs(i, null, retryBaseMs, 30_000));
          continue;
        }
        if (result.status >= 200 && result.status < 300) {
          let parsed: ChatResponse;
          try {
            parsed = JSON.parse(result.text) as ChatResponse;
          } catch {
            throw new SextantError('UPSTREAM_FAILED', `the chat endpoint answered with something that is not JSON`, {
              hint: 'check llm.url points to an OpenAI-compatible server',
            });
          }
          const content = parsed.choices?.[0]?.message?.content;
          if (typeof content !== 'string') throw new SextantError('UPSTREAM_FAILED', 'the chat endpoint answered without choices[0].message.content');
          return content;
        }
        last = `HTTP ${result.status}: ${result.text.slice(0, 300)}`;
        if (!isRetryableStatus(result.status)) break;
        if (i < retries) await sleep(retryDelayMs(i, result.retryAfter, retryBaseMs, 30_000));
      }
      throw new SextantError('UPSTREAM_FAILED', redactText(`chat completion failed at ${endpoint}: ${last}`), {
        hint: 'check llm.url, llm.model and llm.api_key, then retry',
      });
    },
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
