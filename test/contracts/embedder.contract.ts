/**
 * The embedder port's contract (src/ports/embedder.ts). Every embedder adapter's test calls
 * `describeEmbedderContract`; this file never runs alone (vitest only collects *.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/ports/embedder.js';

export interface EmbedderContractOptions {
  /**
   * The model is meaningful: related texts land closer than unrelated ones. A string instead of
   * `true` skips that test and says why (e.g. a generated test model with a random table).
   */
  semantic: true | string;
  /** Texts in the "larger than any internal batch" test; must exceed the adapter's batch size. Default 300. */
  largeBatch?: number;
}

/** Texts that trip naive embedders: empty, whitespace, punctuation, other scripts, gibberish. */
export const AWKWARD_TEXTS = ['', '   ', '!!! ---', 'zxqv_kjh', 'qqqqqqqqqqqqqqqqqqqq', '日本語のテキスト', 'a', '12345', 'the'] as const;

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

export function describeEmbedderContract(name: string, open: () => Promise<Embedder>, options: EmbedderContractOptions): void {
  describe(`Embedder contract: ${name}`, () => {
    let embedder: Embedder;
    beforeAll(async () => {
      embedder = await open();
    });
    afterAll(async () => {
      await embedder?.close?.();
    });

    it('declares a model id and a positive integer dimension', () => {
      expect(typeof embedder.modelId).toBe('string');
      expect(embedder.modelId.length).toBeGreaterThan(0);
      expect(Number.isInteger(embedder.dimension)).toBe(true);
      expect(embedder.dimension).toBeGreaterThan(0);
    });

    it('embeds no texts as an empty list', async () => {
      expect(await embedder.embed([])).toEqual([]);
    });

    it('returns finite, unit-length Float32Arrays of the declared dimension', async () => {
      const vectors = await embedder.embed(['customer email address', 'orders placed last month', 'invoice line quantity']);
      expect(vectors).toHaveLength(3);
      for (const v of vectors) expectUnitVector(v, embedder.dimension);
    });

    it('never returns an all-zero vector, even for gibberish, punctuation or other scripts', async () => {
      const vectors = await embedder.embed([...AWKWARD_TEXTS]);
      expect(vectors).toHaveLength(AWKWARD_TEXTS.length);
      vectors.forEach((v) => expectUnitVector(v, embedder.dimension));
    });

    it('keeps the order of the input', async () => {
      const texts = ['customer email address', 'zxqv_kjh', 'order line quantity', 'ticket escalation history'];
      const together = await embedder.embed(texts);
      const reversed = await embedder.embed([...texts].reverse());
      const one = await Promise.all(texts.map(async (t) => (await embedder.embed([t]))[0]!));
      texts.forEach((_, i) => {
        expect(Array.from(together[i]!)).toEqual(Array.from(one[i]!));
        expect(Array.from(reversed[texts.length - 1 - i]!)).toEqual(Array.from(one[i]!));
      });
    });

    it('is deterministic across calls and across instances', async () => {
      const texts = ['customer email address', 'zxqv_kjh', ''];
      const first = await embedder.embed(texts);
      const again = await embedder.embed(texts);
      const other = await open();
      try {
        expect(other.modelId).toBe(embedder.modelId);
        expect(other.dimension).toBe(embedder.dimension);
        const fromOther = await other.embed(texts);
        texts.forEach((_, i) => {
          expect(Array.from(again[i]!)).toEqual(Array.from(first[i]!));
          expect(Array.from(fromOther[i]!)).toEqual(Array.from(first[i]!));
        });
      } finally {
        await other.close?.();
      }
    });

    it('embeds a batch larger than any internal batch size', async () => {
      const n = options.largeBatch ?? 300;
      const words = ['customer', 'order', 'invoice', 'ticket', 'product', 'payment', 'account', 'address'];
      const texts = Array.from({ length: n }, (_, i) => `${words[i % words.length]} ${words[(i * 7 + 3) % words.length]} ${i}`);
      const vectors = await embedder.embed(texts);
      expect(vectors).toHaveLength(n);
      vectors.forEach((v) => expectUnitVector(v, embedder.dimension));
      for (const i of [0, Math.floor(n / 2), n - 1]) {
        const [single] = await embedder.embed([texts[i]!]);
        expect(Array.from(vectors[i]!)).toEqual(Array.from(single!));
      }
    });

    const semanticTitle = 'places related texts closer than unrelated ones';
    if (options.semantic === true) {
      it(semanticTitle, async () => {
        const [a, related, unrelated] = await embedder.embed(['customer email address', 'client e-mail', 'invoice line quantity']);
        expect(cosine(a!, related!)).toBeGreaterThan(cosine(a!, unrelated!));
        const [b, relatedB, unrelatedB] = await embedder.embed(['order date', 'when the order was placed', 'employee department']);
        expect(cosine(b!, relatedB!)).toBeGreaterThan(cosine(b!, unrelatedB!));
      });
    }
    // Otherwise the adapter declared the check meaningless for this model (options.semantic says why).
  });
}

function expectUnitVector(v: Float32Array | undefined, dimension: number): void {
  expect(v).toBeInstanceOf(Float32Array);
  expect(v!.length).toBe(dimension);
  expect(v!.every((x) => Number.isFinite(x))).toBe(true);
  expect(v!.some((x) => x !== 0)).toBe(true);
  const norm = Math.sqrt(v!.reduce((sum, x) => sum + x * x, 0));
  expect(norm).toBeCloseTo(1, 4);
}
