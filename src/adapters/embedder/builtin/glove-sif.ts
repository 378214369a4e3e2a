/**
 * @module adapters/embedder/builtin/glove-sif
 * Sentence vectors from word vectors: SIF (smooth inverse frequency, Arora et al. 2017).
 * text → identifier-split lower-case words → abbreviations expanded → singularized →
 * Σ a/(a + p(w)) · v(w) → minus its projection on the common component → unit length.
 * GloVe has no counts, so p(w) comes from the word's frequency rank (Zipf: p = 1/(rank·H)).
 */
import pluralize from 'pluralize';
import { identifierTokens, splitIdentifier } from '../../../kernel/text/identifiers.js';
import { expandAbbreviation } from './abbreviations.js';
import type { GloveTable } from './cache-format.js';
import { addTrigramVector, knownPieces } from './subword.js';

/** Words this frequent are function words: pluralize mangles them (`us` → `me`, `as` → `a`). */
const KEEP_AS_IS_RANK = 300;
/** A singular form much rarer than the word itself is a mangled one (`bias` → `bia`). */
const SINGULAR_RANK_RATIO = 3;
/** Down-weighting of fallback vectors relative to a known word of the same rarity. */
const PIECES_FACTOR = 0.8;
const TRIGRAM_FACTOR = 0.5;
/** Caches are cleared when they grow past this many entries (bounded memory on long runs). */
const CACHE_LIMIT = 200_000;

/** `e-mail`, `e-commerce`, `x-ray`: joined when the joined word is known. */
const LETTER_HYPHEN = /\b([A-Za-z])-([A-Za-z]{2,})\b/g;

/** Zipf normaliser: the harmonic number H_n ≈ ln n + γ for a vocabulary of n ranked words. */
export function zipfNorm(vocabularySize: number): number {
  return Math.log(vocabularySize) + 0.5772156649;
}

export class GloveSif {
  readonly dimension: number;
  private readonly table: GloveTable;
  private readonly rows: Map<string, number>;
  /** Weighted vector per word after expansion/fallback; null = contributes nothing. */
  private readonly wordCache = new Map<string, Float32Array | null>();
  /** Summed weighted vector per raw token (`cust_addr`), the hot-path cache. */
  private readonly tokenCache = new Map<string, Float32Array | null>();
  private readonly acc: Float32Array;
  /** Mean vector norm of common words: the length given to hashed fallback vectors. */
  private readonly typicalNorm: number;
  private readonly unknownWeight: number;

  constructor(table: GloveTable) {
    this.table = table;
    this.dimension = table.dimension;
    this.acc = new Float32Array(table.dimension);
    this.rows = new Map();
    table.words.forEach((w, i) => this.rows.set(w, i));
    this.typicalNorm = this.meanNorm(1000, 11_000);
    this.unknownWeight = this.weightOfRow(table.words.length - 1);
  }

  /** Unit-length SIF vector with the common component removed; never all-zero. */
  embed(text: string): Float32Array {
    const acc = this.acc;
    if (this.accumulate(text) === 0) {
      // Nothing word-like (empty, punctuation, non-Latin script): hash the raw text instead.
      acc.fill(0);
      addTrigramVector(text.trim().toLowerCase() || '\u2205', this.typicalNorm, acc);
    }
    this.removeCommonComponent(acc);
    const out = new Float32Array(this.dimension);
    let sq = 0;
    for (let d = 0; d < acc.length; d++) sq += acc[d]! * acc[d]!;
    const inv = 1 / Math.sqrt(sq);
    for (let d = 0; d < acc.length; d++) out[d] = acc[d]! * inv;
    return out;
  }

  /**
   * Sums the weighted vectors of a text's words into the scratch accumulator and returns how
   * many tokens contributed. Exposed (package-internal) for computing the common component.
   */
  accumulate(text: string): number {
    const acc = this.acc;
    acc.fill(0);
    if (text.includes('-')) text = text.replace(LETTER_HYPHEN, (m, a: string, b: string) => (this.rows.has(`${a}${b}`.toLowerCase()) ? `${a}${b}` : m));
    let n = 0;
    for (const raw of identifierTokens(text)) {
      let vec = this.tokenCache.get(raw);
      if (vec === undefined) {
        vec = this.tokenVector(raw);
        if (this.tokenCache.size >= CACHE_LIMIT) this.tokenCache.clear();
        this.tokenCache.set(raw, vec);
      }
      if (vec === null) continue;
      for (let d = 0; d < acc.length; d++) acc[d]! += vec[d]!;
      n++;
    }
    return n;
  }

