import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../ports/catalog.js';
import { calibrate, fuse, hydrate, noConfidentMatch, relate, type Ordered } from './stages.js';
import { scoreDatabases } from './routing.js';

const ranked = (ids: string[]) => ({ ids, scores: new Map(ids.map((id, i) => [id, 1 - i / 10])) });

function chunk(id: string, text = `text of ${id}`): Chunk {
  return {
    id,
    objectId: id,
    source: 'shop',
    kind: 'table',
    name: id,
    comment: '',
    definition: '',
    context: '',
    text,
    contentHash: id,
    project: null,
    session: null,
  };
}

describe('fuse', () => {
  it('keeps one side as it is in a single-side mode', () => {
    const order = fuse('lexical', { lexical: ranked(['a', 'b']), vector: ranked(['b', 'a']) }, { lists: [], support: [] });
    expect(order.map((o) => [o.id, o.lexicalRank, o.vectorRank, o.score])).toEqual([
      ['a', 1, null, 1],
      ['b', 2, null, 0.9],
    ]);
    expect(order[1]!.lists).toEqual([{ name: 'lexical', role: 'primary', rank: 2, contribution: 0.9 }]);
  });

  it('fuses both sides and the structure lists with RRF in hybrid mode: agreement wins', () => {
    const order = fuse(
      'hybrid',
      { lexical: ranked(['a', 'b', 'c']), vector: ranked(['c', 'b', 'd']) },
      { lists: [{ name: 'columns', ids: ['b'] }], support: [] },
    );
    expect(order[0]!.id).toBe('b');
    expect(order[0]).toMatchObject({ lexicalRank: 2, vectorRank: 2 });
    // every list that ranked it, with what each place added (1 / (60 + rank))
    expect(order[0]!.lists).toEqual([
      { name: 'lexical', role: 'primary', rank: 2, contribution: 1 / 62 },
      { name: 'vector', role: 'primary', rank: 2, contribution: 1 / 62 },
      { name: 'columns', role: 'primary', rank: 1, contribution: 1 / 61 },
    ]);
    for (let i = 1; i < order.length; i++) expect(order[i - 1]!.score).toBeGreaterThanOrEqual(order[i]!.score);
  });

  it("explains each hit by every list's place and share: the shares and the bonus add up to the fused score", () => {
    const order = fuse(
      'hybrid',
      { lexical: ranked(['a', 'b', 'c']), vector: ranked(['c', 'b', 'd']) },
      {
        lists: [
          { name: 'columns', ids: ['b'] },
          { name: 'names', ids: [] },
        ],
        support: [{ name: 'neighbors', ids: ['d', 'a'], weight: 0.5 }],
      },
    );
    const b = order.find((o) => o.id === 'b')!;
    expect(b.lists).toEqual([
      { name: 'lexical', role: 'primary', rank: 2, contribution: 1 / 62 },
      { name: 'vector', role: 'primary', rank: 2, contribution: 1 / 62 },
      { name: 'columns', role: 'primary', rank: 1, contribution: 1 / 61 },
      { name: 'neighbors', role: 'supporting', rank: null, contribution: 0 },
    ]);
    expect(order.find((o) => o.id === 'a')!.lists.at(-1)).toEqual({ name: 'neighbors', role: 'supporting', rank: 2, contribution: 0.5 / 62 });
    for (const o of order) expect(o.lists.reduce((sum, l) => sum + l.contribution, 0) + o.bonus).toBeCloseTo(o.fused, 12);
  });

  it('explains a single-side hit by that side alone', () => {
    const order = fuse('vector', { lexical: null, vector: ranked(['a', 'b']) }, { lists: [], support: [] });
    expect(order[1]!.lists).toEqual([{ name: 'vector', role: 'primary', rank: 2, contribution: 0.9 }]);
  });
});

describe('relate', () => {
  it('drops related chunks already among the top hits', async () => {
    const top: Ordered[] = [{ id: 'a', score: 1, lexicalRank: 1, vectorRank: null, fused: 1, bonus: 0, lists: [] }];
    expect(await relate(async () => ['a', 'x'], top, { session: null }, 5)).toEqual(['x']);
  });
});

