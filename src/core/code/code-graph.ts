/**
 * @module core/code/code-graph
 * A code source's import graph as adjacency maps, forward (importer → imported) and reverse,
 * built once per index state and shared by seed resolution, traversal and ranking.
 */

/** One import: `source` imports `target` (workspace-relative paths). */
export interface CodeEdge {
  source: string;
  target: string;
  kind?: string;
}

export interface CodeGraph {
  /** Every file, sorted. */
  readonly nodes: readonly string[];
  readonly forward: ReadonlyMap<string, readonly string[]>;
  readonly reverse: ReadonlyMap<string, readonly string[]>;
}

const NONE: readonly string[] = Object.freeze([]);

/** Nodes named only by an edge are added; duplicate edges and self-imports count once and never. */
export function buildCodeGraph(nodes: readonly string[], edges: readonly CodeEdge[]): CodeGraph {
  const all = new Set(nodes);
  const forward = new Map<string, Set<string>>();
  const reverse = new Map<string, Set<string>>();
  const link = (map: Map<string, Set<string>>, from: string, to: string) => {
    let set = map.get(from);
    if (!set) map.set(from, (set = new Set()));
    set.add(to);
  };
  for (const e of edges) {
    if (e.source === e.target) continue;
    all.add(e.source);
    all.add(e.target);
    link(forward, e.source, e.target);
    link(reverse, e.target, e.source);
  }
  const frozen = (map: Map<string, Set<string>>) => new Map([...map].map(([k, v]) => [k, [...v].sort()] as const));
  return { nodes: [...all].sort(), forward: frozen(forward), reverse: frozen(reverse) };
}

export const importsOf = (graph: CodeGraph, file: string): readonly string[] => graph.forward.get(file) ?? NONE;
export const importersOf = (graph: CodeGraph, file: string): readonly string[] => graph.reverse.get(file) ?? NONE;
export const degreeOf = (graph: CodeGraph, file: string): number => importsOf(graph, file).length + importersOf(graph, file).length;
