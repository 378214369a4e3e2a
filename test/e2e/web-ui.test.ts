/**
 * The web UI in a real browser (issue 17): Debian's chromium driven by playwright-core against
 * `sextant ui` on the demo. Walks search + explain, a context added on a table and seen inherited
 * by its column, a glossary term refused for bad SQL (error under the editor, nothing stored),
 * created with good SQL, edited, with its history, an update followed live to its outcome, and
 * the sessions page; no console error, and no request leaves loopback.
 * UPDATE_SCREENSHOTS=1 rewrites docs/screenshots/ (README "For people").
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, REPO_ROOT, runCli, startCli } from '../helpers/cli.js';
import { writeShopRepo } from '../helpers/code-repo.js';
import { SHARED_MODELS_DIR } from '../helpers/models.js';
import { tempHome } from '../helpers/temp-home.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1' ? join(REPO_ROOT, 'docs', 'screenshots') : null;
const CONTEXT = 'One row per checkout; cancelled orders keep status=cancelled';

describe('web UI in a browser', () => {
  const home = tempHome();
  const env = cliEnv(home.dir, { SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: SHARED_MODELS_DIR });
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  let page: Page;
  let base = '';
  const consoleErrors: string[] = [];
  const outside: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM}: apt-get install chromium (.ci/run does), or set CHROMIUM_PATH`);
    const demo = await runCli(['demo', '--json'], env, { timeoutMs: 120_000 });
    expect(demo.code, demo.stderr).toBe(0);
    server = startCli(['ui', '--port', '0', '--json'], env);
    base = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      server!.stdout!.on('data', (d) => {
        out += d;
        const url = /"url":\s*"([^"]+)"/.exec(out)?.[1];
        if (url) resolve(url.replace(/\/ui$/, ''));
      });
      server!.stderr!.on('data', (d) => (err += d));
      server!.on('exit', (code) => reject(new Error(`sextant ui exited with ${code}: ${err}`)));
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    page.on('request', (r) => {
      const host = new URL(r.url()).hostname;
      if (!r.url().startsWith('data:') && host !== '127.0.0.1') outside.push(r.url());
    });
    if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    server?.kill('SIGTERM');
    home.cleanup();
  });

  const shot = async (name: string) => {
    if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, name), fullPage: false });
  };

  it('searches every kind in one ranked list and explains a hit as a chart', async () => {
    await page.goto(`${base}/ui/search`);
    await page.getByLabel(/^Search tables/).fill('monthly revenue by product category');
    await page.getByRole('button', { name: 'Search' }).click();
    const first = page.locator('ol.results > li').first();
    await expect.poll(() => first.locator('a').first().textContent(), { timeout: 20_000 }).toContain('monthly_revenue_by_category');
    expect(page.url()).toMatch(/q=monthly(\+|%20)revenue/);
    // the index holds it: the confidence is printed and no warning comes with the hits
    expect(await page.locator('#results [role=status]').textContent()).toMatch(/confidence (1\.000|0\.[2-9]\d\d)/);
    expect(await page.getByTestId('no-confident-match').count()).toBe(0);
    await first.locator('summary', { hasText: 'Explain' }).click();
    const chart = first.locator('.explain svg');
    expect(await chart.isVisible()).toBe(true);
    expect(await chart.locator('title').textContent()).toMatch(/fused score 0\.\d{4}/);
    expect(await first.locator('.explain').textContent()).toMatch(/Lexical rank\s*\d+/);
    expect(await chart.locator('text', { hasText: /^vector/ }).count()).toBe(1);
    await shot('search-explain.png');
    // a query that is a table's name leads with that table, and the explanation says why
    await page.getByLabel(/^Search tables/).fill('billing.invoice');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => first.locator('a').first().textContent(), { timeout: 20_000 }).toMatch(/billing\.invoice$/);
    await first.locator('summary', { hasText: 'Explain' }).click();
    expect(await first.locator('.explain').textContent()).toMatch(/First because\s*the query is its whole name/);
    // a misspelt name is searched respelt, with a link that searches it as typed
    await page.getByLabel(/^Search tables/).fill('invoce');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByTestId('spelling').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('spelling').textContent()).toMatch(/Showing results for\s+invoice: nothing matched “invoce” well/);
    expect(await first.locator('a').first().textContent()).toMatch(/billing\.invoice$/);
    await page.getByRole('link', { name: 'Search for “invoce” as typed' }).click();
    await expect.poll(() => page.getByTestId('spelling').count(), { timeout: 20_000 }).toBe(0);
    expect(page.url()).toContain('typed=1');
    await page.getByLabel(/^Search tables/).fill('monthly revenue by product category');
    // a kind filter narrows the same list
    await page.getByRole('checkbox', { name: /^column/ }).check();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(async () => [...new Set(await page.locator('ol.results > li .badge').allTextContents())], { timeout: 20_000 }).toEqual(['column']);
    expect(page.url()).toContain('kind=column');
    // words the index knows nothing of still get the nearest hits, said to be no confident match
    await page.getByRole('checkbox', { name: /^column/ }).uncheck();
    await page.getByLabel(/^Search tables/).fill('zzyzx qwertyuiop');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByTestId('no-confident-match').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('no-confident-match').textContent()).toMatch(/No confident match\.\s+The best hit scores 0\.\d{3}, below 0\.15/);
    expect(await page.locator('#results [role=status]').textContent()).toMatch(/confidence 0\.(0\d\d|1[0-4]\d)/);
  });

  it('adds a context on a table and shows it inherited by its column', async () => {
    await page.goto(`${base}/ui/browse/object?id=demo:table:shop.sales_order`);
    // the relationship diagram links the join neighbours
    expect(await page.locator('figure svg a').count()).toBeGreaterThanOrEqual(5);
    await page.getByLabel(/^Add context to/).fill(CONTEXT);
    await page.getByRole('button', { name: 'Add context' }).click();
    await page.waitForURL(/browse\/object/);
    expect(await page.getByTestId('effective-context').textContent()).toContain(CONTEXT);
    await page.getByRole('link', { name: 'status', exact: true }).click();
    await page.waitForURL(/demo%3Acolumn%3Ashop\.sales_order\.status/);
    expect(await page.getByTestId('effective-context').textContent()).toContain(CONTEXT);
    await page.goto(`${base}/ui/browse/object?id=demo:table:shop.sales_order`);
    await shot('browse-context.png');
  });

  it('refuses a glossary term with bad SQL (error under the editor, nothing stored), creates it with good SQL, edits it and shows its history', async () => {
    await page.goto(`${base}/ui/glossary/new`);
    await page.getByLabel('Term', { exact: true }).fill('Open Orders');
    await page.getByLabel('Definition').fill('Orders not cancelled');
    await page.getByLabel(/^Defining SQL/).fill('SELECT total FROM shop.sales_order');
    // live: htmx posts the SQL to the core's test-sql as you type
    await expect.poll(() => page.locator('#sql-check').textContent(), { timeout: 20_000 }).toMatch(/column "total" does not exist/);
    expect(await page.locator('#sql-check pre.caret').textContent()).toMatch(/SELECT total FROM shop\.sales_order\n\s{7}\^/);
    await page.getByRole('button', { name: 'Create term' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#form-error').textContent()).toMatch(/Not saved/);
    expect(await page.locator('#sql-check').textContent()).toMatch(/column "total" does not exist/);
    await page.goto(`${base}/ui/glossary?text=open`);
    expect(await page.locator('table caption').textContent()).toMatch(/^\s*0 terms/);

    await page.goto(`${base}/ui/glossary/new`);
    await page.getByLabel('Term', { exact: true }).fill('Open Orders');
    await page.getByLabel('Definition').fill('Orders not cancelled');
    await page.getByLabel(/^Base table/).fill('shop.sales_order');
    await page.getByLabel(/^Defining SQL/).fill("SELECT count(*) AS open_orders FROM shop.sales_order WHERE status <> 'cancelled'");
    await expect.poll(() => page.locator('#sql-check').textContent(), { timeout: 20_000 }).toMatch(/returns open_orders \(bigint\)/);
    await page.getByRole('button', { name: 'Create term' }).click();
    await page.waitForURL(/glossary\/term/);
    expect(await page.locator('h1').textContent()).toMatch(/Open Orders\s+valid/);

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Definition').fill('Orders placed and not cancelled');
    await page.getByLabel(/^Aliases/).fill('pending orders');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/glossary\/term/);
    expect(await page.locator('main > p').first().textContent()).toBe('Orders placed and not cancelled');
    const history = page.getByTestId('history').locator('> li');
    expect(await history.count()).toBe(2);
    expect(await history.first().textContent()).toMatch(/update/);
    expect(await history.first().locator('del').first().textContent()).toBe('Orders not cancelled');
    expect(await history.first().locator('ins').first().textContent()).toBe('Orders placed and not cancelled');
    expect(await history.nth(1).textContent()).toMatch(/create/);
    await shot('glossary-term.png');
    // the search page's kind filter names the glossary's kind in words, as the others
    await page.goto(`${base}/ui/search`);
    expect(await page.getByRole('checkbox', { name: /^glossary term \(\d+\)/ }).count()).toBe(1);
    // clusters of related terms, and the admin's developer-tools switch for agents
    await page.goto(`${base}/ui/glossary/clusters`);
    expect(await page.getByRole('link', { name: 'Open Orders', exact: true }).count()).toBe(1);
    await page.goto(`${base}/ui/glossary`);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.waitForURL(/\/ui\/glossary$/);
    expect(await page.getByRole('button', { name: 'Turn off' }).count()).toBe(1);
    // the term shows on its base table
    await page.goto(`${base}/ui/browse/object?id=demo:table:shop.sales_order`);
    expect(await page.getByRole('link', { name: 'Open Orders', exact: true }).count()).toBeGreaterThanOrEqual(1);
  });

  it("runs an update and follows its progress over server-sent events to the outcome; checks the source's privileges", async () => {
    await page.goto(`${base}/ui/sources`);
    expect(await page.locator('main').textContent()).toMatch(/\d+ table/);
    const started = page.waitForResponse((r) => r.url().endsWith('/ui/sources/update'));
    const stream = page.waitForResponse((r) => /\/ui\/jobs\/[^/]+\/events$/.test(r.url()));
    await page.getByRole('button', { name: 'Update demo' }).click();
    expect(await (await started).text()).toMatch(/data-events=.*<progress/s);
    expect((await stream).headers()['content-type']).toMatch(/text\/event-stream/);
    const outcome = page.getByTestId('update-outcome');
    await outcome.waitFor({ timeout: 60_000 });
    expect(await outcome.textContent()).toMatch(/demo: (unchanged|updated)/);
    await page.getByRole('button', { name: "Check demo's privileges" }).click();
    await page.getByTestId('access-check').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('access-check').textContent()).toMatch(/demo connects as postgres/);
  }, 90_000);

  it('plans the reading of a code source, each file a link to its page', async () => {
    // a code source beside the demo, added while the UI runs (the glossary above wants one source)
    writeShopRepo(join(home.dir, 'svc'));
    const git = (...args: string[]) => execFileSync('git', ['-C', join(home.dir, 'svc'), '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args]);
    git('add', '.');
    git('commit', '-qm', 'The shop');
    for (const args of [
      ['source', 'add', 'code', join(home.dir, 'svc'), '--name', 'svc'],
      ['update', '--source', 'svc'],
    ]) {
      const r = await runCli(args, env, { timeoutMs: 120_000 });
      expect(r.code, r.stderr).toBe(0);
    }
    await page.goto(`${base}/ui/plan`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('request');
    await page.fill('#request', 'card payments');
    await page.fill('#seed', 'src/billing/pay.ts');
    await page.press('#seed', 'Enter');
    await page.waitForSelector('#plan ol.steps');
    expect(await page.textContent('#plan [role=status]')).toContain('Start with src/billing/pay.ts (seed matched: exact)');
    const steps = await page.locator('#plan ol.steps > li > strong').allTextContents();
    expect(steps).toEqual(expect.arrayContaining(['Read src/billing/pay.ts', 'What it builds on', 'Who uses it']));
    expect(page.url()).toContain('seed=src%2Fbilling%2Fpay.ts'); // htmx kept the URL in step
    await shot('plan.png');
    // the fused order, chosen in the form, is what the plan says it used
    await page.selectOption('#rank', 'fused');
    await page.press('#request', 'Enter');
    await page.waitForFunction(() => document.querySelector('#plan')?.textContent?.includes('fused order'));
    await page.click('#plan a:has-text("src/billing/gateway.ts")');
    await page.waitForURL(/browse\/object\?id=svc%3Acode_file%3Asrc%2Fbilling%2Fgateway\.ts/);
    expect(await page.textContent('main')).toContain('Card payment gateway client.');
    // the file's git history, as get shows it
    expect(await page.locator('main dl.panel').textContent()).toMatch(/history\s*1 commit, changed \d{4}-\d\d-\d\d.*last commit\s*The shop/s);
  });

  it('says where you are: a column names its table in the breadcrumb; error pages mark their own section; /ui/ is the UI', async () => {
    // a page of its own: the 4xx pages below are meant, and Chromium logs each as a console error
    const own = await browser!.newPage();
    try {
      const current = () => own.locator('nav[aria-label=Sections] [aria-current=page]').allTextContents();
      await own.goto(`${base}/ui/browse/object?id=demo:column:shop.sales_order.status`);
      expect(await own.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toMatch(/^\s*Sources › demo › shop › sales_order › status\s*$/);
      await own.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'sales_order' }).click();
      await own.waitForURL(/id=demo%3Atable%3Ashop\.sales_order$/);
      expect(await current()).toEqual(['Browse']);
      // an unknown object is Browse's failure, not Search's; its suggestions come along
      const missing = await own.goto(`${base}/ui/browse/object?id=demo:table:shop.nope`);
      expect(missing!.status()).toBe(404);
      expect(await current()).toEqual(['Browse']);
      expect(await own.getByRole('alert').textContent()).toMatch(/did you mean .*demo:table:shop\.customer/);
      expect(await own.getByRole('alert').getByRole('link', { name: 'demo:table:shop.customer', exact: true }).getAttribute('href')).toBe(
        '/ui/browse/object?id=demo%3Atable%3Ashop.customer',
      );
      expect((await own.goto(`${base}/ui/glossary/term?name=nope`))!.status()).toBe(404);
      expect(await current()).toEqual(['Glossary']);
      // a page that does not exist says which, and marks no section
      expect((await own.goto(`${base}/ui/nowhere`))!.status()).toBe(404);
      expect(await current()).toEqual([]);
      expect(await own.locator('main').textContent()).toContain('No page at /ui/nowhere');
      // the UI's address with a trailing slash is the UI
      await own.goto(`${base}/ui/`);
      expect(new URL(own.url()).pathname).toBe('/ui/search');
    } finally {
      await own.close();
    }
  });

  it('works by keyboard, labels every control, and fits a phone-sized window', async () => {
    await page.goto(`${base}/ui/search`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('q'); // the search box has the focus
    await page.goto(`${base}/ui/glossary`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    const unlabelled = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('input:not([type=hidden]), select, textarea, button')]
          .filter((el) => !(el as HTMLInputElement).labels?.length && !el.getAttribute('aria-label') && !(el.textContent ?? '').trim())
          .map((el) => el.outerHTML.slice(0, 80)),
      );
    for (const path of [
      'search?q=customer+email',
      'browse/object?id=demo:table:shop.sales_order',
      'plan?request=card+payments',
      'glossary',
      'glossary/new',
      'sources',
    ]) {
      await page.goto(`${base}/ui/${path}`);
      expect(await unlabelled(), path).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 800 });
    for (const path of [
      'search?q=customer+email',
      'browse/object?id=demo:table:shop.sales_order',
      'plan?request=card+payments',
      'glossary/term?name=Open+Orders',
    ]) {
      await page.goto(`${base}/ui/${path}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('lists the open sessions for an admin, and nothing left loopback or went wrong in the console', async () => {
    await page.goto(`${base}/ui/sessions`);
    expect(await page.locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
    expect(outside).toEqual([]);
    // The refused create answers 422 on purpose (the form comes back with the error); Chromium logs every 4xx document as a console error.
    expect(consoleErrors.filter((e) => !/status of 422 .*\/ui\/glossary\/create\)$/.test(e))).toEqual([]);
  });
});
