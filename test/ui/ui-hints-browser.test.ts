/**
 * The web UI words the core's hints for a web user (Debian's chromium driven by playwright-core,
 * the UI on a loopback host over a catalog in the real PostgreSQL): a "did you mean" names links
 * to the suggested object or term, which open it; a hint that tells a CLI user to run
 * `sextant update` or `sextant search` links to the page that does it; a missing role says to
 * sign in with another token; no page tells a web user to run `sextant …`. The Sessions link is
 * shown only to roles the Sessions page answers.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../../src/presentations/http/host.js';
import type { UiMount } from '../../src/presentations/ui/ui-mount.js';
import { engineOverDatabase, RACING_AND_LIBRARY, type PgEngine } from '../helpers/pg-engine.js';
import { startUiHost } from '../helpers/ui-host.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ana = { user: 'ana', client: null, via: 'cli' as const };

describe('hints and navigation for a web user', () => {
  let pg: PgEngine;
  let ui: UiMount;
  let host: RunningHost;
  let browser: Browser;
  let base = '';
  const tokens = { admin: '', reader: '' };
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
    pg = await engineOverDatabase({ prefix: 'sxt_uihints', ddl: RACING_AND_LIBRARY, source: 'race' });
    const created = await pg.engine.glossary.create(
      'default',
      { term: 'Lap record', definition: 'The fastest lap', sql: 'SELECT min(milliseconds) AS best FROM racing.lap_times' },
      ana,
      'manual',
    );
    expect(created.success).toBe(true);
    tokens.admin = (await pg.engine.tokens.create({ name: 'ana', roles: ['admin'] })).token;
    tokens.reader = (await pg.engine.tokens.create({ name: 'rui', roles: ['reader'] })).token;
    ({ ui, host, base } = await startUiHost(pg.engine));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await ui?.close();
    await host?.close();
    await pg?.cleanup();
  });

  async function signedIn(role: keyof typeof tokens): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${base}/ui/search`);
    await page.getByLabel('Access token').fill(tokens[role]);
    await Promise.all([page.waitForURL(/\/ui\/search/), page.getByRole('button', { name: 'Sign in' }).click()]);
    return page;
  }

  const alert = (page: Page) => page.getByRole('alert');

  it('turns "did you mean" into links to the suggested object, which open it', async () => {
    const page = await signedIn('admin');
    await page.goto(`${base}/ui/browse/object?id=${encodeURIComponent('race:table:racing.driverz')}`);
    await expect.poll(() => alert(page).textContent()).toMatch(/no object 'race:table:racing\.driverz'.*did you mean/);
    const link = alert(page).getByRole('link', { name: 'race:table:racing.drivers' });
    expect(await link.count()).toBe(1);
    await Promise.all([page.waitForURL(/\/ui\/browse\/object\?id=race%3Atable%3Aracing\.drivers$/), link.click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/racing\.drivers/);
  });

  it('links a suggested glossary term to its page', async () => {
    const page = await signedIn('admin');
    await page.goto(`${base}/ui/glossary/term?name=${encodeURIComponent('lap recrd')}`);
    const link = alert(page).getByRole('link', { name: 'lap record' });
    await Promise.all([page.waitForURL(/\/ui\/glossary\/term\?name=lap%20record$/i), link.click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Lap record/);
  });

  it('says what to do on a page, not which command to run', async () => {
    const page = await signedIn('admin');
    // the core's hint: use `sextant status` or name an object
    await page.goto(`${base}/ui/browse/object?id=${encodeURIComponent('sextant://race')}`);
    const text = (await alert(page).textContent()) ?? '';
    expect(text).toMatch(/names a whole source/);
    expect(text).not.toMatch(/sextant status|`/);
    const link = alert(page).getByRole('link', { name: 'Browse' });
    await Promise.all([page.waitForURL(/\/ui\/browse$/), link.click()]);
    expect(await page.getByRole('link', { name: 'race' }).count()).toBe(1);
  });

  it('shows the Sessions link only to roles the Sessions page answers, and tells a reader how to get more', async () => {
    const admin = await signedIn('admin');
    const nav = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
    expect(await nav(admin).getByRole('link', { name: 'Sessions' }).count()).toBe(1);
    await admin.goto(`${base}/ui/sessions`);
    expect(await admin.getByRole('heading', { level: 1 }).textContent()).toBe('Sessions');
    expect(await admin.getByRole('alert').count()).toBe(0);

    const reader = await signedIn('reader');
    expect(await nav(reader).getByRole('link', { name: 'Search' }).count()).toBe(1);
    expect(await nav(reader).getByRole('link', { name: 'Sessions' }).count()).toBe(0);
    // the page itself still refuses a reader who types its address, with a web user's way out
    const response = await reader.goto(`${base}/ui/sessions`);
    expect(response?.status()).toBe(403);
    const text = (await alert(reader).textContent()) ?? '';
    expect(text).toMatch(/needs the admin role/);
    expect(text).toMatch(/ask an administrator for an access token with the admin role, then sign in with it/);
    expect(text).not.toContain('sextant token create');
    expect(await alert(reader).getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe('/ui/login');
  });
});
