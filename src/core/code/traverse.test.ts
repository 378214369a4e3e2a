import { describe, expect, it } from 'vitest';
import { buildCodeGraph } from './code-graph.js';
import { clampTraversal, traverse } from './traverse.js';

// a → b → c → d, a → e, f → a, c → a (a cycle), g isolated; b has the highest degree
const GRAPH = buildCodeGraph(
  ['g'],
  [
    { source: 'a', target: 'b' },
    { source: 'b', target: 'c' },
    { source: 'c', target: 'd' },
    { source: 'a', target: 'e' },
    { source: 'f', target: 'a' },
    { source: 'c', target: 'a' },
    { source: 'h', target: 'b' },
    { source: 'a', target: 'b' },
    { source: 'a', target: 'a' },
  ],
);

describe('import graph', () => {
  it('builds forward and reverse maps, each edge once, no self-imports', () => {
    expect(GRAPH.nodes).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(GRAPH.forward.get('a')).toEqual(['b', 'e']);
    expect(GRAPH.reverse.get('a')).toEqual(['c', 'f']);
    expect(GRAPH.reverse.get('b')).toEqual(['a', 'h']);
  });
});

describe('traversal', () => {
  it('forward depth 1: what the seed imports', () => {
    const r = traverse(GRAPH, 'a', { depth: 1, limit: 30, direction: 'forward' });
    expect(r.relatedFiles).toEqual(['b', 'e']);
    expect(r.stats).toEqual({ nodesVisited: 3, edgesTraversed: 2, maxDepth: 1 });
  });

  it('reverse depth 1: who imports the seed', () => {
    expect(traverse(GRAPH, 'a', { depth: 1, limit: 30, direction: 'reverse' }).relatedFiles).toEqual(['c', 'f']);
  });

  it('union ranks by distance, then degree, then path', () => {
    const r = traverse(GRAPH, 'a', { depth: 2, limit: 30, direction: 'union' });
    // distance 1: b (degree 3), c (3), e (1), f (1); distance 2: h, d
    expect(r.relatedFiles).toEqual(['b', 'c', 'e', 'f', 'd', 'h']);
    expect(r.distance.get('d')).toBe(2);
    expect(r.stats.maxDepth).toBe(2);
  });

  it('is cycle-safe and never returns the seed', () => {
    const r = traverse(GRAPH, 'a', { depth: 5, limit: 30, direction: 'forward' });
    expect(r.relatedFiles).toEqual(['b', 'e', 'c', 'd']);
    expect(r.relatedFiles).not.toContain('a');
    expect(r.stats.maxDepth).toBe(3);
  });

  it('limits clamp the result; depth 0 and an isolated seed give nothing', () => {
    expect(traverse(GRAPH, 'a', { depth: 2, limit: 2, direction: 'union' }).relatedFiles).toEqual(['b', 'c']);
    expect(traverse(GRAPH, 'a', { depth: 0, limit: 30, direction: 'union' }).relatedFiles).toEqual([]);
    expect(traverse(GRAPH, 'g', { depth: 3, limit: 30, direction: 'union' })).toMatchObject({
      relatedFiles: [],
      stats: { nodesVisited: 1, edgesTraversed: 0, maxDepth: 0 },
    });
  });

  it('defaults to depth 1, limit 30, union; bounds clamp', () => {
    expect(clampTraversal({})).toEqual({ depth: 1, limit: 30, direction: 'union' });
    expect(clampTraversal({ depth: 99, limit: 10_000, direction: 'reverse' })).toEqual({ depth: 5, limit: 500, direction: 'reverse' });
    expect(clampTraversal({ depth: -1, limit: Number.NaN })).toEqual({ depth: 0, limit: 30, direction: 'union' });
  });
});
