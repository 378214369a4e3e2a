/**
 * Builtin embedder (GloVe 100-d + SIF): the port contract plus cache and semantics checks.
 * Builds the cache from the real wink JSON once per run into a temp dir (a few seconds, ~1 GB).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BuildPhase,
  type BuildResult,
  type BuiltinEmbedder,
  CACHE_VERSION,
  buildBuiltinCache,
  ensureBuiltinEmbedder,
  loadBuiltinEmbedder,
  openBuiltinEmbedderLazily,
} from '../../../src/adapters/embedder/builtin/index.js';
import { decodeCache, encodeCache } from '../../../src/adapters/embedder/builtin/cache-format.js';
import { isSextantError } from '../../../src/kernel/errors.js';
import { cosine, describeEmbedderContract } from '../../contracts/embedder.contract.js';
import { tempHome } from '../../helpers/temp-home.js';

const home = tempHome();
const cachePath = join(home.dir, 'models', 'builtin-glove100.bin');
let built: BuildResult;
const phases = new Set<BuildPhase>();
let lastDone = -1;
/** Every report, as `sextant mcp` logs each one as a line of stderr. */
const reports: string[] = [];

beforeAll(async () => {
  built = await buildBuiltinCache(cachePath, (done, total, phase) => {
    expect(total).toBe(100);
    expect(done).toBeGreaterThanOrEqual(lastDone);
    lastDone = done;
    phases.add(phase);
    reports.push(`${phase} ${done}%`);
  });
}, 120_000);
afterAll(() => home.cleanup());

describeEmbedderContract('builtin', () => loadBuiltinEmbedder(cachePath), { semantic: true, largeBatch: 2500 });

describe('builtin cache', () => {
  it('is compact, versioned and reports its progress', () => {
    expect(built.words).toBe(200_000);
    expect(statSync(cachePath).size).toBe(built.bytes);
    expect(built.bytes).toBeLessThan(25_000_000);
    expect(readFileSync(cachePath).subarray(0, 8).toString('latin1')).toBe('SXGLOVE\0');
    expect(readFileSync(cachePath).readUInt32LE(8)).toBe(CACHE_VERSION);
    expect([...phases]).toEqual(['parse', 'quantize', 'component', 'write', 'done']);
    expect(lastDone).toBe(100);
    // one report per percent of a phase, never the same line twice
    expect(new Set(reports).size).toBe(reports.length);
    expect(reports.length).toBeLessThanOrEqual(101 + phases.size);
  });

  it('is MODEL_NOT_FOUND when missing, with a hint to build it', async () => {
    const err = await loadBuiltinEmbedder(join(home.dir, 'nope.bin')).catch((e: unknown) => e);
    expect(isSextantError(err) && err.code).toBe('MODEL_NOT_FOUND');
    expect(isSextantError(err) && err.hint).toMatch(/sextant init/);
  });

  it.each([
    ['a foreign file', (_b: Buffer) => Buffer.from('{"not":"a cache"}'), /bad magic/],
    ['a truncated file', (b: Buffer) => b.subarray(0, b.length - 1000), /size/],
    ['a flipped byte in the vectors', (b: Buffer) => flip(b, 1_000_000), /checksum/],
    ['a flipped byte in the vocabulary', (b: Buffer) => flip(b, b.length - 10), /checksum/],
    ['another format version', (b: Buffer) => withVersion(b, CACHE_VERSION + 1), /version/],
  ])('rejects %s as INDEX_CORRUPT', async (_what, damage, why) => {
    const path = join(home.dir, 'damaged.bin');
    writeFileSync(path, damage(readFileSync(cachePath)));
    const err = await loadBuiltinEmbedder(path).catch((e: unknown) => e);
    expect(isSextantError(err) && err.code).toBe('INDEX_CORRUPT');
    expect((err as Error).message).toMatch(why);
    expect(isSextantError(err) && err.hint).toMatch(/rebuild/);
  });

  it('ensureBuiltinEmbedder loads an existing cache without rebuilding it', async () => {
    const before = statSync(cachePath).mtimeMs;
    const embedder = await ensureBuiltinEmbedder(cachePath, () => {
      throw new Error('must not rebuild');
    });
    expect(embedder.dimension).toBe(100);
    expect(statSync(cachePath).mtimeMs).toBe(before);
  });

  it('opened lazily, reads the word vectors at the first embedding and not before; model and dimension come from the header', async () => {
    const path = join(home.dir, 'lazy.bin');
    writeFileSync(path, readFileSync(cachePath));
    const lazy = await openBuiltinEmbedderLazily(path, () => {
      throw new Error('must not rebuild');
    });
    const eager = await loadBuiltinEmbedder(cachePath);
    expect([lazy.modelId, lazy.dimension]).toEqual([eager.modelId, 100]);
    // the file replaced after opening (another valid cache: no common component removed) is the one embedded with
    const table = decodeCache(readFileSync(cachePath), cachePath);
    writeFileSync(path, encodeCache({ ...table, principal: new Float32Array(table.dimension) }));
    const [mine] = await lazy.embed(['customer email address']);
    const [other] = await (await loadBuiltinEmbedder(path)).embed(['customer email address']);
    const [original] = await eager.embed(['customer email address']);
    expect([...mine!]).toEqual([...other!]);
    expect([...mine!]).not.toEqual([...original!]);
  }, 120_000);

  it('fails with MODEL_NOT_FOUND when the GloVe JSON is missing', async () => {
    const err = await buildBuiltinCache(join(home.dir, 'x.bin'), undefined, { sourcePath: join(home.dir, 'missing.json') }).catch((e: unknown) => e);
    expect(isSextantError(err) && err.code).toBe('MODEL_NOT_FOUND');
  });
});

