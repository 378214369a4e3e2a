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

/** The files' subjects as BM25 reads them: each file's word counts (in order of first use) and each subject's words, each word's files, the mean length. */
interface SubjectIndex {
  docs: Array<{ file: string; tf: Map<string, number>; length: number; lines: Array<Set<string>> }>;
  df: Map<string, number>;
  average: number;
}

/** Indexes are built once per subjects map (a loaded source's history): a plan asks several times. */
const indexes = new WeakMap<ReadonlyMap<string, readonly string[]>, SubjectIndex>();

function subjectIndex(subjects: ReadonlyMap<string, readonly string[]>): SubjectIndex {
  let index = indexes.get(subjects);
  if (index) return index;
  const df = new Map<string, number>();
  const docs = [...subjects].map(([file, lines]) => {
    const split = lines.map(subjectWords);
    const words = split.flat();
    const tf = new Map<string, number>();
    for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
    for (const w of tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
    return { file, tf, length: words.length, lines: split.map((line) => new Set(line)) };
  });
  index = { docs, df, average: docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1 };
  indexes.set(subjects, index);
  return index;
}

/** Each file's BM25 score for `query` over its subjects (files that match nothing are left out). */
export function subjectScores(query: string, subjects: ReadonlyMap<string, readonly string[]>): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const w of subjectWords(query)) wanted.set(w, (wanted.get(w) ?? 0) + 1);
  if (!wanted.size || !subjects.size) return new Map();
  const { docs, df, average } = subjectIndex(subjects);
  const scores = new Map<string, number>();
  for (const d of docs) {
    let score = 0;
    for (const [w, n] of d.tf) {
      const q = wanted.get(w);
      if (q === undefined) continue;
      const idf = Math.log(1 + (docs.length - df.get(w)! + 0.5) / (df.get(w)! + 0.5));
      score += (q * idf * n * (K1 + 1)) / (n + K1 * (1 - B + (B * d.length) / average));
    }
    if (score > 0) scores.set(d.file, score);
  }
  return scores;
}

/** Words (singular, lower case) of a request about documentation rather than behaviour. */
const DOCUMENTATION_WORDS = new Set([
  'doc',
  'docs',
  'document',
  'documentation',
  'documented',
  'docstring',
  'jsdoc',
  'javadoc',
  'tsdoc',
  'comment',
  'typo',
  'example',
  'annotate',
  'annotation',
  'readme',
]);

/** Whether a request asks about documentation ("update docs", "fix typo", "annotate site examples"). */
export function aboutDocumentation(request: string): boolean {
  return subjectWords(request).some((w) => DOCUMENTATION_WORDS.has(w));
}

/**
 * How routine a request reads, 0..1: the share of the files with history that have a past subject
 * holding every word of it. "update docs" or "cleanup" was said of many files before, "add having
 * methods" of few; for a routine request the files' words say little and history says more. A
 * request without words is routine.
 */
export function routineShare(request: string, subjects: ReadonlyMap<string, readonly string[]>): number {
  const wanted = [...new Set(subjectWords(request))];
  if (!wanted.length) return 1;
  const files = subjects.size ? subjectIndex(subjects).docs.filter((d) => d.lines.length) : [];
  if (!files.length) return 0;
  return files.filter((d) => d.lines.some((words) => wanted.every((w) => words.has(w)))).length / files.length;
}
