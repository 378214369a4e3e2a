/**
 * Test helper: a local HTTP server speaking the OpenAI chat-completions protocol
 * (`POST /v1/chat/completions`). `answer` decides each reply; every request is recorded.
 */
import { createServer, type IncomingMessage } from 'node:http';

export interface ChatRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: { model: string; messages: Array<{ role: string; content: string }>; temperature?: number; response_format?: { type: string } };
}

export type ChatAnswer = { status?: number; content?: string; raw?: string };

export interface ChatServer {
  url: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

export async function startChatServer(answer: (request: ChatRequest, n: number) => ChatAnswer): Promise<ChatServer> {
  const requests: ChatRequest[] = [];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (d) => (data += d));
    req.on('end', () => {
      const request: ChatRequest = { path: req.url ?? '', headers: req.headers, body: JSON.parse(data || '{}') };
      requests.push(request);
      const a = answer(request, requests.length);
      res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
      res.end(
        a.raw ??
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            model: request.body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: a.content ?? '' }, finish_reason: 'stop' }],
          }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
