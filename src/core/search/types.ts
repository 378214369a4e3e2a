/**
 * @module core/search/types
 * What search returns, whatever the presentation.
 */
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
  /** Rank the columns of each relation hit by this text (the hits' `fields`). */
  fieldsQuery?: string;
}

/** A column of a relation hit, ranked by the search's fields query. */
export interface RankedField {
  name: string;
  id: string;
  score: number;
}

/** A hit's place in one ranked list of the search. */
export interface ListRank {
  /** `lexical`, `vector`, or a structure list (e.g. `columns`, `names`, `neighbors`, `schema`, `joins`). */
  name: string;
  /** 1-based. */
  rank: number;
  /** What the place added to the fused score (RRF, weighted for supporting lists); null in a single-list search. */
  contribution: number | null;
  /** A supporting list: structure evidence added with its weight, mostly to order near-equal results of the main lists. */
  support: boolean;
}

export interface HitExplain {
  lexicalRank: number | null;
  vectorRank: number | null;
  /** Raw RRF score including the top-rank bonus. */
  fused: number;
  bonus: number;
  /** Every list that ranked the hit, with what each added. */
  lists: ListRank[];
  expansions: string[];
  entities: string[];
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
  tookMs: number;
}
