/**
 * `npm run bench -- onboarding [--items FILE] [--bundle FILE] [--limit-items N] [--ranks graph,fused] [--features FILE] [--json]`
 *
 * Code onboarding on kysely's history (../shared/bench/code-onboarding/README.md; dev items only,
 * the held-out file is never read). The bundle is cloned once; for each item, oldest first, the
 * clone is checked out at the item's parent commit and `sextant update` brings the `code` source
 * up to date through the normal pipeline, so the graph, the chunks and the git history are those
 * of the parent. Then (a) related: the seed file → `onboarding_plan`'s related files, gold = the
 * other changed files; (b) topic: the commit subject → the seed found by topic followed by its
 * related files, gold = all changed files. recall@k and success@k (k = 1, 5, 10, 30) per rank
 * order, the full scan time, incremental update times, and BFS latency on a generated
 * 50,000-file graph. `--features FILE` also writes, per item and task, the fused order's
 * candidates with their features and gold labels (JSON lines) for bench/train-onboarding.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCodeConnector } from '../../src/adapters/connector/code/index.js';
import { buildCodeGraph } from '../../src/core/code/code-graph.js';
import type { OnboardingRank, OnboardingResult } from '../../src/core/code/onboarding.js';
import { traverse } from '../../src/core/code/traverse.js';
import type { Engine } from '../../src/core/engine.js';
import { openBenchEngine } from '../bench-engine.js';
import { BenchUsageError, percentile, readOptions, runWithArgs } from '../measure.js';

const KS = [1, 5, 10, 30] as const;
const RANKS: readonly OnboardingRank[] = ['graph', 'fused'];
const REFERENCE = {
  'related, BFS depth 1 (README)': { 5: 0.208, 10: 0.332, 30: 0.462, success10: 0.652 },
  'related, BFS depth 2 (README)': { 5: 0.211, 10: 0.349, 30: 0.587, success10: 0.663 },
  'topic, BM25 path + text (README)': { 5: 0.317, 10: 0.462, 30: 0.709, success10: 0.824 },
};
const TARGETS = { relatedRecall10: 0.6, topicRecall10: 0.6, scanSeconds: 5, bfsP95Ms: 5 };

interface Item {
  id: string;
  date: string;
  query: string;
  seed_file: string;
  changed_files: string[];
  bundle_parent: string;
}

interface Args {
  items: string;
  bundle: string;
  limit: number | null;
  ranks: OnboardingRank[];
  features: string | null;
  json: boolean;
}

const USAGE = `usage: npm run bench -- onboarding [options]
  --items FILE        items.jsonl (default: ../shared/bench/code-onboarding/items.jsonl, the dev items)
  --bundle FILE       the git bundle (default: kysely-2023.bundle beside the items)
  --limit-items N     the N most recent items (a quick run)
  --ranks R[,R…]      of graph (seed 003's BFS order), fused (BFS + co-change + churn + similar names, or topic + churn) (default both)
  --features FILE     also write each item's fused candidates with features and gold labels (JSON lines)
  --json              one JSON document instead of the table`;

function parseArgs(argv: string[]): Args {
  const dataDir = join(process.cwd(), '..', 'shared', 'bench', 'code-onboarding');
  const args: Args = { items: join(dataDir, 'items.jsonl'), bundle: '', limit: null, ranks: [...RANKS], features: null, json: false };
  readOptions(argv, (flag, value) => {
    if (flag === '--items') args.items = value();
    else if (flag === '--bundle') args.bundle = value();
    else if (flag === '--limit-items') args.limit = Number(value());
    else if (flag === '--json') args.json = true;
    else if (flag === '--features') args.features = value();
    else if (flag === '--ranks') {
      const names = value().split(',');
      if (names.some((n) => !(RANKS as readonly string[]).includes(n))) throw new BenchUsageError(`--ranks takes ${RANKS.join(', ')}`);
      args.ranks = names as OnboardingRank[];
    } else return false;
    return true;
  });
  if (/heldout/i.test(args.items)) throw new BenchUsageError('the held-out items are kept for independent evaluation: use the dev items');
  if (!existsSync(args.items))
    throw new BenchUsageError(`${args.items} is missing: the benchmark data lives in ../shared/bench/code-onboarding beside the repository`);
  args.bundle ||= join(args.items, '..', 'kysely-2023.bundle');
  if (!existsSync(args.bundle)) throw new BenchUsageError(`${args.bundle} is missing`);
  if (args.features && !args.ranks.includes('fused')) throw new BenchUsageError('--features needs the fused rank');
  return args;
}

function readItems(file: string, limit: number | null): Item[] {
  const all = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Item)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return limit ? all.slice(-limit) : all;
}

type Scores = Record<string, number>;

class Metrics {
  private readonly sums = new Map<string, number>();
  private n = 0;
  add(ranked: readonly string[], gold: readonly string[]): void {
    if (!gold.length) return;
    this.n++;
    for (const k of KS) {
      const top = new Set(ranked.slice(0, k));
      const found = gold.filter((g) => top.has(g)).length;
      this.sums.set(`recall@${k}`, (this.sums.get(`recall@${k}`) ?? 0) + found / gold.length);
      this.sums.set(`success@${k}`, (this.sums.get(`success@${k}`) ?? 0) + (found > 0 ? 1 : 0));
    }
  }
  result(): Scores & { items: number } {
    return { items: this.n, ...Object.fromEntries([...this.sums].map(([key, sum]) => [key, Number((sum / Math.max(this.n, 1)).toFixed(3))])) };
  }
}

/** A random import graph shaped like a large repository: a few hubs many files import, 5 imports a file on average. */
function syntheticGraph(files: number) {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const nodes = Array.from({ length: files }, (_, i) => `src/m${Math.floor(i / 100)}/f${i}.ts`);
  const edges = [];
  for (let i = 0; i < files; i++) {
    for (let j = 0; j < 5; j++) {
      const target = random() < 0.3 ? Math.floor(random() * 200) : Math.floor(random() * files);
      edges.push({ source: nodes[i]!, target: nodes[target]! });
    }
  }
  return { nodes, edges };
}

