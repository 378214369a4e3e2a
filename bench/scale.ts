/**
 * `npm run bench -- scale [--tables 5000] [--columns 100000] [--queries 200] [--vector auto|js|sqlite-vec]
 *   [--models DIR] [--keep DIR] [--hash] [--json]`
 *
 * Benchmark 2: a generated catalog (bench/scale-catalog.ts: 5,000 tables / 100,000 columns with
 * realistic names and comments) fed through the normal ingest path (plan, chunks, builtin
 * embeddings, entities, one SQLite transaction) by an in-process connector that returns the
 * snapshot: a stand-in for the database only. Reports build time with a per-phase breakdown,
 * builtin chunks/s embedded (time inside `embed()` only), peak RSS, index size and entity
 * counts, then p50/p95/max of `query` over 200 varied queries in the same (hot) process, plain
 * and with related chunks. Targets: p95 ≤ 50 ms, ≥ 20,000 chunks/s, peak RSS ≤ 1.5 GB.
 *
 * Latency is wall time; the CPU time of each call (process.cpuUsage) is reported beside it,
 * since the work is synchronous and on a busy machine wall time also counts waiting for a core;
 * the build reports its CPU time too, in all and per phase. `--hash` prints a sha256 of every
 * chunk's entity list and one of the hits of the queries, to check that a faster build is the same.
 *
 * The builtin word-vector cache is built once into `--models` (default: a folder in the temp
 * dir, kept between runs) by a child process, so parsing the 307 MB GloVe JSON never counts
 * toward this process's peak RSS.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBuiltinCache, loadBuiltinEmbedder } from '../src/adapters/embedder/builtin/index.js';
import { openSqliteStore } from '../src/adapters/store/sqlite/index.js';
import type { VectorBackendChoice } from '../src/adapters/store/sqlite/index.js';
import { createEngine } from '../src/core/engine.js';
import type { ProgressEvent } from '../src/kernel/progress.js';
import { lexicalField } from '../src/core/search/lexical-text.js';
import type { SourceSnapshot } from '../src/ports/catalog.js';
import type { Connector } from '../src/ports/connector.js';
import type { Embedder } from '../src/ports/embedder.js';
import { flag, mb, peakRssSampler, percentile } from './measure.js';
import { generateCatalog, generateQueries } from './scale-catalog.js';

const SOURCE = 'scale';
const CACHE_FILE = 'builtin-glove100.bin';

/** The database stand-in: accepts any postgres URL and returns the generated snapshot. */
export function snapshotConnector(snapshot: SourceSnapshot): Connector {
  return {
    type: 'postgres',
    validate() {},
    async checkAccess() {
      return { ok: true, role: 'bench', findings: [] };
    },
    async introspect() {
      return snapshot;
    },
  };
}

/** Wraps an embedder to time its `embed` calls (what "chunks/s embedded" measures). */
function timedEmbedder(inner: Embedder): Embedder & { texts: number; ms: number } {
  const timed = {
    modelId: inner.modelId,
    dimension: inner.dimension,
    texts: 0,
    ms: 0,
    async embed(texts: readonly string[]): Promise<Float32Array[]> {
      const t0 = performance.now();
      const out = await inner.embed(texts);
      timed.ms += performance.now() - t0;
      timed.texts += texts.length;
      return out;
    },
  };
  return timed;
}

/** Milliseconds of CPU (user + system) this process has used. */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Wall and CPU time from the first event of each phase to the first event of the next. */
function phaseClock(): {
  onProgress(e: ProgressEvent): void;
  phases(endMs: number, endCpuMs: number): { wall: Record<string, number>; cpu: Record<string, number> };
} {
  const starts: Array<[string, number, number]> = [];
  return {
    onProgress(e) {
      if (starts[starts.length - 1]?.[0] !== e.phase) starts.push([e.phase, performance.now(), cpuMs()]);
    },
    phases(endMs, endCpuMs) {
      const wall: Record<string, number> = {};
      const cpu: Record<string, number> = {};
      starts.forEach(([phase, at, cpuAt], i) => {
        const next = starts[i + 1];
        wall[phase] = Math.round((wall[phase] ?? 0) + (next?.[1] ?? endMs) - at);
        cpu[phase] = Math.round((cpu[phase] ?? 0) + (next?.[2] ?? endCpuMs) - cpuAt);
      });
      return { wall, cpu };
    },
  };
}

/**
 * sha256 of every chunk's entity list (by chunk id) and of the hits of `queries`: what a change
 * meant to speed the build up must leave unchanged (`--hash`).
 */
