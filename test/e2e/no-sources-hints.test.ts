/**
 * The core's "no sources" failures (nothing to update, an unknown source where there are none, no
 * code source to plan in) carry the add-source remedy (as does an empty listing of REST operations
 * with no OpenAPI source, as data beside its note), and each presentation words it for its
 * own audience on an index without sources: the built CLI names the `sextant source add` command
 * (with `code` when a code source is what is missing), MCP over stdio (a real SDK client) says an
 * administrator adds one since no tool does, and the web UI on a loopback host names the command
 * as an administrator's step on the server. None of them shows another presentation's words.
 * Run `npm run build` first when running this file alone (the CLI and `sextant mcp` are the built bin).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import { isSextantError } from '../../src/kernel/errors.js';
import { cliEnv, runCli } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';
import { startUiHost, type UiHost } from '../helpers/ui-host.js';
import { call, connectStdio } from '../mcp/fixture.js';

const home = tempHome();
const env = cliEnv(home.dir);
const ANY = 'add one with `sextant source add <type> <location> --name <name>`';
const CODE = 'add one with `sextant source add code <location> --name <name>`';

afterAll(() => home.cleanup());

describe('the core', () => {
  it('throws the remedy, not command-line words, and keeps a plain hint for logs', async () => {
    const engine = createEngine({ store: await openSqliteStore(join(home.dir, 'core.sqlite')), connectors: new Map(), embedder: async () => null });
    try {
      const caught = async (work: Promise<unknown>) =>
        work.then(
          () => expect.fail('it should have failed'),
          (err: unknown) => err,
        );
      for (const [err, remedy, hint] of [
        [await caught(engine.update()), { action: 'add-source' }, 'an administrator has to add a source first'],
        [await caught(engine.update({ source: 'shop' })), { action: 'add-source' }, 'an administrator has to add a source first'],
        [
          await caught(engine.onboardingPlan({ request: 'how are invoices paid' })),
          { action: 'add-source', type: 'code' },
          'an administrator has to add a code source first',
        ],
      ] as const) {
        expect(isSextantError(err) && err.code).toBe('SOURCE_NOT_FOUND');
        expect(isSextantError(err) && { remedy: err.remedy, hint: err.hint }).toEqual({ remedy, hint });
      }
      // a search of an empty index says nothing is there to find, and what to do
      expect(await engine.query('invoice')).toMatchObject({ hits: [], notice: 'nothing is indexed yet', remedy: { action: 'add-source', update: true } });
      // no OpenAPI source to list operations of: an empty page whose note says why, its remedy what to do (no command)
      expect(await engine.listOperations()).toEqual({
        items: [],
        total: 0,
        nextCursor: null,
        note: 'no OpenAPI source here, so no REST operations to list',
        remedy: { action: 'add-source', type: 'openapi', update: true },
      });
    } finally {
      await engine.close();
    }
  });
});

describe('the CLI', () => {
  it('says to add a source with the command, on a hint line and in --json', async () => {
    const r = await runCli(['update'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: no sources to update\nhint: ${ANY}\n`);
    const json = await runCli(['update', '--json'], env);
    expect(json.json.error).toEqual({ code: 'SOURCE_NOT_FOUND', message: 'no sources to update', hint: ANY });
    const named = await runCli(['update', '--source', 'shop'], env);
    expect(named.stderr).toBe(`error: unknown source 'shop'\nhint: ${ANY}\n`);
  });

  it('answers a search of an empty index with why and what to do, and one of a source not indexed yet with its update', async () => {
    const r = await runCli(['query', 'invoice'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^nothing is indexed yet\nhint: add one with `sextant source add <type> <location> --name <name>`, then `sextant update --source <name>`\n/,
    );
    const json = await runCli(['search', 'invoice', '--json'], env);
    expect(json.json).toMatchObject({ hits: [], notice: 'nothing is indexed yet', remedy: { action: 'add-source', update: true } });
    const added = await runCli(['source', 'add', 'docs', home.dir, '--name', 'notes'], env);
    expect(added.code, added.stderr).toBe(0);
    const notYet = await runCli(['query', 'invoice', '--source', 'notes'], env);
    expect(notYet.stdout).toMatch(/^nothing is indexed in source 'notes' yet\nhint: run `sextant update --source notes`\n/);
    expect((await runCli(['source', 'rm', 'notes'], env)).code).toBe(0);
  });

  it('says to add a code source when planning without one', async () => {
    const r = await runCli(['plan', 'how', 'are', 'invoices', 'paid'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: no code source to plan in\nhint: ${CODE}\n`);
  });
});

describe('MCP', () => {
  let client: Client;
  beforeAll(async () => {
    ({ client } = await connectStdio(env));
  });
  afterAll(async () => {
    await client?.close();
  });

  it('answers a search of an empty index with an administrator adding a source', async () => {
    const found = await call(client, 'deep_search', { query: 'invoice' });
    const hint = 'ask an administrator to add a source and update it (no tool adds sources)';
    expect(found.isError).toBe(false);
    expect(found.data).toMatchObject({ count: 0, notice: 'nothing is indexed yet', hint });
    expect(found.text).toBe(`nothing is indexed yet\nhint: ${hint}`);
  });

  it('says an administrator adds a code source, naming no command', async () => {
    const plan = await call(client, 'onboarding_plan', { request: 'how are invoices paid' });
    const hint = 'ask an administrator to add a code source (no tool adds sources)';
    expect(plan.isError).toBe(true);
    expect(plan.data).toEqual({ error: { code: 'SOURCE_NOT_FOUND', message: 'no code source to plan in', hint } });
    expect(plan.text).toBe(`error SOURCE_NOT_FOUND: no code source to plan in\nhint: ${hint}`);
  });
});

describe('the web UI', () => {
  let engine: Engine;
  let served: UiHost;
  beforeAll(async () => {
    engine = createEngine({ store: await openSqliteStore(join(home.dir, 'ui.sqlite')), connectors: new Map(), embedder: async () => null });
    served = await startUiHost(engine);
  });
  afterAll(async () => {
    await served?.ui.close();
    await served?.host.close();
    await engine?.close();
  });

  it('answers a search of an empty index with why and the administrator step', async () => {
    const res = await fetch(`${served.base}/ui/search?q=invoice`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('No results for “invoice”: nothing is indexed yet.');
    expect(page).toMatch(/data-testid="search-hint">an administrator adds one on the server's command line/);
  });

  it("names the command as an administrator's step on the server's command line", async () => {
    const res = await fetch(`${served.base}/ui/plan?request=${encodeURIComponent('how are invoices paid')}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('no code source to plan in');
    expect(page).toContain("an administrator adds one on the server's command line (<code>sextant source add code</code>)");
    expect(page).not.toContain('--name');
  });
});