  /** Words in frequency order (row order). */
  get vocabulary(): readonly string[] {
    return this.table.words;
  }

  /** The scratch accumulator (valid until the next call). */
  get accumulator(): Float32Array {
    return this.acc;
  }

  private removeCommonComponent(v: Float32Array): void {
    const pc = this.table.principal;
    let dot = 0;
    let before = 0;
    for (let d = 0; d < v.length; d++) {
      dot += v[d]! * pc[d]!;
      before += v[d]! * v[d]!;
    }
    // A text that *is* the common direction would vanish: keep it as it is then.
    if (before - dot * dot <= before * 1e-6) return;
    for (let d = 0; d < v.length; d++) v[d]! -= dot * pc[d]!;
  }

  private tokenVector(raw: string): Float32Array | null {
    let sum: Float32Array | null = null;
    for (const word of splitIdentifier(raw)) {
      const vec = this.wordVector(word);
      if (!vec) continue;
      sum ??= new Float32Array(this.dimension);
      for (let d = 0; d < vec.length; d++) sum[d]! += vec[d]!;
    }
    return sum;
  }

  private wordVector(word: string): Float32Array | null {
    let vec = this.wordCache.get(word);
    if (vec === undefined) {
      vec = this.computeWordVector(word);
      if (this.wordCache.size >= CACHE_LIMIT) this.wordCache.clear();
      this.wordCache.set(word, vec);
    }
    return vec;
  }

  private computeWordVector(word: string): Float32Array | null {
    const expansion = expandAbbreviation(word) ?? expandAbbreviation(pluralize.singular(word));
    if (expansion && expansion !== word) {
      const out = new Float32Array(this.dimension);
      let any = false;
      for (const part of expansion.split(' ')) {
        const v = this.wordVector(part);
        if (v) for (let d = 0; d < out.length; d++) out[d]! += v[d]!;
        any ||= v !== null;
      }
      return any ? out : null;
    }
    const row = this.rowOf(word);
    if (row !== undefined) return this.rowVector(row, this.weightOfRow(row));
    if (word.length < 2) return null; // a stray letter carries nothing (`e` of a split `e-mail`)
    return this.fallbackVector(word);
  }

  /** The row of a word or of its singular, preferring the singular unless that looks mangled. */
  private rowOf(word: string): number | undefined {
    const row = this.rows.get(word);
    if (row !== undefined && row < KEEP_AS_IS_RANK) return row;
    const singular = pluralize.singular(word);
    if (singular === word) return row;
    const singularRow = this.rows.get(singular);
    if (singularRow === undefined) return row;
    if (row === undefined || singularRow <= row * SINGULAR_RANK_RATIO) return singularRow;
    return row;
  }

  private fallbackVector(word: string): Float32Array {
    const out = new Float32Array(this.dimension);
    const pieces = /^\d+$/.test(word) ? [] : knownPieces(word, (p) => this.rows.has(p));
    if (pieces.length > 0) {
      for (const piece of pieces) {
        const row = this.rows.get(piece)!;
        const v = this.rowVector(row, (this.weightOfRow(row) * PIECES_FACTOR) / pieces.length);
        for (let d = 0; d < out.length; d++) out[d]! += v[d]!;
      }
      return out;
    }
    addTrigramVector(word, this.typicalNorm * this.unknownWeight * TRIGRAM_FACTOR, out);
    return out;
  }

  /** SIF weight a / (a + p) with p = 1 / (rank · H), rank = row + 1. */
  private weightOfRow(row: number): number {
    const a = this.table.sifA;
    return a / (a + 1 / ((row + 1) * this.table.zipfNorm));
  }

  private rowVector(row: number, weight: number): Float32Array {
    const dim = this.dimension;
    const out = new Float32Array(dim);
    const k = this.table.scales[row]! * weight;
    const codes = this.table.codes;
    for (let d = 0, at = row * dim; d < dim; d++, at++) out[d] = codes[at]! * k;
    return out;
  }

  private meanNorm(from: number, to: number): number {
    const end = Math.min(to, this.table.words.length);
    const start = Math.min(from, end - 1);
    let total = 0;
    for (let row = start; row < end; row++) {
      const v = this.rowVector(row, 1);
      let sq = 0;
      for (let d = 0; d < v.length; d++) sq += v[d]! * v[d]!;
      total += Math.sqrt(sq);
    }
    return total / Math.max(1, end - start) || 1;
  }
}
