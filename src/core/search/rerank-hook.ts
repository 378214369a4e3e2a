/**
 * @module core/search/rerank-hook
 * The advisory rerank policy. A `Reranker` (the command adapter runs the hook process) gets
 * `{"query": …, "results": [{id, kind, name, snippet, score}, …]}` and answers with a JSON
 * array of result ids, best first. A partial list is fine: listed ids come first in that order,
 * the rest keep their fused order. Anything else (a failed reply, invalid JSON, not an array of
 * strings, an id that was not in the payload) yields `{ order: null, error }`: the caller keeps
 * the fused order and reports the error.
 */
import { redactText } from '../../kernel/redact.js';
import type { RerankPayload, RerankReply, Reranker } from '../../ports/reranker.js';

export interface RerankOutcome {
  /** Ids in the hook's order (known ids only, each once), or null when the hook failed. */
  order: string[] | null;
  error: string | null;
}

function failure(error: string): RerankOutcome {
  return { order: null, error };
}

function preview(text: string, max = 80): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}

/** Validates what a hook printed against the ids it was given. Pure. */
export function parseRerankOutput(stdout: string, knownIds: ReadonlySet<string>): RerankOutcome {
  const text = stdout.trim();
  if (text === '') return failure('rerank hook printed nothing; expected a JSON array of result ids');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return failure(`rerank hook printed invalid JSON: ${redactText(preview(text))}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((x): x is string => typeof x === 'string')) {
    return failure('rerank hook output must be a JSON array of result ids (strings)');
  }
  const unknown = [...new Set(parsed.filter((id) => !knownIds.has(id)))];
  if (unknown.length > 0) {
    const shown = unknown
      .slice(0, 5)
      .map((id) => JSON.stringify(preview(id, 60)))
      .join(', ');
    const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
    return failure(`rerank hook returned ids that were not in the results: ${redactText(shown)}${more}`);
  }
  return { order: [...new Set(parsed)], error: null };
}

/**
 * The final order: ids the hook listed (known ones, first occurrence) in its order, then every
 * other fused id in fused order.
 */
export function applyRerankOrder(fusedIds: readonly string[], order: readonly string[]): string[] {
  const fused = new Set(fusedIds);
  const out = new Set<string>();
  for (const id of order) if (fused.has(id)) out.add(id);
  for (const id of fusedIds) out.add(id);
  return [...out];
}

/** Asks the reranker and validates its answer; see the module comment for the contract. Never throws. */
export async function adviseRerank(reranker: Reranker, payload: RerankPayload): Promise<RerankOutcome> {
  let reply: RerankReply;
  try {
    reply = await reranker.rerank(payload);
  } catch (err) {
    reply = { ok: false, error: `rerank hook failed: ${redactText(err instanceof Error ? err.message : String(err))}` };
  }
  if (!reply.ok) return failure(reply.error);
  return parseRerankOutput(reply.output, new Set(payload.results.map((r) => r.id)));
}
