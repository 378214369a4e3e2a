/**
 * @module adapters/connector/graphql/discover
 * Version-adaptive discovery (HUGR.md §0, §8): probe the generation with cheap capability
 * queries, then run the independent discovery queries concurrently — introspection (with the
 * Hugr fields the server resolves), `schema_summary` (G1), the `core.catalog` views (G2), the
 * `_catalog` module tree (G3) and `core.data_sources` — all with the service credential.
 */
import { SextantError } from '../../../kernel/errors.js';
import type { DataSourceInfo, Generation } from './catalog-model.js';
import { type GraphqlRequest, type GraphqlResponse, errorMessages, postGraphql } from './client.js';
import type { CredentialFetch } from './credential-fetch.js';
import type { EndpointSettings } from './endpoint.js';
import { type CoreCatalog, fetchCoreCatalog } from './core-catalog.js';
import { type MetaCatalog, fetchMetaCatalog } from './meta-catalog.js';
import { fetchIntrospectionByType } from './introspection-by-type.js';
import {
  HUGR_SHAPE,
  type IntrospectionShape,
  PLAIN_SHAPE,
  introspectionQuery,
  isDepthExceeded,
  isIntrospectionDisabled,
  unresolvableFields,
  withoutFields,
} from './introspection-query.js';
import type { DataSourceRow, DiscoveryParts } from './merge-catalog.js';
import { type IntroSchema, SchemaIndex, namedType } from './schema-model.js';
import { type SchemaSummary, isSchemaSummary } from './schema-summary.js';

export const PROBES = {
  hugr: '{ __type(name: "Query") { hugr_type } }',
  g3: '{ __type(name: "_Module") { name } }',
  g1: '{ __type(name: "_module_core_meta_function") { fields { name } } }',
  version: '{ function { core { version { version build_date } } } }',
  summary: '{ function { core { meta { schema_summary } } } }',
  dataSources: '{ core { data_sources { name type prefix as_module read_only description disabled } } }',
  /** G3 meta query: permission-filtered, needs no admin; no prefix (inferred from type names). */
  metaDataSources: '{ _dataSources { name engine description longDescription readOnly asModule } }',
} as const;

export interface Discovery extends DiscoveryParts {
  serverVersion: string | null;
  timings: Record<string, number>;
}

export interface DiscoverContext {
  settings: EndpointSettings;
  fetcher: CredentialFetch;
  signal?: AbortSignal;
  onStep?: (step: string, done: number, total: number) => void;
}

async function ask(ctx: DiscoverContext, request: GraphqlRequest): Promise<GraphqlResponse> {
  return postGraphql(ctx.fetcher, ctx.settings.queryUrl, request, { purpose: 'discovery' }, ctx.signal);
}

/** Runs a request, returning errors as values: probes and optional queries must not fail discovery. */
async function tryAsk(ctx: DiscoverContext, query: string): Promise<GraphqlResponse | { failed: Error }> {
  try {
    return await ask(ctx, { query });
  } catch (err) {
    return { failed: err as Error };
  }
}

function dig(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}

export interface IntrospectionOutcome {
  schema: IntroSchema | null;
  shape: IntrospectionShape;
  error: string | null;
  /** Set when the answer came by a detour (the depth-limited fallback). */
  warnings?: string[];
}

/** Introspection with the extension fields the server resolves: unresolvable ones are dropped and the query retried. */
export async function fetchIntrospection(ctx: DiscoverContext, initial: IntrospectionShape): Promise<IntrospectionOutcome> {
  let shape = initial;
  for (let attempt = 0; attempt < 8; attempt++) {
    const res = await ask(ctx, { query: introspectionQuery(shape) });
    const messages = (res.errors ?? []).map((e) => e.message);
    const schema = dig(res.data, '__schema') as IntroSchema | undefined;
    if (schema && Array.isArray(schema.types) && messages.length === 0) return { schema, shape, error: null };
    const drop = unresolvableFields(messages);
    if (drop.length > 0 && (shape.typeExtensions.some((f) => drop.includes(f)) || shape.fieldExtensions.some((f) => drop.includes(f)))) {
      shape = withoutFields(shape, drop);
      continue;
    }
    if (isDepthExceeded(messages)) return fetchIntrospectionByType((query) => ask(ctx, { query }), shape);
    if (schema && !Array.isArray(schema.types)) return { schema: null, shape, error: 'malformed introspection: __schema.types is not a list' };
    if (messages.length === 0) return { schema: null, shape, error: 'malformed introspection: no __schema in the answer' };
    return {
      schema: null,
      shape,
      error: isIntrospectionDisabled(messages) ? `introspection is disabled: ${errorMessages(res.errors)}` : errorMessages(res.errors),
    };
  }
  return { schema: null, shape, error: 'introspection kept failing on unresolvable fields' };
}

