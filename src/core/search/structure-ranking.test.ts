import { describe, expect, it } from 'vitest';
import type { CatalogEdge, CatalogObject } from '../../ports/catalog.js';
import type { ChunkFilter } from '../../ports/store.js';
import { createStructureRanker, type Ranked, type StructureReader } from './structure-ranking.js';

/** A two-table catalog: `s:table:a.t1` with column `c1`, joined by a foreign key to `s:table:a.t2`. */
function object(id: string, kind: string, parentId: string | null): CatalogObject {
  const path = id.split(':')[2]!;
  return { id, source: 's', kind, path, name: path.slice(path.lastIndexOf('.') + 1), parentId, resource: 'r', comment: null, definition: null, attributes: {} };
}
const objects = new Map(
  [object('s:table:a.t1', 'table', null), object('s:table:a.t2', 'table', null), object('s:column:a.t1.c1', 'column', 's:table:a.t1')].map((o) => [o.id, o]),
);
const fk: CatalogEdge = { fromId: 's:table:a.t1', toId: 's:table:a.t2', kind: 'foreign_key', resource: 'r', attributes: {} };
const reader: StructureReader = {
  getObjects: async (ids) => ids.flatMap((id) => (objects.has(id) ? [objects.get(id)!] : [])),
  edgesOf: async (id) => ({ outgoing: fk.fromId === id ? [fk] : [], incoming: fk.toId === id ? [fk] : [] }),
  listObjects: async () => ({ items: [], total: 0, nextCursor: null }),
};
/** Retrieval that finds the column for column searches and the glossary term otherwise. */
const retrievers = {
  lexical: async (_q: unknown, filter: ChunkFilter): Promise<Ranked> => {
    const ids = filter.kinds?.includes('column') ? ['s:column:a.t1.c1'] : ['s:glossary_term:default/t', 's:table:a.t1'];
    return { ids, scores: new Map() };
  },
  vector: async (): Promise<Ranked | null> => null,
};
const context = { expanded: { terms: [], expansions: [] }, query: 'what is in t1', filter: {}, depth: 60, hasVector: false };
const base = [{ name: 'lexical', ids: ['s:glossary_term:default/t', 's:table:a.t1'] }];

describe('structure lists for a search over every kind', () => {
  const ranker = createStructureRanker(reader, retrievers, new Set(['foreign_key']));

  it('adds the relation signals as support only, without the schema election', async () => {
    const { lists, support } = await ranker.listsFor([], context, base);
    expect(lists).toEqual([]);
    expect(support.map((l) => l.name)).toEqual(['columns', 'names', 'neighbors']);
    expect(support.find((l) => l.name === 'columns')!.ids).toEqual(['s:table:a.t1']);
    expect(support.find((l) => l.name === 'neighbors')!.ids).toContain('s:table:a.t2');
  });

  it('keeps column votes primary and elects a schema when tables are asked for', async () => {
    const { lists, support } = await ranker.listsFor(['table'], context, base);
    expect(lists.map((l) => l.name)).toEqual(['columns']);
    expect(support.map((l) => l.name)).toContain('schema');
  });
});
