/**
 * The workspace root, the scan bridge and LLM-written plans (issue 16, seed 003), on a real
 * engine through the MCP SDK Client, real HTTP requests to the bridge and a local server
 * speaking the chat-completions protocol: onboarding_plan without `source add`, workspace-
 * relative paths only (`..`, absolute paths and symlinks leaving the workspace refused), the
 * bridge's token, body limit and loopback rule, a scan that updates the index, the model's
 * plan (cached) and the rules' plan with a note when the model fails, and the seed's fallbacks
 * for bad input with nothing else lost.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Engine } from '../../src/core/engine.js';
import { startHttpHost, type RunningHost } from '../../src/presentations/http/host.js';
import { createLogger } from '../../src/presentations/mcp/logging.js';
import { createScanBridgeMount, startScanBridge } from '../../src/presentations/mcp/scan-bridge.js';
import { startChatServer, type ChatRequest, type ChatServer } from '../helpers/chat-server.js';
import { commitFiles, writeShopRepo } from '../helpers/code-repo.js';
import { connectInMemory } from '../helpers/in-memory-mcp.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const ws = join(home.dir, 'ws');
const outside = join(home.dir, 'outside');
const TOKEN = 'sxb_test-token-0123456789abcdef';
const logger = createLogger({ level: 'silent' });
let engine: Engine;
let chat: ChatServer;
let bridge: RunningHost;
let mode: 'plan' | 'prose' | 'down' = 'plan';
const clients: Client[] = [];

function openTestEngine(dir: string, extra: Record<string, string> = {}): Promise<Engine> {
  return openEngine(loadConfig({ env: { SEXTANT_HOME: dir, SEXTANT_EMBEDDINGS_PROVIDER: 'none', ...extra }, configFile: join(dir, 'none.yaml') }));
}

/** A model that reads the files of the prompt and answers a two-step plan with them (or fails, by mode). */
function answer(request: ChatRequest) {
  if (mode === 'down') return { status: 500, raw: '{"error":{"message":"model overloaded"}}' };
  if (mode === 'prose') return { content: 'Start with the router, then read the payment code.' };
  const files = [...request.body.messages[1]!.content.matchAll(/^- (\S+) \(/gm)].map((m) => m[1]!);
  return {
    content: JSON.stringify({
      steps: [
        { title: 'Begin where the request lands', files: [files[0], 'src/invented.ts'], why: 'the starting file does the work' },
        { title: 'Then its neighbours', files: files.slice(1), why: 'they are what it calls and who calls it' },
      ],
    }),
  };
}

async function connect(target: Engine): Promise<Client> {
  const client = await connectInMemory(target, 'default');
  clients.push(client);
  return client;
}

async function plan(client: Client, args: Record<string, unknown>, options: RequestOptions = {}) {
  const result = await client.callTool({ name: 'onboarding_plan', arguments: args }, undefined, options);
  return { isError: Boolean(result.isError), structured: result.structuredContent as any, text: (result.content as Array<{ text: string }>)[0]!.text };
}

function post(url: string, init: { token?: string; body?: string; method?: string } = {}) {
  return fetch(url, {
    method: init.method ?? 'POST',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), 'content-type': 'application/json' },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
}

beforeAll(async () => {
  writeShopRepo(ws);
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.ts'), 'export const key = "do-not-leak";\n');
  symlinkSync(join(outside, 'secret.ts'), join(ws, 'src/leak.ts'));
  writeFileSync(join(ws, 'src/blob.ts'), Buffer.from([0x65, 0x00, 0x01, 0x02]));
  // a file git tracks that is a folder on disk now: unreadable as a file
  writeFileSync(join(ws, 'src/odd.ts'), 'export const odd = 1;\n');
  execFileSync('git', ['-C', ws, 'add', 'src/odd.ts']);
  rmSync(join(ws, 'src/odd.ts'));
  mkdirSync(join(ws, 'src/odd.ts'));
  chat = await startChatServer(answer);
  engine = await openTestEngine(home.dir, { SEXTANT_LLM_URL: chat.url, SEXTANT_LLM_MODEL: 'planner' });
  bridge = await startScanBridge({ token: TOKEN, scan: engine.workspace.scan, logger, port: 0 });
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await bridge?.close();
  await engine?.close();
  await chat?.close();
  home.cleanup();
});

describe('the workspace root', () => {
  it('becomes the code source `workspace`: onboarding_plan works without source add (missing graph → one scan)', async () => {
    expect(await engine.workspace.use(ws)).toEqual({ source: 'workspace', registered: 'added' });
    expect(await engine.workspace.use(ws)).toEqual({ source: 'workspace', registered: 'kept' });
    // the client asks for progress: the first plan waits for the scan, and says how it goes
    const progress: Progress[] = [];
    const { isError, structured, text } = await plan(
      await connect(engine),
      { request: 'send email to a new customer account', rank: 'graph' },
      { onprogress: (p) => progress.push(p), resetTimeoutOnProgress: true },
    );
    expect(isError, text).toBe(false);
    expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1));
    expect(progress.map((p) => p.message)).toEqual(expect.arrayContaining([expect.stringMatching(/^workspace: /), 'workspace: write']));
    expect(structured.context).toMatchObject({ seed_id: 'src/users/signup.ts', source: 'workspace', resolved_by: 'topic' });
    expect(structured.context.related_files).toEqual(['src/http/router.ts', 'src/mail/send.ts']);
  }, 60_000);

  it('is the code source already added for the same folder, when there is one: the repository is not indexed twice', async () => {
    const other = tempHome();
    const own = await openTestEngine(other.dir);
    try {
      await own.addSource({ name: 'shop', type: 'code', url: `${ws}/`, options: {} });
      expect(await own.workspace.use(ws)).toEqual({ source: 'shop', registered: 'reused' });
      expect((await own.listSources()).map((s) => s.name)).toEqual(['shop']);
      const scan = await own.workspace.scan();
      expect(scan).toMatchObject({ status: 'ok' });
      expect(scan.files).toBeGreaterThan(0);
      const { structured } = await plan(await connect(own), { request: 'send email to a new customer account' });
      expect(structured.context).toMatchObject({ seed_id: 'src/users/signup.ts', source: 'shop' });
    } finally {
      await own.close();
      other.cleanup();
    }
  }, 60_000);

  it("plans in the workspace's source when the project has other code sources; `source` picks another", async () => {
    const other = tempHome();
    const own = await openTestEngine(other.dir);
    try {
      // another repository of the project says the request's words more often than the workspace does
      const lib = join(other.dir, 'mailer');
      commitFiles(lib, {
        'src/send-email.ts':
          '/** Send email to a new customer account: welcome email, account email. */\nexport function sendEmailToNewCustomerAccount() { return "email"; }\n',
      });
      await own.addSource({ name: 'mailer', type: 'code', url: lib, options: {} });
      const client = await connect(own);
      const request = 'send email to a new customer account';
      // no workspace bound: every code source, and the other repository matches best
      expect((await plan(client, { request })).structured.context).toMatchObject({ seed_id: 'src/send-email.ts', source: 'mailer' });
      expect(await own.workspace.use(ws)).toEqual({ source: 'workspace', registered: 'added' });
      expect((await plan(client, { request })).structured.context).toMatchObject({ seed_id: 'src/users/signup.ts', source: 'workspace' });
      expect((await plan(client, { request, source: 'mailer' })).structured.context).toMatchObject({ seed_id: 'src/send-email.ts', source: 'mailer' });
      const unknown = await plan(client, { request, source: 'nowhere' });
      expect(unknown.isError).toBe(true);
      expect(unknown.text).toContain("SOURCE_NOT_FOUND: unknown source 'nowhere'");
    } finally {
      await own.close();
      other.cleanup();
    }
  }, 60_000);

  it('the scan refused the symlink leaving the workspace, the binary and the unreadable file, each named, the rest indexed', async () => {
    const run = await engine.update({ source: 'workspace' });
    const notes = run.reports[0]!.notes ?? [];
    expect(notes).toContain('refused src/leak.ts: a symbolic link that leaves the repository');
    expect(notes).toContain('refused src/blob.ts: binary, not text');
    expect(notes).toContain('refused src/odd.ts: unreadable: EISDIR');
    const files = (await engine.listObjects({ source: 'workspace', kinds: ['code_file'], limit: 100 })).items.map((o) => o.path);
    expect(files).toHaveLength(12);
    expect(files).not.toContain('src/leak.ts');
  });

  it('answers only workspace-relative paths; .., absolute paths outside and symlinks leaving it are refused', async () => {
    const client = await connect(engine);
    const absolute = await plan(client, { request: 'payments', seed_file: join(ws, 'src/billing/pay.ts') });
    expect(absolute.structured.context).toMatchObject({ seed_id: 'src/billing/pay.ts', resolved_by: 'exact' });
    for (const seed of ['../outside/secret.ts', 'src/../../outside/secret.ts', join(outside, 'secret.ts'), '/etc/passwd']) {
      const refused = await plan(client, { request: 'x', seed_file: seed });
      expect(refused.isError, seed).toBe(true);
      expect(refused.text).toContain('must be a path inside the repository');
    }
    const leak = await plan(client, { request: 'x', seed_file: 'src/leak.ts' });
    expect(leak.structured.context).toMatchObject({ seed_id: null, reason: "no file matches the seed 'src/leak.ts'" });
    const listed = await client.callTool({ name: 'list_files', arguments: { source: 'workspace', limit: 50 } });
    const answers = JSON.stringify([absolute, leak, listed]);
    expect(answers).not.toContain(home.dir);
    expect(answers).not.toContain('do-not-leak');
  });
});

