/**
 * @module core/glossary
 * The engine's glossary API (`engine.glossary`): terms, SQL validation, history, re-validation
 * after schema changes, aliases for query expansion, clusters of related terms, the unified
 * glossary (terms and entities together) and LLM inference of terms.
 */
import type { Llm } from '../../ports/llm.js';
import type { EntityRecord } from '../../ports/store.js';
import { clusterTerms, cosine, roundSimilarity, textVectors, type ClusterMember, type Clustering, type TermCluster } from './clusters.js';
import { createGlossaryService, type GlossaryDeps } from './glossary-service.js';
import { inferTerms, type InferOptions, type InferReport } from './infer.js';
import { glossaryKey } from '../../kernel/text/glossary-key.js';
import { termText } from './term-index.js';

export type { GlossaryDeps } from './glossary-service.js';
export { glossaryError } from './glossary-service.js';
export type { ClusterMember, Clustering, TermCluster } from './clusters.js';
export type { InferOptions, InferReport } from './infer.js';
export * from './types.js';

export interface RelatedTerms {
  term: string;
  cluster: { id: number; label: string; keywords: string[] };
  /** The other terms of its cluster, most similar first. */
  related: ClusterMember[];
}

export interface MatchingCluster extends TermCluster {
  /** Cosine similarity of the query to the cluster's centroid. */
  score: number;
}

export type UnifiedEntry =
  | { kind: 'term'; name: string; definition: string; aliases: string[]; origin: string; source: string; status: string; entity: string | null }
  | { kind: 'entity'; name: string; semanticType: string; chunks: number };

/** A query matches a cluster when its similarity to the centroid reaches this (cosine). */
export const MATCH_THRESHOLD = 0.2;

export function createGlossary(deps: GlossaryDeps & { llm?: () => Promise<Llm | null> }) {
  const core = createGlossaryService(deps);
  const llm = deps.llm ?? (async () => null);

  async function model(project: string, k?: number) {
    return clusterTerms(project, await core.list(project), await deps.embedder(), k);
  }

  return {
    ...core,

    /** KMeans clusters of the project's terms (`k` default ≈ √(n/2)). */
    async clusters(project: string, options: { k?: number } = {}): Promise<Clustering> {
      return (await model(project, options.k)).clustering;
    },

    /** The other terms in the cluster of the term named or aliased `nameOrAlias`. */
    async relatedTerms(project: string, nameOrAlias: string, limit = 10): Promise<RelatedTerms> {
      const term = await core.get(project, nameOrAlias);
      const m = await model(project);
      const terms = [...(await core.list(project))].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
      const at = terms.findIndex((t) => t.id === term.id);
      const clusterId = m.assignment[at]!;
      const cluster = m.clustering.clusters.find((c) => c.id === clusterId)!;
      const related = terms
        .map((t, i) => ({ t, i }))
        .filter(({ t, i }) => t.id !== term.id && m.assignment[i] === clusterId)
        .map(({ t, i }) => ({ term: t.term, similarity: roundSimilarity(cosine(m.vectors[i]!, m.vectors[at]!)) }))
        .sort((a, b) => b.similarity - a.similarity || (a.term < b.term ? -1 : 1))
        .slice(0, limit);
      return { term: term.term, cluster: { id: cluster.id, label: cluster.label, keywords: cluster.keywords }, related };
    },

    /** Clusters whose centroid is close to the query, best first. */
    async matchingClusters(project: string, query: string, limit = 3): Promise<{ query: string; clusters: MatchingCluster[] }> {
      const m = await model(project);
      if (!query.trim() || m.centroids.length === 0) return { query, clusters: [] };
      const { vectors } = await textVectors([query], await deps.embedder());
      const q = vectors[0]!;
      const clusters = m.clustering.clusters
        .map((c, i) => ({ ...c, score: roundSimilarity(cosine(q, m.centroids[i]!)) }))
        .filter((c) => c.score >= MATCH_THRESHOLD)
        .sort((a, b) => b.score - a.score || a.id - b.id)
        .slice(0, limit);
      return { query, clusters };
    },

    /**
     * The unified glossary: the project's terms and the entities of what it can see, together
     * by name. An entity named like a term (or one of its aliases) is shown on the term.
     */
    async unified(project: string, options: { text?: string; entityLimit?: number } = {}): Promise<UnifiedEntry[]> {
      const terms = await core.list(project, options.text ? { text: options.text } : {});
      const record = await deps.projects.get(project);
      const page = await deps.store.listEntities(
        { projects: [project], ...(record.sources.length ? { sources: record.sources } : {}) },
        { limit: options.entityLimit ?? 500 },
      );
      const byKey = new Map<string, EntityRecord>();
      for (const e of page.items) byKey.set(glossaryKey(e.name), e);
      const claimed = new Set<string>();
      const entries: UnifiedEntry[] = terms.map((t) => {
        const match = [t.term, ...t.aliases].map(glossaryKey).find((k) => byKey.has(k));
        if (match) claimed.add(match);
        return {
          kind: 'term',
          name: t.term,
          definition: t.definition,
          aliases: t.aliases,
          origin: t.origin,
          source: t.source,
          status: t.validation.status,
          entity: match ? byKey.get(match)!.key : null,
        };
      });
      const needle = options.text?.toLowerCase();
      for (const [key, e] of byKey) {
        if (claimed.has(key) || (needle && !e.name.toLowerCase().includes(needle))) continue;
        entries.push({ kind: 'entity', name: e.displayName, semanticType: e.semanticType, chunks: e.chunks });
      }
      return entries.sort((a, b) => a.name.localeCompare(b.name) || (a.kind < b.kind ? 1 : -1));
    },

    /** Terms proposed by the configured chat model, validated, stored as `inferred`. */
    infer(options: InferOptions): Promise<InferReport> {
      return inferTerms({ store: deps.store, glossary: core, llm }, options);
    },

    /** The text a term is embedded and clustered from. */
    termText,
  };
}

export type Glossary = ReturnType<typeof createGlossary>;
