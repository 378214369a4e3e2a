/**
 * `sextant context generate` through the built CLI, against a local chat-completions server on
 * loopback and the sample database on the real PostgreSQL (issue 19, "Contexts an LLM drafts"):
 * cryptic tables first, drafts grounded in the facts shown, refusals, malformed answers, unknown
 * evidence and the model's own skips all skipped with their reason; `--dry-run` stores nothing;
 * answers are cached; stored drafts are `inferred` wherever contexts are shown; no row value of
 * the database ever reaches the model.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSampleSql } from '../../src/demo/sample-database.js';
import { startChatServer, type ChatAnswer, type ChatRequest, type ChatServer } from '../helpers/chat-server.js';
import { CLI, cliEnv, runCli } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const KEY = 'sk-ctxgen-secret-4711';

/** The number of the fact whose text starts with `prefix` in the prompt the model was sent. */
function factId(request: ChatRequest, prefix: string): string {
  const line = request.body.messages[1]!.content.split('\n').find((l) => l.replace(/^F\d+: /, '').startsWith(prefix));
  return line ? line.slice(0, line.indexOf(':')) : 'F404';
}

/** Answers as a model would, per table: two grounded drafts, a refusal, a malformed answer, a skip. */
function answer(request: ChatRequest): ChatAnswer {
  const prompt = request.body.messages[1]!.content;
  const about = /Facts about \w+ ([\w.]+):/.exec(prompt)?.[1];
  switch (about) {
    case 'billing.inv_ln_itm':
      return {
        content: JSON.stringify({
          context: 'Invoice line items kept from the legacy ERP: one product billed on an invoice, with quantity, unit price, discount and tax code.',
          evidence: ['F1', factId(request, 'references table billing.invoice'), factId(request, 'column qty')],
        }),
      };
    case 'support.tkt_esc_hist':
      return {
        content: `Here is the JSON:\n{"context": "Ticket escalation history: each time a support ticket was escalated, to which level and between which agents.", "evidence": ["F1", "${factId(request, 'references table support.ticket')}"]}`,
      };
    case 'shop.prd_cat_xref':
      return { content: "I'm sorry, but I can't help with that request." };
    case 'billing.gl_acct_map':
      return { content: '{"context": "General ledger account mapping", "evidence": ["F1"' };
    case 'shop.warehouse':
      return { status: 400, raw: JSON.stringify({ error: { message: 'this model does not exist' } }) };
    case 'support.v_tkt_agt_stats':
      return { content: JSON.stringify({ skip: 'the view aggregates tickets per agent but its purpose is not stated' }) };
    default:
      return { content: JSON.stringify({ context: 'A guess.', evidence: ['F999'] }) };
  }
}

const CRYPTIC = [
  'shop:table:billing.gl_acct_map',
  'shop:table:billing.inv_ln_itm',
  'shop:table:shop.prd_cat_xref',
  'shop:table:support.tkt_esc_hist',
  'shop:view:support.v_tkt_agt_stats',
];

/** Values stored in rows of the sample database (customers, agents, legacy numbers): none may reach the model. */
const ROW_VALUES = ['maren.holt@example.com', 'Maren Holt', 'C0002981', 'Sofia L.', 'sofia.lind@staff.example.com', 'Orders & Delivery'];

