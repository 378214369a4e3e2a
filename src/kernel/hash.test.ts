import { describe, expect, it } from 'vitest';
import { hashValue, stableStringify } from './hash.js';

describe('stableStringify', () => {
  it('is JSON with sorted keys and no undefined members, whatever order the keys were set in', () => {
    expect(stableStringify({ b: 1, a: [1, undefined, 'x'], c: undefined, d: { z: null, y: true } })).toBe('{"a":[1,null,"x"],"b":1,"d":{"y":true,"z":null}}');
    expect(stableStringify({ a: 1, b: 2 })).toBe(stableStringify({ b: 2, a: 1 }));
    expect(hashValue({ a: 1, b: 2 })).toBe(hashValue({ b: 2, a: 1 }));
    expect(hashValue({ a: 1, b: 2 })).not.toBe(hashValue({ a: 1, b: 3 }));
  });

  it('gives what the plain sort-and-join form gives (the stored hashes of every index depend on it)', () => {
    // the form every index's resource hashes were written with before the loop version
    const plain = (value: unknown): string => {
      if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
      if (Array.isArray(value)) return `[${value.map(plain).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${plain(v)}`).join(',')}}`;
    };
    const values: unknown[] = [
      null,
      undefined,
      0,
      -0,
      1.5e300,
      Number.NaN,
      'quote " and \\ and \n and \u2028',
      [],
      {},
      [undefined, null, () => 1],
      { Z: 1, a: 2, _: 3, é: 4, '10': 5, '9': 6, '\u{1F600}': 7, ﬀ: 8 },
      { nested: { list: [{ b: 1, a: 2 }, [], [[{}]]], skip: undefined }, at: new Date(0), fn: () => 1 },
      { id: 'code:svc:src/a.ts', attributes: { imports: [{ path: 'src/b.ts', kinds: ['local'] }], churn: 0.25, words: 'a b c' } },
    ];
    for (const value of values) expect(stableStringify(value)).toBe(plain(value));
  });
});
