/**
 * `sextant glossary infer` against a local chat-completions server and the real PostgreSQL
 * (issue 5, "Inferred terms"): without an LLM it says so and does nothing; with one, only
 * grounded proposals whose SQL validates are stored as `inferred`; answers are cached. Then
 * clusters, related terms and the unified glossary over the stored terms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatServer, type ChatServer } from '../helpers/chat-server.js';
import { cliEnv, runCli } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const FIXTURE = `
CREATE TABLE customers (id bigint PRIMARY KEY, email text NOT NULL, churned_at timestamptz);
COMMENT ON TABLE customers IS 'People with an account';
COMMENT ON COLUMN customers.churned_at IS 'When the customer cancelled; null while active';
CREATE TABLE invoices (id bigint PRIMARY KEY, customer_id bigint REFERENCES customers(id), amount_cents bigint NOT NULL, paid_at timestamptz);
COMMENT ON TABLE invoices IS 'Invoices sent to customers; paid_at is null while unpaid';
CREATE TABLE audit_log (id bigint PRIMARY KEY, payload text);
`;

const PROPOSALS = {
  terms: [
    {
      term: 'Active Customers',
      definition: 'Customers who have not cancelled',
      sql: 'SELECT count(*) AS active_customers FROM public.customers WHERE churned_at IS NULL',
      base_table: 'public.customers',
      aliases: ['live accounts'],
      evidence: 'customers.churned_at: null while active',
    },
    {
      term: 'Unpaid Invoices',
      definition: 'Invoices not paid yet',
      sql: 'SELECT count(*) AS unpaid FROM public.invoices WHERE paid_at IS NULL',
      base_table: 'public.invoices',
      aliases: [],
      evidence: 'invoices comment: paid_at is null while unpaid',
    },
    {
      term: 'Revenue',
      definition: 'Money collected',
      sql: 'SELECT sum(amount) FROM public.invoices',
      base_table: 'public.invoices',
      aliases: [],
      evidence: 'invoices.amount_cents',
    },
    {
      term: 'Profit',
      definition: 'Revenue minus costs',
      sql: 'SELECT sum(profit) FROM public.costs',
      base_table: 'public.costs',
      aliases: [],
      evidence: 'none',
    },
    {
      term: 'Audit Volume',
      definition: 'Log lines',
      sql: 'SELECT count(*) AS n FROM public.audit_log',
      base_table: 'public.audit_log',
      aliases: [],
      evidence: '',
    },
  ],
};

describe('glossary infer, clusters and the unified glossary', () => {
  let db: TempDatabase;
  let chat: ChatServer;
  const home = tempHome();
  const env = cliEnv(home.dir);
  let withLlm: NodeJS.ProcessEnv;
  const run = (e: NodeJS.ProcessEnv, ...args: string[]) => runCli(args, e);

  beforeAll(async () => {
    db = await createTempDatabase('sxt_infer');
    await db.exec(FIXTURE);
    chat = await startChatServer(() => ({ content: `Here you go:\n\`\`\`json\n${JSON.stringify(PROPOSALS)}\n\`\`\`` }));
    withLlm = { ...env, SEXTANT_LLM_URL: chat.url, SEXTANT_LLM_MODEL: 'tiny-test', SEXTANT_LLM_API_KEY: 'sk-infer-secret' };
    expect((await run(env, 'source', 'add', db.adminDsn, '--name', 'crm', '--allow-extra-privileges')).code).toBe(0);
    expect((await run(env, 'update', '--allow-extra-privileges')).code).toBe(0);
  });

  afterAll(async () => {
    await chat?.close();
    await db?.drop();
    home.cleanup();
  });

  it('says no LLM is configured and does nothing', async () => {
    const out = await run(env, 'glossary', 'infer');
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/no LLM is configured, so no terms were inferred\nhint: set llm\.url and llm\.model/);
    expect((await run(env, 'glossary', 'list', '--json')).json.terms).toEqual([]);
  });

  it('stores only grounded proposals whose SQL validates, as inferred; the schema reaches the model', async () => {
    const out = await run(withLlm, 'glossary', 'infer', '--json');
    expect(out.code, out.stderr).toBe(0);
    expect(out.json).toMatchObject({ model: 'openai:tiny-test', source: 'crm', tables: 3, requests: 1, cached: 0, proposed: 5 });
    expect(out.json.created.map((c: { term: string }) => c.term)).toEqual(['Active Customers', 'Unpaid Invoices']);
    const reasons = Object.fromEntries(out.json.rejected.map((r: { term: string; reason: string }) => [r.term, r.reason]));
    expect(reasons.Revenue).toMatch(/^SQL validation failed: column "amount" does not exist/);
    expect(reasons.Profit).toMatch(/base table 'public.costs' is not one of the tables shown/);
    expect(reasons['Audit Volume']).toBe('no evidence in the schema cited');

    const prompt = chat.requests[0]!.body.messages[1]!.content;
    expect(prompt).toContain('table public.customers -- People with an account');
    expect(prompt).toContain('churned_at timestamp with time zone -- When the customer cancelled; null while active');
    expect(chat.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect(chat.requests[0]!.headers.authorization).toBe('Bearer sk-infer-secret');

    const list = await run(env, 'glossary', 'list', '--origin', 'inferred', '--json');
    expect(list.json.terms.map((t: { term: string; origin: string; createdBy: string | null }) => [t.term, t.origin, t.createdBy])).toEqual([
      ['Active Customers', 'inferred', null],
      ['Unpaid Invoices', 'inferred', null],
    ]);
    const history = await run(env, 'glossary', 'history', 'Active Customers', '--json');
    expect(history.json.changes[0].actor).toEqual({ user: null, client: 'openai:tiny-test', via: 'infer' });
  });

  it('answers a re-run from the cache and adds no duplicates', async () => {
    const before = chat.requests.length;
    const out = await run(withLlm, 'glossary', 'infer', '--json');
    expect(out.json).toMatchObject({ requests: 1, cached: 1, created: [] });
    expect(chat.requests.length).toBe(before);
    expect(out.json.rejected.find((r: { term: string }) => r.term === 'Active Customers').reason).toMatch(/already exists/);
  });

  it('clusters terms by meaning, deterministically, and lists related terms', async () => {
    const add = (term: string, definition: string, sql: string) => run(env, 'glossary', 'add', term, '--definition', definition, '--sql', sql);
    expect((await add('Paid Invoices', 'Invoices that were paid', 'SELECT count(*) AS paid FROM invoices WHERE paid_at IS NOT NULL')).code).toBe(0);
    expect((await add('Invoice Amount', 'Total invoice amount in cents', 'SELECT sum(amount_cents) AS cents FROM invoices')).code).toBe(0);
    expect(
      (await add('Churned Customers', 'Customers who cancelled their account', 'SELECT count(*) AS churned FROM customers WHERE churned_at IS NOT NULL')).code,
    ).toBe(0);
    expect((await add('Customer Emails', 'Customers with an email address', 'SELECT count(email) AS emails FROM customers')).code).toBe(0);

    const first = await run(env, 'glossary', 'clusters', '--k', '2', '--json');
    expect(first.code, first.stderr).toBe(0);
    expect(first.json).toMatchObject({ k: 2, vectors: 'words' });
    const groups = first.json.clusters.map((c: { terms: Array<{ term: string }> }) => c.terms.map((t) => t.term).sort());
    expect(groups).toContainEqual(['Invoice Amount', 'Paid Invoices', 'Unpaid Invoices']);
    expect(groups).toContainEqual(['Active Customers', 'Churned Customers', 'Customer Emails']);
    const again = await run(env, 'glossary', 'clusters', '--k', '2', '--json');
    expect(again.json).toEqual(first.json);

    const human = await run(env, 'glossary', 'clusters', '--k', '2');
    expect(human.stdout).toMatch(/#0 /);
    const related = await run(env, 'glossary', 'related', 'unpaid invoices', '--json');
    expect(related.code, related.stderr).toBe(0);
    expect(related.json.related.map((r: { term: string }) => r.term).sort()).toEqual(['Invoice Amount', 'Paid Invoices']);
  });

  it('lists terms and entities together in the unified glossary', async () => {
    const out = await run(env, 'glossary', 'unified', '--json');
    expect(out.code, out.stderr).toBe(0);
    const kinds = new Set(out.json.entries.map((e: { kind: string }) => e.kind));
    expect([...kinds].sort()).toEqual(['entity', 'term']);
    const names = out.json.entries.map((e: { name: string }) => e.name);
    expect(names).toContain('Active Customers');
    // entities of the indexed schema sit beside the terms, sorted by name
    expect(out.json.entries.find((e: { kind: string; name: string }) => e.kind === 'entity' && /invoice/i.test(e.name))).toBeDefined();
    expect([...names].sort((a: string, b: string) => a.localeCompare(b))).toEqual(names);
    const human = await run(env, 'glossary', 'unified');
    expect(human.stdout).toMatch(/Active Customers\s+term\s+inferred/);
  });
});
