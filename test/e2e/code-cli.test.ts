/**
 * A repository as a source through the built CLI (issue 16): `source add code`, `update`
 * (unchanged when no file changed), `get` of a file (imports, importers, symbols) and
 * `sextant plan` by topic and by seed, with the seed's fallbacks and path security.
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatServer } from '../helpers/chat-server.js';
import { cliEnv, runCli } from '../helpers/cli.js';
import { writeShopRepo } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'shop');

beforeAll(async () => {
  writeShopRepo(repo);
  const add = await runCli(['source', 'add', 'code', repo, '--name', 'shop', '--json'], env);
  expect(add.code, add.stderr).toBe(0);
  const update = await runCli(['update', '--source', 'shop', '--json'], env, { timeoutMs: 120_000 });
  expect(update.code, update.stderr + update.stdout).toBe(0);
}, 180_000);

afterAll(() => home.cleanup());

describe('code sources through the CLI', () => {
  it('an unchanged tree updates as unchanged', async () => {
    const again = await runCli(['update', '--source', 'shop', '--json'], env);
    expect(again.code).toBe(0);
    expect(again.json.reports[0]).toMatchObject({ status: 'unchanged' });
  });

  it('get of a file lists its imports, importers and symbols', async () => {
    const got = await runCli(['get', 'shop:code_file:src/billing/pay.ts', '--json'], env);
    expect(got.code, got.stderr).toBe(0);
    expect(got.json.outgoing.map((e: { toId: string }) => e.toId).sort()).toEqual([
      'shop:code_file:src/billing/gateway.ts',
      'shop:code_file:src/billing/invoice.ts',
    ]);
    expect(got.json.incoming.map((e: { fromId: string }) => e.fromId)).toEqual(['shop:code_file:src/http/router.ts']);
    expect(got.json.children.map((c: { name: string }) => c.name)).toEqual(['payInvoice']);
    // the body words the lexical index reads (charge, invoice: used twice or more) are not shown
    expect(got.json.object.attributes).toHaveProperty('language', 'typescript');
    expect(got.json.object.attributes).not.toHaveProperty('words');
    const text = await runCli(['get', 'sextant://shop/src/billing/pay.ts'], env);
    expect(text.stdout).toContain('→ imports shop:code_file:src/billing/gateway.ts');
    expect(text.stdout).toContain('← imports shop:code_file:src/http/router.ts');
  });

  it('get and describe take shop:file:PATH as the code file', async () => {
    const got = await runCli(['get', 'shop:file:src/billing/pay.ts', '--json'], env);
    expect(got.code, got.stderr).toBe(0);
    expect(got.json.object.id).toBe('shop:code_file:src/billing/pay.ts');
    const described = await runCli(['describe', 'shop:file:src/billing/pay.ts'], env);
    expect(described.code, described.stderr).toBe(0);
    expect(described.stdout).toContain('shop:code_file:src/billing/gateway.ts');
  });

  it('plan by topic: the seed found through the index, neighbours ranked, steps', async () => {
    const plan = await runCli(['plan', 'charge', 'the', 'card', 'and', 'book', 'the', 'payment', '--rank', 'graph', '--json'], env);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.json.context).toMatchObject({ seedId: 'src/billing/pay.ts', resolvedBy: 'topic', depth: 1, limit: 30, direction: 'union', source: 'shop' });
    // distance 1 each; gateway and router touch 3 files, invoice 1
    expect(plan.json.context.relatedFiles).toEqual(['src/billing/gateway.ts', 'src/http/router.ts', 'src/billing/invoice.ts']);
    expect(plan.json.context.stats).toEqual({ nodesVisited: 4, edgesTraversed: 3, maxDepth: 1 });
    expect(plan.json.plan.steps[0].files).toEqual(['src/billing/pay.ts']);
    expect(plan.json.userSummary).toContain('src/billing/pay.ts');
  });

  it('plan by seed with depth, limit and direction', async () => {
    const plan = await runCli(
      ['plan', 'card payments', '--seed', 'billing/gateway.js', '--depth', '2', '--direction', 'reverse', '--limit', '3', '--json'],
      env,
    );
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.json.context).toMatchObject({ seedId: 'src/billing/gateway.ts', resolvedBy: 'basename', depth: 2, limit: 3, direction: 'reverse' });
    expect(plan.json.context.relatedFiles).toEqual(['src/billing/pay.ts', 'src/billing/refund.ts', 'src/http/router.ts']);
    const text = await runCli(['plan', 'card payments', '--seed', 'src/billing/gateway.ts'], env);
    expect(text.stdout).toContain('Read src/billing/gateway.ts');
    expect(text.stdout).toContain('src/util/retry.ts');
    // a seed alone is a request too: what belongs with that file
    const seedOnly = await runCli(['plan', '--seed', 'src/billing/gateway.ts', '--json'], env);
    expect(seedOnly.code, seedOnly.stderr).toBe(0);
    expect(seedOnly.json.context.seedId).toBe('src/billing/gateway.ts');
    expect(seedOnly.json.context.relatedFiles).toContain('src/billing/pay.ts');
    const neither = await runCli(['plan'], env);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('plan needs a request or --seed FILE');
  });

  it('the fused order (the default) adds files the topic search finds that the import graph does not reach', async () => {
    const graph = await runCli(['plan', 'refunds', '--seed', 'src/billing/pay.ts', '--rank', 'graph', '--json'], env);
    expect(graph.json.context.rank).toBe('graph');
    expect(graph.json.context.relatedFiles).not.toContain('src/billing/refund.ts');
    const fused = await runCli(['plan', 'refunds', '--seed', 'src/billing/pay.ts', '--rank', 'fused', '--json'], env);
    expect(fused.code, fused.stderr).toBe(0);
    expect(fused.json.context.rank).toBe('fused');
    expect(fused.json.context.relatedFiles).toContain('src/billing/refund.ts');
    expect(fused.json.context.relatedFiles).toEqual(expect.arrayContaining(graph.json.context.relatedFiles));
    // nothing imports refund.ts: the plan starts there, as an entry point
    expect(fused.json.plan.steps[0]).toMatchObject({ title: 'Start at the entry points', files: ['src/billing/refund.ts'] });
    // no --rank: the fused order
    const plain = await runCli(['plan', 'refunds', '--seed', 'src/billing/pay.ts', '--json'], env);
    expect(plain.json.context).toMatchObject({ rank: 'fused', relatedFiles: fused.json.context.relatedFiles });
    expect((await runCli(['plan', 'x', '--rank', 'best'], env)).code).toBe(2);
  });

  it('--writer rules keeps the deterministic plan when a chat model is configured', async () => {
    const steps = [{ title: 'Model step', files: ['src/billing/pay.ts'], why: 'the model said so' }];
    const chat = await startChatServer(() => ({ content: JSON.stringify({ steps }) }));
    try {
      const withLlm = cliEnv(home.dir, { SEXTANT_LLM_URL: chat.url, SEXTANT_LLM_MODEL: 'planner' });
      const args = ['plan', 'card payments', '--seed', 'src/billing/pay.ts', '--json'];
      const auto = await runCli(args, withLlm);
      expect(auto.code, auto.stderr).toBe(0);
      expect(auto.json.plan).toMatchObject({ writtenBy: 'openai:planner', steps: [{ title: 'Model step' }] });
      const asked = chat.requests.length;
      expect(asked).toBe(1);
      const rules = await runCli([...args, '--writer', 'rules'], withLlm);
      expect(rules.code, rules.stderr).toBe(0);
      expect(rules.json.plan.writtenBy).toBe('rules');
      expect(rules.json.plan.steps[0]).toMatchObject({ title: 'Read src/billing/pay.ts' });
      expect(chat.requests.length).toBe(asked);
      const bad = await runCli([...args, '--writer', 'model'], withLlm);
      expect(bad.code).toBe(2);
      expect(bad.stdout + bad.stderr).toContain("--writer must be one of auto, rules, got 'model'");
    } finally {
      await chat.close();
    }
  });

  it('an unresolved seed or topic gives an empty context with a valid plan and the reason', async () => {
    const seed = await runCli(['plan', 'x', '--seed', 'src/nowhere/thing.ts', '--json'], env);
    expect(seed.code).toBe(0);
    // the one code source it looked in is named
    expect(seed.json.context).toMatchObject({ seedId: null, relatedFiles: [], source: 'shop', reason: "no file matches the seed 'src/nowhere/thing.ts'" });
    expect(seed.json.plan.steps).toHaveLength(1);
    const topic = await runCli(['plan', 'zzqx', 'wobble', '--json'], env);
    expect(topic.json.context).toMatchObject({ seedId: null, source: 'shop', reason: expect.stringContaining('no code file matches') });
  });

  it('a seed outside the repository and bad flags are usage errors', async () => {
    const outside = await runCli(['plan', 'x', '--seed', '../../etc/passwd', '--json'], env);
    expect(outside.code).toBe(2);
    expect(outside.json.error.message).toContain('inside the repository');
    expect((await runCli(['plan', 'x', '--direction', 'sideways'], env)).code).toBe(2);
    expect((await runCli(['plan', 'x', '--depth', '9'], env)).code).toBe(2);
  });

  it('files an older release scanned: the fused plan says what it lacks, and the next update rescans them', async () => {
    // as an older release left them: another scan version, so other hashes
    const db = new Database(join(home.dir, 'index.sqlite'));
    try {
      db.prepare(
        "UPDATE objects SET attributes = json_set(attributes, '$.scan', 2) WHERE source = 'shop' AND kind = 'code_file' AND path LIKE 'src/billing/%'",
      ).run();
      db.prepare("UPDATE resources SET hash = 'older' WHERE source = 'shop' AND resource LIKE 'file:src/billing/%'").run();
      db.prepare("UPDATE sources SET source_hash = 'older' WHERE name = 'shop'").run();
    } finally {
      db.close();
    }
    const args = ['plan', 'refunds', '--seed', 'src/billing/pay.ts', '--rank', 'fused', '--json'];
    const before = await runCli(args, env);
    expect(before.code, before.stderr).toBe(0);
    expect(before.json.context.notice).toMatch(/^\d+ of \d+ files of shop were scanned by an older release: .*`sextant update --source shop`$/);
    const graphOrder = await runCli(['plan', 'refunds', '--seed', 'src/billing/pay.ts', '--rank', 'graph', '--json'], env);
    expect(graphOrder.json.context).not.toHaveProperty('notice');
    const update = await runCli(['update', '--source', 'shop', '--json'], env, { timeoutMs: 120_000 });
    expect(update.code, update.stderr).toBe(0);
    expect(update.json.reports[0].status).not.toBe('unchanged');
    const after = await runCli(args, env);
    expect(after.json.context).not.toHaveProperty('notice');
    expect(after.json.context.relatedFiles).toEqual(before.json.context.relatedFiles);
  });

  it('get and describe of a file say its git history: how often, when, with what, and the latest subject', async () => {
    const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args]);
    git('add', '.');
    git('commit', '-qm', 'the shop as it was');
    writeFileSync(join(repo, 'src/billing/pay.ts'), `${readFileSync(join(repo, 'src/billing/pay.ts'), 'utf8')}// retries\n`);
    writeFileSync(join(repo, 'src/billing/gateway.ts'), `${readFileSync(join(repo, 'src/billing/gateway.ts'), 'utf8')}// retries\n`);
    git('commit', '-qam', 'Retry card charges');
    expect((await runCli(['update', '--source', 'shop'], env, { timeoutMs: 120_000 })).code).toBe(0);
    const got = await runCli(['get', 'shop:file:src/billing/pay.ts'], env);
    expect(got.stdout).toMatch(/^history: 2 commits, (changed|first) \d{4}-\d\d-\d\d/m);
    expect(got.stdout).toMatch(/^changed with: src\/billing\/gateway\.ts/m);
    expect(got.stdout).toMatch(/^last commit: Retry card charges$/m);
    const described = await runCli(['describe', 'shop:file:src/billing/pay.ts', '--json'], env);
    expect(described.json.facts).toEqual(expect.arrayContaining([{ label: 'last commit', value: 'Retry card charges' }]));
  });

  it('a plan by topic starts at the code, not at the test that repeats its words; tests come last, as tests', async () => {
    const dir = join(home.dir, 'labels');
    // the test names the request's words in its path, exports and body: it leads the word search
    const files: Record<string, string> = {
      'src/labels/render.ts': "import { rate } from './rates.js';\n\nexport function renderShippingLabel(parcel: string) {\n  return parcel + rate();\n}\n",
      'src/labels/rates.ts': 'export function rate() {\n  return 5;\n}\n',
      'test/labels/shipping-label.test.ts':
        "import { renderShippingLabel } from '../../src/labels/render.js';\n\n// shipping label cases: each shipping label shows the parcel\nexport const shippingLabel = renderShippingLabel('a');\nexport const shippingLabelTwo = renderShippingLabel('b');\n",
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    expect((await runCli(['source', 'add', 'code', dir, '--name', 'labels'], env)).code).toBe(0);
    expect((await runCli(['update', '--source', 'labels'], env, { timeoutMs: 120_000 })).code).toBe(0);
    // the test wins the word match; search ranks it after the code it tests, and says where it stood
    const search = await runCli(['search', 'shipping label', '--source', 'labels', '--explain', '--json'], env);
    const test = search.json.hits.find((h: { id: string }) => h.id === 'labels:code_file:test/labels/shipping-label.test.ts');
    expect(test.explain.lexicalRank).toBe(1);
    expect(search.json.hits[0].id).toMatch(/^labels:code_(file|symbol):src\/labels\/render\.ts/);
    const plan = await runCli(['plan', 'shipping', 'label', '--source', 'labels', '--json'], env);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.json.context.seedId).toBe('src/labels/render.ts');
    expect(plan.json.plan.steps.map((s: { title: string; files: string[] }) => [s.title, s.files])).toEqual([
      ['Read src/labels/render.ts', ['src/labels/render.ts']],
      ['What it builds on', ['src/labels/rates.ts']],
      ['How it is tested', ['test/labels/shipping-label.test.ts']],
    ]);
  });
});