function validateSchema(schema: IntroSchema): string | null {
  for (const t of schema.types) {
    if (!t || typeof t.name !== 'string' || typeof t.kind !== 'string') return 'malformed introspection: a type without name or kind';
    if (t.fields && !Array.isArray(t.fields)) return `malformed introspection: fields of ${t.name} is not a list`;
    for (const f of t.fields ?? [])
      if (!f || typeof f.name !== 'string' || !f.type || !Array.isArray(f.args)) return `malformed introspection: field of ${t.name} lacks name, type or args`;
  }
  return null;
}

/**
 * Hugr answers argument types as the `JSON` scalar, with no error, once the depth budget left for
 * them is 2 or less (query-engine `pkg/metadata/schema.go`, argumentResolver): with MAX_DEPTH 4 or
 * less every argument collapses, whichever way the schema is asked. `limit`/`offset` of a list
 * query are always `Int`, so one of them typed `JSON` gives it away.
 */
export function argumentTypesCollapsed(schema: IntroSchema): boolean {
  const args = schema.types.flatMap((t) => (t.fields ?? []).flatMap((f) => f.args ?? []));
  if (args.some((a) => (a.name === 'limit' || a.name === 'offset') && namedType(a.type) === 'JSON')) return true;
  return args.length >= 3 && args.every((a) => namedType(a.type) === 'JSON');
}

export function parseDataSources(value: unknown): DataSourceInfo[] | null {
  if (!Array.isArray(value)) return null;
  return value
    .filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object' && typeof (r as Record<string, unknown>).name === 'string')
    .map((r) => ({
      name: String(r.name),
      type: String(r.type ?? ''),
      prefix: String(r.prefix ?? ''),
      asModule: r.as_module === true,
      readOnly: r.read_only === true,
      description: String(r.description ?? ''),
      ...(r.disabled === true ? { disabled: true } : {}),
    }));
}

/** G3 `_dataSources` rows: no prefix in this surface, so it is left null for the merge to infer. */
export function parseMetaDataSources(value: unknown): DataSourceRow[] | null {
  if (!Array.isArray(value)) return null;
  return value
    .filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object' && typeof (r as Record<string, unknown>).name === 'string')
    .map((r) => ({
      name: String(r.name),
      type: String(r.engine ?? ''),
      prefix: null,
      asModule: r.asModule === true,
      readOnly: r.readOnly === true,
      description: String(r.longDescription || r.description || ''),
    }));
}

