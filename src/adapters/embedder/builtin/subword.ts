/**
 * @module adapters/embedder/builtin/subword
 * Fallbacks for words outside the vocabulary, so an unknown word never becomes a zero vector:
 * known pieces of the word first (`orderdate` → order + date), then a deterministic vector
 * hashed from its character trigrams.
 */

/** Shortest piece accepted when segmenting an unknown word. */
export const MIN_PIECE = 3;

/**
 * Greedy longest-known-piece segmentation, left to right. Returns the pieces only when they
 * cover at least half of the word's characters, otherwise an empty list.
 */
export function knownPieces(word: string, isKnown: (piece: string) => boolean): string[] {
  const pieces: string[] = [];
  let covered = 0;
  let i = 0;
  while (i <= word.length - MIN_PIECE) {
    let found = 0;
    for (let len = word.length - i; len >= MIN_PIECE; len--) {
      if (len === word.length) continue; // the whole word is already known to be unknown
      if (isKnown(word.slice(i, i + len))) {
        found = len;
        break;
      }
    }
    if (found) {
      pieces.push(word.slice(i, i + found));
      covered += found;
      i += found;
    } else {
      i += 1;
    }
  }
  return covered * 2 >= word.length ? pieces : [];
}

/**
 * Adds to `out` a pseudo-random vector of length `norm` derived from the character trigrams
 * of `^word$`. Words sharing trigrams get correlated vectors; the same word always gets the
 * same vector on every machine (no Math.random, no platform-dependent hashing).
 */
export function addTrigramVector(word: string, norm: number, out: Float32Array): void {
  const dim = out.length;
  const tmp = new Float32Array(dim);
  const padded = `^${word}$`;
  for (let i = 0; i + 3 <= padded.length; i++) {
    let state = fnv1a(padded, i, i + 3);
    for (let d = 0; d < dim; d++) {
      state = xorshift32(state);
      tmp[d]! += state / 0x80000000 - 1; // uniform in [-1, 1)
    }
  }
  let sq = 0;
  for (let d = 0; d < dim; d++) sq += tmp[d]! * tmp[d]!;
  const scale = sq > 0 ? norm / Math.sqrt(sq) : 0;
  for (let d = 0; d < dim; d++) out[d]! += tmp[d]! * scale;
}

/** 32-bit FNV-1a over `text[start, end)`, never 0 (xorshift's fixed point). */
export function fnv1a(text: string, start = 0, end = text.length): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0 || 0x9e3779b9;
}

/** Marsaglia xorshift32: a tiny deterministic generator, enough to spread a hash over 100 floats. */
export function xorshift32(x: number): number {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return x >>> 0;
}
