/**
 * @module core/graphql/graphql-service
 * Stepwise discovery of GraphQL sources from the index (data sources, one module level at a
 * time, a module's data objects and functions, one object described with ranked fields and its
 * ready operation) and query execution on behalf of a user. MCP tools and the CLI call these.
 */
import type { CatalogObject } from '../../ports/catalog.js';
import type { Connector, ExecuteResponse, RanAs } from '../../ports/connector.js';
import type { CatalogStore, StoredSource } from '../../ports/store.js';
import { GRAPHQL_FAMILY } from '../kinds/graphql/graphql-kind.js';
import type { KindRegistry } from '../kinds/registry.js';
import { resolveObject } from '../catalog/resolve-object.js';
import { SextantError } from '../../kernel/errors.js';
import { requireSource, connectorFor } from '../sources.js';
import { splitText } from '../../kernel/text/identifiers.js';
import { type CompactResult, compactResult } from './compact-result.js';
import { type ActionableError, explainErrors } from './graphql-errors.js';
import { operationTypeOf } from './operation-type.js';
import { createListQueryPaths, injectRowCap } from './row-cap.js';

export interface DataSourceEntry {
  id: string;
  source: string;
  name: string;
  engine: string;
  prefix: string;
  asModule: boolean;
  readOnly: boolean;
  description: string | null;
}

export interface ModuleEntry {
  id: string;
  source: string;
  path: string;
  name: string;
  description: string | null;
  roots: Record<string, string>;
  counts: { submodules: number; dataObjects: number; functions: number };
}

export interface ElementEntry {
  id: string;
  name: string;
  kind: string;
  description: string | null;
  graphqlPath: string | null;
  typeName?: string;
  mutating?: boolean;
}

export interface DescribeField {
  name: string;
  type: string;
  description: string | null;
  isPrimaryKey?: boolean;
  relationTo?: string;
  score?: number;
}

export interface GraphqlDescription {
  id: string;
  kind: string;
  name: string;
  description: string | null;
  graphqlPath: string | null;
  typeName: string | null;
  originalName: string | null;
  dataSource: string | null;
  fields: DescribeField[];
  fieldsTotal: number;
  arguments: Array<{ name: string; type: string; required: boolean }>;
  relations: Array<{ field: string; target: string; many: boolean }>;
  queries: Array<{ id: string; name: string; variant: string; graphqlPath: string }>;
  filter: { type: string; fields: string[] } | null;
  operation: string | null;
  variables: Record<string, string>;
}

export interface GraphqlQueryInput {
  source: string;
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  format?: 'json' | 'arrow';
  /** The caller's own token (MCP `Authorization: Bearer`); never the service credential. */
  userToken?: string | null;
  allowAnonymous?: boolean;
  /** Project setting: mutations run only when on. */
  developerTools?: boolean;
  /** The project whose setting that is (a scoped caller's): a refused mutation names it in its remedy. */
  project?: string;
  /** Rows per table (default 50, max 1000). */
  rowLimit?: number;
  signal?: AbortSignal;
}

export interface GraphqlQueryResult extends CompactResult {
  success: boolean;
  operation: 'query' | 'mutation' | 'subscription';
  validation: ExecuteResponse['validation'];
  /** Who the server says ran the operation (Hugr), or why it cannot say. */
  ranAs?: RanAs;
  /** What was changed before running, e.g. a row cap added to list queries. */
  notes?: string[];
  errors: ActionableError[];
  failedAt?: 'validation' | 'execution';
  extensions?: Record<string, unknown>;
}

/** Which GraphQL sources a listing reads: one by name, and/or only those `within` a caller's visible sources (absent: every source). */
export interface GraphqlSourceSelection {
  source?: string;
  within?: readonly string[];
}