describe('the scan bridge', () => {
  const url = () => `http://127.0.0.1:${bridge.port}/scan`;

  it('refuses a missing or wrong token (401), another method (405), a body over 1 MB (413) and a body that is not a JSON object (400)', async () => {
    const none = await post(url());
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ status: 'error', error: expect.stringContaining('bearer token') });
    expect((await post(url(), { token: TOKEN.replace(/.$/, 'X') })).status).toBe(401);
    expect((await post(url(), { token: 'short' })).status).toBe(401);
    expect((await post(url(), { token: TOKEN, method: 'GET' })).status).toBe(405);
    const big = await post(url(), { token: TOKEN, body: ' '.repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect((await post(url(), { token: TOKEN, body: '[1, 2]' })).status).toBe(400);
  });

  it('POST /scan rescans the workspace and answers ok once the new graph is in the index', async () => {
    writeFileSync(
      join(ws, 'src/billing/tax.ts'),
      "/** Sales tax of an invoice. */\nimport { Invoice } from './invoice.js';\nexport const tax = (i: Invoice) => i.total * 0.2;\n",
    );
    const before = await engine.changeCounter();
    const res = await post(url(), { token: TOKEN, body: '{}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(await engine.changeCounter()).not.toBe(before);
    const { structured } = await plan(await connect(engine), { request: 'x', seed_file: 'src/billing/invoice.ts', direction: 'reverse' });
    expect(structured.context.related_files).toContain('src/billing/tax.ts');
  }, 60_000);

  it('answers non-loopback peers 403, whatever the bind address', async () => {
    const host = await startHttpHost({
      host: '0.0.0.0',
      port: 0,
      allowedOrigins: [],
      logger,
      name: 'test',
      health: () => ({}),
      mounts: [createScanBridgeMount({ token: TOKEN, scan: engine.workspace.scan, logger })],
      notFoundHint: '',
    });
    try {
      const { networkInterfaces } = await import('node:os');
      const address = Object.values(networkInterfaces())
        .flat()
        .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
      expect(address, 'a non-loopback IPv4 address on this machine').toBeTruthy();
      const res = await post(`http://${address}:${host.port}/scan`, { token: TOKEN });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ status: 'error', error: 'the scan bridge answers loopback clients only' });
      expect((await post(`http://127.0.0.1:${host.port}/scan`, { token: 'wrong-token-of-enough-length' })).status).toBe(401);
    } finally {
      await host.close();
    }
  });

  it('a scan slower than the timeout answers an error and goes on; a later scan joins it', async () => {
    writeFileSync(join(ws, 'src/util/ids.ts'), '/** Id helpers. */\nexport const newId = () => 1;\n');
    const slow = await engine.workspace.scan({ timeoutMs: 1, intervalMs: 1 });
    expect(slow).toMatchObject({ status: 'error', error: expect.stringContaining('no new graph within') });
    expect(await engine.workspace.scan()).toMatchObject({ status: 'ok' });
    expect((await engine.onboardingPlan({ request: 'x', seedFile: 'src/util/ids.ts' })).context.seedId).toBe('src/util/ids.ts');
  }, 60_000);
});

