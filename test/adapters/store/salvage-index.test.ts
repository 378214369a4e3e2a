/**
 * Salvage at the store level: when a page of a table people made is damaged, repair keeps every
 * row still readable, counts the ones lost, and leaves the catalog alone when it lost nothing.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore, repairIndex } from '../../../src/adapters/store/sqlite/index.js';
import { damageLeafPages } from '../../helpers/damage-pages.js';
import { tempHome } from '../../helpers/temp-home.js';

const home = tempHome();
afterAll(() => home.cleanup());

const CONTEXTS = 1500;

describe('repair of an index whose contexts table has a damaged page', () => {
  it('keeps every readable context, names how many were lost, and needs no re-index', async () => {
    const path = join(home.dir, 'index.sqlite');
    const store = await openSqliteStore(path);
    await store.addSource({ name: 'shop', type: 'postgres', url: 'postgres://r@h/shop', options: {}, createdAt: '2025-01-01T00:00:00.000Z' });
    for (let i = 1; i <= CONTEXTS; i++) {
      await store.addContext({
        source: 'shop',
        targetKind: 'object',
        target: `shop:table:public.t${i}`,
        text: `table ${i} holds the ledger of warehouse ${i}`,
      });
    }
    await store.close();
    damageLeafPages(path, 'contexts', { skip: 5, count: 1 });

    const report = await repairIndex(path);
    expect(report.action).toBe('salvaged');
    expect(existsSync(report.backupPath!)).toBe(true);
    const contexts = report.salvage!.tables.find((t) => t.table === 'contexts')!;
    expect(contexts).toMatchObject({ kind: 'human', damaged: true });
    expect(contexts.lost).toBeGreaterThan(0);
    expect(contexts.lost).toBeLessThan(100);
    expect(contexts.recovered + contexts.lost!).toBe(CONTEXTS);
    expect(report.salvage!.tables.find((t) => t.table === 'sources')).toMatchObject({ recovered: 1, lost: 0 });
    expect(report.salvage!.reindexNeeded).toBe(false);
    expect(report.summary).toMatch(new RegExp(`lost ${contexts.lost} contexts`));

    const fresh = await openSqliteStore(path);
    try {
      const kept = await fresh.listContexts();
      expect(kept).toHaveLength(contexts.recovered);
      // Ids survive, so a context keeps the number people know it by.
      expect(kept.map((c) => c.id)).toContain(CONTEXTS);
      expect((await fresh.getSource('shop'))?.url).toBe('postgres://r@h/shop');
    } finally {
      await fresh.close();
    }
  });
});