describe('builtin semantics on schema text', () => {
  let embedder: BuiltinEmbedder;
  const sim = async (a: string, b: string): Promise<number> => {
    const [va, vb] = await embedder.embed([a, b]);
    return cosine(va!, vb!);
  };
  beforeAll(async () => {
    embedder = await loadBuiltinEmbedder(cachePath);
  });

  it('puts `customer email address` closer to `client e-mail` than to `invoice line quantity`', async () => {
    const related = await sim('customer email address', 'client e-mail');
    const unrelated = await sim('customer email address', 'invoice line quantity');
    expect(related).toBeGreaterThan(0.6);
    expect(related - unrelated).toBeGreaterThan(0.3);
  });

  it('expands abbreviations: `cust_addr` ≈ `customer address`', async () => {
    expect(await sim('cust_addr', 'customer address')).toBeGreaterThan(0.95);
    expect(await sim('cust_addr', 'customer address')).toBeGreaterThan(await sim('cust_addr', 'invoice line quantity'));
    expect(await sim('ord_hdr.tot_amt', 'order header total amount')).toBeGreaterThan(0.95);
    expect(await sim('qty', 'quantity')).toBeCloseTo(1, 5);
  });

  it('splits identifiers and singularizes: camelCase, snake_case and plurals meet', async () => {
    expect(await sim('customerEmailAddresses', 'customer_email_address')).toBeCloseTo(1, 5);
    expect(await sim('order_lines', 'order line')).toBeCloseTo(1, 5);
    expect(await sim('Categories', 'category')).toBeCloseTo(1, 5);
  });

  it('ranks tables for a paraphrased question', async () => {
    const tables = [
      'customers: one row per customer with name, email and billing address',
      'order_lines: quantity and unit price of each product in an order',
      'support_tickets: ticket subject, priority and escalation level',
      'employees: employee name, department and manager',
    ];
    const [q, ...docs] = await embedder.embed(['staff and their bosses', ...tables]);
    const scores = docs.map((d) => cosine(q!, d));
    expect(scores.indexOf(Math.max(...scores))).toBe(3);
  });

  it('gives unknown words sub-word meaning instead of noise', async () => {
    // `orderdate` is not a word: its known pieces `order` + `date` stand in for it.
    expect(await sim('orderdate', 'order date')).toBeGreaterThan(0.8);
    expect(await sim('orderdate', 'order date')).toBeGreaterThan(await sim('orderdate', 'employee salary'));
  });

  it('gives gibberish a deterministic, distinct, non-zero vector', async () => {
    const [a, b, c] = await embedder.embed(['zxqv_kjh', 'zxqv_kjh', 'plmokn_wqazsx']);
    expect(Array.from(a!)).toEqual(Array.from(b!));
    expect(cosine(a!, c!)).toBeLessThan(0.99);
  });
});

function flip(buf: Buffer, at: number): Buffer {
  const copy = Buffer.from(buf);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}

function withVersion(buf: Buffer, version: number): Buffer {
  const copy = Buffer.from(buf);
  copy.writeUInt32LE(version, 8);
  return copy;
}