async function resultHashes(
  store: Awaited<ReturnType<typeof openSqliteStore>>,
  engine: ReturnType<typeof createEngine>,
  queries: readonly string[],
): Promise<{ entities: string; hits: string }> {
  const ids = [...(await store.chunkHashes(SOURCE)).keys()].sort();
  const entities = createHash('sha256');
  for (let i = 0; i < ids.length; i += 2000) {
    const page = ids.slice(i, i + 2000);
    const links = await store.entitiesOf(page);
    for (const id of page) entities.update(`${id}\t${JSON.stringify(links.get(id) ?? [])}\n`);
  }
  const hits = createHash('sha256');
  for (const q of queries) {
    for (const includeRelated of [false, true]) {
      const { tookMs: _took, ...result } = await engine.query(q, { includeRelated });
      hits.update(`${q}\t${JSON.stringify(result)}\n`);
    }
  }
  return { entities: entities.digest('hex').slice(0, 16), hits: hits.digest('hex').slice(0, 16) };
}

export function ensureCache(dir: string): string {
  const path = join(dir, CACHE_FILE);
  if (existsSync(path)) return path;
  // a child builds it: the JSON parse peaks near 1 GB and must not count here
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, 'scale', '--build-cache', path], { stdio: 'inherit' });
  if (child.status !== 0 || !existsSync(path)) throw new Error(`building the builtin vector cache at ${path} failed`);
  return path;
}

