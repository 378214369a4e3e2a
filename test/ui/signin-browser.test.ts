/**
 * Signing in to the web UI in a real browser (Debian's chromium driven by playwright-core), on a
 * server that has tokens: a link someone shared comes back after the sign-in page, also after a
 * wrong token; a `next` naming another site is ignored; an htmx search whose session is gone
 * loads the sign-in page as a whole page (not inside the results) and returns to that search;
 * a form posted after the session is gone says how to sign in; on a public bind (0.0.0.0) a
 * browser at the machine's address signs in (its Origin is the server's own).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import type { RunningHost } from '../../src/presentations/http/host.js';
import type { UiMount } from '../../src/presentations/ui/ui-mount.js';
import { startUiHost } from '../helpers/ui-host.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('web UI sign-in in a browser', () => {
  let dir: string;
  let engine: Engine;
  let ui: UiMount;
  let host: RunningHost;
  let browser: Browser;
  let base = '';
  let token = '';

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
    dir = mkdtempSync(join(tmpdir(), 'sextant-ui-signin-'));
    engine = createEngine({ store: await openSqliteStore(join(dir, 'index.sqlite')), connectors: new Map(), embedder: async () => null });
    token = (await engine.tokens.create({ name: 'ana', roles: ['admin'] })).token;
    ({ ui, host, base } = await startUiHost(engine));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await ui?.close();
    await host?.close();
    await engine?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function signIn(context: BrowserContext, start: string, tokens: string[]): Promise<string> {
    const page = await context.newPage();
    await page.goto(base + start);
    expect(new URL(page.url()).pathname).toBe('/ui/login');
    for (const t of tokens) {
      await page.getByLabel('Access token').fill(t);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForLoadState();
    }
    const url = new URL(page.url());
    await page.close();
    return url.pathname + url.search;
  }

  /** Another tab of the same browser signs out: the session the other tabs share has no credential any more. */
  async function signOutInAnotherTab(context: BrowserContext): Promise<void> {
    const other = await context.newPage();
    await other.goto(`${base}/ui/search`);
    await Promise.all([other.waitForURL(/\/ui\/login/), other.getByRole('button', { name: 'Sign out' }).click()]);
    await other.close();
  }

  it('returns to the page a shared link named, also after a wrong token', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${base}/ui/glossary?text=net+revenue&stale=1`);
      expect(new URL(page.url()).pathname).toBe('/ui/login');
      await page.getByLabel('Access token').fill('sxt_not-a-token');
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect(await page.getByRole('alert').textContent()).toMatch(/not accepted/);
      await page.getByLabel('Access token').fill(token);
      await Promise.all([page.waitForURL(/\/ui\/glossary/), page.getByRole('button', { name: 'Sign in' }).click()]);
      expect(new URL(page.url()).search).toBe('?text=net+revenue&stale=1');
      expect(await page.getByLabel('Name, alias or definition contains').inputValue()).toBe('net revenue');
      expect(await page.getByLabel('stale only').isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('ignores a return address off this UI and lands on Search', async () => {
    for (const next of ['https://evil.example/ui/search', '//evil.example/ui/x', '/ui/../etc/passwd', '/ui/logout']) {
      const context = await browser.newContext();
      try {
        expect(await signIn(context, `/ui/login?next=${encodeURIComponent(next)}`, [token])).toBe('/ui/search');
      } finally {
        await context.close();
      }
    }
  });

  it('sends an htmx search whose session is gone to the sign-in page as a whole page, then back to that search', async () => {
    const context = await browser.newContext();
    try {
      expect(await signIn(context, '/ui/search', [token])).toBe('/ui/search');
      const page = await context.newPage();
      await page.goto(`${base}/ui/search`);
      expect(await page.locator('.who').textContent()).toContain('ana (admin)');
      await signOutInAnotherTab(context);
      await page.getByLabel(/^Search tables/).fill('orders');
      await Promise.all([page.waitForURL(/\/ui\/login/), page.getByRole('button', { name: 'Search' }).click()]);
      // the sign-in page replaced the page; it is not nested in the results of the old one
      expect(await page.locator('header.top').count()).toBe(1);
      expect(await page.locator('#results').count()).toBe(0);
      await page.getByLabel('Access token').fill(token);
      await Promise.all([page.waitForURL(/\/ui\/search\?/), page.getByRole('button', { name: 'Sign in' }).click()]);
      expect(new URL(page.url()).searchParams.get('q')).toBe('orders');
      expect(await page.getByLabel(/^Search tables/).inputValue()).toBe('orders');
    } finally {
      await context.close();
    }
  });

  it('signs in on a public bind (0.0.0.0) from the address the browser used', async () => {
    const address = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (!address) throw new Error('no non-loopback IPv4 address on this machine to reach a 0.0.0.0 bind by');
    const open = await startUiHost(engine, { bind: '0.0.0.0' });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const at = `http://${address}:${open.host.port}`;
      await page.goto(`${at}/ui/glossary`);
      expect(page.url()).toBe(`${at}/ui/login?next=%2Fui%2Fglossary`);
      await page.getByLabel('Access token').fill(token);
      await Promise.all([page.waitForURL(`${at}/ui/glossary`), page.getByRole('button', { name: 'Sign in' }).click()]);
      expect(await page.locator('.who').textContent()).toContain('ana (admin)');
      // a page of another site posting here is still refused
      const foreign = await fetch(`${at}/ui/logout`, { method: 'POST', headers: { origin: 'http://evil.example' }, redirect: 'manual' });
      expect(foreign.status).toBe(403);
    } finally {
      await context.close();
      await open.ui.close();
      await open.host.close();
    }
  });

  it('answers a form posted after the session is gone with a way to sign in', async () => {
    const context = await browser.newContext();
    try {
      expect(await signIn(context, '/ui/glossary', [token])).toBe('/ui/glossary');
      const page = await context.newPage();
      await page.goto(`${base}/ui/glossary`);
      await signOutInAnotherTab(context);
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.waitForLoadState();
      expect(await page.locator('h1').textContent()).toBe('401');
      await Promise.all([page.waitForURL(/\/ui\/login/), page.getByRole('link', { name: 'Sign in' }).click()]);
      expect(await page.getByLabel('Access token').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
