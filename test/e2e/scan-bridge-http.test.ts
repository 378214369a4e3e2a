/**
 * The scan bridge under `sextant mcp --http` (issue 16, seed 003): the built CLI serves MCP and
 * `POST /scan` on one loopback listener. A request without the bridge token is refused; with it
 * the workspace is rescanned, and a file added before the call is planned from over MCP.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectHttp } from '../mcp/fixture.js';
import { cliEnv, mcpUrlOf, startCli } from '../helpers/cli.js';
import { writeShopRepo } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const repo = join(home.dir, 'shop');
const TOKEN = 'sxb_http-bridge-test-token-0123456789ab';
let child: ChildProcess;
let mcpUrl: string;
let scanUrl: string;
let client: Client;

beforeAll(async () => {
  writeShopRepo(repo);
  child = startCli(['mcp', '--http', '--port', '0'], cliEnv(home.dir, { SEXTANT_WORKSPACE_ROOT: repo, SEXTANT_BRIDGE_TOKEN: TOKEN }));
  mcpUrl = await mcpUrlOf(child);
  scanUrl = mcpUrl.replace(/\/mcp$/, '/scan');
  client = await connectHttp(mcpUrl);
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  home.cleanup();
});

describe('the scan bridge beside /mcp', () => {
  it('refuses a call without the token and another method', async () => {
    expect((await fetch(scanUrl, { method: 'POST' })).status).toBe(401);
    expect((await fetch(scanUrl, { method: 'POST', headers: { authorization: 'Bearer not-the-token' } })).status).toBe(401);
    expect((await fetch(scanUrl, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
  });

  it('rescans the workspace with the token: a new file is planned from at once', async () => {
    const before = await call(client, 'onboarding_plan', { request: 'x', seed_file: 'src/billing/tax.ts' });
    expect(before.data.context).toMatchObject({ seed_id: null });
    writeFileSync(join(repo, 'src/billing/tax.ts'), "import { Invoice } from './invoice.js';\nexport const tax = (i: Invoice) => i.total;\n");
    const res = await fetch(scanUrl, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    const after = await call(client, 'onboarding_plan', { request: 'x', seed_file: 'src/billing/tax.ts' });
    expect(after.isError, after.text).toBe(false);
    expect(after.data.context).toMatchObject({ seed_id: 'src/billing/tax.ts', source: 'workspace', related_files: ['src/billing/invoice.ts'] });
  }, 60_000);
});
