/**
 * Concurrent first use of the builtin word-vector cache: several real processes open the embedder
 * on the same fresh models folder at the same moment, as an MCP server answering its first call
 * does while `sextant init` or another client builds the cache. Each must get the embedder, with
 * the same vectors as a build made alone, and the folder must end with one whole cache file. One
 * of them builds it; the others wait for that build (the build lock) rather than repeat it.
 * Processes that build unconditionally, all at once (benches and test files sharing a folder), must
 * not mix their writes either.
 *
 * The workers build from a small generated wink JSON (about a second each). Where the machine
 * allows it (Linux, root), each worker also runs in a PID namespace of its own, so that all of
 * them are pid 1, as processes in containers sharing a volume (or hosts sharing a network home)
 * can have the same pid. SEXTANT_CACHE_RACE_ROUNDS sets how many times the unconditional builds race (4).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBuiltinCache, ensureBuiltinEmbedder, loadBuiltinEmbedder } from '../../../src/adapters/embedder/builtin/index.js';
import { tempHome } from '../../helpers/temp-home.js';

const PROBES = ['customer email address', 'order quantity', 'employee manager', 'w1a w2b'];
const WORKERS = 4;
const ROUNDS = Number(process.env.SEXTANT_CACHE_RACE_ROUNDS ?? 4);
const WORKER = fileURLToPath(new URL('./builtin-cache-worker.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));

const home = tempHome();
const source = join(home.dir, 'wink.json');
let referenceBytes: Buffer;
let referenceVectors: string[];

/** A wink-format JSON of `count` words with deterministic pseudo-random vectors. */
function writeWinkSource(path: string, count: number, dimensions: number): void {
  let state = 0x2545f491;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) / 2 ** 32) * 2 - 1;
  };
  const words = ['the', 'customer', 'email', 'address', 'order', 'quantity', 'employee', 'manager'];
  for (let i = 0; words.length < count; i++) words.push(`w${i.toString(36)}`);
  const entries = words.map((w) => `${JSON.stringify(w)}:[${Array.from({ length: dimensions }, () => next().toFixed(5)).join(',')}]`);
  writeFileSync(path, `{"precision":5,"size":${count},"dimensions":${dimensions},"words":${JSON.stringify(words)},"vectors":{${entries.join(',')}}}`);
}

function hexVectors(vectors: Float32Array[]): string[] {
  return vectors.map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex'));
}

/** Whether `unshare` can give a child a PID namespace of its own here. */
const pidNamespaces = process.platform === 'linux' && spawnSync('unshare', ['--pid', '--fork', '--kill-child', 'true']).status === 0;

interface WorkerAnswer {
  ok: boolean;
  pid: number;
  built?: boolean;
  vectors?: string[];
  error?: string;
}

