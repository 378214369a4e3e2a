/**
 * @module adapters/embedder/builtin/cache-format
 * The compact binary form of the GloVe vectors: int8 per component with a per-row float32
 * scale, plus the vocabulary and the SIF parameters the common component was computed with.
 *
 * Layout (little-endian), version 1:
 * ```
 *   0  magic "SXGLOVE\0"          8 bytes
 *   8  u32 version
 *  12  u32 dimension
 *  16  u32 word count
 *  20  u32 vocabulary bytes
 *  24  f32 SIF a
 *  28  f32 Zipf normaliser (harmonic number of the source vocabulary)
 *  32  16 bytes: SHA-256 prefix of everything after the header
 *  48  16 bytes reserved (zero)
 *  64  f32[dimension]             first principal component of sample SIF vectors
 *      f32[count]                 row scales
 *      i8[count × dimension]      row codes (component = code × scale)
 *      utf-8 words joined by "\n", in frequency order (row i = frequency rank i + 1)
 * ```
 */
import { createHash } from 'node:crypto';
import { SextantError } from '../../../kernel/errors.js';

export const CACHE_MAGIC = 'SXGLOVE\0';
/** Bump when the layout or anything baked into it (sample, SIF constants, word filter) changes. */
export const CACHE_VERSION = 1;
const HEADER_BYTES = 64;
const DIGEST_BYTES = 16;

/** The decoded cache: everything the SIF embedder needs. */
export interface GloveTable {
  readonly dimension: number;
  /** Words in frequency order; row i holds the vector of `words[i]`. */
  readonly words: readonly string[];
  readonly scales: Float32Array;
  readonly codes: Int8Array;
  /** Unit-length first principal component, or all zeros while it is being computed. */
  readonly principal: Float32Array;
  readonly sifA: number;
  readonly zipfNorm: number;
}

export function encodeCache(table: GloveTable): Buffer {
  const { dimension, words, scales, codes, principal } = table;
  const count = words.length;
  const vocab = Buffer.from(words.join('\n'), 'utf8');
  const size = HEADER_BYTES + 4 * dimension + 4 * count + count * dimension + vocab.length;
  const buf = Buffer.alloc(size);
  buf.write(CACHE_MAGIC, 0, 'latin1');
  buf.writeUInt32LE(CACHE_VERSION, 8);
  buf.writeUInt32LE(dimension, 12);
  buf.writeUInt32LE(count, 16);
  buf.writeUInt32LE(vocab.length, 20);
  buf.writeFloatLE(table.sifA, 24);
  buf.writeFloatLE(table.zipfNorm, 28);
  let at = HEADER_BYTES;
  for (let i = 0; i < dimension; i++, at += 4) buf.writeFloatLE(principal[i]!, at);
  for (let i = 0; i < count; i++, at += 4) buf.writeFloatLE(scales[i]!, at);
  Buffer.from(codes.buffer, codes.byteOffset, codes.byteLength).copy(buf, at);
  at += codes.byteLength;
  vocab.copy(buf, at);
  digest(buf).copy(buf, 32);
  return buf;
}

/**
 * The dimension a cache file's header promises, from its first bytes and its size alone; null when
 * they are not those of a whole cache of this version. Its checksum is verified only by decodeCache.
 */
export function headerDimension(header: Buffer, fileBytes: number): number | null {
  if (header.length < HEADER_BYTES || header.toString('latin1', 0, 8) !== CACHE_MAGIC || header.readUInt32LE(8) !== CACHE_VERSION) return null;
  const dimension = header.readUInt32LE(12);
  const count = header.readUInt32LE(16);
  const expected = HEADER_BYTES + 4 * dimension + 4 * count + count * dimension + header.readUInt32LE(20);
  return dimension > 0 && count > 0 && fileBytes === expected ? dimension : null;
}

/** The size of a cache file's header. */
export const CACHE_HEADER_BYTES = HEADER_BYTES;

/** Decodes and verifies a cache file's bytes; a foreign, truncated or damaged file is INDEX_CORRUPT. */
export function decodeCache(buf: Buffer, path: string): GloveTable {
  const corrupt = (why: string, details: Record<string, unknown> = {}): SextantError =>
    new SextantError('INDEX_CORRUPT', `Builtin embedding cache ${path} is unusable: ${why}`, {
      hint: 'delete the file and rebuild it (sextant init compacts the bundled word vectors again)',
      details: { path, ...details },
    });
  if (buf.length < HEADER_BYTES || buf.toString('latin1', 0, 8) !== CACHE_MAGIC) {
    throw corrupt('not a Sextant word-vector cache (bad magic)');
  }
  const version = buf.readUInt32LE(8);
  if (version !== CACHE_VERSION) {
    throw corrupt(`format version ${version}, this Sextant reads version ${CACHE_VERSION}`, { version, expected: CACHE_VERSION });
  }
  const dimension = buf.readUInt32LE(12);
  const count = buf.readUInt32LE(16);
  const vocabBytes = buf.readUInt32LE(20);
  const expected = HEADER_BYTES + 4 * dimension + 4 * count + count * dimension + vocabBytes;
  if (dimension === 0 || count === 0 || buf.length !== expected) {
    throw corrupt(`size ${buf.length} bytes, header promises ${expected}`, { size: buf.length, expected });
  }
  if (!digest(buf).equals(buf.subarray(32, 32 + DIGEST_BYTES))) throw corrupt('checksum mismatch');

  let at = HEADER_BYTES;
  const principal = new Float32Array(dimension);
  for (let i = 0; i < dimension; i++, at += 4) principal[i] = buf.readFloatLE(at);
  const scales = new Float32Array(count);
  for (let i = 0; i < count; i++, at += 4) scales[i] = buf.readFloatLE(at);
  const codes = new Int8Array(buf.buffer, buf.byteOffset + at, count * dimension);
  at += count * dimension;
  const words = buf.toString('utf8', at, at + vocabBytes).split('\n');
  if (words.length !== count) throw corrupt(`${words.length} words for ${count} rows`);
  return { dimension, words, scales, codes, principal, sifA: buf.readFloatLE(24), zipfNorm: buf.readFloatLE(28) };
}

function digest(buf: Buffer): Buffer {
  return createHash('sha256').update(buf.subarray(HEADER_BYTES)).digest().subarray(0, DIGEST_BYTES);
}
