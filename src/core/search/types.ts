/**
 * @module core/search/types
 * What search returns, whatever the presentation.
 */
import type { Remedy } from '../../kernel/remedy.js';
export type SearchMode = 'lexical' | 'vector' | 'hybrid';

export interface SearchOptions {
  /** Results wanted (default 10, max 100). */
  limit?: number;
  sources?: readonly string[];
  kinds?: readonly string[];
  /** Drop hits below this 0..1 score. */
  minScore?: number;
  /** Attach per-hit ranks, expansions and entities. */
  explain?: boolean;
  /** Add chunks related to the hits through shared entities (marked `related`). */
  includeRelated?: boolean;
  /** Scopes: active projects and the MCP session (their chunks become visible). */
  projects?: readonly string[];
  session?: string | null;
  /** Skip the rerank hook even when configured. */
  noRerank?: boolean;
  /** Candidates each retriever returns (default: from `limit`); the ranker's training script pins it. */
  depth?: number;
  /** Rank the columns of each relation hit by this text (the hits' `fields`). */
  fieldsQuery?: string;
  /** Search the query exactly as typed: no "did you mean", no search of the respelt query (spelling.ts). A query in double quotes is searched as typed too. */
  asTyped?: boolean;
}

/** A column of a relation hit, ranked by the search's fields query. */
export interface RankedField {
  name: string;
  id: string;
  score: number;
}

/** One ranked list's part in a hit's fused score (the Explain view draws these). */
export interface ListContribution {
  /** `lexical`, `vector`, or a structure list (`columns`, `names`, `neighbors`, `schema`, …). */
  name: string;
  /** Primary lists earn the top-rank bonus; supporting lists only add their share. */
  role: 'primary' | 'supporting';
  /** 1-based place in the list; null when the hit is not in it. */
  rank: number | null;
  /** What the place adds to `fused`: 1/(k + rank), times a supporting list's weight; 0 when absent. */
  contribution: number;
}

export interface HitExplain {
  lexicalRank: number | null;
  vectorRank: number | null;
  /**
   * Raw RRF score including the top-rank bonus: Σ lists' contributions + bonus (hybrid); when the
   * learned ranker orders the search, its probability for the hit instead. A generated hit's
   * (`generated`) counts GENERATED_WEIGHT, and so do its contributions and bonus.
   */
  fused: number;
  bonus: number;
  /** Every list that ranked something in this search, with this hit's place in it. */
  lists: ListContribution[];
  /** Set when the query is this object's whole path or its name: the hit leads for that. */
  named?: 'path' | 'name';
  /** Set when a tool wrote the hit's object (generated code): it ranks after hand-written hits of comparable score. */
  generated?: true;
  expansions: string[];
  entities: string[];
  /** The learned ranker's inputs for this hit (hybrid relation and column searches). */
  features?: Record<string, number>;
}

export interface SearchHit {
  /** Chunk id (equals the object id for catalog objects). */
  id: string;
  objectId: string;
  source: string;
  kind: string;
  /** Qualified name, e.g. `public.orders.id`. */
  name: string;
  /** Monotonic 0..1, higher is better. */
  score: number;
  snippet: string;
  /** True for chunks added through shared entities rather than matched directly. */
  related?: boolean;
  /** Set when a tool wrote the hit's object (generated code): it ranks after hand-written hits of comparable score (generated.ts). */
  generated?: true;
  explain?: HitExplain;
  /** Best columns for the fields query (relation hits, when one was given). */
  fields?: RankedField[];
}

export interface SearchResult {
  query: string;
  mode: SearchMode;
  hits: SearchHit[];
  expansions: string[];
  /** Set when a rerank hook ran: whether it reordered, or the error that kept the fused order. */
  rerank: { applied: boolean; error: string | null } | null;
  /**
   * Hybrid: how confident the search is that the index holds what the query asks (0..1, the top
   * hit's score); null for a single-side search or no hits. Below CONFIDENT_SCORE the index most
   * likely lacks it.
   */
  confidence: number | null;
  /**
   * Set when `minScore` left nothing ("no confident match", with the best score seen), or when
   * nothing was there to find: no chunk is indexed where the search looked.
   */
  notice?: string;
  /** With an empty index's notice: what to do about it (add a source, or update the one asked for). */
  remedy?: Remedy;
  /**
   * "Did you mean": a short query with a word that nothing in the index holds, respelt with the
   * nearest words of the catalog's names (`invoce` → `invoice`). Absent when the hits are its own.
   */
  suggestion?: string;
  /**
   * Set when these hits are the respelt query's (then `query`): the query as typed (this field)
   * found nothing it was sure of. `asTyped` searches it as typed.
   */
  correctedFrom?: string;
  tookMs: number;
}

/**
 * The confidence below which the index most likely lacks what a query asks: on the
 * schema-linking dev questions it keeps 95% of those whose database is indexed (README, Search).
 * The `min_score` recommended to agents, and where the web UI says "no confident match".
 */
export const CONFIDENT_SCORE = 0.15;

/** Why an object leads a search: the query is its path, or its name (exact-names.ts). */
export type NamedBy = 'path' | 'name';
