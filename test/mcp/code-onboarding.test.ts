/**
 * `onboarding_plan` and `list_files` through the MCP SDK Client (issue 16): seed 003's
 * PlanToolOutput shape, topic and seed resolution, the empty context with a reason, and a
 * session that cannot see the code source getting no plan from it.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Engine } from '../../src/core/engine.js';
import { writeShopRepo } from '../helpers/code-repo.js';
import { connectInMemory } from '../helpers/in-memory-mcp.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let engine: Engine;
const clients: Client[] = [];

async function connect(project: string): Promise<Client> {
  const client = await connectInMemory(engine, project);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return { isError: Boolean(result.isError), structured: result.structuredContent as any, text: (result.content as Array<{ text: string }>)[0]!.text };
}

beforeAll(async () => {
  engine = await openEngine(loadConfig({ env: { SEXTANT_HOME: home.dir, SEXTANT_EMBEDDINGS_PROVIDER: 'none' }, configFile: join(home.dir, 'none.yaml') }));
  const repo = join(home.dir, 'shop');
  writeShopRepo(repo);
  await engine.addSource({ name: 'shop', type: 'code', url: repo, options: {} });
  const run = await engine.update({ source: 'shop' });
  expect(run.ok).toBe(true);
  const tiny = join(home.dir, 'tiny');
  mkdirSync(join(tiny, 'src'), { recursive: true });
  writeFileSync(join(tiny, 'src/colour.ts'), '/** Colour palette helpers. */\nexport const red = 1;\n');
  await engine.addSource({ name: 'tiny', type: 'code', url: tiny, options: {} });
  expect((await engine.update({ source: 'tiny' })).ok).toBe(true);
  await engine.projects.create('other', { sources: ['tiny'] });
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await engine?.close();
  home.cleanup();
});

