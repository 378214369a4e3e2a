/**
 * @module adapters/embedder/openai/openai-embedder
 * Any OpenAI-compatible `POST /v1/embeddings` endpoint (OpenAI, Ollama, LM Studio, vLLM):
 * batched, retried with backoff on 429/5xx/network errors, each attempt under a timeout.
 * The API key goes only into the Authorization header, never into a message.
 */
import { SextantError } from '../../../kernel/errors.js';
import { redactText } from '../../../kernel/redact.js';
import type { Embedder } from '../../../ports/embedder.js';
import { toUnitVector } from '../vector.js';
import { isRetryableStatus, retryDelayMs } from '../../../kernel/retry-policy.js';

export interface OpenAiEmbedderOptions {
  /** Server base URL, with or without a trailing `/v1` (`http://localhost:11434`, `https://api.openai.com/v1`). */
  url: string;
  model: string;
  apiKey?: string;
  /** Expected vector length; when omitted, read from one probe request at creation. */
  dimension?: number;
  /** Recorded in the index; default `openai:<model>`. */
  modelId?: string;
  /** Texts per request. Default 64. */
  batchSize?: number;
  /** Per attempt, including reading the body. Default 30 s. */
  timeoutMs?: number;
  /** Retries after the first attempt on 429, 5xx, network errors and timeouts. Default 3. */
  retries?: number;
  /** First backoff delay, doubled per retry unless the server sends Retry-After. Default 500 ms. */
  retryBaseMs?: number;
  /** Upper bound of any single wait, Retry-After included. Default 30 s. */
  maxRetryDelayMs?: number;
  /** fetch implementation (proxies); default the global fetch. */
  fetch?: typeof fetch;
}

interface Settings {
  endpoint: string;
  model: string;
  apiKey: string | undefined;
  batchSize: number;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  maxRetryDelayMs: number;
  fetch: typeof fetch;
}

