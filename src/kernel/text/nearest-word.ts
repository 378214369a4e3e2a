/**
 * @module kernel/text/nearest-word
 * The word of a vocabulary nearest to a mistyped one, by edits (Damerau's: insert, delete,
 * substitute, swap two neighbours): search's "did you mean" and the shell's unknown commands.
 */

/** Edits (insert, delete, substitute, swap two neighbours) between `a` and `b`, or `max + 1` once it is sure to exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
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