describe('context generate', () => {
  let db: TempDatabase;
  let chat: ChatServer;
  const home = tempHome();
  const env = cliEnv(home.dir, { CTXGEN_KEY: KEY });
  const run = (...args: string[]) => runCli(args, env);
  const endpoint = () => ['--base-url', chat.url, '--model', 'tiny-drafter', '--api-key-env', 'CTXGEN_KEY'];

  beforeAll(async () => {
    db = await createTempDatabase('ctxgen_e2e');
    for (const sql of loadSampleSql()) await db.exec(sql);
    const reader = await db.createRole(
      'ctxgen_e2e_reader',
      'GRANT USAGE ON SCHEMA shop, billing, support TO {role}; GRANT SELECT ON ALL TABLES IN SCHEMA shop, billing, support TO {role};',
    );
    chat = await startChatServer(answer);
    expect((await run('source', 'add', reader.dsn, '--name', 'shop')).code).toBe(0);
    const update = await run('update');
    expect(update.code, update.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await chat?.close();
    await db?.drop();
    home.cleanup();
  });

  it('without a chat model it says how to configure one and drafts nothing', async () => {
    const out = await run('context', 'generate', '--json');
    expect(out.code).toBe(1);
    expect(out.json.error).toMatchObject({ code: 'LLM_NOT_CONFIGURED', message: 'no chat model is configured, so no contexts were drafted' });
    expect(out.json.error.hint).toMatch(/--base-url and --model/);
    const missingKey = await run('context', 'generate', '--base-url', chat.url, '--model', 'm', '--api-key-env', 'NOT_SET_ANYWHERE');
    expect(missingKey.code).toBe(2);
    expect(missingKey.stderr).toMatch(/--api-key-env names NOT_SET_ANYWHERE, which is not set or empty/);
    expect(chat.requests).toHaveLength(0);
  });

  it('--dry-run drafts the cryptic tables first, skips what it cannot trust with the reason, and stores nothing', async () => {
    const out = await run('context', 'generate', '--limit', '5', '--dry-run', '--json', ...endpoint());
    expect(out.code, out.stderr).toBe(0);
    expect(out.json).toMatchObject({ model: 'openai:tiny-drafter', dryRun: true, requests: 5, cached: 0, stored: 0, skipped: 3, chunksUpdated: 0 });
    expect(out.json.candidates).toBeGreaterThan(30);
    const results = out.json.results as Array<{ objectId: string; status: string; reason?: string; context?: string; evidence?: string[] }>;
    expect(results.map((r) => r.objectId).sort()).toEqual(CRYPTIC);
    const byId = Object.fromEntries(results.map((r) => [r.objectId, r]));
    expect(byId['shop:table:billing.inv_ln_itm']).toMatchObject({
      status: 'drafted',
      context: expect.stringMatching(/^Invoice line items/),
      evidence: [
        'table billing.inv_ln_itm',
        expect.stringMatching(/^references table billing\.invoice \(inv_id → invoice_id\) -- A tax invoice/),
        'column qty numeric(10,2) (not null)',
      ],
    });
    expect(byId['shop:table:support.tkt_esc_hist']).toMatchObject({
      status: 'drafted',
      evidence: ['table support.tkt_esc_hist', expect.stringMatching(/^references table support\.ticket/)],
    });
    expect(byId['shop:table:shop.prd_cat_xref']!.reason).toMatch(/^the model refused: "I'm sorry/);
    expect(byId['shop:table:billing.gl_acct_map']!.reason).toMatch(/^malformed answer \(not a JSON object\)/);
    expect(byId['shop:view:support.v_tkt_agt_stats']!.reason).toBe(
      'the model found the signals too weak: the view aggregates tickets per agent but its purpose is not stated',
    );
    expect((await run('context', 'list', '--json')).json.contexts).toEqual([]);
    const search = await run('search', 'ERP', '--kind', 'table', '--json');
    expect(search.json.hits.map((h: { objectId: string }) => h.objectId)).not.toContain('shop:table:billing.inv_ln_itm');

    for (const request of chat.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request.body.response_format).toEqual({ type: 'json_object' });
      const sent = JSON.stringify(request.body);
      for (const value of ROW_VALUES) expect(sent).not.toContain(value);
    }
    const view = chat.requests.find((r) => r.body.messages[1]!.content.includes('Facts about view support.v_tkt_agt_stats'))!;
    expect(view.body.messages[1]!.content).toMatch(/view definition: SELECT a\.agent_id AS agt_id,.* FROM support\.agent a LEFT JOIN support\.ticket t/);
    expect(view.body.messages[1]!.content).toMatch(/reads from table support\.agent -- A customer service employee who answers tickets\./);
    expect(out.stdout + out.stderr).not.toContain(KEY);
  });

  it('stores the grounded drafts as inferred from the cache (no new request) and shows them as inferred', async () => {
    const before = chat.requests.length;
    const out = await run('context', 'generate', '--limit', '5', ...endpoint());
    expect(out.code, out.stderr).toBe(0);
    expect(chat.requests).toHaveLength(before);
    expect(out.stdout).toMatch(/openai:tiny-drafter: 5 of \d+ objects without a context, 5 requests \(5 cached\); 2 stored, 3 skipped/);
    expect(out.stdout).toMatch(/#\d+ shop:table:billing\.inv_ln_itm \(inferred\): Invoice line items/);
    expect(out.stdout).toMatch(/skipped shop:table:shop\.prd_cat_xref: the model refused/);
    expect(out.stderr).toMatch(/drafting contexts/);

    const list = await run('context', 'list', '--json');
    expect(list.json.contexts.map((c: { target: string; origin: string }) => [c.target, c.origin])).toEqual([
      ['shop:table:billing.inv_ln_itm', 'inferred'],
      ['shop:table:support.tkt_esc_hist', 'inferred'],
    ]);
    expect(list.json.contexts[0].evidence[0]).toBe('table billing.inv_ln_itm');
    expect((await run('context', 'list')).stdout).toMatch(/shop:table:billing\.inv_ln_itm\s+inferred\s+Invoice line items/);

    const get = await run('get', 'shop:table:billing.inv_ln_itm');
    expect(get.stdout).toContain('context: (inferred) Invoice line items kept from the legacy ERP: one product billed');
    const describe = await run('describe', 'shop:table:support.tkt_esc_hist', '--json');
    expect(describe.json.context).toMatch(/^\(inferred\) Ticket escalation history/);

    const search = await run('search', 'ERP', '--kind', 'table', '--json');
    expect(search.json.hits[0]?.objectId).toBe('shop:table:billing.inv_ln_itm');
  });

  it('an agent sees the draft as inferred, with its evidence, through MCP', async () => {
    const client = new Client({ name: 'ctxgen-e2e', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: env as Record<string, string>, stderr: 'ignore' }));
    try {
      const result = (await client.callTool({ name: 'get', arguments: { object: 'shop:table:billing.inv_ln_itm', detail: 'full' } })) as {
        content: Array<{ type: string; text: string }>;
        structuredContent: { context: string; contexts: Array<{ origin: string; evidence?: string[] }> };
      };
      expect(result.content[0]!.text).toContain('context: (inferred) Invoice line items kept from the legacy ERP');
      expect(result.structuredContent.context).toMatch(/^\(inferred\) /);
      expect(result.structuredContent.contexts).toEqual([
        expect.objectContaining({ origin: 'inferred', evidence: expect.arrayContaining(['table billing.inv_ln_itm']) }),
      ]);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("a second run drafts only what is still without a context; --object refuses a described object and a column; a person's schema context is a fact", async () => {
    const again = await run('context', 'generate', '--limit', '3', '--json', ...endpoint());
    expect(again.code, again.stderr).toBe(0);
    expect(again.json.results.map((r: { objectId: string }) => r.objectId)).not.toContain('shop:table:billing.inv_ln_itm');
    expect(
      again.json.results
        .slice(0, 3)
        .map((r: { objectId: string }) => r.objectId)
        .sort(),
    ).toEqual(['shop:table:billing.gl_acct_map', 'shop:table:shop.prd_cat_xref', 'shop:view:support.v_tkt_agt_stats']);

    const described = await run('context', 'generate', '--object', 'shop:table:billing.inv_ln_itm', ...endpoint());
    expect(described.code).toBe(2);
    expect(described.stderr).toMatch(/already has a context \(#\d+, inferred\)/);
    const column = await run('context', 'generate', '--object', 'shop:column:billing.invoice.invoice_id', ...endpoint());
    expect(column.code).toBe(2);
    expect(column.stderr).toMatch(/drafts tables and views; shop:column:billing\.invoice\.invoice_id is a column/);

    const before = chat.requests.length;
    const one = await run('context', 'generate', '--object', 'sextant://shop/shop.customer', '--dry-run', '--json', ...endpoint());
    expect(one.code, one.stderr).toBe(0);
    expect(chat.requests).toHaveLength(before + 1);
    expect(one.json.results).toEqual([
      expect.objectContaining({ objectId: 'shop:table:shop.customer', status: 'skipped', reason: expect.stringMatching(/not among the signals given/) }),
    ]);

    const failing = await run('context', 'generate', '--object', 'sextant://shop/shop.warehouse', ...endpoint());
    expect(failing.code).toBe(1);
    expect(failing.stderr).toMatch(/chat completion failed at http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: HTTP 400: .*this model does not exist/);
    expect(failing.stderr).not.toContain(KEY);

    const desk = await run('context', 'add', 'sextant://shop/support', 'Customer service desk, moved from the old helpdesk tool in 2022');
    expect(desk.code, desk.stderr).toBe(0);
    const tag = await run('context', 'generate', '--object', 'shop:table:support.ticket_tag', '--dry-run', '--json', ...endpoint());
    expect(tag.code, tag.stderr).toBe(0);
    expect(chat.requests.at(-1)!.body.messages[1]!.content).toMatch(
      /\nF\d+: context written by a person on schema support: Customer service desk, moved from the old helpdesk tool in 2022$/,
    );
  });
});
