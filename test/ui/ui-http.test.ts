/**
 * The web UI's HTTP defences (issue 17), at the HTTP level on the one host (one case runs the
 * built CLI: `npm run build` first when running this file alone): a POST without the
 * browser session's CSRF token is refused, a foreign Origin or Host is refused before anything
 * runs, a non-loopback bind without a credential is refused, a token server sends browsers to
 * the sign-in page, the rate limit applies, and pages name no outside address.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { cliEnv, runCli } from '../helpers/cli.js';
import { createAuthenticator } from '../../src/core/auth/authenticate.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import { requireAuthOffLoopback } from '../../src/presentations/http/authenticate.js';
import type { RunningHost } from '../../src/presentations/http/host.js';
import { createUiMount, type UiMount } from '../../src/presentations/ui/ui-mount.js';
import { startUiHost } from '../helpers/ui-host.js';

let dir: string;
let engine: Engine;
let ui: UiMount | null = null;
let host: RunningHost | null = null;
let base = '';

async function serve(options: { rateLimitPerMinute?: number } = {}): Promise<void> {
  ({ ui, host, base } = await startUiHost(engine, options));
}

/** A browser's visit: the session cookie and the CSRF token the page carries. */
async function visit(path = '/ui/search', headers: Record<string, string> = {}): Promise<{ status: number; cookie: string; csrf: string; text: string }> {
  const res = await fetch(base + path, { headers, redirect: 'manual' });
  const text = await res.text();
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const csrf = /name="_csrf" value="([^"]+)"/.exec(text)?.[1] ?? /X-CSRF-Token&quot;:&quot;([^&]+)&quot;/.exec(text)?.[1] ?? '';
  return { status: res.status, cookie, csrf, text };
}

/** fetch cannot set Host; a plain request can, as a rebinding browser would send it. */
function statusWithHost(path: string, hostHeader: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host!.port, path, headers: { host: hostHeader } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

function post(path: string, form: Record<string, string>, headers: Record<string, string>): Promise<Response> {
  return fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sextant-ui-http-'));
  engine = createEngine({ store: await openSqliteStore(join(dir, 'index.sqlite')), connectors: new Map(), embedder: async () => null });
});

afterEach(async () => {
  await ui?.close();
  await host?.close();
  await engine.close();
  ui = null;
  host = null;
  rmSync(dir, { recursive: true, force: true });
});

