import { describe, expect, it } from 'vitest';
import type { CatalogObject } from '../../ports/catalog.js';
import { SextantError } from '../../kernel/errors.js';
import { spellOutAbbreviations } from '../kinds/sql/sql-chunks.js';
import { lexicalField } from '../search/lexical-text.js';
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
    // an object's inherited names are no abbreviations (`constructor` once spelled out as `function Object() { [native code] }`)
    ['constructor qty to_string', 'constructor qty to_string quantity'],
  ])('%s', (input, expected) => {
    expect(spellOutAbbreviations(input)).toBe(expected);
  });
});

describe('a table chunk whose names hold code abbreviations (ws, req, db, cfg, params, err, tx, ctx)', () => {
  // Captured before code chunks spelled out code abbreviations: schema chunks read only the schema table.
  const table = obj({ id: 's:table:app.ws_sess', kind: 'table', path: 'app.ws_sess', name: 'ws_sess', comment: 'Open websocket sessions' });
  const columns = ['req_msg', 'db_cfg', 'params', 'err_num', 'tx_ts', 'qty'].map((name, i) =>
    obj({
      id: `s:column:app.ws_sess.${name}`,
      kind: 'column',
      path: `app.ws_sess.${name}`,
      name,
      parentId: table.id,
      attributes: { dataType: 'text', position: i + 1 },
    }),
  );
  const chunks = buildChunks({
    objects: [table, ...columns],
    edges: [],
    effectiveContexts: new Map([[table.id, 'ctx env repo']]),
    family: sqlKind,
    lexical: lexicalField,
  });

  it('keeps its text byte for byte', () => {
    const t = chunks.find((c) => c.id === table.id)!;
    expect({ name: t.name, comment: t.comment, definition: t.definition, context: t.context, text: t.text, contentHash: t.contentHash }).toEqual({
      name: 'app ws sess ws sess ws_sess',
      comment: 'open websocket sessions session',
      definition: 'req msg db cfg params param err num tx ts qty request message configuration number timestamp quantity req_msg db_cfg err_num tx_ts',
      context: 'ctx env repo',
      text: 'table ws sess (app.ws_sess). Open websocket sessions. Columns: req msg, db cfg, params, err num, tx ts, qty. ctx env repo',
      contentHash: 'f5385e8fd1452e8165ff0e0ce8691932d0de85ea7f35ddb64592040d40f57a55',
    });
    const column = chunks.find((c) => c.id === 's:column:app.ws_sess.db_cfg')!;
    expect([column.name, column.definition, column.contentHash]).toEqual([
      'db cfg app ws sess configuration db_cfg ws_sess',
      'db cfg text db_cfg',
      '5fc519dc3509fcfaec60415b7ebc0808a15e5d97ef214e7a925a9708ac008e68',
    ]);
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
