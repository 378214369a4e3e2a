/**
 * @module kernel/suggest
 * "Did you mean" suggestions for unknown ids: edit distance plus shared words.
 */
import { splitText } from './text/identifiers.js';

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** Up to `limit` candidates closest to `wanted`, best first; deterministic. */
export function closest(wanted: string, candidates: readonly string[], limit = 5): string[] {
  const want = wanted.toLowerCase();
  const wantWords = new Set(splitText(want));
  const scored = candidates.map((c) => {
    const lc = c.toLowerCase();
    const words = splitText(lc);
    const shared = words.filter((w) => wantWords.has(w)).length;
    const contains = lc.includes(want) || want.includes(lc.split(':').pop() ?? lc) ? 1 : 0;
    const distance = levenshtein(want, lc) / Math.max(want.length, lc.length, 1);
    return { c, score: shared * 2 + contains * 3 - distance * 4 };
  });
  scored.sort((a, b) => b.score - a.score || (a.c < b.c ? -1 : 1));
  return scored
    .slice(0, limit)
    .filter((s) => s.score > -2.5)
    .map((s) => s.c);
}
