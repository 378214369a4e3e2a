/**
 * The http(s) transport against real node:http servers on loopback: content type and name,
 * redirects (followed, capped, loops named, headers kept to the origin), 404 / 500, timeouts, the
 * size cap while streaming, header credentials from environment variables, and a forward proxy
 * taken from HTTP_PROXY unless NO_PROXY says otherwise.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDocument, httpName, listDocuments } from '../../../../src/adapters/documents/transport/index.js';
import { redactText } from '../../../../src/kernel/redact.js';

const TOKEN = 'Bearer wiki-token-1234';
const LARGE = 1024 * 1024;

let site: Server;
let other: Server;
let proxy: Server;
let base: string;
let otherBase: string;
let proxyUrl: string;
const otherSaw: (string | undefined)[] = [];
const proxied: string[] = [];
const timers = new Set<NodeJS.Timeout>();

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  const redirect = (to: string, status = 302) => res.writeHead(status, { location: to }).end();
  if (path === '/docs/start.html' || path === '/docs/start.html?v=2') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'last-modified': 'Wed, 21 Oct 2026 07:28:00 GMT' }).end('<h1>Start</h1>');
  } else if (path === '/docs/') res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Index</h1>');
  else if (path === '/docs/moved') redirect('/docs/hop', 301);
  else if (path === '/docs/hop') redirect('start.html', 307);
  else if (path === '/loop-a') redirect('/loop-b');
  else if (path === '/loop-b') redirect(`${base}/loop-a`);
  else if (path.startsWith('/chain/')) redirect(`/chain/${Number(path.slice(7)) + 1}`);
  else if (path === '/to-other') redirect(`${otherBase}/echo`);
  else if (path === '/to-ftp') redirect('ftp://example.org/a.txt');
  else if (path === '/broken') res.writeHead(500).end('boom');
  else if (path === '/private') {
    if (req.headers.authorization === TOKEN) res.writeHead(200, { 'content-type': 'text/markdown' }).end('# Private');
    else res.writeHead(req.headers.authorization ? 403 : 401).end();
  } else if (path === '/private/to-other') {
    if (req.headers.authorization === TOKEN) redirect(`${otherBase}/echo`);
    else res.writeHead(401).end();
  } else if (path === '/slow') {
    timers.add(setTimeout(() => res.writeHead(200).end('late'), 3000));
  } else if (path === '/slow-body') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('first part…');
    timers.add(setTimeout(() => res.end('rest'), 3000));
  } else if (path === '/large') {
    // Chunked, no Content-Length: the cap must hold while streaming.
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    const pump = () => {
      while (sent < LARGE) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  } else if (path === '/large-declared') {
    res.writeHead(200, { 'content-length': String(LARGE) }).end(Buffer.alloc(LARGE));
  } else res.writeHead(404).end('no');
}

const listen = (server: Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

beforeAll(async () => {
  site = createServer(route);
  other = createServer((req, res) => {
    otherSaw.push(req.headers.authorization);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('elsewhere');
  });
  // A forward proxy: CONNECT tunnels (what undici's ProxyAgent opens) and absolute-form requests.
  proxy = createServer((req, res) => {
    proxied.push(req.url ?? '');
    const target = new URL(req.url ?? '');
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  proxy.on('connect', (req, socket, head) => {
    proxied.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host!, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  [base, otherBase, proxyUrl] = await Promise.all([listen(site), listen(other), listen(proxy)]);
});

afterAll(async () => {
  for (const timer of timers) clearTimeout(timer);
  await Promise.all([site, other, proxy].map((s) => new Promise((resolve) => s.close(resolve).closeAllConnections())));
});

const fetchUrl = (url: string, options: Parameters<typeof fetchDocument>[2] = {}, root = url) =>
  fetchDocument({ url: root }, { name: '', origin: url }, options);
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('http transport', () => {
  it('lists a URL as itself and fetches it with a bare content type, name and date', async () => {
    const location = { url: `${base}/docs/start.html#top` };
    const entries = await listDocuments(location);
    expect(entries).toEqual([{ name: 'start.html', origin: `${base}/docs/start.html` }]);
    const doc = await fetchDocument(location, entries[0]!);
    expect(text(doc.bytes)).toBe('<h1>Start</h1>');
    expect(doc).toMatchObject({ name: 'start.html', contentType: 'text/html', origin: `${base}/docs/start.html`, modifiedAt: '2026-10-21T07:28:00.000Z' });
  });

  it('names documents relative to the location', () => {
    expect(httpName('https://wiki/docs/start.html', 'https://wiki/docs/guides/a.html')).toBe('guides/a.html');
    expect(httpName('https://wiki/docs/', 'https://wiki/docs/')).toBe('index.html');
    expect(httpName('https://wiki/docs/start.html', 'https://wiki/about.html')).toBe('/about.html');
    expect(httpName('https://wiki/docs/start.html', 'https://other.example/a.html')).toBe('//other.example/a.html');
    expect(httpName('https://wiki/docs/', 'https://wiki/docs/page?id=2#x')).toBe('page?id=2');
    expect(httpName('https://wiki/docs/', 'https://wiki/docs/a%20b.md')).toBe('a b.md');
    // a credential in the query is masked in the name as in output, wherever it comes from; a paging token is kept in both
    expect(httpName('https://wiki/docs/', 'https://wiki/docs/a.html?access_token=tok123&x=1')).toBe('a.html?access_token=***&x=1');
    expect(httpName('https://wiki/docs/?pageToken=p1', 'https://wiki/docs/?pageToken=p1')).toBe('index.html?pageToken=p1');
    for (const url of [
      'https://wiki/docs/list?pageToken=p2',
      'https://wiki/docs/a.pdf?X-Amz-Signature=ab12&X-Amz-Expires=60',
      'https://wiki/docs/b?sig=Zx%2Bq&sv=1',
    ]) {
      const name = httpName('https://wiki/docs/?pageToken=p1&access_token=root-tok', url);
      expect(redactText(name)).toBe(name);
    }
  });

  it('follows redirects, relative and absolute, and reports the final URL', async () => {
    const doc = await fetchUrl(`${base}/docs/moved`);
    expect(text(doc.bytes)).toBe('<h1>Start</h1>');
    expect(doc.origin).toBe(`${base}/docs/start.html`);
    expect(doc.name).toBe('start.html');
  });

  it('names a redirect loop as such', async () => {
    const err = await fetchUrl(`${base}/loop-a`).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'UPSTREAM_FAILED' });
    expect((err as Error).message).toBe(`${base}/loop-a: redirect loop: ${base}/loop-a → ${base}/loop-b → ${base}/loop-a`);
  });

  it('stops after 5 redirects', async () => {
    await expect(fetchUrl(`${base}/chain/0`)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/more than 5 redirects \(last to .*\/chain\/6\)/),
    });
    await expect(fetchUrl(`${base}/to-ftp`)).rejects.toMatchObject({ message: expect.stringContaining('not http(s)') });
  });

  it('maps 404 and 500', async () => {
    await expect(fetchUrl(`${base}/missing.html`)).rejects.toMatchObject({
      code: 'OBJECT_NOT_FOUND',
      message: `${base}/missing.html: HTTP 404, no document there`,
    });
    await expect(fetchUrl(`${base}/broken`)).rejects.toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('HTTP 500') });
  });

  it('gives up on a slow answer, before the headers or in the body', async () => {
    const started = Date.now();
    await expect(fetchUrl(`${base}/slow`, { limits: { timeoutMs: 300 } })).rejects.toMatchObject({
      code: 'SOURCE_UNREACHABLE',
      message: `${base}/slow: no answer within 0.3 s`,
    });
    await expect(fetchUrl(`${base}/slow-body`, { limits: { timeoutMs: 300 } })).rejects.toMatchObject({ code: 'SOURCE_UNREACHABLE' });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('stops when the caller cancels', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(fetchUrl(`${base}/slow`, { signal: controller.signal })).rejects.toMatchObject({
      code: 'INTERRUPTED',
      message: `${base}/slow: the request was cancelled`,
    });
  });

  it('enforces the size cap while streaming and from Content-Length', async () => {
    await expect(fetchUrl(`${base}/large`, { limits: { maxBytes: 100_000 } })).rejects.toMatchObject({
      code: 'DOCUMENT_UNREADABLE',
      message: `${base}/large is larger than the 100000 bytes document size cap`,
    });
    await expect(fetchUrl(`${base}/large-declared`, { limits: { maxBytes: 100_000 } })).rejects.toMatchObject({
      code: 'DOCUMENT_UNREADABLE',
      message: expect.stringContaining('is 1 MB, over the 100000 bytes'),
    });
    expect((await fetchUrl(`${base}/large`, { limits: { maxBytes: 2 * LARGE } })).bytes.byteLength).toBe(LARGE);
  });

  it('sends headers from environment variables, and maps wrong or missing ones', async () => {
    const headerEnvs = { Authorization: 'WIKI_AUTH' };
    const doc = await fetchUrl(`${base}/private`, { headerEnvs, env: { WIKI_AUTH: TOKEN } });
    expect(text(doc.bytes)).toBe('# Private');
    expect(doc.contentType).toBe('text/markdown');
    await expect(fetchUrl(`${base}/private`)).rejects.toMatchObject({ code: 'AUTH_FAILED', message: `${base}/private: HTTP 401` });
    const wrong = await fetchUrl(`${base}/private`, { headerEnvs, env: { WIKI_AUTH: 'Bearer wrong-token-999' } }).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'AUTH_FAILED', message: `${base}/private: HTTP 403` });
    await expect(fetchUrl(`${base}/private`, { headerEnvs, env: {} })).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      message: 'environment variable WIKI_AUTH (header Authorization) is not set',
    });
    await expect(fetchUrl(`${base}/private`, { headerEnvs: { 'Bad Header': 'X' }, env: { X: 'y' } })).rejects.toMatchObject({ code: 'USAGE' });
  });

  it('never sends the headers to another origin, and can refuse to go there', async () => {
    otherSaw.length = 0;
    const options = { headerEnvs: { Authorization: 'WIKI_AUTH' }, env: { WIKI_AUTH: TOKEN } };
    const doc = await fetchUrl(`${base}/private/to-other`, options);
    expect(text(doc.bytes)).toBe('elsewhere');
    expect(doc.origin).toBe(`${otherBase}/echo`);
    expect(otherSaw).toEqual([undefined]);
    await expect(fetchUrl(`${base}/to-other`, { sameOriginOnly: true })).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('another origin'),
    });
  });

  it('refuses credentials written into the URL', async () => {
    const err = await listDocuments({ url: 'https://alice:pa55word@wiki.example/start.html' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'USAGE' });
    expect((err as Error).message).not.toContain('pa55word');
  });

  it('reports an unreachable host', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    await expect(fetchUrl(`${url}/a.html`)).rejects.toMatchObject({ code: 'SOURCE_UNREACHABLE', message: `${url}/a.html: connection refused` });
  });

  it('goes through HTTP_PROXY unless NO_PROXY names the host', async () => {
    proxied.length = 0;
    const viaProxy = await fetchUrl(`${base}/docs/start.html`, { env: { HTTP_PROXY: proxyUrl } });
    expect(text(viaProxy.bytes)).toBe('<h1>Start</h1>');
    expect(proxied).toHaveLength(1);
    expect(proxied[0]).toContain(new URL(base).port);
    proxied.length = 0;
    await fetchUrl(`${base}/docs/start.html?v=2`, { env: { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' } });
    expect(proxied).toEqual([]);
  });
});
