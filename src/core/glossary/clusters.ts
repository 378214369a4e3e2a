/**
 * @module core/glossary/clusters
 * Terms grouped by meaning: KMeans (`ml-kmeans`, kmeans++ with a fixed seed, so the same terms
 * give the same clusters) over unit-length term vectors. Vectors come from the configured
 * embedder; with none, from hashed bags of words, so clustering still works offline.
 * `ml-kmeans` (and ml-matrix behind it) takes about 200 ms to load, so it is imported only when
 * clusters are computed, never by CLI commands that do not need it.
 */
import type { Embedder } from '../../ports/embedder.js';
import type { GlossaryTerm } from '../../ports/glossary.js';
import { splitText } from '../../kernel/text/identifiers.js';
import { singular } from '../../kernel/text/inflect.js';
import { termText } from './term-index.js';

export const KMEANS_SEED = 42;
const HASH_DIMENSION = 256;
const STOPWORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'is',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'glossary',
  'term',
  'also',
  'called',
  'based',
  'column',
]);

export interface ClusterMember {
  term: string;
  /** Cosine similarity to the cluster's centroid (or, for related terms, to the term asked about). */
  similarity: number;
}

export interface TermCluster {
  id: number;
  /** The most central term and the words the members share most. */
  label: string;
  keywords: string[];
  terms: ClusterMember[];
}

export interface Clustering {
  project: string;
  k: number;
  /** `embedder` (the configured model) or `words` (hashed bags of words, no embedder). */
  vectors: 'embedder' | 'words';
  clusters: TermCluster[];
}

function words(text: string): string[] {
  return splitText(text.toLowerCase())
    .map((w) => singular(w))
    .filter((w) => w.length > 1 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
}

/** FNV-1a, for the bag-of-words fallback. */
function hash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function unit(v: ArrayLike<number>): number[] {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  const norm = Math.sqrt(n) || 1;
  return Array.from(v, (x) => x / norm);
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * (b[i] ?? 0);
    na += a[i]! * a[i]!;
    nb += (b[i] ?? 0) * (b[i] ?? 0);
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Unit vectors for texts: the embedder's, or hashed bags of (singular) words. */
export async function textVectors(texts: readonly string[], embedder: Embedder | null): Promise<{ vectors: number[][]; kind: Clustering['vectors'] }> {
  if (embedder && texts.length) {
    const out = await embedder.embed([...texts]);
    return { vectors: out.map(unit), kind: 'embedder' };
  }
  const vectors = texts.map((t) => {
    const v = new Float64Array(HASH_DIMENSION);
    for (const w of words(t)) v[hash(w) % HASH_DIMENSION]! += 1;
    return unit(v);
  });
  return { vectors, kind: 'words' };
}

/** Default number of clusters: about √(n/2), at least 1. */
export function defaultK(n: number): number {
  return Math.max(1, Math.min(n, Math.round(Math.sqrt(n / 2))));
}

export interface ClusterModel {
  clustering: Clustering;
  centroids: number[][];
  vectors: number[][];
  /** Cluster index of each term, in the order given. */
  assignment: number[];
  kind: Clustering['vectors'];
}

export async function clusterTerms(project: string, terms: readonly GlossaryTerm[], embedder: Embedder | null, k?: number): Promise<ClusterModel> {
  const sorted = [...terms].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  const { vectors, kind } = await textVectors(sorted.map(termText), embedder);
  if (sorted.length === 0) return { clustering: { project, k: 0, vectors: kind, clusters: [] }, centroids: [], vectors, assignment: [], kind };
  const K = Math.max(1, Math.min(sorted.length, Math.floor(k ?? defaultK(sorted.length))));
  const { kmeans } = await import('ml-kmeans');
  const result =
    K === 1
      ? { clusters: sorted.map(() => 0), centroids: [unit(vectors[0]!.map((_, i) => vectors.reduce((s, v) => s + v[i]!, 0)))] }
      : kmeans(vectors, K, { initialization: 'kmeans++', seed: KMEANS_SEED });
  const centroids = result.centroids.map((c) => unit(c));
  const groups = new Map<number, number[]>();
  result.clusters.forEach((c, i) => groups.set(c, [...(groups.get(c) ?? []), i]));
  const clusters: TermCluster[] = [];
  for (const [c, members] of groups) {
    const ranked = members
      .map((i) => ({ term: sorted[i]!.term, similarity: round(cosine(vectors[i]!, centroids[c]!)) }))
      .sort((a, b) => b.similarity - a.similarity || (a.term < b.term ? -1 : 1));
    const counts = new Map<string, number>();
    for (const i of members) for (const w of new Set(words(termText(sorted[i]!)))) counts.set(w, (counts.get(w) ?? 0) + 1);
    const keywords = [...counts]
      .filter(([, n]) => members.length === 1 || n > 1)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 5)
      .map(([w]) => w);
    clusters.push({ id: c, label: ranked[0]!.term, keywords, terms: ranked });
  }
  clusters.sort((a, b) => b.terms.length - a.terms.length || (a.label < b.label ? -1 : 1));
  // stable ids: by order of presentation
  const renumber = new Map(clusters.map((cl, i) => [cl.id, i]));
  for (const cl of clusters) cl.id = renumber.get(cl.id)!;
  const assignment = result.clusters.map((c) => renumber.get(c)!);
  const ordered = clusters.map((cl) => centroids[[...renumber].find(([, v]) => v === cl.id)![0]]!);
  return { clustering: { project, k: clusters.length, vectors: kind, clusters }, centroids: ordered, vectors, assignment, kind };
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}

export { round as roundSimilarity, words as clusterWords };
