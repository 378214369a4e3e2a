/**
 * @module test/contracts/glossary-store.contract
 * The glossary part of the Store port contract (ports/glossary.ts); run by describeStoreContract.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogObject } from '../../src/ports/catalog.js';
import type { ChangeActor, TermFields, TermIndexWrite } from '../../src/ports/glossary.js';
import type { Store } from '../../src/ports/store.js';

const AT = '2025-03-01T00:00:00.000Z';
const CLI: ChangeActor = { user: 'ana', client: null, via: 'cli' };
const MCP: ChangeActor = { user: null, client: 'claude-desktop/1.0', via: 'mcp' };

export function fields(term: string, extra: Partial<TermFields> = {}): TermFields {
  return {
    project: 'default',
    term,
    definition: `${term} as finance counts it`,
    sql: 'SELECT count(*) AS n FROM public.orders',
    source: 'shop',
    baseTable: 'public.orders',
    outputColumns: [{ name: 'n', type: 'bigint' }],
    origin: 'manual',
    aliases: [],
    validation: { status: 'valid', checkedAt: AT, error: null },
    ...extra,
  };
}

export function index(f: TermFields): TermIndexWrite {
  const path = `${f.project}/${f.term.toLowerCase()}`;
  const object: CatalogObject = {
    id: `${f.source}:glossary_term:${path}`,
    source: f.source,
    kind: 'glossary_term',
    path,
    name: f.term,
    parentId: null,
    resource: 'glossary',
    comment: f.definition,
    definition: f.sql,
    attributes: {},
  };
  return {
    object,
    chunk: {
      chunk: {
        id: object.id,
        objectId: object.id,
        source: f.source,
        kind: 'glossary_term',
        name: f.term.toLowerCase(),
        comment: f.definition,
        definition: f.sql,
        context: f.aliases.join(' '),
        text: `${f.term}. ${f.definition}`,
        contentHash: `h:${f.term}:${f.definition}:${f.aliases.join(',')}`,
        project: f.project,
        session: null,
      },
      vector: null,
    },
  };
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  await expect(promise).rejects.toMatchObject({ code });
}

export function describeGlossaryStoreContract(open: () => Promise<Store>): void {
  describe('glossary', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
      await store.addSource({ name: 'shop', type: 'postgres', url: 'postgres://r@localhost/shop', options: {}, createdAt: AT });
      await store.addSource({ name: 'crm', type: 'postgres', url: 'postgres://r@localhost/crm', options: {}, createdAt: AT });
    });
    afterEach(async () => {
      await store.close();
    });
    const create = (f: TermFields, actor = CLI) => store.createTerm(f, index(f), actor, AT);

    it('creates terms with aliases, finds them by name or alias case-insensitively', async () => {
      const created = await create(fields('Active Users', { aliases: ['MAU', 'monthly actives'] }));
      expect(created).toMatchObject({ term: 'Active Users', aliases: ['MAU', 'monthly actives'], createdBy: 'ana', updatedBy: 'ana', createdAt: AT });
      expect((await store.findTerm('default', 'active users'))?.id).toBe(created.id);
      expect((await store.findTerm('default', 'mau'))?.id).toBe(created.id);
      expect(await store.findTerm('other', 'mau')).toBeNull();
      expect(await store.findTerm('default', 'nope')).toBeNull();
      expect((await store.listTerms('default')).map((t) => t.term)).toEqual(['Active Users']);
      expect(await store.glossaryAliases()).toEqual([
        { project: 'default', alias: 'MAU', term: 'Active Users' },
        { project: 'default', alias: 'monthly actives', term: 'Active Users' },
      ]);
      expect(await store.getObject(index(created).object.id)).toMatchObject({ kind: 'glossary_term' });
      const hits = await store.lexicalSearch({ terms: [['finance']], limit: 5, projects: ['default'] });
      expect(hits.map((h) => h.chunkId)).toEqual([index(created).object.id]);
      expect(await store.lexicalSearch({ terms: [['finance']], limit: 5 })).toEqual([]);
    });

    it('refuses duplicate names and aliases that clash with other terms, writing nothing', async () => {
      await create(fields('Active Users', { aliases: ['MAU'] }));
      await expectCode(create(fields('ACTIVE USERS')), 'TERM_EXISTS');
      await expectCode(create(fields('mau')), 'ALIAS_CONFLICT');
      await expectCode(create(fields('Revenue', { aliases: ['active users'] })), 'ALIAS_CONFLICT');
      await expectCode(create(fields('Revenue', { aliases: ['mau'] })), 'ALIAS_CONFLICT');
      expect((await store.listTerms()).map((t) => t.term)).toEqual(['Active Users']);
      expect(await store.glossaryHistory('default')).toHaveLength(1);
      // other projects have their own names
      await create(fields('Active Users', { project: 'billing', aliases: ['MAU'] }));
      expect((await store.listTerms()).map((t) => `${t.project}/${t.term}`)).toEqual(['billing/Active Users', 'default/Active Users']);
    });

    it('updates fields and aliases whole, moves the index rows, and records before/after', async () => {
      const created = await create(fields('Revenue', { aliases: ['sales'] }));
      const next = fields('Net Revenue', { source: 'crm', aliases: ['turnover'], origin: 'client', definition: 'after refunds' });
      const updated = await store.updateTerm(created.id, next, index(next), MCP, '2025-03-02T00:00:00.000Z');
      expect(updated).toMatchObject({
        term: 'Net Revenue',
        aliases: ['turnover'],
        origin: 'client',
        createdBy: 'ana',
        updatedBy: null,
        updatedAt: '2025-03-02T00:00:00.000Z',
      });
      expect(await store.findTerm('default', 'sales')).toBeNull();
      expect(await store.getObject(index(fields('Revenue')).object.id)).toBeNull();
      expect(await store.getChunks([index(fields('Revenue')).object.id])).toEqual([]);
      expect(await store.getObject(index(next).object.id)).not.toBeNull();
      expect(await store.termsOfSource('crm')).toHaveLength(1);
      expect(await store.termsOfSource('shop')).toEqual([]);
      const history = await store.glossaryHistory('default', created.id);
      expect(history.map((h) => h.action)).toEqual(['create', 'update']);
      expect(history[1]).toMatchObject({ before: { term: 'Revenue', aliases: ['sales'] }, after: { term: 'Net Revenue' }, actor: MCP });
      await expectCode(store.updateTerm(9999, next, index(next), CLI, AT), 'TERM_NOT_FOUND');
    });

    it('refuses an update prepared from a term another writer changed since, writing nothing', async () => {
      const read = await create(fields('Margin', { aliases: ['gm'] }));
      // writer A changes the definition
      const a = fields('Margin', { aliases: ['gm'], definition: 'revenue minus cost of goods' });
      const changed = await store.updateTerm(read.id, a, index(a), CLI, '2025-03-02T00:00:00.000Z', read);
      // writer B read the term before A wrote: its whole-term write would undo A's definition
      const b = fields('Margin', { aliases: ['gm', 'gross margin'] });
      await expectCode(store.updateTerm(read.id, b, index(b), MCP, '2025-03-03T00:00:00.000Z', read), 'TERM_CHANGED');
      expect(await store.findTerm('default', 'margin')).toMatchObject({ definition: 'revenue minus cost of goods', aliases: ['gm'] });
      expect(await store.findTerm('default', 'gross margin')).toBeNull();
      expect((await store.glossaryHistory('default', read.id)).map((h) => h.action)).toEqual(['create', 'update']);
      // a re-validation in between counts too: the write would put back the validation it replaced
      const stale = { status: 'stale' as const, checkedAt: AT, error: 'column "n" does not exist' };
      await store.setTermValidation(read.id, stale);
      const merged = fields('Margin', { aliases: ['gm', 'gross margin'], definition: 'revenue minus cost of goods' });
      await expectCode(store.updateTerm(read.id, merged, index(merged), MCP, '2025-03-03T00:00:00.000Z', changed), 'TERM_CHANGED');
      // prepared from the term as it is now, it goes through
      const now = (await store.findTerm('default', 'margin'))!;
      expect(now.validation).toEqual(stale);
      expect(await store.updateTerm(read.id, { ...merged, validation: stale }, index(merged), MCP, '2025-03-03T00:00:00.000Z', now)).toMatchObject({
        definition: 'revenue minus cost of goods',
        aliases: ['gm', 'gross margin'],
        validation: stale,
      });
    });

    it('deletes a term with its aliases and index rows; history stays', async () => {
      const created = await create(fields('Churn', { aliases: ['attrition'] }));
      expect((await store.deleteTerm(created.id, CLI, AT))?.term).toBe('Churn');
      expect(await store.deleteTerm(created.id, CLI, AT)).toBeNull();
      expect(await store.findTerm('default', 'attrition')).toBeNull();
      expect(await store.glossaryAliases()).toEqual([]);
      expect(await store.getObject(index(created).object.id)).toBeNull();
      expect((await store.info()).chunks).toBe(0);
      // the freed alias can be used again
      await create(fields('Attrition'));
      const history = await store.glossaryHistory('default');
      expect(history.map((h) => [h.term, h.action])).toEqual([
        ['Churn', 'create'],
        ['Churn', 'delete'],
        ['Attrition', 'create'],
      ]);
      expect(history[1]!.after).toBeNull();
    });

    it('records validation without a history entry and keeps term chunks through cleanup and source chunk diffs', async () => {
      const created = await create(fields('Orders'));
      await store.setTermValidation(created.id, { status: 'stale', checkedAt: AT, error: 'column "total" does not exist' });
      expect((await store.findTerm('default', 'orders'))?.validation).toEqual({ status: 'stale', checkedAt: AT, error: 'column "total" does not exist' });
      // a refusal keeps what to do apart from what failed
      const refused = { status: 'stale' as const, checkedAt: AT, error: "role 'app' may write; the SQL was not run", hint: 'connect as a read-only role' };
      await store.setTermValidation(created.id, refused);
      expect((await store.findTerm('default', 'orders'))?.validation).toEqual(refused);
      await store.setTermValidation(created.id, { status: 'valid', checkedAt: AT, error: null }, [{ name: 'n', type: 'integer' }]);
      expect((await store.findTerm('default', 'orders'))?.validation).toEqual({ status: 'valid', checkedAt: AT, error: null });
      expect((await store.findTerm('default', 'orders'))?.outputColumns).toEqual([{ name: 'n', type: 'integer' }]);
      expect(await store.glossaryHistory('default')).toHaveLength(1);
      expect(await store.chunkHashes('shop')).toEqual(new Map());
      await store.cleanup();
      expect(await store.getChunks([index(created).object.id])).toHaveLength(1);
    });

    it('caches completions by key and lists them with their dates', async () => {
      expect(await store.getCachedCompletion('k1')).toBeNull();
      await store.putCachedCompletion('k1', 'm', '{"terms":[]}');
      await store.putCachedCompletion('k1', 'm', '{"terms":[1]}');
      expect(await store.getCachedCompletion('k1')).toBe('{"terms":[1]}');
      await store.putCachedCompletion('k0', 'm2', 'kept', AT);
      const listed = await store.listCachedCompletions();
      expect(listed.map((c) => c.key)).toEqual(['k0', 'k1']);
      expect(listed[0]).toEqual({ key: 'k0', model: 'm2', response: 'kept', createdAt: AT });
      expect(listed[1]!.createdAt > AT).toBe(true);
    });

    it('lists every project’s history and restores terms and history exactly, continuing their ids after them', async () => {
      // what a copy reads from another store: ids with gaps, a deleted term only in history, other authors and dates
      const revenue = {
        ...fields('Revenue', { aliases: ['sales'] }),
        id: 7,
        createdAt: AT,
        createdBy: 'ana',
        updatedAt: '2025-03-03T00:00:00.000Z',
        updatedBy: null,
      };
      const churn = { ...fields('Churn', { project: 'billing' }), id: 9, createdAt: AT, createdBy: null, updatedAt: AT, updatedBy: null };
      const before = { ...revenue, definition: 'old', aliases: [], updatedAt: AT, updatedBy: 'ana' };
      const history = [
        { id: 3, project: 'default', termId: 7, term: 'Revenue', action: 'create' as const, before: null, after: before, actor: CLI, at: AT },
        {
          id: 4,
          project: 'billing',
          termId: 8,
          term: 'Gone',
          action: 'create' as const,
          before: null,
          after: { ...churn, id: 8, term: 'Gone' },
          actor: CLI,
          at: AT,
        },
        {
          id: 5,
          project: 'billing',
          termId: 8,
          term: 'Gone',
          action: 'delete' as const,
          before: { ...churn, id: 8, term: 'Gone' },
          after: null,
          actor: CLI,
          at: AT,
        },
        { id: 6, project: 'billing', termId: 9, term: 'Churn', action: 'create' as const, before: null, after: churn, actor: CLI, at: AT },
        {
          id: 11,
          project: 'default',
          termId: 7,
          term: 'Revenue',
          action: 'update' as const,
          before,
          after: revenue,
          actor: MCP,
          at: '2025-03-03T00:00:00.000Z',
        },
      ];
      await store.restoreGlossary(
        [
          { term: revenue, index: index(revenue) },
          { term: churn, index: index(churn) },
        ],
        history,
      );
      expect(await store.listTerms()).toEqual([churn, revenue]);
      expect(await store.allGlossaryHistory()).toEqual(history);
      expect((await store.glossaryHistory('default')).map((c) => c.id)).toEqual([3, 11]);
      expect((await store.findTerm('default', 'SALES'))?.id).toBe(7);
      expect(await store.getChunks([index(revenue).object.id])).toHaveLength(1);
      expect(await store.getObject(index(churn).object.id)).not.toBeNull();
      const next = await create(fields('Margin'));
      expect(next.id).toBeGreaterThan(9);
      expect((await store.allGlossaryHistory()).at(-1)!.id).toBeGreaterThan(11);
      await expectCode(store.restoreGlossary([], history), 'USAGE');
    });
  });
}
