import { describe, expect, it } from 'vitest';
import { databaseOf, groupOf, routedOrder, routeQuery, routingMargin, scoreDatabases } from './routing.js';

const hit = (chunkId: string, score: number) => ({ chunkId, score });

describe('databaseOf', () => {
  it('gives the source and schema of relations and columns', () => {
    expect(databaseOf('erp:table:sales.orders')).toBe('erp:sales');
    expect(databaseOf('erp:column:sales.orders.total')).toBe('erp:sales');
    expect(databaseOf('erp:view:public.open_orders')).toBe('erp:public');
  });

  it('is null for other kinds, which are their own group', () => {
    expect(databaseOf('docs:document:guide.md')).toBeNull();
    expect(databaseOf('api:operation:GET /orders')).toBeNull();
    expect(groupOf('docs:document:guide.md')).toBe('docs:document:guide.md');
  });
});

describe('scoreDatabases', () => {
  // Term 1 "superhero" only in db a; term 2 "name" everywhere; term 3 "colour" in a and b.
  const matches = [
    [hit('s:table:a.superhero', 8)],
    [hit('s:column:a.superhero.name', 1), hit('s:column:b.person.name', 1.2), hit('s:column:c.city.name', 1.1)],
    [hit('s:column:a.colour.colour', 4), hit('s:column:b.paint.colour', 5)],
  ];

  it('ranks the database whose tables and columns match the most, rare terms weighing most', () => {
    const routing = scoreDatabases(matches, 3);
    expect(routing.routes.map((r) => r.database)).toEqual(['s:a', 's:b', 's:c']);
    // a term counts once per database, with its best chunk
    expect(routing.routes[0]!.score).toBeCloseTo(8 + 1 + 4);
  });

  it('says how much of the question each database covers', () => {
    const routing = scoreDatabases(matches, 3);
    const [a, b, c] = routing.routes;
    expect(a!.coverage).toBeCloseTo(1);
    expect(b!.coverage).toBeGreaterThan(c!.coverage);
    expect(b!.coverage).toBeLessThan(a!.coverage);
  });

  it('lowers every coverage when a term matches nothing', () => {
    const covered = scoreDatabases(matches, 3).routes[0]!.coverage;
    const missing = scoreDatabases([...matches, []], 3).routes[0]!.coverage;
    expect(missing).toBeLessThan(covered);
  });

  it('gives a document chunk its own coverage, outside the routes', () => {
    const routing = scoreDatabases([[hit('d:document:guide.md#1', 2)], [hit('s:table:a.t', 1)]], 1);
    expect(routing.routes.map((r) => r.database)).toEqual(['s:a']);
    expect(routing.coverage.get('d:document:guide.md#1')).toBeCloseTo(0.5);
  });
});

describe('routedOrder', () => {
  it('keeps the candidates of the best database, in their own order', () => {
    const routing = scoreDatabases([[hit('s:table:b.x', 3), hit('s:table:a.y', 1)]], 2);
    expect(routedOrder(['s:table:a.y', 's:table:b.z', 's:table:b.x', 'd:document:g'], routing)).toEqual(['s:table:b.z', 's:table:b.x']);
  });
});

describe('routeQuery', () => {
  it('looks each term up on its own over tables and columns, within the filter', async () => {
    const asked: Array<{ terms: unknown; kinds: unknown; sources: unknown }> = [];
    const routing = await routeQuery(
      {
        lexicalSearch: async (q) => {
          asked.push({ terms: q.terms, kinds: q.kinds, sources: q.sources });
          return q.terms[0]![0] === 'hero' ? [hit('s:table:a.hero', 5)] : [];
        },
        countDatabases: async () => 4,
      },
      { terms: [['hero', 'heroes'], ['eye']] },
      { sources: ['s'], kinds: ['table'] },
    );
    expect(asked.map((a) => a.terms)).toEqual([[['hero', 'heroes']], [['eye']]]);
    expect(asked[0]!.kinds).toEqual(expect.arrayContaining(['table', 'view', 'column']));
    expect(asked[0]!.sources).toEqual(['s']);
    expect(routing.routes).toEqual([{ database: 's:a', score: 5, coverage: 0.5 }]);
  });
});

describe('routingMargin', () => {
  it('is the lead of the first database over the second, relative to its score', () => {
    expect(routingMargin(scoreDatabases([[hit('s:table:a.x', 4), hit('s:table:b.y', 1)]], 2))).toBeCloseTo(0.75);
    expect(routingMargin(scoreDatabases([[hit('s:table:a.x', 4)]], 2))).toBe(1);
    expect(routingMargin(scoreDatabases([[hit('s:table:a.x', 2), hit('s:table:b.y', 2)]], 2))).toBe(0);
    expect(routingMargin(scoreDatabases([], 2))).toBe(0);
    // one database: nothing to tell apart
    expect(routingMargin(scoreDatabases([[hit('s:table:a.x', 4)]], 1))).toBe(0);
  });
});
