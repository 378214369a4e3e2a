/**
 * @module core/search/generated
 * Code a tool wrote (a protobuf stub, an OpenAPI client, sqlc's queries) repeats the names of what
 * it was generated from, so it wins the word matches of a question about them: on
 * fastapi/full-stack-fastapi-template the OpenAPI client's `types.gen.ts` led a search about
 * logging in, above `backend/app/api/routes/login.py`. A hit whose object its kind says is
 * generated (ObjectKindSpec.generated) counts GENERATED_WEIGHT of its fused score, so it ranks
 * after the hand-written hits of comparable score. It is not dropped: a query that only generated
 * code answers still finds it first, and a query that names it leads with it (exact-names.ts runs after).
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
/** Candidates looked up: every one a search of the largest limit reads (candidateDepth's cap). */
const POOL = 400;

/** Kind → whether an object of it is generated; only kinds that may be. */
export type GeneratedTests = ReadonlyMap<string, (object: CatalogObject) => boolean>;

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
 * contributions and its bonus, so `--explain` still adds up) and goes after the hand-written
 * hits that now score more; hand-written hits keep their order, and so do generated ones among themselves.
 */
export function rankGeneratedAfter(order: readonly Ordered[], generated: ReadonlySet<string>): Ordered[] {
  if (generated.size === 0) return [...order];
  const out: Ordered[] = [];
  const waiting: Ordered[] = [];
  for (const o of order) {
    if (generated.has(objectIdOf(o.id))) {
      waiting.push(weighted(o));
      continue;
    }
    while (waiting.length && waiting[0]!.fused > o.fused) out.push(waiting.shift()!);
    out.push(o);
  }
  return [...out, ...waiting];
}

function weighted(o: Ordered): Ordered {
  const w = GENERATED_WEIGHT;
  return {
    ...o,
    score: o.score * w,
    fused: o.fused * w,
    bonus: o.bonus * w,
    lists: o.lists.map((l) => ({ ...l, contribution: l.contribution * w })),
    generated: true,
  };
}
