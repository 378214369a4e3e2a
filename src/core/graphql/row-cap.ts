/**
 * @module core/graphql/row-cap
 * A real row cap for GraphQL list queries. Hugr puts no LIMIT on a list query without `limit`,
 * so a whole table would cross the network before the answer is trimmed to the row limit.
 * List queries that accept `limit` and name none get `limit: rowLimit + 1` (one more than shown,
 * so a cut is still detected), spliced into the text so every other line and column stays
 * where the caller wrote it.
 */
import type { FieldNode, SelectionSetNode } from 'graphql';
import type { CatalogStore, StoredSource } from '../../ports/store.js';

export interface RowCapResult {
  query: string;
  /** Paths of the list queries that got a limit, e.g. `crm.pg_customers`. */
  capped: string[];
  /** The variables, with `limit` variables the caller left unset filled in. */
  variables: Record<string, unknown> | undefined;
}

/**
 * `graphqlPath`s (`query.crm.pg_customers`, `function.docs.search`) of list queries that take a
 * `limit` argument, as the index knows them. Cached per source version.
 */
export function createListQueryPaths(store: CatalogStore): (source: StoredSource) => Promise<ReadonlySet<string>> {
  const cache = new Map<string, { hash: string | null; paths: ReadonlySet<string> }>();
  return async (source) => {
    const cached = cache.get(source.name);
    if (cached && cached.hash === source.sourceHash) return cached.paths;
    const paths = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await store.listObjects({ source: source.name, kinds: ['graphql_query'], limit: 1000, ...(cursor ? { cursor } : {}) });
      for (const o of page.items) {
        const args = Array.isArray(o.attributes.args) ? (o.attributes.args as Array<{ name?: unknown }>) : [];
        if (o.attributes.variant === 'select' && typeof o.attributes.graphqlPath === 'string' && args.some((a) => a.name === 'limit'))
          paths.add(o.attributes.graphqlPath);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    cache.set(source.name, { hash: source.sourceHash, paths });
    return paths;
  };
}

interface Edit {
  at: number;
  text: string;
}

export async function injectRowCap(
  request: { query: string; operationName?: string | undefined; variables?: Record<string, unknown> | undefined },
  listPaths: ReadonlySet<string>,
  limit: number,
): Promise<RowCapResult> {
  const { query, operationName } = request;
  let variables = request.variables;
  if (listPaths.size === 0) return { query, capped: [], variables };
  const { Kind, parse } = await import('graphql');
  const document = parse(query);
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!operation) return { query, capped: [], variables };
  const edits: Edit[] = [];
  const capped: string[] = [];

  // A query's `function { … }` root is addressed as `function.…`; mutations as `mutation.…`.
  const capabilityPath = (names: string[]) =>
    operation.operation === 'query' ? (names[0] === 'function' ? names.join('.') : ['query', ...names].join('.')) : [operation.operation, ...names].join('.');

  const walk = (selectionSet: SelectionSetNode | undefined, names: string[], resultPath: string[]) => {
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, names, resultPath);
        continue;
      }
      if (selection.kind !== Kind.FIELD) continue;
      const field: FieldNode = selection;
      const path = [...names, field.name.value];
      const shown = [...resultPath, field.alias?.value ?? field.name.value];
      if (listPaths.has(capabilityPath(path))) {
        const given = field.arguments?.find((a) => a.name.value === 'limit');
        // `limit: $limit` with the variable left unset is no limit at all
        if (given?.value.kind === Kind.VARIABLE && variables?.[given.value.name.value] == null) {
          variables = { ...(variables ?? {}), [given.value.name.value]: limit };
          capped.push(shown.join('.'));
        } else if (!given && field.name.loc) {
          const last = field.arguments?.[field.arguments.length - 1];
          edits.push(last?.loc ? { at: last.loc.end, text: `, limit: ${limit}` } : { at: field.name.loc.end, text: `(limit: ${limit})` });
          capped.push(shown.join('.'));
        }
        continue; // relations below a list query are not capped here
      }
      walk(field.selectionSet, path, shown);
    }
  };
  walk(operation.selectionSet, [], []);
  let text = query;
  for (const edit of edits.sort((a, b) => b.at - a.at)) text = text.slice(0, edit.at) + edit.text + text.slice(edit.at);
  return { query: text, capped, variables };
}
