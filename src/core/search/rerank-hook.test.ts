import { describe, expect, it } from 'vitest';
import type { RerankPayload, Reranker } from '../../ports/reranker.js';
import { adviseRerank, applyRerankOrder, parseRerankOutput } from './rerank-hook.js';

const payload: RerankPayload = {
  query: 'customer orders',
  results: [
    { id: 'shop:table:public.orders', kind: 'table', name: 'public.orders', snippet: 'Orders placed', score: 0.9 },
    { id: 'shop:table:public.customers', kind: 'table', name: 'public.customers', snippet: 'People', score: 0.8 },
    { id: 'shop:column:public.orders.customer_id', kind: 'column', name: 'public.orders.customer_id', snippet: 'FK', score: 0.7 },
  ],
};
const ids = payload.results.map((r) => r.id);

describe('applyRerankOrder', () => {
  it.each<[string, string[], string[], string[]]>([
    ['full reorder', ['a', 'b', 'c'], ['c', 'a', 'b'], ['c', 'a', 'b']],
    ['partial list first, rest in fused order', ['a', 'b', 'c', 'd'], ['c'], ['c', 'a', 'b', 'd']],
    ['empty order keeps fused order', ['a', 'b'], [], ['a', 'b']],
    ['unknown and repeated ids are ignored', ['a', 'b', 'c'], ['x', 'b', 'b', 'a'], ['b', 'a', 'c']],
    ['nothing fused', [], ['a'], []],
  ])('%s', (_name, fused, order, expected) => {
    expect(applyRerankOrder(fused, order)).toEqual(expected);
  });
});

describe('parseRerankOutput', () => {
  const known = new Set(['a', 'b', 'c']);
  it.each<[string, string, string[] | null, RegExp | null]>([
    ['array of ids', '["b","a"]', ['b', 'a'], null],
    ['surrounding whitespace', '\n  ["c"]  \n', ['c'], null],
    ['repeats collapse', '["a","a","b"]', ['a', 'b'], null],
    ['empty array', '[]', [], null],
    ['nothing', '   ', null, /printed nothing/],
    ['not JSON', 'b, a', null, /invalid JSON: b, a/],
    ['object', '{"order":["a"]}', null, /JSON array of result ids/],
    ['numbers', '[1,2]', null, /JSON array of result ids/],
    ['unknown id', '["a","zzz"]', null, /not in the results: "zzz"/],
  ])('%s', (_name, stdout, order, error) => {
    const outcome = parseRerankOutput(stdout, known);
    expect(outcome.order).toEqual(order);
    if (error) expect(outcome.error).toMatch(error);
    else expect(outcome.error).toBeNull();
  });
});

describe('adviseRerank', () => {
  const answering = (output: string): Reranker => ({ rerank: () => Promise.resolve({ ok: true, output }) });

  it('validates what the reranker answered against the payload ids', async () => {
    expect(await adviseRerank(answering(JSON.stringify([ids[1]])), payload)).toEqual({ order: [ids[1]], error: null });
    expect((await adviseRerank(answering('["elsewhere:table:x"]'), payload)).order).toBeNull();
  });

  it('keeps no order and reports the error when the reranker fails or throws', async () => {
    const failing: Reranker = { rerank: () => Promise.resolve({ ok: false, error: 'rerank hook timed out after 5 ms' }) };
    expect(await adviseRerank(failing, payload)).toEqual({ order: null, error: 'rerank hook timed out after 5 ms' });
    const throwing: Reranker = { rerank: () => Promise.reject(new Error('broken pipe password=hunter22')) };
    const outcome = await adviseRerank(throwing, payload);
    expect(outcome.order).toBeNull();
    expect(outcome.error).toMatch(/broken pipe password=\*\*\*/);
  });
});
