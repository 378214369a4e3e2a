/**
 * Test helper: a loopback HTTP server that imitates a Hugr deployment (HUGR.md §9).
 * - `/query`: meta root fields (`__schema`, `__type`) are projected from stored introspection
 *   JSON with the extension fields; other operations run with graphql-js against the SDL, data
 *   from memory; `validateOnly`; all-or-nothing errors; `schema_summary` (G1) from a fixture.
 * - `/ipc`: the same result as `multipart/mixed; boundary=HUGR`, list fields as Arrow IPC
 *   streams (empty tables flagged, lists of scalars `asArray`; rows as wrapped JSON text before
 *   v0.3.32, native typed columns from v0.3.32, see hugr-arrow.ts), the rest JSON, an `errors` part.
 * - Auth: `x-hugr-secret-key` → admin; `Authorization: Bearer` → the token's role, but only
 *   when JWT/OIDC is configured (`auth: 'jwt'`, the default): a secret-key-only server
 *   (`auth: 'secret-key-only'`) ignores the bearer and runs the request as the anonymous role,
 *   `admin` by default (hugr `ALLOWED_ANONYMOUS=true`, `ANONYMOUS_ROLE=admin`); managed API keys
 *   (`x-hugr-api-key`) → their role. Unknown token → 401 text; unknown role → 403.
 *   The `viewer` role sees fewer fields (hidden in introspection, `disabled` ones forbidden) and rows.
 * - Versions: `function { core { version } }` answers `version`; `core.auth.me` exists from
 *   v0.3.6; `validateOnly` is honoured from v0.2.0 (before, the operation runs).
 * - A list query without `limit` returns every row (no server default); every read is recorded.
 * Every request is recorded (path, headers, body) so tests can prove which credential went where.
 */
import { type AddressInfo } from 'node:net';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import {
  type ConstDirectiveNode,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  Kind,
  buildSchema,
  execute,
  getNamedType,
  getNullableType,
  isListType,
  parse,
  validate,
} from 'graphql';
import { type ArrowColumn, nativeTable, wrappedTable } from './hugr-arrow.js';
import { type CoreCatalogOptions, coreCatalogData, coreCatalogFailures, coreCatalogSdl } from './hugr-core-catalog.js';
import { type Generation, IntrospectionProjector } from './hugr-introspection-projector.js';
import { type MetaTree, type MetaTreeOptions, metaTreeFrom } from './hugr-meta-catalog.js';

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RoleRules {
  /** typeName → fields absent from introspection (still executable when named). */
  hidden?: Record<string, string[]>;
  /** typeName → fields whose use fails the request with "forbidden". */
  disabled?: Record<string, string[]>;
  /** typeName → row predicate ANDed into every read. */
  rows?: Record<string, (row: Record<string, unknown>) => boolean>;
}

export interface HugrServerOptions {
  sdl: string;
  introspection: any;
  generation?: Generation;
  summary?: unknown;
  /** Rows per data-object type name. */
  data?: Record<string, Array<Record<string, unknown>>>;
  /** Function field name → implementation. */
  functions?: Record<string, (args: Record<string, unknown>) => unknown>;
  /** `parentType.field` → rows of the related object for a parent row. */
  relations?: Record<string, (parent: Record<string, unknown>, data: Record<string, Array<Record<string, unknown>>>) => unknown>;
  secretKey?: string;
  apiKey?: string;
  /** managed API keys → role name (unknown roles answer 403). */
  apiKeys?: Record<string, string>;
  /** bearer token → role name. */
  tokens?: Record<string, string>;
  roles?: Record<string, RoleRules>;
  allowAnonymous?: boolean;
  maxDepth?: number;
  /** With `maxDepth`: type-reference hops (`type`, `ofType`) spend the budget too. */
  depthCountsTypeRefs?: boolean;
  /** Introspection fields the server cannot resolve (whole request fails when selected). */
  unresolvable?: string[];
  /** G3 only: options of the `_catalog` logical model derived from the introspection, or false to refuse those queries. */
  metaCatalog?: MetaTreeOptions | false;
  /** G2 only: serve the `core { catalog { … } }` views (HUGR.md §2.1) with these rows. */
  coreCatalog?: CoreCatalogOptions;
  /** Data-object type name → the error reading it fails with (a relation the server's database lacks). */
  failures?: Record<string, string>;
  /** Serve `__schema`/`__type` as errors (introspection disabled). */
  introspectionDisabled?: boolean;
  /** The server version `core.version` reports (default by generation: G1 v0.2.2, G2 v0.3.41, G3 v0.3.44). */
  version?: string;
  /** `jwt` (bearer tokens read, the default) or `secret-key-only` (bearer ignored → anonymous). */
  auth?: 'jwt' | 'secret-key-only';
  /** Role of anonymous requests when anonymous access is allowed (hugr default: admin). */
  anonymousRole?: string;
  /** Native Arrow column kinds overriding the SDL scalar, per type and field (e.g. `decimal:2`). */
  arrowTypes?: Record<string, Record<string, string>>;
  /** Session time zone (`X-Hugr-Timezone`): zone of `Timestamp` columns; rows must be rendered in it. */
  timezone?: string;
}

