import { describe, expect, it } from 'vitest';
import { isSextantError } from '../../../kernel/errors.js';
import { CACHE_VERSION, type GloveTable, decodeCache, encodeCache } from './cache-format.js';

function table(): GloveTable {
  const words = ['the', 'customer', 'order', 'café'];
  const dimension = 4;
  return {
    dimension,
    words,
    scales: Float32Array.from([0.01, 0.02, 0.03, 0.04]),
    codes: Int8Array.from({ length: words.length * dimension }, (_, i) => ((i * 37) % 255) - 127),
    principal: Float32Array.from([0.5, 0.5, 0.5, 0.5]),
    sifA: 1e-3,
    zipfNorm: 13.2,
  };
}

describe('builtin cache format', () => {
  it('round-trips a table', () => {
    const original = table();
    const decoded = decodeCache(encodeCache(original), 'mem');
    expect(decoded.words).toEqual(original.words);
    expect(Array.from(decoded.codes)).toEqual(Array.from(original.codes));
    expect(Array.from(decoded.scales)).toEqual(Array.from(original.scales));
    expect(Array.from(decoded.principal)).toEqual(Array.from(original.principal));
    expect(decoded.sifA).toBeCloseTo(1e-3, 9);
    expect(decoded.zipfNorm).toBeCloseTo(13.2, 5);
  });

  it('starts with the magic and the version', () => {
    const bytes = encodeCache(table());
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('SXGLOVE\0');
    expect(bytes.readUInt32LE(8)).toBe(CACHE_VERSION);
  });

  it.each([
    ['empty', () => Buffer.alloc(0)],
    ['foreign', () => Buffer.from('PK\u0003\u0004 a zip file, not a cache at all, padded to the header size....')],
    ['truncated', () => encodeCache(table()).subarray(0, 90)],
    ['extended', () => Buffer.concat([encodeCache(table()), Buffer.from([0])])],
    [
      'damaged',
      () => {
        const b = encodeCache(table());
        b[b.length - 2] = b[b.length - 2]! ^ 1;
        return b;
      },
    ],
  ])('rejects a %s file as INDEX_CORRUPT naming the path', (_what, bytes) => {
    let caught: unknown;
    try {
      decodeCache(bytes(), '/x/cache.bin');
    } catch (err) {
      caught = err;
    }
    expect(isSextantError(caught) && caught.code).toBe('INDEX_CORRUPT');
    expect((caught as Error).message).toContain('/x/cache.bin');
  });
});
