import { describe, expect, it } from 'vitest';
import type { CatalogObject } from '../../ports/catalog.js';
import { SextantError } from '../../kernel/errors.js';
import { spellOutAbbreviations } from '../kinds/sql/sql-chunks.js';
import { sqlKind } from '../kinds/sql/sql-kind.js';
import { buildChunks } from './build-chunks.js';

const obj = (o: Partial<CatalogObject> & Pick<CatalogObject, 'id' | 'kind' | 'path' | 'name'>): CatalogObject => ({
  source: 's',
  parentId: null,
  resource: 'relation:x',
  comment: null,
  definition: null,
  attributes: {},
  ...o,
});

describe('spellOutAbbreviations', () => {
  it.each([
    ['inv_ln_itm qty', 'inv_ln_itm qty invoice line item quantity'],
    ['customer email', 'customer email'],
  ])('%s', (input, expected) => {
    expect(spellOutAbbreviations(input)).toBe(expected);
  });
});

describe('buildChunks', () => {
  const table = obj({ id: 's:table:billing.inv_ln_itm', kind: 'table', path: 'billing.inv_ln_itm', name: 'inv_ln_itm' });
  const qty = obj({
    id: 's:column:billing.inv_ln_itm.qty',
    kind: 'column',
    path: 'billing.inv_ln_itm.qty',
    name: 'qty',
    parentId: table.id,
    attributes: { dataType: 'integer', position: 2 },
  });
  const id = obj({
    id: 's:column:billing.inv_ln_itm.id',
    kind: 'column',
    path: 'billing.inv_ln_itm.id',
    name: 'id',
    parentId: table.id,
    comment: 'Surrogate key',
    attributes: { dataType: 'bigint', position: 1, isPrimaryKey: true },
  });
  const index = obj({ id: 's:index:billing.inv_ln_itm.pk', kind: 'index', path: 'billing.inv_ln_itm.pk', name: 'pk', parentId: table.id });
  const chunks = buildChunks({
    objects: [table, qty, id, index],
    edges: [],
    effectiveContexts: new Map([
      [table.id, 'Legacy invoice lines'],
      [qty.id, 'Legacy invoice lines'],
    ]),
    family: sqlKind,
  });

  it('makes one chunk per relation and column, none for indexes', () => {
    expect(chunks.map((c) => c.id).sort()).toEqual([id.id, qty.id, table.id].sort());
  });

  it('puts column names, their comments and spelled-out abbreviations into the relation chunk', () => {
    const t = chunks.find((c) => c.id === table.id)!;
    expect(t.name).toContain('invoice');
    expect(t.definition).toContain('quantity');
    expect(t.definition).toContain('surrogate');
    expect(t.context).toContain('legacy');
    expect(t.text).toMatch(/^table inv ln itm \(billing\.inv_ln_itm\)/);
  });

  it('is deterministic and hashes content', () => {
    const again = buildChunks({
      objects: [index, id, qty, table],
      edges: [],
      effectiveContexts: new Map([
        [table.id, 'Legacy invoice lines'],
        [qty.id, 'Legacy invoice lines'],
      ]),
      family: sqlKind,
    });
    const hashes = (list: typeof chunks) => Object.fromEntries(list.map((c) => [c.id, c.contentHash]));
    expect(hashes(again)).toEqual(hashes(chunks));
    const changed = buildChunks({ objects: [table, qty, id], edges: [], effectiveContexts: new Map(), family: sqlKind });
    expect(changed.find((c) => c.id === table.id)!.contentHash).not.toBe(chunks.find((c) => c.id === table.id)!.contentHash);
  });

  it('refuses an object of a kind its family does not declare, instead of leaving it unchunked', () => {
    const stray = obj({ id: 's:widget:billing.w', kind: 'widget', path: 'billing.w', name: 'w' });
    let error: unknown;
    try {
      buildChunks({ objects: [table, stray], edges: [], effectiveContexts: new Map(), family: sqlKind });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SextantError);
    expect((error as SextantError).message).toMatch(/'widget'.*'sql'/);
  });

  it('knows glossary terms, which the glossary chunks itself', () => {
    const term = obj({ id: 's:glossary_term:default/x', kind: 'glossary_term', path: 'default/x', name: 'x', parentId: table.id, resource: 'glossary' });
    expect(buildChunks({ objects: [table, term], edges: [], effectiveContexts: new Map(), family: sqlKind }).map((c) => c.id)).toEqual([table.id]);
  });

  it('gives every chunk part of one object its own id: the object id, then <id>#2, …', () => {
    const twoParts = {
      ...sqlKind,
      chunkParts: () => [0, 1].map((i) => ({ nameText: `part ${i}`, comment: '', definition: '', context: '', textParts: [`part ${i}`] })),
    };
    const parts = buildChunks({ objects: [table], edges: [], effectiveContexts: new Map(), family: twoParts });
    expect(parts.map((c) => [c.id, c.objectId, c.text])).toEqual([
      [table.id, table.id, 'part 0'],
      [`${table.id}#2`, table.id, 'part 1'],
    ]);
  });
});