describe('onboarding_plan', () => {
  it('is listed; list_files is callable but unlisted', async () => {
    const names = (await (await connect('default')).listTools()).tools.map((t) => t.name);
    expect(names).toContain('onboarding_plan');
    expect(names).not.toContain('list_files');
  });

  it("answers seed 003's PlanToolOutput for a topic", async () => {
    const client = await connect('default');
    const { isError, structured, text } = await call(client, 'onboarding_plan', { request: 'send email to a new customer account', rank: 'graph' });
    expect(isError, text).toBe(false);
    expect(structured.context).toEqual({
      seed_id: 'src/users/signup.ts',
      related_files: ['src/http/router.ts', 'src/mail/send.ts'],
      depth: 1,
      limit: 30,
      direction: 'union',
      rank: 'graph',
      source: 'shop',
      resolved_by: 'topic',
      stats: { nodes_visited: 3, edges_traversed: 2, max_depth: 1 },
    });
    expect(structured.plan.steps.map((s: { title: string }) => s.title)).toEqual(['Read src/users/signup.ts', 'What it builds on', 'Who uses it']);
    expect(structured.user_summary).toContain('src/users/signup.ts');
    expect(text).toContain('1. Read src/users/signup.ts');
  });

  it('takes seed_file, depth, limit and direction; clamps what is out of range', async () => {
    const client = await connect('default');
    // seed 003's walk, exactly: the graph order
    const { structured } = await call(client, 'onboarding_plan', {
      request: 'retries',
      seed_file: 'src/util/retry',
      depth: 3,
      direction: 'reverse',
      rank: 'graph',
    });
    expect(structured.context).toMatchObject({ seed_id: 'src/util/retry.ts', resolved_by: 'extension', depth: 3 });
    expect(structured.context.related_files).toEqual(['src/billing/gateway.ts', 'src/billing/pay.ts', 'src/billing/refund.ts', 'src/http/router.ts']);
    const clamped = await call(client, 'onboarding_plan', { request: 'retries', seed_file: 'src/util/retry.ts', depth: 50, limit: 2, rank: 'graph' });
    expect(clamped.structured.context).toMatchObject({ depth: 5, limit: 2 });
    expect(clamped.structured.context.related_files).toEqual(['src/billing/gateway.ts', 'src/billing/pay.ts']);
    // no rank named: the fused order, within the same limit
    const plain = await call(client, 'onboarding_plan', { request: 'retries', seed_file: 'src/util/retry.ts', limit: 2 });
    expect(plain.structured.context).toMatchObject({ seed_id: 'src/util/retry.ts', rank: 'fused', limit: 2 });
    expect(plain.structured.context.related_files).toEqual(['src/billing/gateway.ts']);
    expect(plain.structured.user_summary).toContain('ranked by imports, shared history and topic');
  });

  it('an unresolved seed: empty context, a valid plan, the reason; a seed outside the repository: an error result', async () => {
    const client = await connect('default');
    const { isError, structured } = await call(client, 'onboarding_plan', { request: 'x', seed_file: 'lib/none.ts' });
    expect(isError).toBe(false);
    expect(structured.context).toMatchObject({ seed_id: null, related_files: [], reason: "no file matches the seed 'lib/none.ts'" });
    expect(structured.plan.steps).toHaveLength(1);
    const outside = await call(client, 'onboarding_plan', { request: 'x', seed_file: '/etc/passwd' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain('inside the repository');
  });

  it('a session whose projects do not include the code source gets no plan from it', async () => {
    const client = await connect('other');
    const email = await call(client, 'onboarding_plan', { request: 'send email to a new customer account' });
    expect(email.isError).toBe(false);
    expect(email.structured.context).toMatchObject({ seed_id: null, related_files: [] });
    const seeded = await call(client, 'onboarding_plan', { request: 'x', seed_file: 'src/mail/send.ts' });
    expect(seeded.structured.context).toMatchObject({ seed_id: null, reason: "no file matches the seed 'src/mail/send.ts'" });
    const own = await call(client, 'onboarding_plan', { request: 'colour palette' });
    expect(own.structured.context).toMatchObject({ seed_id: 'src/colour.ts', source: 'tiny' });
  });

  it('list_files pages a code source; describe and get read a file', async () => {
    const client = await connect('default');
    const { structured } = await call(client, 'list_files', { source: 'shop', limit: 3 });
    expect(structured.items.map((f: { path: string }) => f.path)).toEqual(['src/billing/gateway.ts', 'src/billing/invoice.ts', 'src/billing/pay.ts']);
    expect(structured.items[2]).toMatchObject({ language: 'typescript', symbols: ['payInvoice'] });
    expect(structured.total).toBe(12);
    const got = await call(client, 'get', { object: 'shop:code_file:src/billing/pay.ts', detail: 'full' });
    expect(got.isError, got.text).toBe(false);
    expect(got.text).toContain('src/billing/gateway.ts');
    const brief = await call(client, 'get', { object: 'shop:code_file:src/billing/pay.ts' });
    expect(brief.text).toMatch(/^also: .*→ imports \d+, ← imports \d+/m);
    const described = await call(client, 'describe', { object: 'shop:code_file:src/billing/pay.ts' });
    expect(described.text).toContain('imports → shop:code_file:src/billing/gateway.ts');
    expect(described.text).toContain('← imports by shop:code_file:src/http/router.ts');
  });

  it('get and describe take the file kind alias (shop:file:PATH) for a code file', async () => {
    const client = await connect('default');
    const got = await call(client, 'get', { object: 'shop:file:src/billing/pay.ts', detail: 'full' });
    expect(got.isError, got.text).toBe(false);
    expect(got.text).toContain('shop:code_file:src/billing/pay.ts');
    const described = await call(client, 'describe', { object: 'shop:file:src/billing/pay.ts' });
    expect(described.isError, described.text).toBe(false);
    expect(described.text).toContain('imports → shop:code_file:src/billing/gateway.ts');
    const missing = await call(client, 'get', { object: 'shop:file:src/billing/payy.ts' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('shop:code_file:src/billing/pay.ts');
  });
});
