/**
 * @module core/catalog/join-edges
 * A relation's join edges as one list: its foreign keys, and the joins code declares
 * (`declared_join`) that no foreign key already makes on the same columns, each once (two files
 * declaring one join: the first). `get` and `describe` read edges through it, so a real key wins
 * and a join is never listed twice.
 */
import type { CatalogEdge } from '../../ports/catalog.js';
import { DECLARED_JOIN_EDGE_KIND } from '../../ports/code.js';

/** The tables, columns and referenced columns a join edge pairs, as one key (columns in any order, any case). */
function joinKey(edge: CatalogEdge): string {
  const from = (edge.attributes.columns as string[] | undefined) ?? [];
  const to = (edge.attributes.referencedColumns as string[] | undefined) ?? [];
  const pairs = from.map((c, i) => `${c}=${to[i] ?? ''}`.toLowerCase()).sort();
  return JSON.stringify([edge.fromId, edge.toId, pairs]);
}

/** A foreign key, or a join the code declares: an edge that joins two relations on columns. */
export function isJoinEdge(edge: CatalogEdge): boolean {
  return edge.kind === 'foreign_key' || edge.kind === DECLARED_JOIN_EDGE_KIND;
}

/** The edges without the declared joins a foreign key (or an earlier declared join) already makes, in their order. */
export function withoutCopiedJoins(edges: readonly CatalogEdge[]): CatalogEdge[] {
  const seen = new Set(edges.filter((e) => e.kind === 'foreign_key').map(joinKey));
  return edges.filter((e) => {
    if (e.kind !== DECLARED_JOIN_EDGE_KIND) return true;
    const key = joinKey(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
