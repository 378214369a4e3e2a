/**
 * @module adapters/connector/graphql/introspection-by-type
 * Introspection for servers whose depth budget refuses the one-shot `__schema` query (Hugr's
 * MAX_DEPTH, HUGR.md §1.3): read the flat type list (one hop), then each composite type with
 * `__type(name:)` in small aliased batches, a few requests at a time. The first batch finds a
 * selection that fits — shorter type-reference chains first, field arguments dropped last — and
 * the rest reuse it. References cut short by the shallower chain are completed with Hugr's own
 * stand-in, the `JSON` scalar, and reported.
 */
import type { GraphqlResponse } from './client.js';
import { errorMessages } from './client.js';
import {
  DEFAULT_REF_DEPTH,
  type IntrospectionShape,
  isDepthExceeded,
  typeListQuery,
  typesQuery,
  unresolvableFields,
  withoutFields,
} from './introspection-query.js';
import type { IntroSchema, IntroType, TypeRef } from './schema-model.js';

export const TYPE_BATCH = 16;
export const TYPE_CONCURRENCY = 4;

export interface ByTypeOutcome {
  schema: IntroSchema | null;
  shape: IntrospectionShape;
  error: string | null;
  warnings: string[];
}

type Send = (query: string) => Promise<GraphqlResponse>;

/** Runs `work` over `items` with at most `limit` in flight; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/** Selections to try, lightest last: shorter reference chains, then no field arguments. */
function ladder(shape: IntrospectionShape): IntrospectionShape[] {
  const out: IntrospectionShape[] = [];
  for (const withArgs of [true, false]) for (let d = DEFAULT_REF_DEPTH; d >= 1; d--) out.push({ ...shape, refDepth: d, withArgs });
  return out;
}

const JSON_REF: TypeRef = { kind: 'SCALAR', name: 'JSON', ofType: null };

/** A wrapper whose inner type the shallow chain did not reach becomes `JSON`; returns whether one was cut. */
function completeRef(ref: TypeRef | null | undefined): { ref: TypeRef; cut: boolean } {
  if (!ref) return { ref: JSON_REF, cut: true };
  if (ref.kind !== 'LIST' && ref.kind !== 'NON_NULL') return { ref: { kind: ref.kind, name: ref.name, ofType: null }, cut: false };
  const inner = completeRef(ref.ofType);
  return { ref: { kind: ref.kind, name: null, ofType: inner.ref }, cut: inner.cut };
}

function completeType(t: IntroType, cut: Set<string>): IntroType {
  const fix = (ref: TypeRef, where: string): TypeRef => {
    const r = completeRef(ref);
    if (r.cut) cut.add(where);
    return r.ref;
  };
  const inputs = (list: IntroType['inputFields'], owner: string) => list?.map((a) => ({ ...a, type: fix(a.type, `${owner}.${a.name}`) })) ?? null;
  return {
    ...t,
    fields: t.fields?.map((f) => ({ ...f, args: inputs(f.args ?? [], `${t.name}.${f.name}`) ?? [], type: fix(f.type, `${t.name}.${f.name}`) })) ?? null,
    inputFields: inputs(t.inputFields, t.name),
  };
}

export async function fetchIntrospectionByType(send: Send, initial: IntrospectionShape): Promise<ByTypeOutcome> {
  const listRes = await send(typeListQuery());
  const list = listRes.data?.__schema as IntroSchema | undefined;
  if (!list || !Array.isArray(list.types) || listRes.errors?.length) {
    return {
      schema: null,
      shape: initial,
      error: `even the type list was refused: ${errorMessages(listRes.errors) || 'no __schema in the answer'}`,
      warnings: [],
    };
  }
  const composite = list.types.filter((t) => t && typeof t.name === 'string' && t.kind !== 'SCALAR').map((t) => t.name);
  const batches: string[][] = [];
  for (let i = 0; i < composite.length; i += TYPE_BATCH) batches.push(composite.slice(i, i + TYPE_BATCH));

  const askBatch = async (names: readonly string[], shape: IntrospectionShape) => {
    const res = await send(typesQuery(names, shape));
    const messages = (res.errors ?? []).map((e) => e.message);
    const types = messages.length ? null : names.map((_, i) => res.data?.[`t${i}`] as IntroType | null | undefined);
    return { types, messages };
  };

  // Depth depends on the data (a type with only short references fits where another does not):
  // each batch walks down the ladder from the lightest step any batch needed so far. The first
  // batch runs alone and also settles which extension fields the server resolves.
  let shape = initial;
  const steps = ladder(initial);
  let floor = 0;
  const fetchBatch = async (names: readonly string[]): Promise<{ types: Array<IntroType | null | undefined> } | { error: string }> => {
    for (let step = floor, drops = 0; step < steps.length;) {
      const candidate = { ...shape, refDepth: steps[step]!.refDepth, withArgs: steps[step]!.withArgs };
      const { types, messages } = await askBatch(names, candidate);
      if (types) {
        floor = Math.max(floor, step);
        return { types };
      }
      const drop = unresolvableFields(messages);
      if (drop.length && drops++ < 8) {
        shape = withoutFields(shape, drop);
        continue;
      }
      if (!isDepthExceeded(messages)) return { error: messages.join('; ') };
      step = Math.max(step + 1, floor);
    }
    return { error: 'max depth exceeded even for single types without field arguments' };
  };
  const firstBatch = batches.length ? [await fetchBatch(batches[0]!)] : [];
  const results = [...firstBatch, ...(await mapLimit(batches.slice(1), TYPE_CONCURRENCY, fetchBatch))];
  const failed = results.find((r): r is { error: string } => 'error' in r);
  if (failed) return { schema: null, shape, error: failed.error, warnings: [] };
  const lightest = steps[floor]!;
  shape = { ...shape, refDepth: lightest.refDepth, withArgs: lightest.withArgs };

  const byName = new Map<string, IntroType>();
  for (const t of results.flatMap((r) => ('types' in r ? r.types : []))) if (t && typeof t.name === 'string') byName.set(t.name, t);
  const cut = new Set<string>();
  const types = list.types.map((t) => {
    const full = byName.get(t.name);
    return full ? completeType(full, cut) : { ...t, fields: null, inputFields: null, enumValues: null, interfaces: null, possibleTypes: null };
  });
  const warnings = [
    `the server's introspection depth limit refused the full query; read ${composite.length} types one by one (type references down to ${shape.refDepth} levels deep${shape.withArgs === false ? ', some without field arguments' : ''})`,
  ];
  if (cut.size)
    warnings.push(`${cut.size} type references were deeper than the limit allows and are indexed as JSON (e.g. ${[...cut].slice(0, 3).join(', ')})`);
  return {
    schema: { queryType: list.queryType, mutationType: list.mutationType, subscriptionType: list.subscriptionType ?? null, types },
    shape,
    error: null,
    warnings,
  };
}