export async function discover(ctx: DiscoverContext): Promise<Discovery> {
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      return await work();
    } finally {
      timings[name] = Date.now() - started;
    }
  };
  ctx.onStep?.('probe', 0, 3);
  // The first probe doubles as the reachability and credential check: its failures are final.
  const hugrProbe = await timed('probe', () => ask(ctx, { query: PROBES.hugr }));
  const isHugr = dig(hugrProbe.data, '__type', 'hugr_type') === 'module';
  const probeFailed = Boolean(hugrProbe.errors?.length) && !isHugr;
  const [g3, g1, version] =
    isHugr || (ctx.settings.hugr && probeFailed)
      ? await Promise.all([tryAsk(ctx, PROBES.g3), tryAsk(ctx, PROBES.g1), tryAsk(ctx, PROBES.version)])
      : [null, null, null];
  const isG3 = Boolean(g3 && !('failed' in g3) && !g3.errors?.length && dig(g3.data, '__type', 'name') === '_Module');
  const g1Fields = g1 && !('failed' in g1) ? (dig(g1.data, '__type', 'fields') as Array<{ name: string }> | undefined) : undefined;
  const hasSummary = Boolean(g1Fields?.some((f) => f.name === 'schema_summary'));
  const serverVersion =
    version && !('failed' in version) ? ((dig(version.data, 'function', 'core', 'version', 'version') as string | undefined) ?? null) : null;

  ctx.onStep?.('discovery', 1, 3);
  const wantSummary = ctx.settings.hugr && !isG3 && (hasSummary || probeFailed);
  const wantSources = ctx.settings.hugr || isHugr;
  // G2: Hugr fields, no `_Module`, no schema_summary ⇒ the core.catalog views (HUGR.md §2.1)
  const wantCoreCatalog = isHugr && !isG3 && !hasSummary;
  const [intro, summaryRes, sourcesRes, metaSourcesRes, coreCatalog, metaCatalog] = await Promise.all([
    timed('introspection', () => fetchIntrospection(ctx, isHugr || ctx.settings.hugr ? HUGR_SHAPE : PLAIN_SHAPE)),
    wantSummary ? timed('schema_summary', () => tryAsk(ctx, PROBES.summary)) : Promise.resolve(null),
    wantSources ? timed('data_sources', () => tryAsk(ctx, PROBES.dataSources)) : Promise.resolve(null),
    isG3 ? timed('_dataSources', () => tryAsk(ctx, PROBES.metaDataSources)) : Promise.resolve(null),
    wantCoreCatalog ? timed('core.catalog', () => fetchCoreCatalog((query) => ask(ctx, { query }))) : Promise.resolve<CoreCatalog | null>(null),
    isG3 ? timed('_catalog', () => fetchMetaCatalog((query) => ask(ctx, { query }))) : Promise.resolve<MetaCatalog | null>(null),
  ]);
  ctx.onStep?.('mapping', 2, 3);

  const warnings: string[] = [...(intro.warnings ?? [])];
  let summary: SchemaSummary | null = null;
  if (summaryRes && !('failed' in summaryRes)) {
    const value = dig(summaryRes.data, 'function', 'core', 'meta', 'schema_summary');
    const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
    if (isSchemaSummary(parsed)) summary = parsed;
    else if (hasSummary) warnings.push(`schema_summary was not usable: ${errorMessages(summaryRes.errors) || 'unexpected shape'}`);
  } else if (summaryRes && hasSummary) warnings.push(`schema_summary failed: ${summaryRes.failed.message}`);

  const schemaError = intro.error ?? (intro.schema ? validateSchema(intro.schema) : null);
  if (schemaError && !summary) {
    throw new SextantError('INTROSPECTION_FAILED', `cannot read the schema of ${ctx.settings.queryUrl}: ${schemaError}`, {
      hint: /disabled/.test(schemaError)
        ? 'enable introspection for the service credential on the server, then retry'
        : 'check that the endpoint is a GraphQL API and the credential may introspect it',
    });
  }
  if (schemaError) warnings.push(`introspection unusable, indexed from schema_summary only: ${schemaError}`);
  const schema = schemaError || !intro.schema ? null : new SchemaIndex(intro.schema);
  if (schema && schema.hugr && intro.shape.fieldExtensions.length < HUGR_SHAPE.fieldExtensions.length) {
    warnings.push(`server does not resolve ${HUGR_SHAPE.fieldExtensions.filter((f) => !intro.shape.fieldExtensions.includes(f)).join(', ')} on __Field`);
  }

  if (schema?.hugr && intro.schema && argumentTypesCollapsed(intro.schema)) {
    warnings.push(
      `argument types came back as JSON: the server's MAX_DEPTH is 4 or less, which collapses them without an error; ` +
        (coreCatalog?.views.arguments ? 'types were taken from core.catalog.arguments where it has them; ' : 'arguments are indexed without types; ') +
        'set MAX_DEPTH to 5 or more (default 7) on the server and run update again',
    );
  }

  let dataSources: DataSourceRow[] | null = null;
  if (sourcesRes && !('failed' in sourcesRes) && !sourcesRes.errors?.length) dataSources = parseDataSources(dig(sourcesRes.data, 'core', 'data_sources'));
  if (!dataSources && metaSourcesRes && !('failed' in metaSourcesRes) && !metaSourcesRes.errors?.length)
    dataSources = parseMetaDataSources(dig(metaSourcesRes.data, '_dataSources'));

  const hugrSchema = schema?.hugr ?? false;
  const generation: Generation = summary ? 'G1' : isG3 ? 'G3' : hugrSchema ? 'G2' : ctx.settings.hugr ? 'G0' : 'plain';
  return { generation, schema, summary, dataSources, warnings, serverVersion, timings, coreCatalog: generation === 'G2' ? coreCatalog : null, metaCatalog };
}
