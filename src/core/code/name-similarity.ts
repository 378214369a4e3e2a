/**
 * @module core/code/name-similarity
 * Files named like the seed (issue 16, the fused order): `select-query-builder.ts` and
 * `select-query-node.ts` share the words that name one feature. Each base-name word the two
 * files share counts by its rarity among the repository's base names (log N/df), so `select`
 * weighs more than `builder`. Pure, deterministic: ties go to the path.
 */
import { splitText } from '../../kernel/text/identifiers.js';
import { singular } from '../../kernel/text/inflect.js';

/** Files of this list at most (the fused order reads its head). */
export const SIMILAR_NAMES_KEPT = 30;

/** The words of a path's base name without its extension: `src/a/select-query-builder.ts` → select, query, builder. */
export function baseNameWords(path: string): Set<string> {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '');
  return new Set(splitText(base).map(singular));
}

export function filesWithSimilarNames(seed: string, nodes: readonly string[], limit = SIMILAR_NAMES_KEPT): string[] {
  const wanted = baseNameWords(seed);
  if (!wanted.size) return [];
  const wordsOf = new Map(nodes.map((n) => [n, baseNameWords(n)]));
  const df = new Map<string, number>();
  for (const words of wordsOf.values()) for (const w of words) if (wanted.has(w)) df.set(w, (df.get(w) ?? 0) + 1);
  const scored: Array<[string, number]> = [];
  for (const [node, words] of wordsOf) {
    if (node === seed) continue;
    let score = 0;
    for (const w of words) if (wanted.has(w)) score += Math.log(nodes.length / df.get(w)!);
    if (score > 0) scored.push([node, score]);
  }
  return scored
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([node]) => node);
}
