/**
 * The glossary through the engine (no CLI): re-validation when the source cannot be reached
 * leaves terms as they were and says why (a system failure, not a stale term); terms of a
 * removed source go stale; a term's chunk carries its entities and follows renames; two
 * engines on one index file race to create a term and exactly one wins.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresConnector } from '../../src/adapters/connector/postgres/index.js';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import { cliActor } from '../../src/core/glossary/index.js';
import { lexicalField } from '../../src/core/search/lexical-text.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let db: TempDatabase;
const ana = cliActor('ana');

async function openEngine(): Promise<Engine> {
  const store = await openSqliteStore(join(home.dir, 'index.sqlite'));
  return createEngine({
    store,
    connectors: new Map([['postgres', createPostgresConnector({ statementTimeoutMs: 2000 })]]),
    embedder: async () => null,
    lexical: lexicalField,
  });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  db = await createTempDatabase('sxt_glcore');
  await db.exec(
    "CREATE TABLE subscriptions (id bigint PRIMARY KEY, plan text NOT NULL, monthly_fee_cents bigint, cancelled_at timestamptz); COMMENT ON TABLE subscriptions IS 'Customer subscriptions to a plan'",
  );
  const engine = await openEngine();
  await engine.addSource({ name: 'billing', url: db.adminDsn, options: { allowExtraPrivileges: true } });
  expect((await engine.update({ allowExtraPrivileges: true })).ok).toBe(true);
  await engine.close();
});

afterAll(async () => {
  await db?.drop();
  home.cleanup();
});

describe('glossary in the engine', () => {
  it('indexes a term as a scoped chunk with entities and moves it on rename', async () => {
    const engine = await openEngine();
    try {
      const created = await engine.glossary.create(
        'default',
        {
          term: 'Monthly Recurring Revenue',
          definition: 'Fees of subscriptions not cancelled',
          sql: 'SELECT sum(monthly_fee_cents) AS mrr_cents FROM subscriptions WHERE cancelled_at IS NULL',
          baseTable: 'subscriptions',
          aliases: ['MRR'],
        },
        ana,
        'manual',
      );
      expect(created.success).toBe(true);
      const hits = await engine.query('monthly recurring revenue');
      expect(hits.hits[0]).toMatchObject({ kind: 'glossary_term', objectId: 'billing:glossary_term:default/monthly recurring revenue' });
      const explained = await engine.query('monthly recurring revenue', { explain: true });
      expect(explained.hits[0]!.explain!.entities.length).toBeGreaterThan(0);
      const expanded = await engine.search('mrr');
      expect(expanded.hits.map((h) => h.kind)).toContain('glossary_term');
      expect(expanded.expansions.join(' ')).toMatch(/monthly recurring revenue/);
      // scoped to its project: a search in another project does not see it
      expect((await engine.search('recurring', { projects: ['other'] })).hits.filter((h) => h.kind === 'glossary_term')).toEqual([]);
      const detail = await engine.get('billing:glossary_term:default/monthly recurring revenue');
      expect(detail.object).toMatchObject({ parentId: 'billing:table:public.subscriptions', comment: 'Fees of subscriptions not cancelled' });
      const table = await engine.get('billing:table:public.subscriptions');
      expect(table.children.map((c) => c.kind)).toContain('glossary_term');
      // the terms on a table, by its object id (the web UI's Browse page lists them)
      expect((await engine.glossary.list('default', { baseTable: 'billing:table:public.subscriptions' })).map((t) => t.term)).toEqual([
        'Monthly Recurring Revenue',
      ]);
      expect(await engine.glossary.list('default', { baseTable: 'billing:table:public.invoices' })).toEqual([]);
      expect(await engine.glossary.list('default', { baseTable: 'not an id' })).toEqual([]);

      const renamed = await engine.glossary.update('default', 'mrr', { term: 'Recurring Revenue' }, ana, 'manual');
      expect(renamed.success).toBe(true);
      const after = await engine.search('recurring revenue');
      expect(after.hits.filter((h) => h.kind === 'glossary_term').map((h) => h.objectId)).toEqual(['billing:glossary_term:default/recurring revenue']);
    } finally {
      await engine.close();
    }
  });

  it('lets exactly one of two engines on the same index create the same term', async () => {
    const [a, b] = [await openEngine(), await openEngine()];
    try {
      const input = { term: 'Open Subscriptions', definition: 'Not cancelled', sql: 'SELECT count(*) AS open FROM subscriptions WHERE cancelled_at IS NULL' };
      const results = await Promise.all([a.glossary.create('default', input, ana, 'manual'), b.glossary.create('default', input, ana, 'manual')]);
      expect(results.map((r) => r.success).sort()).toEqual([false, true]);
      expect(results.find((r) => !r.success)).toMatchObject({ code: 'TERM_EXISTS', error: "term 'Open Subscriptions' already exists" });
      expect((await a.glossary.list('default', { text: 'open subscriptions' })).length).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('tells an unreachable source apart: terms stay as they were, the report says why', async () => {
    const engine = await openEngine();
    try {
      const dsn = db.adminDsn;
      await engine.setSourceUrl('billing', `postgres://postgres@127.0.0.1:${await closedPort()}/x`);
      const [report] = await engine.glossary.revalidate(['billing']);
      expect(report).toMatchObject({ source: 'billing', checked: 0, broke: [] });
      expect(report!.error).toMatch(/cannot reach PostgreSQL/);
      // what to do is kept apart from what failed
      expect(report!.error).not.toMatch(/then retry/);
      expect(report!.hint).toBe('check host/port and that the server is running, then retry');
      expect((await engine.glossary.list('default')).every((t) => t.validation.status === 'valid')).toBe(true);
      await expect(engine.glossary.testSql('default', 'SELECT 1')).rejects.toMatchObject({ code: 'SOURCE_UNREACHABLE' });
      const create = engine.glossary.create('default', { term: 'X', definition: 'x', sql: 'SELECT 1 AS one' }, ana, 'manual');
      await expect(create).rejects.toMatchObject({ code: 'SOURCE_UNREACHABLE' });
      await engine.setSourceUrl('billing', dsn);

      const removal = await engine.removeSource('billing');
      expect(removal.staleTerms.map((t) => t.term).sort()).toEqual(['Open Subscriptions', 'Recurring Revenue']);
      const [gone] = await engine.glossary.revalidate();
      expect(gone).toMatchObject({ source: 'billing', checked: 2, error: null });
      const terms = await engine.glossary.list('default');
      expect(terms.map((t) => [t.term, t.validation.status, t.validation.error])).toEqual([
        ['Open Subscriptions', 'stale', "source 'billing' no longer exists"],
        ['Recurring Revenue', 'stale', "source 'billing' no longer exists"],
      ]);
    } finally {
      await engine.close();
    }
  });

  it('keeps the hint apart when the re-check after an update refuses to run a term through a role that may write', async () => {
    const engine = await openEngine();
    try {
      await engine.addSource({ name: 'ledger', url: db.adminDsn, options: { allowExtraPrivileges: true } });
      expect((await engine.update({ source: 'ledger' })).ok).toBe(true);
      const sql = 'SELECT count(*) AS plans FROM subscriptions';
      expect((await engine.glossary.create('default', { term: 'Plans', definition: 'x', sql, source: 'ledger' }, ana, 'manual')).success).toBe(true);
      // the source no longer accepts its superuser; this update still runs (accepted for the run only)
      await engine.setSourceUrl('ledger', db.adminDsn, { allowExtraPrivileges: false });
      await db.exec('ALTER TABLE subscriptions ADD COLUMN note text');
      const run = await engine.update({ source: 'ledger', allowExtraPrivileges: true });
      expect(run.reports[0]!.status).toBe('updated');
      const [check] = run.glossary;
      expect(check).toMatchObject({ source: 'ledger', checked: 1, fixed: [], error: null });
      const [broke] = check!.broke;
      expect(broke).toMatchObject({ project: 'default', term: 'Plans' });
      expect(broke!.error).toMatch(/^role '.+' of source 'ledger' has more than read privileges .*the SQL was not run$/);
      expect(broke!.hint).toMatch(/^connect as a read-only role .*--allow-extra-privileges$/);
      const term = await engine.glossary.get('default', 'Plans');
      expect(term.validation).toMatchObject({ status: 'stale', error: broke!.error, hint: broke!.hint });
    } finally {
      await engine.close();
    }
  });
});
