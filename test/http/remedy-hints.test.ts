/**
 * A remedy-only error (a glossary term not found, none close: the remedy of listing the terms and
 * no hint of its own) answered over the HTTP host on loopback: the scan bridge's JSON and a plain
 * JSON error body have it as a plain `hint` string in the HTTP API's words (the web UI page that
 * lists the terms), and the web UI's fallback error page as its link to the Glossary page. The
 * error is the real glossary's, thrown inside the request as any core failure of a mount would be.
 * A FORBIDDEN error (the real role check refusing a reader a glossary edit) reaches the fallback
 * page too: it says which role to ask for and links to the sign-in page, as the UI's own pages do;
 * in a plain JSON error body it is the administrator's step, naming no command.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createAuthenticator } from '../../src/core/auth/authenticate.js';
import { requirePermission } from '../../src/core/auth/roles.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import { DEFAULT_PROJECT } from '../../src/core/projects/projects.js';
import { startHttpHost, type RunningHost } from '../../src/presentations/http/host.js';
import { errorBody, sendJson } from '../../src/presentations/http/http-error.js';
import { createScanBridgeMount } from '../../src/presentations/mcp/scan-bridge.js';
import { createUiMount, type UiMount } from '../../src/presentations/ui/ui-mount.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const TOKEN = 'sxb_remedy-test-token-0123456789abcdef';
let dir: string;
let engine: Engine;
let ui: UiMount;
let host: RunningHost;
let base: string;

/** The real role check refusing a reader's token a glossary edit, thrown as the request's. */
async function readerEdits(): Promise<never> {
  requirePermission({ subject: 'ci', roles: ['reader'], projects: null, via: 'token' }, 'write', 'editing glossary terms');
  throw new Error('a reader may not write, so this check must fail');
}

/** The real glossary's failure for a term it does not have, thrown as the request's. */
async function missingTerm(): Promise<never> {
  await engine.glossary.get(DEFAULT_PROJECT, 'churn rate');
  throw new Error('the glossary has no terms, so this lookup must fail');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sextant-http-remedy-'));
  engine = createEngine({ store: await openSqliteStore(join(dir, 'index.sqlite')), connectors: new Map(), embedder: async () => null });
  ui = createUiMount({
    engine,
    authenticator: createAuthenticator({ tokens: engine.tokens, oidc: null }),
    host: '127.0.0.1',
    rateLimitPerMinute: 0,
    sessionTtlMs: 60_000,
    logger: silent,
  });
  host = await startHttpHost({
    host: '127.0.0.1',
    port: 0,
    allowedOrigins: [],
    logger: silent,
    name: 'sextant',
    health: () => ({}),
    mounts: [
      createScanBridgeMount({ token: TOKEN, scan: missingTerm, logger: silent }),
      // the host's plain JSON error body, and the web UI's fallback error page, for a mount's failure
      { path: /^\/json-term$/, handle: missingTerm, fail: (res, err) => sendJson(res, err.status, errorBody(err), err.headers) },
      { path: /^\/page-term$/, handle: missingTerm, fail: (res, err) => ui.fail(res, err) },
      { path: /^\/page-forbidden$/, handle: readerEdits, fail: (res, err) => ui.fail(res, err) },
      { path: /^\/json-forbidden$/, handle: readerEdits, fail: (res, err) => sendJson(res, err.status, errorBody(err), err.headers) },
    ],
    notFoundHint: 'test host',
  });
  base = `http://127.0.0.1:${host.port}`;
});

afterAll(async () => {
  await ui?.close();
  await host?.close();
  await engine?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a remedy-only glossary error over HTTP', () => {
  it("the scan bridge's JSON says what to do as a plain hint naming the web UI page", async () => {
    const res = await fetch(`${base}/scan`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 'error', error: "term 'churn rate' not found", hint: 'see the terms on the web UI page /ui/glossary' });
  });

  it('a plain JSON error body has the same hint, a string beside the message', async () => {
    const res = await fetch(`${base}/json-term`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { message: "term 'churn rate' not found", hint: 'see the terms on the web UI page /ui/glossary' } });
  });

  it("the web UI's fallback error page links to the Glossary page", async () => {
    const res = await fetch(`${base}/page-term`);
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(page).toContain('term &#39;churn rate&#39; not found');
    expect(page).toMatch(/see the terms on the <a href="\/ui\/glossary">Glossary<\/a> page/);
  });
});

describe('a FORBIDDEN error on the web UI fallback page', () => {
  it('says which role to ask an administrator for and links to the sign-in page, naming no command', async () => {
    const res = await fetch(`${base}/page-forbidden`);
    expect(res.status).toBe(403);
    const page = await res.text();
    expect(page).toContain('editing glossary terms needs the editor role; this credential&#39;s role is reader');
    expect(page).toContain('ask an administrator for an access token with the editor role, then <a href="/ui/login">sign in</a> with it');
    expect(page).not.toContain('sextant token create');
  });
});

describe('a FORBIDDEN error in a plain JSON error body', () => {
  it('says which role to ask an administrator for and how to send it, as a plain hint naming no command', async () => {
    const res = await fetch(`${base}/json-forbidden`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: {
        message: "editing glossary terms needs the editor role; this credential's role is reader",
        hint: 'ask an administrator for a credential with the editor role (an access token, or the OIDC roles claim), then send it as the Bearer token',
      },
    });
  });
});
