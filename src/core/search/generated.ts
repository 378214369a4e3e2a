/**
 * @module core/search/generated
 * Code a tool wrote (a protobuf stub, an OpenAPI client, sqlc's queries) repeats the names of what
 * it was generated from, so it wins the word matches of a question about them: on
 * fastapi/full-stack-fastapi-template the OpenAPI client's `types.gen.ts` led a search about
 * logging in, above `backend/app/api/routes/login.py`. A hit whose object its kind says is
 * generated (ObjectKindSpec.generated) counts GENERATED_WEIGHT of its fused score, so it ranks
 * after the hand-written hits of comparable score. It is not dropped: a query that only generated
 * code answers still finds it first, and a query that names it leads with it (exact-names.ts runs after).
 *
 * Test code (ObjectKindSpec.testCode) is written by hand but names what it tests over and over: on
 * gin-gonic/gin, "abort the middleware chain" listed nine of `middleware_test.go`'s tests before
 * `Context.Abort`. A test hit counts TEST_WEIGHT of its fused score, the same way, unless the query
 * asks for tests ("tests of the router").
 */
import { parseObjectId } from '../../kernel/ids.js';
import type { CatalogObject } from '../../ports/catalog.js';
import { objectIdOf } from './exact-names.js';
import type { Ordered } from './stages.js';

/**
 * The share of its fused score a generated hit keeps. A third: RRF's top-rank bonus lifts a first
 * place about 2.7 times over a fair place in both lists (0.082 against 0.030), so less than that
 * puts a generated first place after the hand-written hits that both lists rank fairly.
 */
export const GENERATED_WEIGHT = 1 / 3;
/**
 * The share of its fused score a test hit keeps. A half: a test that leads both lists (0.082 with the
 * top-rank bonus) still comes before code that both lists rank fairly (0.030), while the code it tests,
 * when the lists find it at all, is no longer buried under the test's near copies.
 */
export const TEST_WEIGHT = 1 / 2;
/** Candidates looked up: every one a search of the largest limit reads (candidateDepth's cap). */
const POOL = 400;

/** Kind → whether an object of it is generated; only kinds that may be. */
export type GeneratedTests = ReadonlyMap<string, (object: CatalogObject) => boolean>;
/** Kind → whether the object at a path is test code; only kinds that may be. */
export type TestCodeTests = ReadonlyMap<string, (path: string) => boolean>;

/** A query about tests themselves ("where are the router's tests", "test helpers", "spec of the parser"). */
export function asksForTests(query: string): boolean {
  return /\b(tests?|testing|specs?|fixtures?|mocks?)\b/i.test(query);
}

/** The candidates that are test code, told from their ids alone. */
export function testObjects(order: readonly Ordered[], tests: TestCodeTests): Set<string> {
  const out = new Set<string>();
  for (const o of order.slice(0, POOL)) {
    const id = parseObjectId(objectIdOf(o.id));
    if (id && tests.get(id.kind)?.(id.path)) out.add(objectIdOf(o.id));
  }
  return out;
}

/** The objects among the candidates that their kind says are generated; none looked up when no candidate is of such a kind. */
export async function generatedObjects(
  order: readonly Ordered[],
  tests: GeneratedTests,
  getObjects: (ids: readonly string[]) => Promise<CatalogObject[]>,
): Promise<Set<string>> {
  const generated = new Set<string>();
  if (tests.size === 0) return generated;
  const ids = [...new Set(order.slice(0, POOL).map((o) => objectIdOf(o.id)))].filter((id) => tests.has(parseObjectId(id)?.kind ?? ''));
  if (ids.length === 0) return generated;
  for (const object of await getObjects(ids)) if (tests.get(object.kind)?.(object)) generated.add(object.id);
  return generated;
}

/**
 * Each generated hit keeps GENERATED_WEIGHT of its fused score (and of its score, its lists'
 * contributions and its bonus, so `--explain` still adds up), each test hit TEST_WEIGHT, and goes
 * after the other hits that now score more; those keep their order, and so do the weighted ones among themselves.
 */
export function rankWeightedAfter(order: readonly Ordered[], generated: ReadonlySet<string>, tests: ReadonlySet<string> = new Set()): Ordered[] {
  if (generated.size === 0 && tests.size === 0) return [...order];
  const out: Ordered[] = [];
  const waiting: Ordered[] = [];
  for (const o of order) {
    const id = objectIdOf(o.id);
    if (generated.has(id) || tests.has(id)) {
      const w = generated.has(id) ? weighted(o, GENERATED_WEIGHT, true) : weighted(o, TEST_WEIGHT, false);
      // the weights differ, so the waiting hits are kept in order of their weighted scores (ties in arrival order)
      const at = waiting.findIndex((x) => x.fused < w.fused);
      waiting.splice(at < 0 ? waiting.length : at, 0, w);
      continue;
    }
    while (waiting.length && waiting[0]!.fused > o.fused) out.push(waiting.shift()!);
    out.push(o);
  }
  return [...out, ...waiting];
}

function weighted(o: Ordered, w: number, generated: boolean): Ordered {
  return {
    ...o,
    score: o.score * w,
    fused: o.fused * w,
    bonus: o.bonus * w,
    lists: o.lists.map((l) => ({ ...l, contribution: l.contribution * w })),
    ...(generated ? { generated: true as const } : {}),
  };
}
