/**
 * Credentials never follow a redirect to another origin: a Hugr secret key and `--header-env`
 * headers reach only the origin they were configured for. Two real HTTP servers on loopback
 * (two ports: two origins); the first redirects, the second records what it receives.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialFetch } from '../../../../src/adapters/connector/graphql/credential-fetch.js';
import type { EndpointSettings } from '../../../../src/adapters/connector/graphql/endpoint.js';

const SECRET = 'hugr-secret-key-0042';
const HEADER_TOKEN = 'wiki-token-9931';
let front: Server;
let elsewhere: Server;
let frontUrl = '';
let elsewhereUrl = '';
const seenElsewhere: IncomingHttpHeaders[] = [];
const seenFront: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

beforeAll(async () => {
  elsewhere = createServer((req, res) => {
    seenElsewhere.push(req.headers);
    res.setHeader('content-type', 'application/json').end('{"data":{"ok":true}}');
  });
  elsewhereUrl = await listen(elsewhere);
  front = createServer((req, res) => {
    seenFront.push({ url: req.url ?? '', headers: req.headers });
    const redirects: Record<string, [number, string]> = { '/moved': [307, `${elsewhereUrl}/query`], '/old': [308, '/query'], '/loop': [307, '/loop'] };
    const redirect = redirects[req.url ?? ''];
    if (redirect) res.writeHead(redirect[0], { location: redirect[1] }).end();
    else res.setHeader('content-type', 'application/json').end('{"data":{"ok":true}}');
  });
  frontUrl = await listen(front);
});

afterAll(async () => {
  await new Promise((resolve) => front.close(resolve));
  await new Promise((resolve) => elsewhere.close(resolve));
});

const settings = (): EndpointSettings => ({
  queryUrl: `${frontUrl}/query`,
  ipcUrl: null,
  hugr: true,
  userTokenAs: 'bearer',
  secretKeyEnv: 'HUGR_SECRET',
  apiKeyHeader: 'x-hugr-api-key',
  headerEnvs: { 'x-wiki-token': 'WIKI_TOKEN' },
  allowAnonymous: false,
  timeoutMs: 5000,
});
const env = { HUGR_SECRET: SECRET, WIKI_TOKEN: HEADER_TOKEN };

describe('credentials and redirects', () => {
  it('refuses a redirect to another origin, naming it, and sends nothing there', async () => {
    const post = createCredentialFetch(settings(), env);
    await expect(post(`${frontUrl}/moved`, { body: '{"query":"{ ok }"}' }, { purpose: 'discovery' })).rejects.toThrow(
      new RegExp(`redirected to another origin \\(${elsewhereUrl.replace(/[.]/g, '\\.')}\\)`),
    );
    expect(seenElsewhere).toEqual([]);
    const user = await post(`${frontUrl}/moved`, { body: '{}' }, { purpose: 'execution', userToken: 'user-token-5555' }).catch((e: Error) => e);
    expect(user).toBeInstanceOf(Error);
    expect(seenElsewhere).toEqual([]);
  });

  it('follows a redirect within the origin with the same credential and body', async () => {
    const post = createCredentialFetch(settings(), env);
    const response = await post(`${frontUrl}/old`, { body: '{"query":"{ ok }"}' }, { purpose: 'discovery' });
    expect(response.status).toBe(200);
    const last = seenFront.at(-1)!;
    expect(last.url).toBe('/query');
    expect(last.headers['x-hugr-secret-key']).toBe(SECRET);
    expect(last.headers['x-wiki-token']).toBe(HEADER_TOKEN);
  });

  it('stops a redirect loop', async () => {
    const post = createCredentialFetch(settings(), env);
    await expect(post(`${frontUrl}/loop`, { body: '{}' }, { purpose: 'discovery' })).rejects.toThrow(/redirected more than 5 times/);
  });
});