describe('the plan written by a chat model', () => {
  it('writes the steps from the request and the context, same shape, only files of the context; cached in the index', async () => {
    mode = 'plan';
    const client = await connect(engine);
    const asked = chat.requests.length;
    const { structured, text } = await plan(client, { request: 'how are invoices paid', seed_file: 'src/billing/pay.ts' });
    expect(chat.requests.length).toBe(asked + 1);
    const prompt = chat.requests.at(-1)!.body.messages[1]!.content;
    expect(prompt).toContain('Request: how are invoices paid');
    expect(prompt).toContain('- src/billing/gateway.ts (imported by the starting file) — Card payment gateway client.; exports charge');
    expect(prompt).toContain('- src/http/router.ts (imports the starting file)');
    expect(Object.keys(structured.plan).sort()).toEqual(['request', 'steps', 'writtenBy']);
    expect(structured.plan.writtenBy).toBe('openai:planner');
    expect(structured.plan.steps).toEqual([
      { step: 1, title: 'Begin where the request lands', files: ['src/billing/pay.ts'], why: 'the starting file does the work' },
      {
        step: 2,
        title: 'Then its neighbours',
        files: structured.context.related_files,
        why: 'they are what it calls and who calls it',
      },
    ]);
    expect(text).toContain('plan by openai:planner');
    await plan(client, { request: 'how are invoices paid', seed_file: 'src/billing/pay.ts' });
    expect(chat.requests.length).toBe(asked + 1);
  }, 60_000);

  it('writer "rules" gives the deterministic plan without asking the model', async () => {
    mode = 'plan';
    const asked = chat.requests.length;
    const { structured } = await plan(await connect(engine), { request: 'who charges cards', seed_file: 'src/billing/gateway.ts', writer: 'rules' });
    expect(structured.plan.writtenBy).toBe('rules');
    expect(structured.plan).not.toHaveProperty('note');
    expect(chat.requests.length).toBe(asked);
  }, 60_000);

  it('falls back to the rules with a note when the model answers no plan or fails', async () => {
    const client = await connect(engine);
    mode = 'prose';
    const prose = await plan(client, { request: 'who refunds invoices', seed_file: 'src/billing/refund.ts', rank: 'graph' });
    expect(prose.structured.plan).toMatchObject({ writtenBy: 'rules', note: expect.stringContaining('did not answer JSON') });
    expect(prose.structured.plan.steps[0].title).toBe('Read src/billing/refund.ts');
    expect(prose.structured.user_summary).toContain('this plan is by rules');
    mode = 'down';
    const down = await plan(client, { request: 'card gateway retries', seed_file: 'src/billing/gateway.ts' });
    expect(down.isError).toBe(false);
    expect(down.structured.plan).toMatchObject({ writtenBy: 'rules', note: expect.stringContaining('HTTP 500') });
    expect(down.text).toContain('note: the chat model could not write the plan');
    mode = 'plan';
  }, 60_000);
});