describe('hydrate', () => {
  it('rounds scores, skips ids without a chunk, and ranks related chunks at half the last direct score', () => {
    const top: Ordered[] = [
      { id: 'a', score: 0.812345, lexicalRank: 1, vectorRank: 2, fused: 0.03, bonus: 0.01, lists: [] },
      { id: 'gone', score: 0.7, lexicalRank: 2, vectorRank: null, fused: 0.02, bonus: 0, lists: [] },
      { id: 'b', score: 0.6, lexicalRank: 3, vectorRank: null, fused: 0.01, bonus: 0, lists: [] },
    ];
    const chunks = new Map(
      [
        ['a', chunk('shop:table:public.a', 'a   long\ntext')],
        ['b', chunk('shop:table:public.b')],
        ['r', chunk('shop:table:public.r')],
      ].map(([k, c]) => [k as string, { ...(c as Chunk), id: k as string }]),
    );
    const hits = hydrate(top, ['r'], chunks, { expansions: ['x'], entities: new Map([['a', ['customer']]]) });
    expect(hits.map((h) => [h.id, h.score, h.related ?? false])).toEqual([
      ['a', 0.8123, false],
      ['b', 0.6, false],
      ['r', 0.3, true],
    ]);
    expect(hits[0]).toMatchObject({
      name: 'public.a',
      snippet: 'a long text',
      explain: { lexicalRank: 1, vectorRank: 2, lists: [], expansions: ['x'], entities: ['customer'] },
    });
    expect(hydrate(top, [], chunks, null)[0]).not.toHaveProperty('explain');
  });
});

describe('calibrate', () => {
  const order = fuse('hybrid', { lexical: ranked(['s:table:a.x', 's:table:b.y']), vector: ranked(['s:table:b.y', 's:table:a.x']) }, { lists: [], support: [] });

  it('scores the top hit by how much of the query its database covers, the rest by their fused distance, order kept', () => {
    // two terms, database a matches one of them: half the weight
    const routing = scoreDatabases([[{ chunkId: 's:table:a.x', score: 3 }], [{ chunkId: 's:column:b.y.c', score: 1 }]], 2);
    const { order: calibrated, confidence } = calibrate(order, routing);
    expect(confidence).toBeCloseTo(0.5);
    expect(calibrated.map((o) => o.id)).toEqual(order.map((o) => o.id));
    expect(calibrated[0]!.score).toBeCloseTo(0.5);
    expect(calibrated[1]!.score).toBeCloseTo((0.5 * order[1]!.fused) / order[0]!.fused);
  });

  it('gives no confidence when the top hit matches none of the query terms', () => {
    const { order: calibrated, confidence } = calibrate(order, scoreDatabases([[{ chunkId: 's:table:c.z', score: 2 }]], 3));
    expect(confidence).toBe(0);
    expect(calibrated.every((o) => o.score === 0)).toBe(true);
  });

  it("reads the confidence from the leader's match when generated code that led was ranked after, and scores from the new top", () => {
    // full-stack-fastapi-template's "how does login work": the client's types matched, users.py (now first) no word of it
    const types = 'tpl:code_file:frontend/src/client/types.gen.ts';
    const users = 'tpl:code_file:backend/app/api/routes/users.py';
    const led = fuse('hybrid', { lexical: ranked([types]), vector: ranked([users, types]) }, { lists: [], support: [] });
    const routing = scoreDatabases([[{ chunkId: types, score: 2 }], [{ chunkId: types, score: 1 }]], 0);
    const [leader, next] = [led.find((o) => o.id === types)!, led.find((o) => o.id === users)!];
    const after = [next, { ...leader, fused: leader.fused / 3 }];
    const { order: calibrated, confidence } = calibrate(after, routing, leader);
    expect(confidence).toBeCloseTo(1);
    expect(calibrated.map((o) => [o.id, o.score])).toEqual([
      [users, 1],
      [types, leader.fused / 3 / next.fused],
    ]);
    // without a leader the top's own match counts: none
    expect(calibrate(after, routing).confidence).toBe(0);
  });

  it('says there is no confident match, with the best score', () => {
    expect(noConfidentMatch(0.1234, 0.2)).toBe('no confident match: the best hit scores 0.123, below min_score 0.2');
  });
});
