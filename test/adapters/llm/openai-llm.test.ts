/**
 * The OpenAI-compatible chat model (Llm port) against a local chat-completions server: the
 * request it sends, JSON mode, retries on 5xx, a clear error on 4xx, the key never in a message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { chatEndpoint, createOpenAiLlm } from '../../../src/adapters/llm/openai/index.js';
import { SextantError } from '../../../src/kernel/errors.js';
import { startChatServer, type ChatServer } from '../../helpers/chat-server.js';

let server: ChatServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('OpenAI-compatible chat model', () => {
  it('normalises the endpoint', () => {
    expect(chatEndpoint('http://h:1')).toBe('http://h:1/v1/chat/completions');
    expect(chatEndpoint('http://h:1/v1/')).toBe('http://h:1/v1/chat/completions');
    expect(chatEndpoint('https://h/v1/chat/completions')).toBe('https://h/v1/chat/completions');
    expect(() => chatEndpoint('ftp://h')).toThrow(SextantError);
  });

  it('posts the messages at temperature 0, with JSON mode and the bearer key, and returns the content', async () => {
    server = await startChatServer(() => ({ content: '{"terms": []}' }));
    const llm = createOpenAiLlm({ url: server.url, model: 'tiny', apiKey: 'sk-test-secret' });
    expect(llm.modelId).toBe('openai:tiny');
    const out = await llm.complete(
      [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ],
      { json: true },
    );
    expect(out).toBe('{"terms": []}');
    const [request] = server.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-test-secret');
    expect(request!.body).toEqual({
      model: 'tiny',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ],
      temperature: 0,
      response_format: { type: 'json_object' },
    });
  });

  it('retries a 503 and fails clearly on a 401 without leaking the key', async () => {
    server = await startChatServer((_r, n) => (n === 1 ? { status: 503, raw: 'busy' } : { content: 'ok' }));
    expect(await createOpenAiLlm({ url: server.url, model: 'm', retryBaseMs: 1 }).complete([{ role: 'user', content: 'x' }])).toBe('ok');
    expect(server.requests).toHaveLength(2);
    await server.close();
    server = await startChatServer(() => ({ status: 401, raw: '{"error":"bad key sk-test-secret"}' }));
    const err = await createOpenAiLlm({ url: server.url, model: 'm', apiKey: 'sk-test-secret', retryBaseMs: 1 })
      .complete([{ role: 'user', content: 'x' }])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SextantError);
    expect((err as SextantError).code).toBe('UPSTREAM_FAILED');
    expect((err as SextantError).message).toMatch(/HTTP 401/);
    expect((err as SextantError).message).not.toContain('sk-test-secret');
    expect(server.requests).toHaveLength(1);
  });

  it('refuses an answer without content', async () => {
    server = await startChatServer(() => ({ raw: '{"choices": []}' }));
    await expect(createOpenAiLlm({ url: server.url, model: 'm' }).complete([{ role: 'user', content: 'x' }])).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
  });
});
