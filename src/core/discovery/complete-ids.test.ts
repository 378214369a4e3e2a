import { describe, expect, it } from 'vitest';
import type { CatalogObject } from '../../ports/catalog.js';
import type { ObjectFilter, ObjectPage, StoredSource } from '../../ports/store.js';
import { DEFAULT_SOURCE_KINDS } from '../kinds/default-kinds.js';
import { createKindRegistry } from '../kinds/registry.js';
import { completeObjectIds, type CompletionDeps } from './complete-ids.js';

const IDS = [
  'demo:schema:shop',
  'demo:table:shop.customer',
  'demo:table:shop.sales_order',
  'demo:table:shop.sales_order_line',
  'demo:column:shop.customer.id',
  'demo:column:shop.customer.name',
  'demo:column:billing.invoice.id',
  'crm:table:public.leads',
].sort();

/** The store's listObjects over a fixed id list: source, kinds and id prefix, first `limit` ids. */
function deps(visible: string[] = ['demo', 'crm']): CompletionDeps {
  return {
    listSources: async () => visible.map((name) => ({ name }) as StoredSource),
    async listObjects(filter: ObjectFilter): Promise<ObjectPage> {
      const all = IDS.filter(
        (id) =>
          (!filter.source || id.startsWith(`${filter.source}:`)) &&
          (!filter.kinds || filter.kinds.includes(id.split(':')[1]!)) &&
          (!filter.idPrefix || id.startsWith(filter.idPrefix)),
      );
      const items = all.slice(0, filter.limit ?? 100).map((id) => ({ id }) as CatalogObject);
      return { items, total: all.length, nextCursor: null };
    },
    kinds: () => createKindRegistry(DEFAULT_SOURCE_KINDS),
  };
}

describe('completeObjectIds', () => {
  it('completes a bare word to the visible sources', async () => {
    expect(await completeObjectIds(deps(), 'de')).toEqual({ candidates: ['demo:'], partial: false });
    expect(await completeObjectIds(deps(['crm']), 'de')).toEqual({ candidates: [], partial: false });
    expect((await completeObjectIds(deps(), '')).candidates).toEqual(['demo:', 'crm:']);
  });

  it('completes a source to the kinds it holds', async () => {
    expect(await completeObjectIds(deps(), 'demo:')).toEqual({ candidates: ['demo:column:', 'demo:schema:', 'demo:table:'], partial: false });
    expect((await completeObjectIds(deps(), 'demo:t')).candidates).toEqual(['demo:table:']);
    expect((await completeObjectIds(deps(['crm']), 'demo:')).candidates).toEqual([]);
  });

  it('completes a path to the ids starting with it', async () => {
    expect(await completeObjectIds(deps(), 'demo:table:shop.sa')).toEqual({
      candidates: ['demo:table:shop.sales_order', 'demo:table:shop.sales_order_line'],
      partial: false,
    });
  });

  it('cuts many matches after the next path part and says the answer is partial', async () => {
    expect(await completeObjectIds(deps(), 'demo:column:', 2)).toEqual({ candidates: ['demo:column:billing.', 'demo:column:shop.'], partial: true });
  });
});
