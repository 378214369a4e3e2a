/**
 * @module core/code/traverse
 * Depth-limited breadth-first search around a seed file over the import graph: forward (what
 * it imports), reverse (what imports it) or their union. Cycle-safe (each file is visited
 * once), ranked by distance, then by degree (a file many others touch is worth reading
 * first), then by path, and clamped to a limit.
 */
import { degreeOf, importersOf, importsOf, type CodeGraph } from './code-graph.js';

export type TraversalDirection = 'forward' | 'reverse' | 'union';

export interface TraversalConfig {
  depth: number;
  limit: number;
  direction: TraversalDirection;
}

export interface TraversalStats {
  nodesVisited: number;
  edgesTraversed: number;
  maxDepth: number;
}

export interface TraversalResult {
  /** The related files, best first, without the seed. */
  relatedFiles: string[];
  /** Distance from the seed of each related file. */
  distance: Map<string, number>;
  stats: TraversalStats;
}

export const TRAVERSAL_DEFAULTS: TraversalConfig = Object.freeze({ depth: 1, limit: 30, direction: 'union' });
/** Bounds on what a caller may ask: deeper or wider searches are clamped, never refused. */
export const TRAVERSAL_BOUNDS = Object.freeze({ maxDepth: 5, maxLimit: 500 });

export function clampTraversal(config: Partial<TraversalConfig>): TraversalConfig {
  const whole = (v: number | undefined, fallback: number, max: number) =>
    v === undefined || !Number.isFinite(v) ? fallback : Math.min(Math.max(Math.trunc(v), 0), max);
  return {
    depth: whole(config.depth, TRAVERSAL_DEFAULTS.depth, TRAVERSAL_BOUNDS.maxDepth),
    limit: whole(config.limit, TRAVERSAL_DEFAULTS.limit, TRAVERSAL_BOUNDS.maxLimit),
    direction: config.direction ?? TRAVERSAL_DEFAULTS.direction,
  };
}

function neighbours(graph: CodeGraph, file: string, direction: TraversalDirection): readonly string[] {
  if (direction === 'forward') return importsOf(graph, file);
  if (direction === 'reverse') return importersOf(graph, file);
  return [...importsOf(graph, file), ...importersOf(graph, file)];
}

export function traverse(graph: CodeGraph, seed: string, config: TraversalConfig): TraversalResult {
  const distance = new Map<string, number>([[seed, 0]]);
  const levels: string[][] = [];
  let frontier = [seed];
  let edgesTraversed = 0;
  for (let level = 1; level <= config.depth && frontier.length; level++) {
    const next: string[] = [];
    for (const file of frontier) {
      for (const other of neighbours(graph, file, config.direction)) {
        edgesTraversed++;
        if (distance.has(other)) continue;
        distance.set(other, level);
        next.push(other);
      }
    }
    if (next.length) levels.push(next);
    frontier = next;
  }
  distance.delete(seed);
  // nearer levels fill the limit first, so a level past it is never sorted (hubs make level 2 large)
  const relatedFiles: string[] = [];
  for (const level of levels) {
    if (relatedFiles.length >= config.limit) break;
    const degree = new Map(level.map((f) => [f, degreeOf(graph, f)]));
    level.sort((a, b) => degree.get(b)! - degree.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
    relatedFiles.push(...level.slice(0, config.limit - relatedFiles.length));
  }
  return { relatedFiles, distance, stats: { nodesVisited: distance.size + 1, edgesTraversed, maxDepth: levels.length } };
}