export interface RecordedRead {
  type: string;
  limit: number | null;
  rows: number;
}

export interface HugrTestServer {
  url: string;
  requests: RecordedRequest[];
  /** Every list read the server executed (validateOnly reads included where the version ignores it). */
  reads: RecordedRead[];
  /** Replace the served schema (SDL + introspection), e.g. to test incremental updates. */
  setSchema(sdl: string, introspection: any): void;
  close(): Promise<void>;
}

const META = new Set(['__schema', '__type', '__typename']);

function directiveOf(node: { directives?: readonly ConstDirectiveNode[] | undefined } | null | undefined, name: string): ConstDirectiveNode | undefined {
  return node?.directives?.find((d) => d.name.value === name);
}
function directiveArg(d: ConstDirectiveNode | undefined, name: string): unknown {
  const v = d?.arguments?.find((a) => a.name.value === name)?.value;
  return v && 'value' in v ? v.value : undefined;
}

function matches(row: Record<string, unknown>, filter: Record<string, any> | undefined): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([key, cond]) => {
    if (key === '_and') return (cond as any[]).every((c) => matches(row, c));
    if (key === '_or') return (cond as any[]).some((c) => matches(row, c));
    if (key === '_not') return !matches(row, cond);
    const v = row[key] as any;
    return Object.entries(cond ?? {}).every(([op, x]: [string, any]) => {
      switch (op) {
        case 'eq':
          return v === x;
        case 'in':
          return (x as unknown[]).includes(v);
        case 'gt':
          return v > x;
        case 'gte':
          return v >= x;
        case 'lt':
          return v < x;
        case 'lte':
          return v <= x;
        case 'is_null':
          return (v == null) === x;
        case 'like':
        case 'ilike':
          return new RegExp(`^${String(x).replace(/%/g, '.*')}$`, op === 'ilike' ? 'i' : '').test(String(v));
        default:
          return true;
      }
    });
  });
}