/** Starts WORKERS processes on a fresh models folder, releases them together, returns their answers. */
async function race(mode: 'ensure' | 'build', dir: string, ownPidNamespace: boolean): Promise<WorkerAnswer[]> {
  const barrier = join(dir, 'barrier');
  mkdirSync(barrier, { recursive: true });
  const cachePath = join(dir, 'models', 'builtin-glove100.bin');
  const answers = Array.from({ length: WORKERS }, (_, id) => {
    const node = [process.execPath, '--import', 'tsx', WORKER, mode, cachePath, source, barrier, String(id), JSON.stringify(PROBES)];
    const [command, ...args] = ownPidNamespace ? ['unshare', '--pid', '--fork', '--kill-child', ...node] : node;
    const child = spawn(command!, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    return new Promise<WorkerAnswer>((resolve) =>
      child.on('close', (code) => {
        const line = out.trim().split('\n').pop() ?? '';
        resolve(line.startsWith('{') ? (JSON.parse(line) as WorkerAnswer) : { ok: false, pid: -1, error: `exit ${code}: ${err.slice(-500)}` });
      }),
    );
  });
  const deadline = Date.now() + 60_000;
  while (readdirSync(barrier).length < WORKERS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  writeFileSync(join(barrier, 'go'), '');
  return Promise.all(answers);
}

beforeAll(async () => {
  writeWinkSource(source, 30_000, 100);
  const alone = join(home.dir, 'alone', 'builtin-glove100.bin');
  await buildBuiltinCache(alone, undefined, { sourcePath: source });
  referenceBytes = readFileSync(alone);
  referenceVectors = hexVectors(await (await loadBuiltinEmbedder(alone)).embed(PROBES));
}, 60_000);
afterAll(() => home.cleanup());

describe('builtin cache, concurrent first use', () => {
  const modes = [
    ['open it as the app does (ensureBuiltinEmbedder)', 'ensure', 2],
    ['build it unconditionally', 'build', ROUNDS],
  ] as const;
  const pids = [
    ['with pids of their own', false],
    ['all as pid 1 in PID namespaces of their own', true],
  ] as const;
  it.each(modes.flatMap(([what, mode, rounds]) => pids.map(([how, ownPidNamespace]) => [what, how, mode, rounds, ownPidNamespace] as const)))(
    `${WORKERS} processes that %s together on a fresh folder, %s, all get the vectors of a build alone`,
    async (_what, _how, mode, rounds, ownPidNamespace) => {
      if (ownPidNamespace && !pidNamespaces) return; // unshare needs Linux and the right to make a PID namespace
      for (let round = 0; round < rounds; round++) {
        const dir = join(home.dir, `${mode}-${ownPidNamespace ? 'ns' : 'plain'}-${round}`);
        const answers = await race(mode, dir, ownPidNamespace);
        expect(answers.map((a) => a.error ?? 'ok')).toEqual(answers.map(() => 'ok'));
        if (ownPidNamespace) expect(answers.map((a) => a.pid)).toEqual(answers.map(() => 1));
        for (const answer of answers) expect(answer.vectors).toEqual(referenceVectors);
        // opened as the app does, one of them built it and the others waited for that build
        if (mode === 'ensure') expect(answers.filter((a) => a.built)).toHaveLength(1);
        const models = join(dir, 'models');
        expect(readFileSync(join(models, 'builtin-glove100.bin')).equals(referenceBytes)).toBe(true);
        // no temp file of a build and no build lock is left behind
        expect(readdirSync(models).filter((f) => f !== 'builtin-glove100.bin')).toEqual([]);
      }
    },
    240_000,
  );

  it('takes over the build lock of a process that died while building', async () => {
    const path = join(home.dir, 'dead', 'builtin-glove100.bin');
    mkdirSync(join(home.dir, 'dead'));
    writeFileSync(`${path}.lock`, 'otherhost 4242 0123456789abcdef\n');
    const longAgo = new Date(Date.now() - 10 * 60_000);
    utimesSync(`${path}.lock`, longAgo, longAgo);
    const started = Date.now();
    const embedder = await ensureBuiltinEmbedder(path, undefined, { sourcePath: source });
    expect(hexVectors(await embedder.embed(PROBES))).toEqual(referenceVectors);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(readdirSync(join(home.dir, 'dead'))).toEqual(['builtin-glove100.bin']);
  }, 60_000);

  it('rebuilds a cache cut short (a write interrupted by a crash) instead of failing on it', async () => {
    const path = join(home.dir, 'cut', 'builtin-glove100.bin');
    mkdirSync(join(home.dir, 'cut'));
    writeFileSync(path, referenceBytes.subarray(0, referenceBytes.length >> 1));
    const embedder = await ensureBuiltinEmbedder(path, undefined, { sourcePath: source });
    expect(hexVectors(await embedder.embed(PROBES))).toEqual(referenceVectors);
    expect(existsSync(path) && readFileSync(path).equals(referenceBytes)).toBe(true);
  }, 60_000);
});
