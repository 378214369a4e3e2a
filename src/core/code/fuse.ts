/**
 * @module core/code/fuse
 * The second ranking of related files (issue 16, `--rank fused`): the import graph's BFS order,
 * the seed's co-change partners from git history and the files a hybrid search finds for the
 * request, fused by reciprocal rank. Pure, deterministic: ties go to the earlier list, then the path.
 */

export interface RankedList {
  name: string;
  files: readonly string[];
  /** Multiplies the list's share (default 1). */
  weight?: number;
}

/**
 * k = 10, not search's 60: these lists are short (tens of files) and their heads matter most;
 * on kysely's dev items k = 10 beat k = 60 (bench/code-onboarding).
 */
export const FUSE_K = 10;

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
