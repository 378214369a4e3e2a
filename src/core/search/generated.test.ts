import { describe, expect, it } from 'vitest';
import type { CatalogObject } from '../../ports/catalog.js';
import { DEFAULT_SOURCE_KINDS } from '../kinds/default-kinds.js';
import { createKindRegistry } from '../kinds/registry.js';
import { asksForTests, GENERATED_WEIGHT, generatedObjects, rankWeightedAfter, TEST_WEIGHT, testObjects } from './generated.js';
import type { Ordered } from './stages.js';

/** A hybrid hit: its fused score is one list's share plus its bonus, shown at `fused / top`. */
const hit = (id: string, fused: number, bonus = 0): Ordered => ({
  id,
  score: fused,
  lexicalRank: 1,
  vectorRank: null,
  fused,
  bonus,
  lists: [{ name: 'lexical', role: 'primary', rank: 1, contribution: fused - bonus }],
});

const TYPES = 'tpl:code_symbol:frontend/src/client/types.gen.ts#loginLoginAccessTokenData';
const SDK = 'tpl:code_file:frontend/src/client/sdk.gen.ts';
const ROUTE = 'tpl:code_symbol:backend/app/api/routes/login.py#login_access_token';
const TEST = 'tpl:code_file:backend/tests/api/routes/test_login.py';
const UTILS = 'tpl:code_file:backend/app/utils.py';

describe('rankWeightedAfter (generated and test hits)', () => {
  // fused scores from full-stack-fastapi-template's "login access token": the client's types lead on the top-rank bonus
  const order = [hit(TYPES, 0.0825, 0.05), hit(SDK, 0.0515, 0.02), hit(ROUTE, 0.0294), hit(TEST, 0.0256), hit(UTILS, 0.012)];

  it('a generated hit goes after the hand-written hits that score more than its share; the rest keep their order', () => {
    const out = rankWeightedAfter(order, new Set([TYPES, SDK]));
    expect(out.map((o) => o.id)).toEqual([ROUTE, TYPES, TEST, SDK, UTILS]);
    expect(out[1]).toMatchObject({ fused: 0.0825 * GENERATED_WEIGHT, score: 0.0825 * GENERATED_WEIGHT, bonus: 0.05 * GENERATED_WEIGHT, generated: true });
    // --explain still adds up: the shares and the bonus make the fused score
    for (const o of out) expect(o.lists.reduce((sum, l) => sum + l.contribution, 0) + o.bonus).toBeCloseTo(o.fused, 12);
    for (let i = 1; i < out.length; i++) expect(out[i - 1]!.fused).toBeGreaterThanOrEqual(out[i]!.fused);
    expect(out.filter((o) => o.generated).map((o) => o.id)).toEqual([TYPES, SDK]);
  });

  it('is ranked after its equals, not dropped: below every hand-written hit it ends last, alone it stays first', () => {
    const far = rankWeightedAfter([hit(SDK, 0.03), hit(ROUTE, 0.0295), hit(TEST, 0.0294)], new Set([SDK]));
    expect(far.map((o) => o.id)).toEqual([ROUTE, TEST, SDK]);
    // a tie goes to the hand-written hit
    const tie = rankWeightedAfter([hit(SDK, 0.03), hit(ROUTE, 0.03 * GENERATED_WEIGHT)], new Set([SDK]));
    expect(tie.map((o) => o.id)).toEqual([ROUTE, SDK]);
    const only = rankWeightedAfter([hit(SDK, 0.08), hit(TYPES, 0.03)], new Set([SDK, TYPES]));
    expect(only.map((o) => o.id)).toEqual([SDK, TYPES]);
    // and nothing generated, nothing moves
    expect(rankWeightedAfter(order, new Set())).toEqual(order);
  });
});