describe('fallbacks for bad input', () => {
  it('an empty workspace: one scan, then an empty context with a valid plan and the reason, no absolute path', async () => {
    const other = tempHome();
    const empty = join(other.dir, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'README.md'), '# nothing yet\n');
    const e = await openTestEngine(other.dir);
    try {
      await e.workspace.use(empty);
      const { structured, isError } = await plan(await connect(e), { request: 'where do I start' });
      expect(isError).toBe(false);
      expect(structured.context).toMatchObject({ seed_id: null, related_files: [], source: 'workspace' });
      expect(structured.context.reason).toMatch(/^no code graph: the scan failed \(workspace: no code files in <root>/);
      expect(structured.plan.steps).toHaveLength(1);
      expect(JSON.stringify(structured)).not.toContain(other.dir);
      // what failed, and apart from it what to do
      const hint = 'give the working tree of a repository with source files (.ts, .js, .py, .go, .java, …)';
      expect(await e.workspace.scan()).toEqual({
        status: 'error',
        error: expect.stringMatching(/^no code files in <workspace>$/),
        hint,
        durationMs: expect.any(Number),
      });
      const emptyBridge = await startScanBridge({ token: TOKEN, scan: e.workspace.scan, logger, port: 0 });
      try {
        const res = await post(`http://127.0.0.1:${emptyBridge.port}/scan`, { token: TOKEN });
        expect(res.status).toBe(500);
        expect(await res.json()).toEqual({ status: 'error', error: 'no code files in <workspace>', hint });
      } finally {
        await emptyBridge.close();
      }
    } finally {
      await e.close();
      other.cleanup();
    }
  }, 60_000);

  it('a malformed or 100 MB graph file fails its update with one clear error and keeps the previous index', async () => {
    const repo = join(home.dir, 'graphed');
    mkdirSync(join(repo, 'src'), { recursive: true });
    for (const f of ['a', 'b']) writeFileSync(join(repo, `src/${f}.ts`), `export const ${f} = 1;\n`);
    const graph = join(home.dir, 'deps.json');
    writeFileSync(graph, JSON.stringify({ nodes: [], edges: [{ source: 'src/a.ts', target: 'src/b.ts' }] }));
    await engine.addSource({ name: 'graphed', type: 'code', url: repo, options: { graph } });
    expect((await engine.update({ source: 'graphed' })).ok).toBe(true);
    writeFileSync(graph, '{"edges": [');
    await expect(engine.update({ source: 'graphed' })).rejects.toMatchObject({
      code: 'INTROSPECTION_FAILED',
      message: expect.stringContaining('not valid JSON'),
    });
    writeFileSync(graph, '{}');
    truncateSync(graph, 100 * 1024 * 1024);
    await expect(engine.update({ source: 'graphed' })).rejects.toMatchObject({ message: expect.stringMatching(/100 MB, over the 50 MB limit/) });
    const kept = await engine.onboardingPlan({ request: 'x', seedFile: 'src/a.ts', source: 'graphed' });
    expect(kept.context).toMatchObject({ seedId: 'src/a.ts', relatedFiles: ['src/b.ts'] });
    // the workspace beside it is untouched
    expect((await engine.onboardingPlan({ request: 'x', seedFile: 'src/billing/pay.ts', source: 'workspace' })).context.seedId).toBe('src/billing/pay.ts');
  }, 60_000);
});