function aggregate(rows: Array<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { _rows_count: rows.length };
  for (const key of Object.keys(rows[0] ?? {})) {
    const nums = rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number');
    const sum = nums.reduce((a, b) => a + b, 0);
    out[key] = {
      count: rows.filter((r) => r[key] != null).length,
      sum,
      avg: nums.length ? sum / nums.length : null,
      min: nums.length ? Math.min(...nums) : null,
      max: nums.length ? Math.max(...nums) : null,
    };
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const DEFAULT_VERSION: Record<Generation, string> = { G1: 'v0.2.2', G2: 'v0.3.41', G3: 'v0.3.44' };

function versionAtLeast(version: string, min: [number, number, number]): boolean {
  const v = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version)!.slice(1).map(Number);
  for (let i = 0; i < 3; i++) if (v[i] !== min[i]) return v[i]! > min[i]!;
  return true;
}

interface Identity {
  role: string;
  userId: string;
  userName: string;
  authType: string;
}

export async function startHugrServer(options: HugrServerOptions): Promise<HugrTestServer> {
  const requests: RecordedRequest[] = [];
  const reads: RecordedRead[] = [];
  const generation = options.generation ?? 'G1';
  const version = options.version ?? DEFAULT_VERSION[generation];
  const nativeArrow = versionAtLeast(version, [0, 3, 32]);
  const coreCatalog = generation === 'G2' ? options.coreCatalog : undefined;
  // the views are executed like any data query; they are not added to the served introspection
  const withCatalog = (sdl: string) => (coreCatalog ? `${sdl}\n${coreCatalogSdl(coreCatalog, version)}` : sdl);
  const failures: Record<string, string> = { ...(coreCatalog ? coreCatalogFailures(coreCatalog) : {}), ...(options.failures ?? {}) };
  const data = { ...(options.data ?? {}), ...(coreCatalog ? coreCatalogData(coreCatalog) : {}) };
  let schema: GraphQLSchema = buildSchema(withCatalog(options.sdl));
  // G2/G3 removed schema_summary (HUGR.md §0): drop it from what those generations serve.
  const servedIntrospection = (intro: any) => {
    const s = intro.data?.__schema ?? intro.__schema ?? intro;
    if (generation === 'G1') return s;
    return {
      ...s,
      types: s.types.map((t: any) =>
        t.name === '_module_core_meta_function' ? { ...t, fields: t.fields.filter((f: any) => f.name !== 'schema_summary') } : t,
      ),
    };
  };
  let introspection = servedIntrospection(options.introspection);
  const metaTreeOf = (s: any): MetaTree | undefined =>
    generation === 'G3' && options.metaCatalog !== false ? metaTreeFrom(s, options.metaCatalog || {}) : undefined;
  let metaTree = metaTreeOf(introspection);
  const metaTypes =
    generation === 'G3'
      ? [
          {
            kind: 'OBJECT',
            name: '_Module',
            description: 'Hugr module (meta)',
            fields: [],
            inputFields: null,
            interfaces: [],
            enumValues: null,
            possibleTypes: null,
            hugr_type: '',
            module: '',
            catalog: '',
          },
        ]
      : [];
  const roles: Record<string, RoleRules> = { admin: {}, ...(options.roles ?? {}) };

  function authenticate(req: IncomingMessage): Identity | { status: number; body: string; json?: boolean } {
    const secret = req.headers['x-hugr-secret-key'];
    if (secret !== undefined) {
      if (secret !== options.secretKey) return { status: 401, body: 'unauthorized' };
      const role = String(req.headers['x-hugr-role'] ?? 'admin');
      return { role, userId: 'api', userName: 'api', authType: 'apiKey' };
    }
    const apiKey = req.headers['x-hugr-api-key'];
    if (apiKey !== undefined) {
      if (apiKey === options.apiKey) return { role: 'admin', userId: 'api', userName: 'api', authType: 'apiKey' };
      const keyRole = options.apiKeys?.[String(apiKey)];
      if (!keyRole) return { status: 401, body: 'forbidden' };
      if (!roles[keyRole]) return { status: 403, body: JSON.stringify({ errors: [{ message: 'forbidden' }] }), json: true };
      return { role: keyRole, userId: `key-${keyRole}`, userName: `key-${keyRole}`, authType: 'db-api-key' };
    }
    // Without JWT/OIDC configured, hugr has no provider that reads Authorization: the bearer is skipped.
    const auth = options.auth === 'secret-key-only' ? undefined : req.headers.authorization;
    if (auth) {
      const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1];
      const role = token ? options.tokens?.[token] : undefined;
      if (!role) return { status: 401, body: 'unauthorized' };
      if (!roles[role]) return { status: 403, body: JSON.stringify({ errors: [{ message: 'forbidden' }] }), json: true };
      return { role, userId: `user-${role}`, userName: `${role} user`, authType: 'jwt' };
    }
    const anonymous = options.allowAnonymous ?? options.auth === 'secret-key-only';
    return anonymous
      ? { role: options.anonymousRole ?? 'admin', userId: 'anonymous', userName: 'anonymous', authType: 'anonymous' }
      : { status: 401, body: 'unauthorized' };
  }

  /** `function { core { version | auth { me } } }`, answered as the server's runtime functions do. */
  function coreFunction(
    operation: OperationDefinitionNode,
    identity: Identity,
  ): { data?: Record<string, unknown>; errors?: Array<{ message: string }> } | null {
    const root = operation.selectionSet.selections[0];
    if (operation.operation !== 'query' || operation.selectionSet.selections.length !== 1 || root?.kind !== Kind.FIELD || root.name.value !== 'function')
      return null;
    const core = root.selectionSet?.selections[0];
    if (core?.kind !== Kind.FIELD || core.name.value !== 'core') return null;
    const fn = core.selectionSet?.selections[0];
    if (fn?.kind !== Kind.FIELD) return null;
    const pick = (node: typeof fn, value: Record<string, unknown>) =>
      Object.fromEntries(
        (node.selectionSet?.selections ?? []).flatMap((s) => (s.kind === Kind.FIELD ? [[s.alias?.value ?? s.name.value, value[s.name.value] ?? null]] : [])),
      );
    if (fn.name.value === 'version') return { data: { function: { core: { version: pick(fn, { version, build_date: '2026-08-01' }) } } } };
    if (fn.name.value === 'auth') {
      if (!versionAtLeast(version, [0, 3, 6])) return { errors: [{ message: 'Cannot query field "auth" on type "_module_core_function".' }] };
      const me = fn.selectionSet?.selections[0];
      if (me?.kind !== Kind.FIELD || me.name.value !== 'me') return null;
      const value = {
        user_id: identity.userId,
        user_name: identity.userName,
        role: identity.role,
        auth_type: identity.authType,
        auth_provider: identity.authType,
      };
      return { data: { function: { core: { auth: { me: pick(me, value) } } } } };
    }
    return null;
  }

  function run(
    body: { query?: string; variables?: Record<string, unknown>; operationName?: string; validateOnly?: boolean },
    identity: Identity,
  ): { data?: Record<string, unknown>; errors?: Array<{ message: string }> } {
    const role = identity.role;
    const rules = roles[role] ?? {};
    let document;
    try {
      document = parse(body.query ?? '');
    } catch (err) {
      return { errors: [{ message: (err as Error).message }] };
    }
    const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    const operation = body.operationName ? operations.find((o) => o.name?.value === body.operationName) : operations[0];
    if (!operation) return { errors: [{ message: 'no operation' }] };
    const runtime = coreFunction(operation, identity);
    if (runtime) return runtime;
    const fragments = Object.fromEntries(
      document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
    );
    const rootNames = operation.selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? s.name.value : ''));
    if (
      rootNames.every(
        (n) => META.has(n) || (generation === 'G3' && (n === '_dataSources' || (metaTree && ['_catalog', '_module', '_dataObject', '_function'].includes(n)))),
      )
    ) {
      if (options.introspectionDisabled) return { errors: [{ message: 'GraphQL introspection is disabled' }] };
      try {
        const dataSources = (data.data_sources ?? []).map((d) => ({
          name: d.name,
          engine: d.type,
          description: d.description,
          longDescription: null,
          readOnly: d.read_only,
          asModule: d.as_module,
        }));
        const projector = new IntrospectionProjector({
          schema: introspection,
          generation,
          maxDepth: options.maxDepth ?? 7,
          argumentTypesAsJson: (options.maxDepth ?? 7) <= 4,
          hidden: rules.hidden ?? {},
          metaTypes,
          dataSources,
          ...(metaTree ? { metaTree } : {}),
          ...(options.depthCountsTypeRefs ? { countTypeRefs: true } : {}),
          ...(options.unresolvable ? { unresolvable: options.unresolvable } : {}),
        });
        return { data: projector.project(operation.selectionSet, fragments, body.variables ?? {}) };
      } catch (err) {
        return { errors: [{ message: (err as Error).message }] };
      }
    }
    const errors = validate(schema, document);
    if (errors.length) return { errors: errors.map((e) => ({ message: e.message })) };
    // validateOnly arrived in v0.2.0; older servers ignore the flag and run the operation
    if (body.validateOnly && versionAtLeast(version, [0, 2, 0])) return { data: Object.fromEntries(rootNames.map((n) => [n, null])) };

    const resolver: GraphQLFieldResolver<any, unknown> = (source, args, _ctx, info) => {
      const parent = info.parentType;
      const field = parent.getFields()[info.fieldName]!;
      if ((rules.disabled?.[parent.name] ?? []).includes(info.fieldName)) throw new GraphQLError('forbidden');
      const named = getNamedType(field.type);
      const node = field.astNode;
      const namedNode = 'astNode' in named ? named.astNode : null;
      if (!isListType(getNullableType(field.type)) && (directiveOf(namedNode as any, 'module_root') || ['Function', 'MutationFunction'].includes(named.name)))
        return {};
      const rowsOf = (typeName: string) => (data[typeName] ?? []).filter((r) => (rules.rows?.[typeName] ? rules.rows[typeName]!(r) : true));
      const query = directiveOf(node, 'query');
      const agg = directiveOf(node, 'aggregation_query');
      if (query || agg) {
        const target = agg ? String(directiveArg(agg, 'name')) : named.name;
        const typeName = agg ? (schema.getType(`_${target}_aggregation`) ? target : named.name.replace(/^_|_aggregation(_bucket)?$/g, '')) : target;
        if (failures[typeName]) throw new GraphQLError(failures[typeName]);
        let rows = rowsOf(typeName).filter((r) => matches(r, args.filter as any));
        if (query && directiveArg(query, 'type') === 'SELECT_ONE') return rows.find((r) => Object.entries(args).every(([k, v]) => r[k] === v)) ?? null;
        if (agg) return directiveArg(agg, 'is_bucket') === true ? (rows.length ? [{ key: rows[0], aggregations: aggregate(rows) }] : []) : aggregate(rows);
        // A list query without `limit` has no LIMIT on the server (the SDL's default is not applied):
        // the whole table is sent.
        const offset = Number(args.offset ?? 0);
        const given = info.fieldNodes[0]?.arguments?.some((a) => a.name.value === 'limit') && args.limit != null;
        rows = given ? rows.slice(offset, offset + Number(args.limit)) : rows.slice(offset);
        reads.push({ type: typeName, limit: given ? Number(args.limit) : null, rows: rows.length });
        return rows;
      }
      if (directiveOf(node, 'function')) {
        const fn = options.functions?.[info.fieldName];
        if (!fn) throw new GraphQLError(`function ${info.fieldName} is not available`);
        return fn(args);
      }
      if (directiveOf(node, 'mutation')) {
        const type = directiveArg(directiveOf(node, 'mutation'), 'type');
        if (type === 'INSERT' && named.name !== 'OperationResult') return { id: 99, ...(args.data as object) };
        return { success: true, affected_rows: 1, last_id: null, message: `${String(type).toLowerCase()} done` };
      }
      const relation = options.relations?.[`${parent.name}.${info.fieldName}`];
      if (relation) return relation(source, data);
      return source?.[info.fieldName] ?? null;
    };
    const result = execute({
      schema,
      document,
      variableValues: body.variables ?? {},
      ...(body.operationName ? { operationName: body.operationName } : {}),
      rootValue: {},
      fieldResolver: resolver,
      contextValue: {},
    }) as { data?: any; errors?: readonly GraphQLError[] };
    // a disabled field fails the whole request with one "forbidden" (HUGR.md §6)
    if (result.errors?.some((e) => e.message === 'forbidden')) return { errors: [{ message: 'forbidden' }] };
    if (result.errors?.length) return { errors: result.errors.map((e) => ({ message: e.message, ...(e.path ? { path: [...e.path] } : {}) })) };
    return { data: result.data };
  }

  function ipcParts(doc: string, data: Record<string, unknown>, operationName?: string): Buffer {
    const document = parse(doc);
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
    )!;
    const root = operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
    const parts: Buffer[] = [];
    const push = (headers: Record<string, string>, body: Buffer) => {
      parts.push(
        Buffer.from(
          `--HUGR\r\n${Object.entries(headers)
            .map(([k, v]) => `${k}: ${v}`)
            .join('\r\n')}\r\n\r\n`,
        ),
        body,
        Buffer.from('\r\n'),
      );
    };
    const walk = (type: any, selection: any, value: Record<string, unknown>, path: string[]) => {
      for (const s of selection.selections) {
        if (s.kind !== Kind.FIELD || s.name.value === '__typename') continue;
        const key = s.alias?.value ?? s.name.value;
        const field = type.getFields()[s.name.value];
        const named = getNamedType(field.type) as any;
        const v = value[key];
        const isModule =
          !isListType(getNullableType(field.type)) && (directiveOf(named.astNode, 'module_root') || ['Function', 'MutationFunction'].includes(named.name));
        if (isModule && v && typeof v === 'object') {
          walk(named, s.selectionSet, v as Record<string, unknown>, [...path, key]);
          continue;
        }
        const partPath = ['data', ...path, key].join('.');
        if (Array.isArray(v)) {
          if (v.length === 0) {
            push(
              {
                'Content-Type': 'application/vnd.apache.arrow.stream',
                'X-Hugr-Format': 'table',
                'X-Hugr-Part-Type': 'data',
                'X-Hugr-Path': partPath,
                'X-Hugr-Empty': 'true',
                'X-Hugr-Table-Info': '',
              },
              Buffer.alloc(0),
            );
          } else if (v.every((x) => x === null || typeof x !== 'object')) {
            const table = tableFromArrays({ value: v as any });
            push(
              {
                'Content-Type': 'application/vnd.apache.arrow.stream',
                'X-Hugr-Format': 'table',
                'X-Hugr-Part-Type': 'data',
                'X-Hugr-Path': partPath,
                'X-Hugr-Table-Info': 'asArray',
              },
              Buffer.from(tableToIPC(table, 'stream')),
            );
          } else {
            const headers: Record<string, string> = {
              'Content-Type': 'application/vnd.apache.arrow.stream',
              'X-Hugr-Format': 'table',
              'X-Hugr-Part-Type': 'data',
              'X-Hugr-Path': partPath,
              'X-Hugr-Table-Info': nativeArrow ? '' : 'wrapped',
            };
            let body: Uint8Array;
            if (nativeArrow) {
              const columns: ArrowColumn[] = s.selectionSet.selections
                .filter((x: any) => x.kind === Kind.FIELD && x.name.value !== '__typename')
                .map((x: any) => {
                  const f = named.getFields()[x.name.value];
                  const leaf = getNamedType(f.type) as any;
                  const nested = typeof leaf.getFields === 'function';
                  const list = isListType(getNullableType(f.type));
                  const kind = nested ? 'nested' : list ? `list:${leaf.name}` : leaf.name;
                  return { name: x.alias?.value ?? x.name.value, kind: options.arrowTypes?.[named.name]?.[x.name.value] ?? kind };
                });
              const geometry = columns.filter((c) => c.kind === 'Geometry').map((c) => `"${c.name}": {"srid": "4326", "format": "WKB"}`);
              if (geometry.length) {
                headers['X-Hugr-Geometry-Fields'] = `{${geometry.join(',')}}`;
                headers['X-Hugr-Geometry'] = 'true';
              }
              body = nativeTable(v as Array<Record<string, unknown>>, columns, options.timezone ?? 'UTC');
            } else body = wrappedTable(v);
            push(headers, Buffer.from(body));
          }
        } else {
          push(
            { 'Content-Type': 'application/json', 'X-Hugr-Format': 'object', 'X-Hugr-Part-Type': 'data', 'X-Hugr-Path': partPath },
            Buffer.from(JSON.stringify(v ?? null)),
          );
        }
      }
    };
    walk(root, operation.selectionSet, data, []);
    return Buffer.concat([...parts, Buffer.from('--HUGR--\r\n')]);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push({ path, headers: { ...req.headers }, body });
    if (path !== '/query' && path !== '/ipc') {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>not found</body></html>');
      return;
    }
    const auth = authenticate(req);
    if ('status' in auth) {
      res.writeHead(auth.status, { 'content-type': auth.json ? 'application/json' : 'text/plain' }).end(auth.body);
      return;
    }
    let parsed: any;
    try {
      parsed = JSON.parse(body);
    } catch {
      res
        .writeHead(400, { 'content-type': path === '/ipc' ? 'text/plain' : 'application/json' })
        .end(path === '/ipc' ? 'bad request' : JSON.stringify({ errors: [{ message: 'invalid JSON body' }] }));
      return;
    }
    const result = run(parsed, auth);
    if (path === '/query' || parsed.validateOnly) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
      return;
    }
    res.writeHead(200, { 'content-type': 'multipart/mixed; boundary=HUGR' });
    if (result.errors) {
      res.end(
        Buffer.concat([
          Buffer.from(
            `--HUGR\r\nContent-Type: application/json\r\nX-Hugr-Format: object\r\nX-Hugr-Part-Type: errors\r\n\r\n${JSON.stringify(result.errors)}\r\n--HUGR--\r\n`,
          ),
        ]),
      );
      return;
    }
    res.end(ipcParts(parsed.query, result.data ?? {}, parsed.operationName));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  if (options.summary !== undefined && generation === 'G1') {
    const summary = options.summary;
    options.functions = { ...(options.functions ?? {}), schema_summary: () => summary };
  }
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reads,
    setSchema(sdl, intro) {
      schema = buildSchema(withCatalog(sdl));
      introspection = servedIntrospection(intro);
      metaTree = metaTreeOf(introspection);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
