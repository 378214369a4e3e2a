/**
 * @module ports/reranker
 * An external reranker: given the query and the fused results it answers with raw output (a
 * JSON array of result ids, best first) or says why it could not. Core owns the advisory
 * policy (validating the ids, keeping the fused order on failure); adapters own the I/O.
 */

export interface RerankCandidate {
  id: string;
  kind: string;
  name: string;
  snippet: string;
  /** Presentation score, 0..1. */
  score: number;
}

export interface RerankPayload {
  query: string;
  results: RerankCandidate[];
}

/** What the reranker printed, or why it failed (already redacted, one line). */
export type RerankReply = { ok: true; output: string } | { ok: false; error: string };

export interface Reranker {
  /** Never throws: failures come back as `{ ok: false, error }`. */
  rerank(payload: RerankPayload): Promise<RerankReply>;
}
