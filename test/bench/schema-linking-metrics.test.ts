import { describe, expect, it } from 'vitest';
import { sample } from '../../bench/schema-linking/dataset.js';
import { allAt, parseHitRef, queryText, rankedKeys, recallAt, reciprocalRank, scoreRanking, summarize } from '../../bench/schema-linking/metrics.js';

const gold = (...keys: string[]) => new Set(keys);

describe('parseHitRef', () => {
  it.each([
    ['bench:table:bird_superhero.superhero', { kind: 'table', schema: 'bird_superhero', table: 'superhero' }],
    ['bench:view:spider_world_1.v', { kind: 'view', schema: 'spider_world_1', table: 'v' }],
    ['bench:column:bird_california_schools.schools.CDSCode', { kind: 'column', schema: 'bird_california_schools', table: 'schools', column: 'CDSCode' }],
    ['bench:column:bird_x.frpm.Enrollment (K-12)', { kind: 'column', schema: 'bird_x', table: 'frpm', column: 'Enrollment (K-12)' }],
    ['bench:column:s.t.a.b', { kind: 'column', schema: 's', table: 't', column: 'a.b' }],
    ['other:table:s.t', null],
    ['bench:schema:bird_superhero', null],
    ['bench:column:s.t', null],
    ['not an id', null],
  ])('%s', (id, expected) => {
    expect(parseHitRef(id, 'bench')).toEqual(expected);
  });
});

describe('rankedKeys', () => {
  const hits = [
    { objectId: 'bench:column:S.Users.Name', kind: 'column' },
    { objectId: 'bench:table:S.Users', kind: 'table' },
    { objectId: 'bench:table:s.users', kind: 'table' },
    { objectId: 'bench:view:s.v', kind: 'view' },
    { objectId: 'bench:table:s.rel', kind: 'table', related: true },
    { objectId: 'bench:column:s.posts.Id', kind: 'column' },
    { objectId: 'bench:schema:s', kind: 'schema' },
  ];
  it('tables: table and view hits only, lower-cased, de-duplicated, in order', () => {
    expect(rankedKeys(hits, 'table', 'bench')).toEqual(['s.users', 's.v']);
  });
  it('columns: column hits only', () => {
    expect(rankedKeys(hits, 'column', 'bench')).toEqual(['s.users.name', 's.posts.id']);
  });
});

describe('recall, all, reciprocal rank', () => {
  const ranked = ['a.x', 'b.users', 'a.users', 'a.posts'];
  it.each([
    // gold, k, recall, all
    [gold('a.users'), 1, 0, 0],
    [gold('a.users'), 3, 1, 1],
    [gold('a.users', 'a.posts'), 3, 0.5, 0],
    [gold('a.users', 'a.posts'), 4, 1, 1],
    [gold('a.users', 'a.posts', 'a.tags'), 10, 2 / 3, 0],
    [gold(), 5, 0, 0],
  ])('gold %o at k=%i', (g, k, recall, all) => {
    expect(recallAt(ranked, g, k)).toBeCloseTo(recall);
    expect(allAt(ranked, g, k)).toBe(all);
  });
  it('a same-named table of another schema is a miss', () => {
    expect(reciprocalRank(ranked, gold('a.users'))).toBeCloseTo(1 / 3);
    expect(recallAt(['b.users'], gold('a.users'), 1)).toBe(0);
  });
  it.each([
    [['g'], 1],
    [['x', 'g'], 0.5],
    [['x', 'y', 'z', 'g'], 0.25],
    [['x'], 0],
    [[], 0],
  ])('reciprocal rank of %o', (r, rr) => {
    expect(reciprocalRank(r, gold('g', 'h'))).toBeCloseTo(rr);
  });
});

describe('summarize', () => {
  const ks = [1, 5];
  it('means per question, skipping questions without gold; micro recall weights by gold size', () => {
    const items = [
      { score: scoreRanking(['q1.a', 'q1.b'], gold('q1.a', 'q1.b'), ks), gold: 2 }, // r@1 .5, r@5 1, all@5 1, rr 1
      { score: scoreRanking(['x', 'q2.a'], gold('q2.a', 'q2.b', 'q2.c', 'q2.d'), ks), gold: 4 }, // r@1 0, r@5 .25, all 0, rr .5
      { score: scoreRanking(['x'], gold(), ks), gold: 0 }, // left out
    ];
    const s = summarize(items, ks);
    expect(s.questions).toBe(2);
    expect(s.recall[1]).toBeCloseTo(0.25);
    expect(s.recall[5]).toBeCloseTo(0.625);
    expect(s.all[5]).toBeCloseTo(0.5);
    expect(s.mrr).toBeCloseTo(0.75);
    expect(s.microRecall[5]).toBeCloseTo(3 / 6);
  });
  it('no question: NaN, not 0', () => {
    expect(summarize([], ks).mrr).toBeNaN();
  });
});

describe('helpers', () => {
  it('query text adds the evidence only when asked and present', () => {
    expect(queryText('Who? ', 'hint', true)).toBe('Who? hint');
    expect(queryText('Who?', 'hint', false)).toBe('Who?');
    expect(queryText('Who?', '  ', true)).toBe('Who?');
  });
  it('sample spreads evenly and keeps order', () => {
    expect(sample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 5)).toEqual([0, 2, 4, 6, 8]);
    expect(sample([1, 2], 5)).toEqual([1, 2]);
  });
});