describe('web UI over HTTP', () => {
  it('refuses a POST without the CSRF token, or with another session’s, and accepts it with its own', async () => {
    await serve();
    const a = await visit();
    expect(a.status).toBe(200);
    expect(a.cookie).toMatch(/^sextant_ui=/);
    expect(a.csrf.length).toBeGreaterThan(20);
    const none = await post('/ui/contexts/add', { target: 'sextant://x', text: 'y' }, { cookie: a.cookie });
    expect(none.status).toBe(403);
    expect(await none.text()).toMatch(/CSRF token/);
    const b = await visit();
    const foreign = await post('/ui/contexts/add', { target: 'sextant://x', text: 'y', _csrf: b.csrf }, { cookie: a.cookie });
    expect(foreign.status).toBe(403);
    const viaHeader = await post('/ui/logout', {}, { cookie: a.cookie, 'x-csrf-token': a.csrf });
    expect(viaHeader.status).toBe(303);
    const viaField = await post('/ui/contexts/add', { target: 'sextant://nope', text: 'y', _csrf: a.csrf }, { cookie: a.cookie });
    expect(viaField.status).toBe(400); // past the CSRF check: the core says the source does not exist
    expect(await viaField.text()).toMatch(/nope/);
  });

  it('refuses a foreign Origin or Host before anything runs (DNS-rebinding protection)', async () => {
    await serve();
    const a = await visit();
    const origin = await post('/ui/logout', { _csrf: a.csrf }, { cookie: a.cookie, origin: 'http://evil.example' });
    expect(origin.status).toBe(403);
    expect(await origin.text()).toMatch(/Origin or Host not allowed/);
    expect(await statusWithHost('/ui/search', 'evil.example')).toBe(403);
    expect(await statusWithHost('/ui/search', `localhost:${host!.port}`)).toBe(200);
    const own = await post('/ui/logout', { _csrf: a.csrf }, { cookie: a.cookie, origin: base });
    expect(own.status).toBe(303);
  });

  it('refuses to serve off loopback without a credential', async () => {
    const authenticator = createAuthenticator({ tokens: engine.tokens, oidc: null });
    await expect(requireAuthOffLoopback('0.0.0.0', authenticator)).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringMatching(/without authentication/),
    });
    await expect(requireAuthOffLoopback('127.0.0.1', authenticator)).resolves.toBeUndefined();
    // the command itself: `sextant ui --host 0.0.0.0` stops before listening
    const home = join(dir, 'cli-home');
    const cli = await runCli(['ui', '--host', '0.0.0.0', '--port', '0'], cliEnv(home));
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/refusing to serve on 0\.0\.0\.0 \(not loopback\) without authentication/);
    await engine.tokens.create({ name: 'ana' });
    // a fresh authenticator: one in use caches "no tokens" for two seconds
    await expect(requireAuthOffLoopback('0.0.0.0', createAuthenticator({ tokens: engine.tokens, oidc: null }))).resolves.toBeUndefined();
  });

  it('sends a browser to the sign-in page once tokens exist, and serves it after a good token', async () => {
    const { token } = await engine.tokens.create({ name: 'ana', roles: ['editor'] });
    await serve();
    const first = await visit('/ui/search');
    expect(first.status).toBe(303);
    const login = await visit('/ui/login', { cookie: first.cookie });
    expect(login.text).toMatch(/Access token/);
    const wrong = await post('/ui/login', { token: 'nope', _csrf: login.csrf }, { cookie: first.cookie });
    expect(wrong.status).toBe(401);
    const noCsrf = await post('/ui/login', { token }, { cookie: first.cookie });
    expect(noCsrf.status).toBe(403);
    const good = await post('/ui/login', { token, _csrf: login.csrf }, { cookie: first.cookie });
    expect(good.status).toBe(303);
    const page = await visit('/ui/glossary', { cookie: first.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/ana \(editor\)/);
    // an editor is no admin: the sessions overview is refused by the core
    expect((await visit('/ui/sessions', { cookie: first.cookie })).status).toBe(403);
    // a script sending its own bearer needs no sign-in
    expect((await fetch(`${base}/ui/search`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('rate-limits per credential and serves its assets from this process', async () => {
    await serve({ rateLimitPerMinute: 6 });
    const a = await visit();
    expect(a.status).toBe(200);
    const again = await fetch(`${base}/ui/search`, { headers: { cookie: a.cookie } });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBeTruthy();
    for (const src of [...a.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)) expect(src).toMatch(/^(\/ui\/|#|data:)/);
    const htmx = await fetch(`${base}/ui/assets/htmx.min.js`);
    expect(htmx.status).toBe(200);
    expect(htmx.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${base}/ui/assets/../../etc/passwd`)).status).toBe(404);
  });

  it("serves /ui beside /mcp on one host (`mcp --http --ui`), the Sessions page counting that process's transports", async () => {
    const { startHttpServer } = await import('../../src/presentations/mcp/http.js');
    const { createServices } = await import('../../src/presentations/mcp/server.js');
    const { createLogger } = await import('../../src/presentations/mcp/logging.js');
    const logger = createLogger({ destination: join(dir, 'server.log') });
    const authenticator = createAuthenticator({ tokens: engine.tokens, oidc: null });
    let running: Awaited<ReturnType<typeof startHttpServer>> | null = null;
    ui = createUiMount({
      engine,
      authenticator,
      host: '127.0.0.1',
      rateLimitPerMinute: 0,
      sessionTtlMs: 60_000,
      logger,
      mcpSessionCount: () => running?.sessionCount() ?? 0,
    });
    running = await startHttpServer({
      services: createServices(engine, logger),
      authenticator,
      host: '127.0.0.1',
      port: 0,
      rateLimitPerMinute: 0,
      sessionTtlMs: 60_000,
      extraMounts: [ui],
    });
    try {
      base = running.url.replace(/\/mcp$/, '');
      // requests without a cookie (scripts, first visits) share their credential's one engine session
      for (let i = 0; i < 3; i++) expect((await visit('/ui/search')).status).toBe(200);
      const sessions = await visit('/ui/sessions');
      expect(sessions.status).toBe(200);
      expect(sessions.text).toMatch(/holds 0 live transports/);
      expect(sessions.text).toMatch(/1 open session\b/); // the UI's own engine session, one for this client
      expect((await fetch(`${base}/mcp`, { method: 'GET' })).status).toBe(400); // MCP still answers on /mcp
      // an MCP client's session is listed with the name and version its initialize gave
      const agent = new Client({ name: 'ui-agent', version: '3.1.4' });
      await agent.connect(new StreamableHTTPClientTransport(new URL(running.url)));
      try {
        const listed = await visit('/ui/sessions');
        expect(listed.text).toMatch(/holds 1 live transport\b/);
        expect(listed.text).toMatch(/2 open sessions/);
        expect(listed.text).toContain('<td>ui-agent/3.1.4</td>');
      } finally {
        await agent.close();
      }
      const missing = await fetch(`${base}/nowhere`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toMatch(/the web UI at \/ui/);
    } finally {
      await ui.close();
      ui = null;
      await running.close();
    }
  });
});
