/**
 * @module core/code/fuse
 * The second ranking of related files (issue 16, `--rank fused`): the import graph's BFS order,
 * the seed's co-change partners from git history, the files changed most lately (churn), files
 * named like the seed and the files the request's topic finds (itself BM25 and vector hits over
 * code chunks fused, `topicOrder`), fused by reciprocal rank. Pure, deterministic: ties go to the
 * earlier list, then the path.
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

export interface FusionSignals {
  /** The seed's BFS order. */
  graph: readonly string[];
  /** The seed's co-change partners, strongest first. */
  coChanged: readonly string[];
  /** The repository's files by churn, busiest first. */
  busiest: readonly string[];
  /** Files named like the seed, closest first. */
  similarNames: readonly string[];
  /** Files the request's topic search found, best first (empty without a request). */
  topic: readonly string[];
  /** The seed came from the topic search (no seed file was given). */
  seededByTopic: boolean;
}

/** Weights measured on kysely's dev items, each half checked against the other (bench/code-onboarding). */
const WEIGHTS = { busiest: 0.5, similarNames: 0.5 };

/**
 * The lists the fused order draws from. With a seed file, its neighbourhood (imports, co-change,
 * similar names) leads and recently busy files support it. A plan seeded by its topic is about the
 * topic: the topic's files and the busy ones only; the topic seed's own imports and partners
 * lowered recall on the dev items.
 */
export function fusionLists(s: FusionSignals): RankedList[] {
  const busiest: RankedList = { name: 'churn', files: s.busiest, weight: WEIGHTS.busiest };
  if (s.seededByTopic) return [{ name: 'topic', files: s.topic }, busiest];
  return [
    { name: 'graph', files: s.graph },
    { name: 'co-change', files: s.coChanged },
    busiest,
    { name: 'similar names', files: s.similarNames, weight: WEIGHTS.similarNames },
    ...(s.topic.length ? [{ name: 'topic', files: s.topic }] : []),
  ];
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
