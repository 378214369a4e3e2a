/**
 * @module core/code/fuse
 * Reciprocal rank fusion of short file lists: a topic's BM25 and vector hits over code chunks
 * (`topicOrder`), whose order the fused onboarding order reads as one of its features
 * (onboarding-features.ts). Pure, deterministic: ties go to the earlier list, then the path.
 */

export interface RankedList {
  name: string;
  files: readonly string[];
  /** Multiplies the list's share (default 1). */
  weight?: number;
}

/**
 * k = 5, not search's 60: these lists are short (tens of files) and their heads matter most;
 * on kysely's dev items k = 5 beat 10 and 20 (bench/code-onboarding).
 */
export const FUSE_K = 5;

export function fuseRanked(lists: readonly RankedList[], exclude: ReadonlySet<string> = new Set(), k = FUSE_K): string[] {
  const score = new Map<string, number>();
  const first = new Map<string, number>();
  lists.forEach((list, li) => {
    list.files.forEach((file, i) => {
      if (exclude.has(file)) return;
      score.set(file, (score.get(file) ?? 0) + (list.weight ?? 1) / (k + i + 1));
      if (!first.has(file)) first.set(file, li);
    });
  });
  return [...score.keys()].sort((a, b) => score.get(b)! - score.get(a)! || first.get(a)! - first.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The vector hits' weight in the topic order: the builtin vectors miss more code topics than BM25
 * over the files' words. On kysely's dev items (topic recall@10 with the busy files) the hybrid
 * search's order gave 0.478, this fusion 0.504 at 0.35 and 0.506 at 0.5, even on both halves;
 * 0.35 also finds crawl.ts for "how are documents crawled" on this repository.
 */
export const TOPIC_VECTOR_WEIGHT = 0.35;

/** The files a topic finds: BM25's and the vectors' (each best first, each file once) fused, the vectors at their lower weight. */
export function topicOrder(lexical: readonly string[], vector: readonly string[], vectorWeight = TOPIC_VECTOR_WEIGHT): string[] {
  return fuseRanked([
    { name: 'lexical', files: lexical },
    { name: 'vector', files: vector, weight: vectorWeight },
  ]);
}