function bfsLatency(): { files: number; buildMs: number; depth1: { p50: number; p95: number }; depth2: { p50: number; p95: number } } {
  const { nodes, edges } = syntheticGraph(50_000);
  const t0 = performance.now();
  const graph = buildCodeGraph(nodes, edges);
  const buildMs = performance.now() - t0;
  const timings = (depth: number) => {
    const ms: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const seed = nodes[(i * 7919) % nodes.length]!;
      const s = performance.now();
      traverse(graph, seed, { depth, limit: 30, direction: 'union' });
      ms.push(performance.now() - s);
    }
    return { p50: Number(percentile(ms, 50).toFixed(3)), p95: Number(percentile(ms, 95).toFixed(3)) };
  };
  return { files: nodes.length, buildMs: Math.round(buildMs), depth1: timings(1), depth2: timings(2) };
}

export async function run(argv: string[]): Promise<void> {
  await runWithArgs(argv, parseArgs, USAGE, measure);
}

async function measure(args: Args): Promise<void> {
  const say = (s: string) => !args.json && console.error(s);
  const items = readItems(args.items, args.limit);
  const work = mkdtempSync(join(tmpdir(), 'sextant-bench-code-'));
  const repo = join(work, 'kysely');
  const git = (...a: string[]) => execFileSync('git', ['-C', repo, ...a], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  let engine: Engine | null = null;
  try {
    execFileSync('git', ['clone', '-q', '-b', 'cut', args.bundle, repo]);
    engine = await openBenchEngine(join(work, 'home'));
    await engine.addSource({ name: 'kysely', type: 'code', url: repo, options: {} });

    const related = new Map<string, Metrics>();
    const topic = new Map<string, Metrics>();
    const metric = (map: Map<string, Metrics>, key: string) => map.get(key) ?? map.set(key, new Metrics()).get(key)!;
    const updates: number[] = [];
    if (args.features) writeFileSync(args.features, '');
    /** One feature row (bench/train-onboarding reads them): the candidates, gold among them labelled 1. */
    const writeFeatures = (item: Item, r: OnboardingResult, gold: readonly string[]) => {
      if (!args.features || !r.candidates) return;
      const wanted = new Set(gold);
      const candidates = r.candidates.list.map((c) => ({ key: c.file, label: wanted.has(c.file) ? 1 : 0, features: c.features }));
      appendFileSync(args.features, `${JSON.stringify({ task: r.candidates.task, id: item.id, date: item.date, gold: gold.length, candidates })}\n`);
    };
    let scanSeconds = 0;
    let done = 0;
    for (const item of items) {
      git('checkout', '-q', '--force', item.bundle_parent);
      git('clean', '-fdq');
      const t0 = performance.now();
      const report = (await engine.update({ source: 'kysely' })).reports[0]!;
      const seconds = (performance.now() - t0) / 1000;
      if (report.status === 'failed') throw new Error(`update at ${item.bundle_parent} failed: ${report.message}`);
      if (done === 0) scanSeconds = seconds;
      else updates.push(seconds);
      const others = item.changed_files.filter((f) => f !== item.seed_file);
      for (const rank of args.ranks) {
        for (const depth of rank === 'graph' ? [1, 2] : [2]) {
          const r = await engine.onboardingPlan({ request: '', seedFile: item.seed_file, depth, limit: 30, rank, withFeatures: !!args.features });
          metric(related, `${rank}, depth ${depth}`).add(r.context.relatedFiles, others);
          writeFeatures(item, r, others);
        }
        const t = await engine.onboardingPlan({ request: item.query, depth: 1, limit: 30, rank, withFeatures: !!args.features });
        writeFeatures(item, t, item.changed_files);
        metric(topic, `${rank}, depth 1`).add(t.context.seedId ? [t.context.seedId, ...t.context.relatedFiles] : [], item.changed_files);
      }
      done++;
      if (done % 10 === 0 || done === items.length) say(`${done}/${items.length} items (last update ${seconds.toFixed(2)} s)`);
    }
    // the scan alone (list, read, dependency-cruiser, git history) on the last tree, nothing stored
    const s0 = performance.now();
    const snapshot = await createCodeConnector().introspect({ name: 'kysely', type: 'code', url: repo, options: {}, createdAt: new Date().toISOString() });
    const scanOnly = (performance.now() - s0) / 1000;
    const bfs = bfsLatency();
    const result = {
      items: items.length,
      related: Object.fromEntries([...related].map(([k, m]) => [k, m.result()])),
      topic: Object.fromEntries([...topic].map(([k, m]) => [k, m.result()])),
      reference: REFERENCE,
      targets: TARGETS,
      scan: {
        files: Number(snapshot.info.files),
        scanSeconds: Number(scanOnly.toFixed(2)),
        firstUpdateSeconds: Number(scanSeconds.toFixed(2)),
        updateP50Seconds: Number(percentile(updates, 50).toFixed(2)),
        updateP95Seconds: Number(percentile(updates, 95).toFixed(2)),
      },
      bfs,
      load: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(2))),
    };
    if (args.json) return void console.log(JSON.stringify(result, null, 2));
    const row = (name: string, s: Scores) =>
      `${name.padEnd(34)} ${KS.map((k) => String(s[`recall@${k}`]).padStart(6)).join(' ')} ${String(s['success@10']).padStart(9)}`;
    console.log(`${'ranker'.padEnd(34)} ${KS.map((k) => `r@${k}`.padStart(6)).join(' ')} ${'success@10'.padStart(9)}`);
    for (const [k, s] of Object.entries(result.related)) console.log(row(`related: ${k}`, s));
    for (const [k, s] of Object.entries(result.topic)) console.log(row(`topic: ${k}`, s));
    console.log(
      `scan of ${result.scan.files} files: ${result.scan.scanSeconds} s; first full update (scan, chunks, embeddings) ${result.scan.firstUpdateSeconds} s; later updates p50 ${result.scan.updateP50Seconds} s, p95 ${result.scan.updateP95Seconds} s`,
    );
    console.log(
      `BFS on ${bfs.files} files (graph built in ${bfs.buildMs} ms): depth 1 p50 ${bfs.depth1.p50} ms p95 ${bfs.depth1.p95} ms; depth 2 p50 ${bfs.depth2.p50} ms p95 ${bfs.depth2.p95} ms`,
    );
    console.log(`load average: ${result.load.join(' ')}`);
  } finally {
    await engine?.close();
    rmSync(work, { recursive: true, force: true });
  }
}
