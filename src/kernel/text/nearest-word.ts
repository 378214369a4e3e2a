/**
 * @module kernel/text/nearest-word
 * Edit distance for every "did you mean" of the project (ids and names in kernel/suggest.ts), and
 * the word of a vocabulary nearest to a mistyped one (search's spelling, the shell's unknown
 * commands), where a swap of two neighbouring letters counts as one edit.
 */

/**
 * Edits between `a` and `b`: inserts, deletes and substitutions, and with `swaps` (the default)
 * a swap of two neighbouring letters as one edit (Damerau's optimal string alignment). Past
 * `max` it stops and answers `max + 1`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY, swaps = true): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // three rows, reused: the one before last (for swaps), the last, the current
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (swaps && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/** Edits a word may be away from its correction: one for short words, two from eight letters. */
const allowedEdits = (word: string) => (word.length >= 8 ? 2 : 1);

/** The name word nearest to `word`: fewest edits, then the most frequent, then the first in order. */
export function closestWord(word: string, vocabulary: ReadonlyMap<string, number>): string | null {
  const max = allowedEdits(word);
  let best: { word: string; edits: number; count: number } | null = null;
  for (const [candidate, count] of vocabulary) {
    if (candidate === word || Math.abs(candidate.length - word.length) > max) continue;
    const edits = editDistance(word, candidate, max);
    if (edits > max) continue;
    const better = !best || edits < best.edits || (edits === best.edits && (count > best.count || (count === best.count && candidate < best.word)));
    if (better) best = { word: candidate, edits, count };
  }
  return best?.word ?? null;
}
