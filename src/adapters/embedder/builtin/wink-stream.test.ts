import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSextantError } from '../../../kernel/errors.js';
import { buildBuiltinCache } from './build-cache.js';
import { WinkFormatError, streamWink } from './wink-stream.js';

const dir = mkdtempSync(join(tmpdir(), 'sx-wink-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const vectors: Record<string, number[]> = {
  the: [0.5, -0.25, 1e-3],
  '"': [1, 2, 3],
  ']': [4, 5, 6],
  'a\\b': [7, 8, 9],
  order: [-0.038194, 0.72812, -0.39961],
  naïve: [0.1, 0.2, 0.3],
};
const wink = {
  precision: 8,
  size: 9,
  dimensions: 3,
  words: Object.keys(vectors),
  vectors: Object.fromEntries(Object.entries(vectors).map(([w, v]) => [w, [...v, 1, 0]])),
};

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('streaming the wink GloVe JSON', () => {
  it.each([1, 7, 64, 1 << 20])('reads every wanted entry as JSON.parse would, across %i-byte chunks', async (chunk) => {
    const path = write(`w${chunk}.json`, JSON.stringify(wink));
    const got: Record<string, number[]> = {};
    let words: string[] = [];
    await streamWink(
      path,
      (header) => {
        words = header.words;
        return (word) => word !== 'the';
      },
      (word, vector) => (got[word] = [...vector]),
      undefined,
      chunk,
    );
    expect(words).toEqual(Object.keys(vectors));
    const { the: _skipped, ...wanted } = vectors;
    expect(got).toEqual(wanted);
  });

  it('refuses a file that ends inside the vectors object, and one without vectors', async () => {
    const text = JSON.stringify(wink);
    const truncated = write('truncated.json', text.slice(0, text.length - 20));
    await expect(
      streamWink(
        truncated,
        () => () => true,
        () => {},
      ),
    ).rejects.toBeInstanceOf(WinkFormatError);
    const noVectors = write('no-vectors.json', JSON.stringify({ dimensions: 3, words: ['a'] }));
    await expect(
      streamWink(
        noVectors,
        () => () => true,
        () => {},
      ),
    ).rejects.toThrow(/no "vectors" object/);
  });

  it('turns a malformed source into MODEL_NOT_FOUND when building the cache', async () => {
    const bad = write('bad.json', '{"dimensions":3,"words":["a"],"vectors":{"a":[1,2,3],"b" 7');
    const err = await buildBuiltinCache(join(dir, 'out.bin'), undefined, { sourcePath: bad }).catch((e: unknown) => e);
    expect(isSextantError(err) && err.code).toBe('MODEL_NOT_FOUND');
    expect((err as Error).message).toMatch(/wink-embeddings format/);
  });
});
