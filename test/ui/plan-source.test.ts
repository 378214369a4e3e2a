/**
 * The web UI's plan page over two code sources (issue 16): the form asks which repository when
 * there are several (the CLI's `plan --source`, MCP's `source`), the plan runs in the one chosen,
 * and with one code source the form does not ask. Real engine, real git trees, the UI on a
 * loopback HTTP host.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import type { RunningHost } from '../../src/presentations/http/host.js';
import { SHOP_FILES, commitFiles, engineOverTree } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';
import { startUiHost } from '../helpers/ui-host.js';

const home = tempHome();
let engine: Engine;
let host: RunningHost;
let base = '';

const REQUEST = 'send email to a new customer account';
const page = async (query: Record<string, string> = {}) => (await fetch(`${base}/ui/plan?${new URLSearchParams(query)}`)).text();
const status = (text: string) => /<p role="status">([^<]*)<\/p>/.exec(text)?.[1] ?? '';

beforeAll(async () => {
  commitFiles(join(home.dir, 'shop'), SHOP_FILES);
  engine = await engineOverTree(home.dir, 'shop', join(home.dir, 'shop'));
  ({ host, base } = await startUiHost(engine));
}, 60_000);

afterAll(async () => {
  await host?.close();
  await engine?.close();
  home.cleanup();
});

it('with one code source the form does not ask which', async () => {
  const text = await page({ request: REQUEST, rank: 'graph' });
  expect(text).not.toContain('<select id="source"');
  expect(status(text)).toContain('Start with src/users/signup.ts');
  // the fused order is the form's default
  const form = await page();
  expect(form).toMatch(/<option value="fused" selected>/);
  expect(status(await page({ request: REQUEST }))).toContain('ranked by imports, shared history and topic');
});

it('with several it asks, and the plan runs in the one chosen', async () => {
  commitFiles(join(home.dir, 'mailer'), {
    'src/send-email.ts':
      '/** Send email to a new customer account: welcome email, account email. */\nexport function sendEmailToNewCustomerAccount() { return "email"; }\n',
  });
  await engine.addSource({ name: 'mailer', type: 'code', url: join(home.dir, 'mailer'), options: {} });
  await engine.update({ source: 'mailer' });
  const form = await page();
  expect(form).toMatch(/<select id="source" name="source">\s*<option value="" selected>every code source<\/option>/);
  expect(form).toContain('<option value="mailer" >mailer</option>');
  expect(form).toContain('<option value="shop" >shop</option>');
  // every code source: the other repository says the words more often
  expect(status(await page({ request: REQUEST }))).toContain('Start with src/send-email.ts');
  const chosen = await page({ request: REQUEST, source: 'shop', rank: 'graph' });
  expect(status(chosen)).toContain('Start with src/users/signup.ts');
  expect(chosen).toContain('<option value="shop" selected>shop</option>');
  expect(chosen).toContain('source shop, graph order');
  // a name that is no code source of the session is not passed on
  expect(status(await page({ request: REQUEST, source: 'nowhere' }))).toContain('Start with src/send-email.ts');
}, 60_000);
