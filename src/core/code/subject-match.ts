/**
 * @module core/code/subject-match
 * A request matched against what each file's past commits said they did (their subjects, from
 * git history): BM25 over one document per file. "add having methods" finds the files whose
 * commits spoke of `having` before, words a file's own text may not hold. Pure.
 */
import { splitText } from '../../kernel/text/identifiers.js';
import { singular } from '../../kernel/text/inflect.js';

const K1 = 1.2;
const B = 0.75;

/** Words of a text as this match compares them: split like identifiers, singular, three letters or more. */
export function subjectWords(text: string): string[] {
  return splitText(text)
    .map((w) => singular(w.toLowerCase()))
    .filter((w) => w.length >= 3);
}

/** Each file's BM25 score for `query` over its subjects (files that match nothing are left out). */
export function subjectScores(query: string, subjects: ReadonlyMap<string, readonly string[]>): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const w of subjectWords(query)) wanted.set(w, (wanted.get(w) ?? 0) + 1);
  const docs = [...subjects].map(([file, lines]) => ({ file, words: subjectWords(lines.join(' ')) }));
  if (!wanted.size || !docs.length) return new Map();
  const df = new Map<string, number>();
  for (const d of docs) for (const w of new Set(d.words)) if (wanted.has(w)) df.set(w, (df.get(w) ?? 0) + 1);
  const average = docs.reduce((s, d) => s + d.words.length, 0) / docs.length || 1;
  const scores = new Map<string, number>();
  for (const d of docs) {
    const tf = new Map<string, number>();
    for (const w of d.words) if (wanted.has(w)) tf.set(w, (tf.get(w) ?? 0) + 1);
    let score = 0;
    for (const [w, n] of tf) {
      const idf = Math.log(1 + (docs.length - df.get(w)! + 0.5) / (df.get(w)! + 0.5));
      score += (wanted.get(w)! * idf * n * (K1 + 1)) / (n + K1 * (1 - B + (B * d.words.length) / average));
    }
    if (score > 0) scores.set(d.file, score);
  }
  return scores;
}
