/**
 * @module core/kinds/code/code-links
 * Code-to-data links (issue 16): the tables a code file's SQL names (`sqlTables`, found by the
 * connector) resolved against the relations of the project's other sources, stored as
 * `uses_table` edges code_file → table with the line, so `get` of a table lists the code that
 * reads or writes it. A qualified name must match schema and table; a bare name matches a table
 * of that name when only one schema has it (else `public`'s).
 */
import { RELATION_KINDS, type CatalogEdge, type CatalogObject } from '../../../ports/catalog.js';
import type { Connector } from '../../../ports/connector.js';
import type { DecoratorDeps } from '../../../ports/source-kind.js';

export const USES_TABLE_EDGE_KIND = 'uses_table';

interface SqlTableRef {
  table: string;
  line: number;
}

/** Relations by lower-case `schema.name` and by bare name. */
export function relationIndex(relations: readonly CatalogObject[]): (name: string) => CatalogObject | null {
  const qualified = new Map<string, CatalogObject>();
  const bare = new Map<string, CatalogObject[]>();
  for (const r of relations) {
    qualified.set(r.path.toLowerCase(), r);
    const name = r.name.toLowerCase();
    bare.set(name, [...(bare.get(name) ?? []), r]);
  }
  return (name) => {
    const key = name.toLowerCase();
    if (key.includes('.')) return qualified.get(key) ?? null;
    const found = bare.get(key) ?? [];
    return found.length === 1 ? found[0]! : (found.find((r) => r.path.toLowerCase() === `public.${key}`) ?? null);
  };
}

export function codeDataEdges(files: readonly CatalogObject[], resolve: (name: string) => CatalogObject | null): CatalogEdge[] {
  const edges: CatalogEdge[] = [];
  for (const file of files) {
    const seen = new Set<string>();
    for (const ref of (file.attributes.sqlTables as SqlTableRef[] | undefined) ?? []) {
      const table = resolve(ref.table);
      if (!table || seen.has(table.id)) continue;
      seen.add(table.id);
      edges.push({ fromId: file.id, toId: table.id, kind: USES_TABLE_EDGE_KIND, resource: file.resource, attributes: { line: ref.line } });
    }
  }
  return edges;
}

/** Adds the code-to-data edges to each snapshot of a code source. */
export function withDataLinks(connector: Connector, deps: DecoratorDeps): Connector {
  return {
    ...connector,
    async introspect(source, options) {
      const snapshot = await connector.introspect(source, options);
      const files = snapshot.objects.filter((o) => Array.isArray(o.attributes.sqlTables));
      if (!files.length || !deps.otherObjects) return snapshot;
      const resolve = relationIndex(await deps.otherObjects(RELATION_KINDS));
      return { ...snapshot, edges: [...snapshot.edges, ...codeDataEdges(files, resolve)] };
    },
  };
}