describe('generatedObjects', () => {
  const tests = createKindRegistry(DEFAULT_SOURCE_KINDS).generatedTests;
  const object = (id: string, attributes: Record<string, unknown>): CatalogObject => {
    const [source, kind, path] = id.split(':') as [string, string, string];
    return { id, source, kind, path, name: path, parentId: null, resource: `file:${path}`, comment: null, definition: null, attributes };
  };
  const stored = new Map([
    [TYPES, object(TYPES, { symbolKind: 'type', generated: true })],
    [SDK, object(SDK, { language: 'typescript', generated: true })],
    [ROUTE, object(ROUTE, { symbolKind: 'function' })],
  ]);

  it('the code kinds say which candidates were generated, read from what the scan stored', async () => {
    const asked: string[][] = [];
    const getObjects = async (ids: readonly string[]) => {
      asked.push([...ids]);
      return ids.flatMap((id) => stored.get(id) ?? []);
    };
    const found = await generatedObjects([hit(TYPES, 0.08), hit('shop:table:public.users', 0.05), hit(SDK, 0.04), hit(ROUTE, 0.03)], tests, getObjects);
    expect([...found].sort()).toEqual([SDK, TYPES].sort());
    // only candidates of kinds that may be generated are looked up
    expect(asked).toEqual([[TYPES, SDK, ROUTE]]);
    expect(await generatedObjects([hit('shop:table:public.users', 0.05)], tests, getObjects)).toEqual(new Set());
    expect(asked).toHaveLength(1);
  });
});

describe('test code after the code it tests', () => {
  // gin's "abort the middleware chain": the tests lead both lists, Context.Abort trails
  const T1 = 'gin:code_symbol:middleware_test.go#TestMiddlewareAbortHandlersChainAndNext';
  const T2 = 'gin:code_file:middleware_test.go';
  const ABORT = 'gin:code_symbol:context.go#Context.Abort';
  const USE = 'gin:code_symbol:routergroup.go#RouterGroup.Use';
  const codeTests = new Map([
    ['code_file', (path: string) => path.endsWith('_test.go')],
    ['code_symbol', (path: string) => path.split('#')[0]!.endsWith('_test.go')],
  ]);

  it('tells test code from the ids alone, of the kinds that may be tests', () => {
    expect(testObjects([hit(T1, 0.08), hit(ABORT, 0.03), hit(T2, 0.03), hit('gin:table:public.t', 0.02)], codeTests)).toEqual(new Set([T1, T2]));
  });

  it('a test hit keeps TEST_WEIGHT of its score and is not marked generated; a leading test stays ahead of weak code', () => {
    const out = rankWeightedAfter([hit(T1, 0.0825, 0.05), hit(T2, 0.05), hit(USE, 0.0255), hit(ABORT, 0.0187)], new Set(), new Set([T1, T2]));
    expect(out.map((o) => o.id)).toEqual([T1, USE, T2, ABORT]);
    expect(out[0]).toMatchObject({ fused: 0.0825 * TEST_WEIGHT });
    expect(out.some((o) => o.generated)).toBe(false);
    for (let i = 1; i < out.length; i++) expect(out[i - 1]!.fused).toBeGreaterThanOrEqual(out[i]!.fused);
  });

  it('generated and test hits waiting together stay in order of their weighted scores', () => {
    // the generated hit arrives first, but the test keeps more of its score
    const out = rankWeightedAfter([hit(SDK, 0.081), hit(T2, 0.08), hit(ROUTE, 0.03)], new Set([SDK]), new Set([T2]));
    expect(out.map((o) => o.id)).toEqual([T2, ROUTE, SDK]);
    for (let i = 1; i < out.length; i++) expect(out[i - 1]!.fused).toBeGreaterThanOrEqual(out[i]!.fused);
  });

  it('a query about tests asks for them', () => {
    expect(asksForTests('where are the router tests')).toBe(true);
    expect(asksForTests('test helpers for sessions')).toBe(true);
    expect(asksForTests('spec of the parser')).toBe(true);
    expect(asksForTests('abort the middleware chain')).toBe(false);
    expect(asksForTests('latest status')).toBe(false);
  });
});