/** `http://h/`, `http://h/v1`, `http://h/v1/embeddings` → `http://h/v1/embeddings`. */
export function embeddingsEndpoint(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SextantError('CONFIG_INVALID', `embeddings.url '${redactText(url)}' is not a URL`, {
      hint: 'use e.g. http://localhost:11434 or https://api.openai.com/v1',
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new SextantError('CONFIG_INVALID', `embeddings.url must be http(s), got ${parsed.protocol}`);
  }
  const path = parsed.pathname
    .replace(/\/+$/, '')
    .replace(/\/embeddings$/, '')
    .replace(/\/v1$/, '');
  parsed.pathname = `${path}/v1/embeddings`;
  return parsed.toString();
}

/** Creates the embedder; without `dimension` it sends one probe request to learn it. */
export async function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Promise<Embedder> {
  const settings: Settings = {
    endpoint: embeddingsEndpoint(options.url),
    model: options.model,
    apiKey: options.apiKey || undefined,
    batchSize: Math.max(1, options.batchSize ?? 64),
    timeoutMs: options.timeoutMs ?? 30_000,
    retries: Math.max(0, options.retries ?? 3),
    retryBaseMs: options.retryBaseMs ?? 500,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
    fetch: options.fetch ?? globalThis.fetch,
  };
  const embedder = new OpenAiEmbedder(settings, options.modelId ?? `openai:${options.model}`, options.dimension ?? 0);
  if (embedder.dimension === 0) await embedder.embed(['dimension probe']);
  return embedder;
}

class OpenAiEmbedder implements Embedder {
  readonly modelId: string;
  private dim: number;
  private readonly s: Settings;

  constructor(settings: Settings, modelId: string, dimension: number) {
    this.s = settings;
    this.modelId = modelId;
    this.dim = dimension;
  }

  get dimension(): number {
    return this.dim;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.s.batchSize) {
      const batch = texts.slice(start, start + this.s.batchSize);
      const vectors = await this.request(batch);
      for (const v of vectors) {
        if (this.dim === 0) this.dim = v.length;
        if (v.length !== this.dim) throw this.fail(`returned a ${v.length}-dimensional vector, expected ${this.dim}`);
        out.push(toUnitVector(v, `embeddings server (${this.s.model})`));
      }
    }
    return out;
  }

  /** One batch, with retries; returns raw vectors ordered like `batch`. */
  private async request(batch: readonly string[]): Promise<number[][]> {
    const body = JSON.stringify({ model: this.s.model, input: batch, encoding_format: 'float' });
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.s.apiKey) headers.authorization = `Bearer ${this.s.apiKey}`;
    let lastProblem = '';
    let lastStatus: number | undefined;
    for (let attempt = 0; ; attempt++) {
      let retryAfter: string | null = null;
      try {
        const response = await this.s.fetch(this.s.endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(this.s.timeoutMs) });
        const text = await response.text();
        if (response.ok) return this.parse(text, batch.length);
        lastProblem = `HTTP ${response.status}${serverMessage(text)}`;
        lastStatus = response.status;
        if (!isRetryableStatus(response.status)) throw this.fail(lastProblem, response.status);
        retryAfter = response.headers.get('retry-after');
      } catch (err) {
        if (err instanceof SextantError) throw err;
        lastProblem = isTimeout(err) ? `timed out after ${this.s.timeoutMs} ms` : `network error: ${describe(err)}`;
        lastStatus = undefined;
      }
      if (attempt >= this.s.retries) break;
      await sleep(retryDelayMs(attempt, retryAfter, this.s.retryBaseMs, this.s.maxRetryDelayMs));
    }
    throw this.fail(`${lastProblem} (after ${this.s.retries + 1} attempts)`, lastStatus);
  }

  private parse(text: string, expected: number): number[][] {
    let data: unknown;
    try {
      data = (JSON.parse(text) as { data?: unknown }).data;
    } catch {
      throw this.fail('answered with something that is not JSON');
    }
    if (!Array.isArray(data) || data.length !== expected) {
      throw this.fail(`returned ${Array.isArray(data) ? data.length : 'no'} embeddings for ${expected} inputs`);
    }
    const ordered: number[][] = new Array(expected);
    data.forEach((item: { index?: unknown; embedding?: unknown }, position) => {
      const index = typeof item?.index === 'number' ? item.index : position;
      const vector = decodeEmbedding(item?.embedding);
      if (!Number.isInteger(index) || index < 0 || index >= expected || ordered[index] || !vector) {
        throw this.fail(`returned an invalid embedding at position ${position}`);
      }
      ordered[index] = vector;
    });
    return ordered;
  }

  private fail(problem: string, status?: number): SextantError {
    const message = `Embeddings server ${redactText(this.s.endpoint)} (model ${this.s.model}) ${problem}`;
    const hint =
      status === 401 || status === 403
        ? 'check embeddings.api_key'
        : status === 404
          ? 'check embeddings.url and that the server serves embeddings.model'
          : 'check that the embeddings server is running and reachable, then retry';
    return new SextantError('UPSTREAM_FAILED', this.redact(message), { hint, details: status === undefined ? {} : { status } });
  }

  private redact(text: string): string {
    const once = redactText(text);
    return this.s.apiKey ? redactText(once, [this.s.apiKey]) : once;
  }
}

/** `embedding` as a number array, or a base64 string of little-endian float32 (encoding_format=base64). */
function decodeEmbedding(value: unknown): number[] | undefined {
  if (Array.isArray(value)) return value.every((x) => typeof x === 'number') ? (value as number[]) : undefined;
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length === 0 || bytes.length % 4 !== 0) return undefined;
    return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
  }
  return undefined;
}

/** `: <the server's error message>` from an OpenAI-style error body, short. */
function serverMessage(text: string): string {
  let message = text;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const inner = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof inner === 'string') message = inner;
  } catch {
    // not JSON: use the raw text
  }
  message = message.replace(/\s+/g, ' ').trim();
  if (!message) return '';
  return `: ${message.length > 200 ? `${message.slice(0, 200)}…` : message}`;
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || (err.name === 'AbortError' && String(err.message).includes('timeout')));
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return detail ? `${err.message} (${detail})` : err.message;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
