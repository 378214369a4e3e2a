/**
 * HTTP security: bearer auth with static tokens and OIDC JWTs (signed here with jose, verified
 * against a JWKS served by a local HTTP server), project limits (403), session ownership,
 * non-loopback refusal without auth, Origin/Host checks, the body limit and the rate limit.
 * Error bodies never echo the credential.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcOptions } from '../../src/core/auth/oidc.js';
import { call, connectHttp, OTHER_SOURCE, prepareCatalog, SOURCE, startInProcess, type Catalog, type InProcessServer } from './fixture.js';

const ISSUER = 'https://issuer.test';
const AUDIENCE = 'sextant-api';

let catalog: Catalog;
let server: InProcessServer;
let jwks: Server;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
let oidc: OidcOptions;
let allToken: string;
let devToken: string;
const clients: Client[] = [];

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

function post(url: string, headers: Record<string, string> = {}, body: unknown = INIT): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function jwt(
  claims: Record<string, unknown>,
  options: { key?: CryptoKey; audience?: string; expiresAt?: number; subject?: string; issuedAt?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: options.key === otherKey ? 'other' : 'k1' })
    .setIssuer(ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setSubject(options.subject ?? 'alice')
    .setIssuedAt(options.issuedAt ?? now - 10)
    .setExpirationTime(options.expiresAt ?? now + 300)
    .sign(options.key ?? signingKey);
}

async function connectAs(url: string, token: string): Promise<Client> {
  const client = await connectHttp(url, { Authorization: `Bearer ${token}` });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  catalog = await prepareCatalog();
  const keys = await generateKeyPair('RS256');
  signingKey = keys.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  oidc = {
    issuer: ISSUER,
    audience: AUDIENCE,
    jwksUrl: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
    clockSkewSeconds: 30,
    rolesClaim: 'roles',
    projectsClaim: 'projects',
  };
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await server?.close();
  await new Promise((r) => jwks?.close(r));
  await catalog?.cleanup();
});

describe('binding', () => {
  it('refuses a non-loopback address while no auth is configured', async () => {
    await expect(startInProcess(catalog, { host: '0.0.0.0' })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('without authentication'),
    });
  });

  it('creates tokens, then serves (the rest of this file) with auth required on loopback too', async () => {
    const engine = await catalog.engine();
    try {
      await engine.projects.create('dev');
      allToken = (await engine.tokens.create({ name: 'laptop', roles: ['admin'] })).token;
      devToken = (await engine.tokens.create({ name: 'ci', projects: ['dev'] })).token;
    } finally {
      await engine.close();
    }
    server = await startInProcess(catalog, { oidc });
    const open = await startInProcess(catalog, { host: '0.0.0.0' });
    await open.close();
  });
});

describe('static tokens', () => {
  it('401 without a token, with a bad one, or with a revoked one; never echoing it', async () => {
    const none = await post(server.url);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const bogus = 'sxt_thisisnotarealtokenbutlookslikeone1234567';
    const bad = await post(server.url, { Authorization: `Bearer ${bogus}` });
    expect(bad.status).toBe(401);
    const body = await bad.text();
    expect(body).not.toContain(bogus);
    expect(body).toContain('unknown or revoked token');
    const basic = await post(server.url, { Authorization: 'Basic dXNlcjpwYXNz' });
    expect(basic.status).toBe(401);
    const revoked = await server.engine.tokens.create({ name: 'short-lived' });
    expect((await post(server.url, { Authorization: `Bearer ${revoked.token}` })).status).toBe(200);
    await server.engine.tokens.revoke('short-lived');
    expect((await post(server.url, { Authorization: `Bearer ${revoked.token}` })).status).toBe(401);
  });

  it('a valid token reaches the core as the request user', async () => {
    const client = await connectAs(server.url, allToken);
    const status = await call(client, 'status');
    expect(status.data.user).toBe('laptop');
    expect(status.data.session.available_projects).toEqual(['default', 'dev']);
    const log = (await import('node:fs')).readFileSync(server.logFile, 'utf8');
    expect(log).toContain('"user":"laptop"');
    expect(log).not.toContain(allToken);
  });

  it("403 on a project outside the token's projects; its own project works", async () => {
    const res = await post(server.url, { Authorization: `Bearer ${devToken}` });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain(devToken);
    const dev = await connectAs(`${server.url}/dev`, devToken);
    expect((await call(dev, 'status')).data.session.project).toBe('dev');
    const widen = await call(dev, 'set_active_projects', { projects: ['default'] });
    expect(widen.isError).toBe(true);
    expect(widen.data.error.code).toBe('FORBIDDEN');
    // whether another project exists is not this credential's to learn (issue 11 §8)
    const missing = await post(`${server.url}/nosuchproject`, { Authorization: `Bearer ${devToken}` });
    expect(missing.status).toBe(403);
    expect(await missing.text()).toContain("this credential may not use project 'nosuchproject'");
    const unknown = await call(dev, 'set_active_projects', { projects: ['nosuchproject'] });
    expect(unknown.data.error.code).toBe('FORBIDDEN');
    expect(unknown.text).not.toContain('default');
  });

  it("another credential cannot use a session's id", async () => {
    const owner = await connectAs(`${server.url}/dev`, allToken);
    await call(owner, 'status');
    const sessionId = (owner.transport as unknown as { sessionId: string }).sessionId;
    const hijack = await post(
      `${server.url}/dev`,
      { Authorization: `Bearer ${devToken}`, 'Mcp-Session-Id': sessionId },
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
    );
    expect(hijack.status).toBe(404);
  });
});

describe('OIDC JWTs', () => {
  it('accepts a valid token: subject, roles and projects claim reach the core', async () => {
    const client = await connectAs(server.url, await jwt({ roles: ['analyst'] }));
    expect((await call(client, 'status')).data.user).toBe('alice');
    const limited = await jwt({ projects: ['dev'] }, { subject: 'bob' });
    expect((await post(server.url, { Authorization: `Bearer ${limited}` })).status).toBe(403);
    const dev = await connectAs(`${server.url}/dev`, limited);
    expect((await call(dev, 'status')).data.user).toBe('bob');
  });

  it('401 for an expired token, the wrong audience, a foreign signing key, or one issued in the future, saying which', async () => {
    const expired = await post(server.url, { Authorization: `Bearer ${await jwt({}, { expiresAt: Math.floor(Date.now() / 1000) - 120 })}` });
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: { message: string } }).error.message).toContain('expired');
    const audience = await post(server.url, { Authorization: `Bearer ${await jwt({}, { audience: 'someone-else' })}` });
    expect(audience.status).toBe(401);
    expect(((await audience.json()) as { error: { message: string } }).error.message).toContain('audience');
    const foreign = await post(server.url, { Authorization: `Bearer ${await jwt({}, { key: otherKey })}` });
    expect(foreign.status).toBe(401);
    const withinSkew = await post(server.url, { Authorization: `Bearer ${await jwt({}, { expiresAt: Math.floor(Date.now() / 1000) - 5 })}` });
    expect(withinSkew.status).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    const future = await post(server.url, { Authorization: `Bearer ${await jwt({}, { issuedAt: now + 3600, expiresAt: now + 7200 })}` });
    expect(future.status).toBe(401);
    expect(((await future.json()) as { error: { message: string } }).error.message).toContain('issued in the future');
    expect((await post(server.url, { Authorization: `Bearer ${await jwt({}, { issuedAt: now + 20 })}` })).status).toBe(200);
  });
});

describe('roles and projects of the credential on each request (issue 11 §3, §6)', () => {
  const LEDGER_OBJECT = `${OTHER_SOURCE}:table:billing.invoices`;
  const listed = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);

  beforeAll(async () => {
    await server.engine.projects.create('shop', { sources: [SOURCE], developerTools: true });
    await server.engine.projects.create('books', { sources: [OTHER_SOURCE] });
  });

  it('maps the OIDC roles claim to reader, editor, admin (case-insensitive; unknown names count for nothing)', async () => {
    const editor = await connectAs(`${server.url}/shop`, await jwt({ roles: ['Editor', 'analyst'] }));
    expect((await call(editor, 'status')).data.role).toBe('editor');
    expect(await listed(editor)).toContain('create_glossary_term');
    const analyst = await connectAs(`${server.url}/shop`, await jwt({ roles: 'analyst viewer' }, { subject: 'dora' }));
    expect((await call(analyst, 'status')).data.role).toBe('reader');
    expect(await listed(analyst)).not.toContain('create_glossary_term');
    expect((await call(analyst, 'delete_glossary_term', { term: 'x' })).data.error.code).toBe('FORBIDDEN');
  });

  it('a narrower JWT of the same subject narrows the session it presents itself to', async () => {
    const headers = { Authorization: `Bearer ${await jwt({ projects: ['shop', 'books'] }, { subject: 'carol' })}` };
    const client = await connectHttp(`${server.url}/shop`, headers);
    clients.push(client);
    await call(client, 'set_active_projects', { projects: ['books'] });
    expect((await call(client, 'get', { object: LEDGER_OBJECT })).isError).toBe(false);
    headers.Authorization = `Bearer ${await jwt({ projects: ['shop'] }, { subject: 'carol' })}`;
    const refused = await call(client, 'get', { object: LEDGER_OBJECT });
    expect(refused.data.error.code).toBe('FORBIDDEN');
    expect((await call(client, 'status')).data.session.active_projects).toEqual(['shop']);
    expect((await call(client, 'list_sources')).data.sources.map((s: { name: string }) => s.name)).toEqual([SOURCE]);
  });

  it('a token re-created under the same name with a weaker role loses the write tools in the open session', async () => {
    const headers = { Authorization: `Bearer ${(await server.engine.tokens.create({ name: 'rotating', roles: ['editor'] })).token}` };
    const client = await connectHttp(`${server.url}/shop`, headers);
    clients.push(client);
    expect(await listed(client)).toContain('create_glossary_term');
    await server.engine.tokens.revoke('rotating');
    headers.Authorization = `Bearer ${(await server.engine.tokens.create({ name: 'rotating', roles: ['reader'] })).token}`;
    expect(await listed(client)).not.toContain('create_glossary_term');
    expect((await call(client, 'create_glossary_term', { term: 'x', definition: 'x', defining_sql: 'SELECT 1' })).data.error.code).toBe('FORBIDDEN');
  });
});

describe('request guards', () => {
  const auth = () => ({ Authorization: `Bearer ${allToken}` });

  it('rejects browser Origins not on the allow-list and foreign Host names (DNS rebinding)', async () => {
    const evil = await post(server.url, { ...auth(), Origin: 'http://evil.example' });
    expect(evil.status).toBe(403);
    expect((await post(server.url, { ...auth(), Origin: 'null' })).status).toBe(403);
    expect((await post(server.url, { ...auth(), Origin: server.base })).status).toBe(200);
    // the host checks Origin before the guards authenticate: no credential, bad Origin → 403, not 401
    expect((await post(server.url, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await post(server.url, { Origin: server.base })).status).toBe(401);
    expect((await post(`${server.base}/nowhere`, { Origin: 'http://evil.example' })).status).toBe(403);
    // fetch will not send a Host header of our choosing: node:http does
    const port = new URL(server.url).port;
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request(server.url, { method: 'POST', headers: { ...auth(), Host: `evil.example:${port}`, 'Content-Type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify(INIT));
    });
    expect(rebound).toBe(403);
    const allowed = await startInProcess(catalog, { allowedOrigins: ['https://app.example'] });
    try {
      const ok = await post(allowed.url, { ...auth(), Origin: 'https://app.example' });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
    } finally {
      await allowed.close();
    }
  });

  it('413 for a body over 1 MB', async () => {
    const big = JSON.stringify({ ...INIT, params: { ...INIT.params, padding: 'x'.repeat(1024 * 1024) } });
    const res = await post(server.url, auth(), big);
    expect(res.status).toBe(413);
  });

  it('429 with Retry-After past the per-token rate', async () => {
    const limited = await startInProcess(catalog, { rateLimitPerMinute: 6 });
    try {
      expect((await post(limited.url, auth())).status).toBe(200);
      const refused = await post(limited.url, auth());
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // another token has its own bucket
      const dev = await post(`${limited.url}/dev`, { Authorization: `Bearer ${devToken}` });
      expect(dev.status).toBe(200);
      // failed authentication is charged to the client address (issue 11 §8)
      const wrong = { Authorization: 'Bearer sxt_notarealtokenbutlookslikeoneatleast1234' };
      expect((await post(limited.url, wrong)).status).toBe(401);
      expect((await post(limited.url, wrong)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