export async function run(argv: string[]): Promise<void> {
  const buildOnly = flag(argv, 'build-cache');
  if (buildOnly) {
    await buildBuiltinCache(buildOnly);
    return;
  }
  const tables = Number(flag(argv, 'tables') ?? 5000);
  const columns = Number(flag(argv, 'columns') ?? 100_000);
  const queryCount = Number(flag(argv, 'queries') ?? 200);
  const vector = (flag(argv, 'vector') ?? 'auto') as VectorBackendChoice;
  const json = argv.includes('--json');
  const log = (s: string) => !json && console.log(s);
  const cache = ensureCache(flag(argv, 'models') ?? join(tmpdir(), 'sextant-bench-models'));
  const keep = flag(argv, 'keep');
  const home = keep ?? mkdtempSync(join(tmpdir(), 'sextant-scale-'));

  const rss = peakRssSampler(20);
  try {
    const generated = performance.now();
    const snapshot = generateCatalog(SOURCE, tables, columns);
    const generateMs = performance.now() - generated;
    log(
      `generated ${tables} tables, ${columns} columns (${snapshot.objects.length} objects, ${snapshot.edges.length} foreign keys) in ${Math.round(generateMs)} ms`,
    );

    const embedder = timedEmbedder(await loadBuiltinEmbedder(cache));
    const store = await openSqliteStore(join(home, 'index.sqlite'), { vector });
    const engine = createEngine({
      store,
      connectors: new Map([['postgres', snapshotConnector(snapshot)]]),
      embedder: async () => embedder,
      lexical: lexicalField,
    });
    await engine.addSource({ name: SOURCE, url: 'postgres://bench@localhost/scale' });

    const clock = phaseClock();
    const t0 = performance.now();
    const cpu0 = cpuMs();
    const run = await engine.update({ source: SOURCE, onProgress: clock.onProgress });
    const buildMs = performance.now() - t0;
    const buildCpuMs = cpuMs() - cpu0;
    const phases = clock.phases(t0 + buildMs, cpu0 + buildCpuMs);
    const report = run.reports[0]!;
    if (report.status === 'failed') throw new Error(report.message);
    const buildRss = rss.stop();
    const status = await engine.status();
    const entities = await countEntities(store);
    log(
      `build: ${(buildMs / 1000).toFixed(1)} s for ${status.index.chunks} chunks (${Math.round(status.index.chunks / (buildMs / 1000))} chunks/s end to end)`,
    );
    log(`  CPU: ${(buildCpuMs / 1000).toFixed(1)} s (user + system, all threads)`);
    log(
      `  phases (ms wall / CPU): ${Object.entries(phases.wall)
        .map(([p, ms]) => `${p} ${ms} / ${phases.cpu[p]}`)
        .join(', ')}`,
    );
    log(`  builtin embedding: ${embedder.texts} chunks in ${Math.round(embedder.ms)} ms = ${Math.round(embedder.texts / (embedder.ms / 1000))} chunks/s`);
    log(`  entities: ${entities.entities} distinct, ${entities.links} links`);
    log(`peak RSS during build: ${mb(buildRss)}; index size: ${mb(status.index.sizeBytes)} (${status.index.vectorBackend} vectors)`);

    const queries = generateQueries(queryCount);
    const hashes = argv.includes('--hash') ? await resultHashes(store, engine, queries) : null;
    if (hashes) log(`sha256: entity lists ${hashes.entities}, query hits ${hashes.hits}`);
    const queryRss = peakRssSampler(20);
    for (const q of queries.slice(0, 5)) await engine.query(q); // warm: the JS vector matrix loads on the first query
    const timings = async (call: (q: string) => Promise<unknown>): Promise<{ wall: number[]; cpu: number[] }> => {
      const wall: number[] = [];
      const cpu: number[] = [];
      for (const q of queries) {
        const c = process.cpuUsage();
        const t = performance.now();
        await call(q);
        wall.push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
      return { wall, cpu };
    };
    const plainT = await timings((q) => engine.query(q));
    const relatedT = await timings((q) => engine.query(q, { includeRelated: true }));
    const lexicalT = await timings((q) => engine.search(q));
    const vectorT = await timings((q) => engine.vsearch(q));
    const plain = plainT.wall;
    const peak = Math.max(buildRss, queryRss.stop());
    await engine.close();

    const stats = ({ wall, cpu }: { wall: number[]; cpu: number[] }) => ({
      p50: round(percentile(wall, 50)),
      p95: round(percentile(wall, 95)),
      max: round(Math.max(...wall)),
      cpuP50: round(percentile(cpu, 50)),
      cpuP95: round(percentile(cpu, 95)),
    });
    const result = {
      tables,
      columns,
      objects: snapshot.objects.length,
      chunks: status.index.chunks,
      generateMs: Math.round(generateMs),
      buildMs: Math.round(buildMs),
      buildCpuMs: Math.round(buildCpuMs),
      phasesMs: phases.wall,
      phasesCpuMs: phases.cpu,
      ...(hashes ? { sha256: hashes } : {}),
      embeddedChunks: embedder.texts,
      embedMs: Math.round(embedder.ms),
      chunksPerSecondEmbedded: Math.round(embedder.texts / (embedder.ms / 1000)),
      entities: entities.entities,
      entityLinks: entities.links,
      peakRssBytes: peak,
      indexBytes: status.index.sizeBytes,
      vectorBackend: status.index.vectorBackend,
      queries: queries.length,
      queryMs: stats(plainT),
      queryWithRelatedMs: stats(relatedT),
      searchMs: stats(lexicalT),
      vsearchMs: stats(vectorT),
      loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
      targets: {
        queryP95: percentile(plain, 95) <= 50,
        chunksPerSecond: embedder.texts / (embedder.ms / 1000) >= 20_000,
        peakRss: peak <= 1.5 * 1024 ** 3,
      },
    };
    if (json) console.log(JSON.stringify(result, null, 2));
    else {
      const line = (name: string, s: ReturnType<typeof stats>) =>
        log(`  ${name.padEnd(22)} p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms (CPU p50 ${s.cpuP50} ms, p95 ${s.cpuP95} ms)`);
      log(`${queries.length} queries, hot process (load average ${result.loadAverage.join(', ')} on ${cpus().length} CPUs):`);
      line('query', result.queryMs);
      line('query + related', result.queryWithRelatedMs);
      line('search (BM25 only)', result.searchMs);
      line('vsearch (vectors only)', result.vsearchMs);
      log(`peak RSS overall: ${mb(peak)}`);
      log(
        `targets: query p95 ≤ 50 ms ${ok(result.targets.queryP95)}, builtin ≥ 20,000 chunks/s ${ok(result.targets.chunksPerSecond)}, peak RSS ≤ 1.5 GB ${ok(result.targets.peakRss)}`,
      );
    }
  } finally {
    rss.stop();
    if (!keep) rmSync(home, { recursive: true, force: true });
  }
}

async function countEntities(store: Awaited<ReturnType<typeof openSqliteStore>>): Promise<{ entities: number; links: number }> {
  let entities = 0;
  let links = 0;
  let cursor: string | undefined;
  do {
    const page = await store.listEntities({}, { limit: 5000, ...(cursor ? { cursor } : {}) });
    entities += page.items.length;
    links += page.items.reduce((sum, e) => sum + e.chunks, 0);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { entities, links };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const ok = (met: boolean) => (met ? 'met' : 'MISSED');