export interface GraphqlService {
  listDataSources(source?: string, within?: readonly string[]): Promise<DataSourceEntry[]>;
  /** Children of `parent` (a module path or id; top level when omitted), one level. */
  listModules(options?: GraphqlSourceSelection & { parent?: string }): Promise<ModuleEntry[]>;
  /** Data objects and functions directly in a module (`''` for the root level). */
  listDataObjects(options: GraphqlSourceSelection & { module: string }): Promise<{ module: string; dataObjects: ElementEntry[]; functions: ElementEntry[] }>;
  describe(ref: string, options?: { fieldsQuery?: string; maxFields?: number }): Promise<GraphqlDescription>;
  query(input: GraphqlQueryInput): Promise<GraphqlQueryResult>;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

async function graphqlSources(store: CatalogStore, graphqlTypes: ReadonlySet<string>, { source, within }: GraphqlSourceSelection): Promise<StoredSource[]> {
  const inScope = (s: StoredSource) => !within || within.includes(s.name);
  if (source) {
    const s = await requireSource(store, source);
    if (!graphqlTypes.has(s.type))
      throw new SextantError('USAGE', `source '${source}' is a ${s.type} source, not GraphQL`, { hint: 'name a hugr or graphql source' });
    return inScope(s) ? [s] : [];
  }
  return (await store.listSources()).filter((s) => graphqlTypes.has(s.type) && inScope(s));
}

async function allOfKind(store: CatalogStore, source: string, kinds: string[], parentId?: string): Promise<CatalogObject[]> {
  const out: CatalogObject[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listObjects({ source, kinds, ...(parentId ? { parentId } : {}), limit: 1000, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

function entry(o: CatalogObject): ElementEntry {
  return {
    id: o.id,
    name: o.name,
    kind: o.kind,
    description: o.comment,
    graphqlPath: str(o.attributes.graphqlPath),
    ...(typeof o.attributes.typeName === 'string' ? { typeName: o.attributes.typeName } : {}),
    ...(o.kind === 'function' ? { mutating: o.attributes.mutating === true } : {}),
  };
}

/** Word-overlap score of a field against a query: a name word counts 2 (a prefix 1), a description word 0.5. Pure and deterministic. */
export function fieldScore(query: string, name: string, description: string | null): number {
  const q = new Set(splitText(query));
  if (q.size === 0) return 0;
  const nameWords = splitText(name);
  const descWords = splitText(description ?? '');
  let score = 0;
  for (const w of q) {
    if (nameWords.includes(w)) score += 2;
    else if (nameWords.some((n) => n.startsWith(w) || w.startsWith(n))) score += 1;
    if (descWords.includes(w)) score += 0.5;
  }
  return score / (2 * q.size);
}

export function createGraphqlService(deps: { store: CatalogStore; connectors: ReadonlyMap<string, Connector>; kinds: KindRegistry }): GraphqlService {
  const { store, connectors } = deps;
  const graphqlTypes: ReadonlySet<string> = new Set(deps.kinds.sourceTypes.filter((t) => t.family === GRAPHQL_FAMILY).map((t) => t.type));
  const listQueryPaths = createListQueryPaths(store);

  async function moduleEntry(o: CatalogObject): Promise<ModuleEntry> {
    const count = async (kinds: string[]) => (await store.listObjects({ source: o.source, kinds, parentId: o.id, limit: 1 })).total;
    return {
      id: o.id,
      source: o.source,
      path: o.path,
      name: o.name,
      description: o.comment,
      roots: (o.attributes.roots as Record<string, string> | undefined) ?? {},
      counts: { submodules: await count(['module']), dataObjects: await count(['data_object']), functions: await count(['function']) },
    };
  }

  return {
    async listDataSources(source, within) {
      const out: DataSourceEntry[] = [];
      for (const s of await graphqlSources(store, graphqlTypes, { ...(source ? { source } : {}), ...(within ? { within } : {}) })) {
        for (const o of await allOfKind(store, s.name, ['data_source'])) {
          out.push({
            id: o.id,
            source: s.name,
            name: o.name,
            engine: String(o.attributes.engine ?? ''),
            prefix: String(o.attributes.prefix ?? ''),
            asModule: o.attributes.asModule === true,
            readOnly: o.attributes.readOnly === true,
            description: o.comment,
          });
        }
      }
      return out;
    },

    async listModules(options = {}) {
      const out: ModuleEntry[] = [];
      for (const s of await graphqlSources(store, graphqlTypes, options)) {
        const parent = options.parent?.replace(new RegExp(`^${s.name}:module:`), '');
        const modules = await allOfKind(store, s.name, ['module']);
        const children = modules.filter((m) => (parent ? m.parentId === `${s.name}:module:${parent}` : m.parentId === null));
        if (parent && !modules.some((m) => m.path === parent) && options.source) {
          throw new SextantError('OBJECT_NOT_FOUND', `no module '${parent}' in source '${s.name}'`, {
            hint: 'list the top level with list_modules and no parent',
          });
        }
        for (const m of children.sort((a, b) => a.path.localeCompare(b.path))) out.push(await moduleEntry(m));
      }
      return out;
    },

    async listDataObjects(options) {
      const module = options.module.replace(/^[^:]+:module:/, '');
      const dataObjects: ElementEntry[] = [];
      const functions: ElementEntry[] = [];
      for (const s of await graphqlSources(store, graphqlTypes, options)) {
        const inModule = (o: CatalogObject) => String(o.attributes.module ?? '') === module;
        for (const o of await allOfKind(store, s.name, ['data_object'])) if (inModule(o)) dataObjects.push(entry(o));
        for (const o of await allOfKind(store, s.name, ['function'])) if (inModule(o) && typeof o.attributes.graphqlPath === 'string') functions.push(entry(o));
      }
      return { module, dataObjects, functions };
    },

    async describe(ref, options = {}) {
      const object = await resolveObject(store, ref, deps.kinds);
      const a = object.attributes;
      const children = await allOfKind(store, object.source, ['graphql_field', 'graphql_query'], object.id);
      let fields: DescribeField[] = children
        .filter((c) => c.kind === 'graphql_field')
        .sort((x, y) => Number(x.attributes.position ?? 0) - Number(y.attributes.position ?? 0))
        .map((c) => ({
          name: c.name,
          type: String(c.attributes.dataType ?? ''),
          description: c.comment,
          ...(c.attributes.isPrimaryKey ? { isPrimaryKey: true } : {}),
          ...(typeof c.attributes.relationTo === 'string' ? { relationTo: c.attributes.relationTo } : {}),
        }));
      const fieldsTotal = fields.length;
      if (options.fieldsQuery) {
        const q = options.fieldsQuery;
        fields = fields
          .map((f, i) => ({ f: { ...f, score: fieldScore(q, f.name, f.description) }, i }))
          .sort((x, y) => y.f.score! - x.f.score! || x.i - y.i)
          .map((x) => x.f);
      }
      fields = fields.slice(0, options.maxFields ?? 50);
      const { outgoing } = await store.edgesOf(object.id);
      const list = children.find((c) => c.kind === 'graphql_query' && c.attributes.variant === 'select');
      const argSource = object.kind === 'function' || object.kind === 'graphql_query' ? object : list;
      const args = Array.isArray(argSource?.attributes.args)
        ? (argSource!.attributes.args as Array<{ name: string; type: string; required: boolean }>).map(({ name, type, required }) => ({ name, type, required }))
        : [];
      const filterType = str(a.filterType);
      return {
        id: object.id,
        kind: object.kind,
        name: object.name,
        description: object.comment,
        graphqlPath: str(a.graphqlPath),
        typeName: str(a.typeName),
        originalName: str(a.originalName),
        dataSource: str(a.dataSource),
        fields,
        fieldsTotal,
        arguments: args,
        relations: outgoing
          .filter((e) => e.kind === 'relation')
          .map((e) => ({ field: String(e.attributes.field ?? ''), target: e.toId, many: e.attributes.many === true })),
        queries: children
          .filter((c) => c.kind === 'graphql_query')
          .map((c) => ({ id: c.id, name: c.name, variant: String(c.attributes.variant ?? ''), graphqlPath: String(c.attributes.graphqlPath ?? '') })),
        filter: filterType
          ? {
              type: filterType,
              fields: fields
                .filter((f) => !f.relationTo)
                .map((f) => f.name)
                .concat(['_and', '_or', '_not']),
            }
          : null,
        operation: object.definition,
        variables: (a.variables as Record<string, string> | undefined) ?? {},
      };
    },

    async query(input) {
      const source = await requireSource(store, input.source);
      const connector = connectorFor(connectors, source.type);
      if (!connector.execute)
        throw new SextantError('USAGE', `source '${source.name}' (${source.type}) does not run GraphQL queries`, { hint: 'name a hugr or graphql source' });
      const operation = await operationTypeOf(input.query, input.operationName);
      if (operation === 'subscription') throw new SextantError('USAGE', 'subscriptions are not supported here', { hint: 'run a query instead' });
      if (operation === 'mutation' && !input.developerTools) {
        throw new SextantError(
          'USAGE',
          'mutations (including mutating functions) are refused: developer tools are off for this project',
          input.project
            ? { remedy: { action: 'turn-on-setting', project: input.project, setting: 'developer-tools' } }
            : { hint: 'turn developer tools on for the project to allow writes, or run a query' },
        );
      }
      const rowLimit = Math.min(Math.max(1, input.rowLimit ?? 50), 1000);
      // one row more than shown, so a cut is still detected
      const cap = operation === 'query' ? await injectRowCap(input, await listQueryPaths(source), rowLimit + 1) : null;
      const variables = cap ? cap.variables : input.variables;
      const response = await connector.execute(
        source,
        {
          query: cap?.query ?? input.query,
          ...(variables ? { variables } : {}),
          ...(input.operationName ? { operationName: input.operationName } : {}),
          format: input.format ?? 'json',
          maxRows: rowLimit + 1,
          ...(input.signal ? { signal: input.signal } : {}),
        },
        { userToken: input.userToken ?? null, ...(input.allowAnonymous ? { allowAnonymous: true } : {}) },
      );
      const errors = await explainErrors(store, source.name, response.errors);
      const notes = [
        ...(cap?.capped.length ? [`limit: ${rowLimit + 1} added to ${cap.capped.join(', ')} (no limit was given; raise row_limit for more rows)`] : []),
        ...(response.notes ?? []),
      ];
      return {
        success: errors.length === 0,
        operation,
        validation: response.validation,
        ...(response.ranAs ? { ranAs: response.ranAs } : {}),
        ...compactResult(response.data, rowLimit, { rowCounts: response.rowCounts ?? {}, capped: cap?.capped ?? [] }),
        errors,
        ...(notes.length ? { notes } : {}),
        ...(response.failedAt ? { failedAt: response.failedAt } : {}),
        ...(response.extensions ? { extensions: response.extensions } : {}),
      };
    },
  };
}
