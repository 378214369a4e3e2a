import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readDocument } from './documents.js';

const servers: Server[] = [];

async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

describe('doc add URL (the REPL reads the document)', () => {
  it('reads a text document a server answers', async () => {
    const port = await listen((_req, res) => res.writeHead(200, { 'content-type': 'text/markdown' }).end('# Returns\nwithin 14 days'));
    expect(await readDocument(`http://127.0.0.1:${port}/notes/returns.md`, new AbortController().signal)).toEqual({
      name: 'returns.md',
      text: '# Returns\nwithin 14 days',
      mimeType: 'text/markdown',
    });
  });

  it('says which address refused the connection, not "fetch failed"', async () => {
    const port = await listen(() => undefined);
    await new Promise((resolve) => servers.pop()!.close(resolve)); // nothing listens there any more
    const url = `http://127.0.0.1:${port}/returns.md`;
    await expect(readDocument(url, new AbortController().signal)).rejects.toMatchObject({
      code: 'USAGE',
      message: `cannot fetch ${url}: connection refused`,
      hint: expect.stringMatching(/doc add FILE/),
    });
  });

  it('refuses a URL with a user name or password before any request, without repeating the password', async () => {
    let requests = 0;
    const port = await listen((_req, res) => {
      requests++;
      res.end('x');
    });
    const err = await readDocument(`http://ana:s3cret@127.0.0.1:${port}/x.md`, new AbortController().signal).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'USAGE', message: 'a URL with a user name or password is not fetched' });
    expect(JSON.stringify(err)).not.toContain('s3cret');
    expect(requests).toBe(0);
  });

  it('leaves a cancel (Ctrl-C) a cancel, for the shell to say so', async () => {
    const port = await listen(() => undefined); // never answers
    const controller = new AbortController();
    const reading = readDocument(`http://127.0.0.1:${port}/slow.md`, controller.signal);
    setTimeout(() => controller.abort(), 50);
    const err = await reading.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe('AbortError');
  });
});
