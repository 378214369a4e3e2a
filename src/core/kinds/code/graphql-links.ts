/**
 * @module core/kinds/code/graphql-links
 * A field path selected in code (`query.orders.total`, or `Order.total` from a fragment) walked
 * through the catalog of each GraphQL source: a root field of a plain API is its `graphql_query`
 * (`query.orders`), whose return type's fields are `graphql_field`s (`Order.total`), and so on
 * down the selection; in a Hugr source the path goes through modules (`query.sales.orders`) to the
 * data object's query and then the data object's fields. Every object passed on the way is
 * returned, so a file is linked to the operation and to each field it reads.
 */
import type { CatalogObject } from '../../../ports/catalog.js';

export const GRAPHQL_LINK_KINDS: readonly string[] = Object.freeze(['graphql_query', 'graphql_field', 'graphql_type', 'module', 'data_object']);

export type GraphqlResolver = (path: string) => CatalogObject[];

const ROOTS = new Set(['query', 'mutation', 'subscription']);

/** `[Order!]!` → `Order`. */
const namedType = (type: unknown) => (typeof type === 'string' ? type.replace(/[[\]!\s]/g, '') : '');

function sourceResolver(objects: readonly CatalogObject[]): GraphqlResolver {
  const by = new Map<string, CatalogObject>();
  const byId = new Map<string, CatalogObject>();
  for (const o of objects) {
    by.set(`${o.kind}:${o.path}`, o);
    byId.set(o.id, o);
  }
  const get = (kind: string, path: string) => by.get(`${kind}:${path}`);
  return (path) => {
    const [first, ...rest] = path.split('.');
    const found: CatalogObject[] = [];
    // The position in the schema: a root (with the module path walked so far), a type, or a Hugr data object.
    type Position = { root: string; module: string } | { type: string } | { dataObject: string } | null;
    let at: Position = ROOTS.has(first!) ? { root: first!, module: '' } : get('graphql_type', first!) ? { type: first! } : null;
    for (const seg of rest) {
      if (!at) break;
      if ('type' in at || 'dataObject' in at) {
        const field = get('graphql_field', `${'type' in at ? at.type : at.dataObject}.${seg}`);
        if (!field) return found;
        found.push(field);
        const next = namedType(field.attributes.dataType);
        at = get('graphql_type', next) ? { type: next } : null;
        continue;
      }
      const root: string = at.root;
      const module: string = at.module;
      const modulePath: string = module ? `${module}.${seg}` : seg;
      const plain: CatalogObject | undefined = module ? undefined : get('graphql_query', `${root}.${seg}`);
      const op: CatalogObject | undefined = plain ?? get('graphql_query', modulePath);
      if (op) {
        found.push(op);
        const parent: CatalogObject | undefined = op.parentId ? byId.get(op.parentId) : undefined;
        if (parent?.kind === 'data_object') {
          found.push(parent);
          at = { dataObject: parent.path };
        } else {
          const next = namedType(op.attributes.returns);
          at = get('graphql_type', next) ? { type: next } : null;
        }
      } else if (get('module', modulePath)) at = { root, module: modulePath };
      else return found;
    }
    return found;
  };
}

/** A resolver over every GraphQL source of `objects` (a path may be answered by several). */
export function graphqlIndex(objects: readonly CatalogObject[]): GraphqlResolver {
  const bySource = new Map<string, CatalogObject[]>();
  for (const o of objects) {
    const list = bySource.get(o.source);
    if (list) list.push(o);
    else bySource.set(o.source, [o]);
  }
  const resolvers = [...bySource.values()].map(sourceResolver);
  return (path) => resolvers.flatMap((r) => r(path));
}
