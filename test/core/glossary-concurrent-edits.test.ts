/**
 * Two people edit the same glossary term at once, each through their own engine on one shared
 * index (the team's PostgreSQL store; the SQLite file two processes share): each edit changes
 * only the fields it gives, so both changes survive, and the history records both, the second
 * one's "before" holding the first one's change. An edit racing a re-validation (after a schema
 * change) does not put back the validation it read.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresConnector } from '../../src/adapters/connector/postgres/index.js';
import { openPostgresStore } from '../../src/adapters/store/postgres/index.js';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import { cliActor } from '../../src/core/glossary/index.js';
import { lexicalField } from '../../src/core/search/lexical-text.js';
import type { Embedder } from '../../src/ports/embedder.js';
import type { Store } from '../../src/ports/store.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let source: TempDatabase;
let storeDb: TempDatabase;

function engineOn(store: Store, embedder: Embedder | null = null): Engine {
  return createEngine({
    store,
    connectors: new Map([['postgres', createPostgresConnector({ statementTimeoutMs: 5000 })]]),
    embedder: async () => embedder,
    lexical: lexicalField,
  });
}

/** An embedding model that takes its time, as a local model on a busy machine does: an edit stays in flight meanwhile. */
const slowEmbedder: Embedder = {
  modelId: 'slow-4d',
  dimension: 4,
  async embed(texts) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    return texts.map(() => Float32Array.from([0.5, 0.5, 0.5, 0.5]));
  },
};

const stores: Record<string, () => Promise<Store>> = {
  postgres: () => openPostgresStore(storeDb.adminDsn, { poolSize: 2 }),
  sqlite: () => openSqliteStore(join(home.dir, 'index.sqlite')),
};

beforeAll(async () => {
  source = await createTempDatabase('helper_teams_glsrc');
  storeDb = await createTempDatabase('helper_teams_glstore');
  await source.exec('CREATE TABLE orders (id bigint PRIMARY KEY, status text, amount numeric)');
  for (const open of Object.values(stores)) {
    const engine = engineOn(await open());
    await engine.addSource({ name: 'shop', url: source.adminDsn, options: { allowExtraPrivileges: true } });
    await engine.close();
  }
});

afterAll(async () => {
  await source?.drop();
  await storeDb?.drop();
  home.cleanup();
});

describe.each(Object.keys(stores))('concurrent edits of one term (%s store)', (kind) => {
  it('keeps both of two simultaneous edits of different fields', async () => {
    const [a, b] = [engineOn(await stores[kind]!()), engineOn(await stores[kind]!())];
    try {
      const created = await a.glossary.create(
        'default',
        { term: 'Paid Orders', definition: 'Orders paid', sql: "SELECT count(*) AS paid FROM orders WHERE status = 'paid'", aliases: ['PO'] },
        cliActor('ana'),
        'manual',
      );
      expect(created.success).toBe(true);
      for (let round = 1; round <= 4; round++) {
        const [one, two] = await Promise.all([
          a.glossary.update('default', 'PO', { definition: `Orders paid, round ${round}` }, cliActor('ana'), 'manual'),
          b.glossary.update('default', 'Paid Orders', { aliases: ['PO', `paid ${round}`] }, cliActor('bob'), 'manual'),
        ]);
        expect(one.success && two.success).toBe(true);
        const term = await a.glossary.get('default', 'paid orders');
        expect({ definition: term.definition, aliases: term.aliases }).toEqual({ definition: `Orders paid, round ${round}`, aliases: ['PO', `paid ${round}`] });
      }
      const history = await b.glossary.history('default', 'Paid Orders');
      expect(history.map((h) => h.action)).toEqual(['create', ...Array<string>(8).fill('update')]);
      // each update's "before" is what the previous one left: no change was silently undone
      for (const [i, change] of history.entries()) {
        if (i > 0) expect(change.before).toMatchObject({ definition: history[i - 1]!.after!.definition, aliases: history[i - 1]!.after!.aliases });
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keeps a term stale that a re-validation flagged while an edit of its definition was prepared', async () => {
    const [a, b] = [engineOn(await stores[kind]!()), engineOn(await stores[kind]!(), slowEmbedder)];
    try {
      const created = await a.glossary.create(
        'default',
        { term: `Big Orders ${kind}`, definition: 'Orders over 100', sql: 'SELECT count(*) AS big FROM orders WHERE amount > 100' },
        cliActor('ana'),
        'manual',
      );
      expect(created.success).toBe(true);
      for (let round = 1; round <= 2; round++) {
        await source.exec('ALTER TABLE orders RENAME COLUMN amount TO amount_cents');
        const [, edited] = await Promise.all([
          a.glossary.revalidate(['shop']),
          b.glossary.update('default', `Big Orders ${kind}`, { definition: `Orders over 100, round ${round}` }, cliActor('bob'), 'manual'),
        ]);
        expect(edited.success).toBe(true);
        const term = await a.glossary.get('default', `big orders ${kind}`);
        expect({ definition: term.definition, status: term.validation.status }).toEqual({ definition: `Orders over 100, round ${round}`, status: 'stale' });
        await source.exec('ALTER TABLE orders RENAME COLUMN amount_cents TO amount');
        await a.glossary.revalidate(['shop']);
        expect((await b.glossary.get('default', `big orders ${kind}`)).validation.status).toBe('valid');
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});
