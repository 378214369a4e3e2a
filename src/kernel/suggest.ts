/**
 * @module kernel/suggest
 * "Did you mean" suggestions for unknown ids: edit distance plus shared words.
 */
import { splitText } from './text/identifiers.js';
import { editDistance } from './text/nearest-word.js';

/** Longer input is no identifier anyone typed: no suggestions (and no work). */
export const MAX_SUGGEST_INPUT = 256;
/** Candidates that reach the edit-distance stage, after a cheap pre-score. */
const DISTANCE_CANDIDATES = 400;
/** Characters compared by edit distance. */
const DISTANCE_CHARS = 128;

/**
 * Up to `limit` candidates closest to `wanted`, best first; deterministic. The work is bounded
 * whatever the input: an over-long `wanted` gets none, every candidate gets a cheap score (shared
 * words, containment, common prefix), and only the best few hundred get the edit distance, on
 * their first characters, so a request cannot hold the event loop with a huge id.
 */
export function closest(wanted: string, candidates: readonly string[], limit = 5): string[] {
  if (wanted.length > MAX_SUGGEST_INPUT) return [];
  const want = wanted.toLowerCase();
  const wantWords = new Set(splitText(want));
  const cheap = candidates.map((c) => {
    const lc = c.toLowerCase();
    // each word once: `code/code-file.ts` must not outscore `onboarding-model.ts` by repeating `code` and `file`
    const shared = new Set(splitText(lc).filter((w) => wantWords.has(w))).size;
    const contains = lc.includes(want) || want.includes(lc.split(':').pop() ?? lc) ? 1 : 0;
    let prefix = 0;
    while (prefix < want.length && prefix < lc.length && want[prefix] === lc[prefix]) prefix++;
    return { c, lc, base: shared * 2 + contains * 3, pre: shared * 2 + contains * 3 + prefix / Math.max(want.length, 1) };
  });
  const shortlist = cheap.length > DISTANCE_CANDIDATES ? [...cheap].sort((a, b) => b.pre - a.pre || (a.c < b.c ? -1 : 1)).slice(0, DISTANCE_CANDIDATES) : cheap;
  const w = want.slice(0, DISTANCE_CHARS);
  const scored = shortlist.map(({ c, lc, base }) => {
    const l = lc.slice(0, DISTANCE_CHARS);
    // plain Levenshtein (no swaps), as these scores were tuned with
    return { c, score: base - (editDistance(w, l, Number.POSITIVE_INFINITY, false) / Math.max(w.length, l.length, 1)) * 4 };
  });
  scored.sort((a, b) => b.score - a.score || (a.c < b.c ? -1 : 1));
  return scored
    .slice(0, limit)
    .filter((s) => s.score > -2.5)
    .map((s) => s.c);
}
