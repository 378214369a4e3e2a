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
  route: async () => ({ routes: [], totalWeight: 0, coverage: new Map(), databases: 0 }),
};
const context = { expanded: { terms: [], expansions: [] }, query: 'what is in t1', filter: {}, depth: 60, hasVector: false };
const base = [{ name: 'lexical', ids: ['s:glossary_term:default/t', 's:table:a.t1'] }];

describe('structure lists for a search over every kind', () => {
  const ranker = createStructureRanker(reader, retrievers, new Set(['foreign_key']));

  it('adds the relation signals and routing as support only, without the schema election', async () => {
    const { lists, support } = await ranker.listsFor([], context, [{ name: 'lexical', ids: [...base[0]!.ids, 's:column:a.t1.c1'] }]);
    expect(lists).toEqual([]);
    expect(support.map((l) => l.name)).toEqual(['columns', 'names', 'neighbors', 'routing', 'suppliers']);
    expect(support.find((l) => l.name === 'columns')!.ids).toEqual(['s:table:a.t1']);
    expect(support.find((l) => l.name === 'neighbors')!.ids).toContain('s:table:a.t2');
  });

  it('counts only the column votes of columns the search over every kind ranked itself', async () => {
    // A column search always finds the nearest columns, however far: over a repository's code and
    // a two-table database, "jwt security settings" made a table the second hit through its columns.
    const { support } = await ranker.listsFor([], context, base);
    expect(support.find((l) => l.name === 'columns')!.ids).toEqual([]);
  });

  it('keeps column votes primary and elects a schema when tables are asked for', async () => {
    const { lists, support } = await ranker.listsFor(['table'], context, base);
    expect(lists.map((l) => l.name)).toEqual(['columns']);
    expect(support.map((l) => l.name)).toContain('schema');
  });
});

describe('suppliers of the top results (an operation that yields the id another one takes)', () => {
  const op = (path: string) => `s:api_endpoint:${path}`;
  const feed = (from: string, rank: number): CatalogEdge => ({
    fromId: op(from),
    toId: op('GET /movie/{movie_id}/credits'),
    kind: 'feeds',
    resource: 'r',
    attributes: { parameter: 'movie_id', rank },
  });
  const feeds = [feed('GET /search/movie', 0), feed('GET /movie/top_rated', 1), feed('GET /movie/popular', 2)];
  const graph: StructureReader = {
    getObjects: async () => [],
    edgesOf: async (id) => ({ outgoing: feeds.filter((e) => e.fromId === id), incoming: feeds.filter((e) => e.toId === id) }),
    listObjects: async () => ({ items: [], total: 0, nextCursor: null }),
  };
  const ranker = createStructureRanker(graph, retrievers, new Set(['feeds']));

  it('supports the first choice of supplier (a search) when the query ranks none of them', async () => {
    const { lists, support } = await ranker.listsFor(['api_endpoint'], context, [{ name: 'lexical', ids: [op('GET /movie/{movie_id}/credits')] }]);
    expect(lists).toEqual([]);
    expect(support).toEqual([{ name: 'suppliers', ids: [op('GET /search/movie')], weight: 2 }]);
  });

  it('prefers the supplier the query itself ranks ("the top rated movie")', async () => {
    const ranked = ['GET /movie/{movie_id}/credits', 'GET /tv/top_rated', 'GET /genre/movie/list', 'GET /tv/{tv_id}/credits', 'GET /movie/top_rated'];
    const base = [{ name: 'lexical', ids: ranked.map(op) }];
    const { support } = await ranker.listsFor(['api_endpoint'], context, base);
    expect(support[0]!.ids).toEqual([op('GET /movie/top_rated')]);
  });

  it("supports the lookups the query ranks when the request names a thing, a person's lookup first for a person", async () => {
    const lookup = (path: string) => ({ ...object(op(path), 'api_endpoint', null), name: path, attributes: { lookup: true } });
    const objectsById = new Map(
      [lookup('GET /search/movie'), lookup('GET /search/person'), object(op('GET /movie/{movie_id}/credits'), 'api_endpoint', null)].map((o) => [o.id, o]),
    );
    const withObjects = createStructureRanker(
      { ...graph, getObjects: async (ids) => ids.flatMap((id) => (objectsById.has(id) ? [objectsById.get(id)!] : [])) },
      retrievers,
      new Set(['feeds']),
    );
    const base = [{ name: 'lexical', ids: [op('GET /movie/{movie_id}/credits'), op('GET /search/movie'), op('GET /search/person')] }];
    const named = await withObjects.listsFor(['api_endpoint'], { ...context, query: 'Who starred in the movie The Dark Knight' }, base);
    expect(named.support.find((l) => l.name === 'lookups')!.ids).toEqual([op('GET /search/movie'), op('GET /search/person')]);
    const person = await withObjects.listsFor(['api_endpoint'], { ...context, query: 'movies directed by Sofia Coppola' }, base);
    expect(person.support.find((l) => l.name === 'lookups')!.ids[0]).toBe(op('GET /search/person'));
    const unnamed = await withObjects.listsFor(['api_endpoint'], { ...context, query: 'who directed the top rated movie' }, base);
    expect(unnamed.support.map((l) => l.name)).toEqual(['suppliers']);
  });

  it('adds nothing for relation searches, whose joins are foreign keys', async () => {
    const { support } = await ranker.listsFor(['table'], context, [{ name: 'lexical', ids: [] }]);
    expect(support.map((l) => l.name)).not.toContain('suppliers');
  });
});
