/**
 * `npm run bench -- api-retrieval [--questions FILE] [--rankers R,…] [--misses FILE] [--large N | --no-large] [--json]`
 *
 * RestBench requests over TMDB and Spotify (../shared/bench/api-retrieval/README.md): both specs
 * are added as two `openapi` sources of ONE index through the normal `source add` path, and every
 * request is asked of the lexical, vector and hybrid search with `kinds: ['api_endpoint']`. The
 * other API's operations take places in the ranking but never count as hits. Reports recall@1/3/
 * 5/10, all@5/all@10 and MRR over `METHOD /path` ids, p50/p95 latency, beside the README's BM25
 * floor; then the ingest time of a generated large spec (first update and a no-change update).
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuiltinCache, openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Engine } from '../../src/core/engine.js';
import { parseObjectId } from '../../src/kernel/ids.js';
import { percentile } from '../measure.js';
import { allAt, recallAt, reciprocalRank } from '../schema-linking/metrics.js';
import { bindRankers, RANKERS, type RankerName } from '../schema-linking/rankers.js';
import { defaultDataDir, readQuestions, requireDataDir, specPaths, type ApiQuestion } from './dataset.js';
import { generateLargeSpec } from './large-spec.js';

const KS = [1, 3, 5, 10] as const;
const LIMIT = 10;
/** README reference, dev pooled: plain BM25 over one document per operation. */
const BM25_FLOOR = { recall: { 1: 0.329, 3: 0.514, 5: 0.566, 10: 0.745 }, all: { 5: 0.268, 10: 0.535 }, mrr: 0.761 };
const TARGET = { recall5: 0.85, all5: 0.7, mrr: 0.9 };
const LARGE_RESOURCES = 340;

const USAGE = `usage: npm run bench -- api-retrieval [options]
  --questions FILE   questions.jsonl (default: ../shared/bench/api-retrieval/questions.jsonl, the dev requests)
  --rankers R[,R…]   of lexical, vector, hybrid (default all three)
  --misses FILE      write the requests whose solution is not all in the top 5 (hybrid), one JSON line each
  --large N          resources of the generated large spec (6 operations, 9 schemas each; default ${LARGE_RESOURCES})
  --no-large         skip the large-spec ingest measurement
  --json             one JSON document instead of the table`;

interface Args {
  questions: string | null;
  rankers: RankerName[];
  misses: string | null;
  large: number;
  json: boolean;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Args {
  const args: Args = { questions: null, rankers: [...RANKERS], misses: null, large: LARGE_RESOURCES, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--questions') args.questions = value();
    else if (a === '--misses') args.misses = value();
    else if (a === '--json') args.json = true;
    else if (a === '--no-large') args.large = 0;
    else if (a === '--large') {
      args.large = Number(value());
      if (!Number.isInteger(args.large) || args.large < 1) throw new UsageError('--large needs a positive integer');
    } else if (a === '--rankers') {
      const names = value().split(',');
      if (names.some((n) => !(RANKERS as readonly string[]).includes(n))) throw new UsageError(`--rankers takes ${RANKERS.join(', ')}`);
      args.rankers = names as RankerName[];
    } else throw new UsageError(`unknown option ${a}`);
  }
  return args;
}

interface Score {
  recall: number[];
  all: number[];
  rr: number;
}

interface RankerResult {
  recall: Record<number, number>;
  all: Record<number, number>;
  mrr: number;
  p50Ms: number;
  p95Ms: number;
}

/** The ranking as `METHOD /path` keys of the request's API; another API's operation keeps its place but never matches. */
function rankedKeys(hitIds: readonly string[], api: string): string[] {
  return hitIds.map((id) => {
    const parsed = parseObjectId(id);
    return parsed && parsed.source === api ? parsed.path : `(other) ${id}`;
  });
}

function score(ranked: readonly string[], gold: ReadonlySet<string>): Score {
  return { recall: KS.map((k) => recallAt(ranked, gold, k)), all: KS.map((k) => allAt(ranked, gold, k)), rr: reciprocalRank(ranked, gold) };
}

function summarize(scores: readonly Score[], latencies: number[]): RankerResult {
  const mean = (f: (s: Score) => number) => scores.reduce((n, s) => n + f(s), 0) / scores.length;
  const recall: Record<number, number> = {};
  const all: Record<number, number> = {};
  KS.forEach((k, j) => {
    recall[k] = mean((s) => s.recall[j]!);
    all[k] = mean((s) => s.all[j]!);
  });
  return { recall, all, mrr: mean((s) => s.rr), p50Ms: percentile(latencies, 50), p95Ms: percentile(latencies, 95) };
}

async function indexSpecs(engine: Engine, specs: ReadonlyMap<string, string>): Promise<number> {
  for (const [api, path] of specs) await engine.addSource({ name: api, type: 'openapi', url: path });
  const t0 = performance.now();
  const run = await engine.update({});
  if (!run.ok) throw new Error(`indexing failed: ${run.reports.map((r) => r.message).join('; ')}`);
  return performance.now() - t0;
}

async function ask(engine: Engine, questions: readonly ApiQuestion[], rankers: readonly RankerName[], misses: ((line: object) => void) | null) {
  const bound = bindRankers(engine);
  const results: Partial<Record<RankerName, RankerResult>> = {};
  for (const r of rankers) {
    await bound[r]('warm up', { limit: LIMIT, kinds: ['api_endpoint'], noRerank: true });
    const scores: Score[] = [];
    const latencies: number[] = [];
    for (const q of questions) {
      const t = performance.now();
      const result = await bound[r](q.query, { limit: LIMIT, kinds: ['api_endpoint'], noRerank: true });
      latencies.push(performance.now() - t);
      const ranked = rankedKeys(
        result.hits.map((h) => h.objectId),
        q.api,
      );
      const s = score(ranked, new Set(q.gold));
      scores.push(s);
      if (misses && r === 'hybrid' && s.all[KS.indexOf(5)] !== 1) misses({ id: q.id, query: q.query, gold: q.gold, top5: ranked.slice(0, 5) });
    }
    results[r] = summarize(scores, latencies);
  }
  return results;
}

async function measureLargeSpec(engine: Engine, home: string, resources: number) {
  const file = join(home, 'large-spec.json');
  const spec = generateLargeSpec(resources);
  writeFileSync(file, JSON.stringify(spec));
  await engine.addSource({ name: 'large', type: 'openapi', url: file });
  const t0 = performance.now();
  const first = await engine.update({ source: 'large' });
  const firstMs = performance.now() - t0;
  const t1 = performance.now();
  const again = await engine.update({ source: 'large' });
  const againMs = performance.now() - t1;
  if (!first.ok || !again.ok) throw new Error(`large spec failed: ${[...first.reports, ...again.reports].map((r) => r.message).join('; ')}`);
  const paths = spec.paths as Record<string, Record<string, unknown>>;
  const operations = Object.values(paths).reduce((n, item) => n + Object.keys(item).filter((k) => k !== 'parameters').length, 0);
  const schemas = Object.keys((spec.components as { schemas: object }).schemas).length;
  return { operations, schemas, firstUpdateMs: Math.round(firstMs), noChangeUpdateMs: Math.round(againMs), objects: first.reports[0]?.objects ?? 0 };
}

const fmt = (n: number) => n.toFixed(3);

function printTable(results: Partial<Record<RankerName, RankerResult>>, questions: number): void {
  console.log(`api retrieval, dev requests (${questions}), pooled: TMDB and Spotify in one index; kinds api_endpoint, limit ${LIMIT}\n`);
  console.log('| ranker | R@1 | R@3 | R@5 | R@10 | all@5 | all@10 | MRR | p50 ms | p95 ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `| ${name} | ${KS.map((k) => fmt(r.recall[k]!)).join(' | ')} | ${fmt(r.all[5]!)} | ${fmt(r.all[10]!)} | ${fmt(r.mrr)} | ${r.p50Ms.toFixed(1)} | ${r.p95Ms.toFixed(1)} |`,
    );
  }
  const f = BM25_FLOOR;
  console.log(`| BM25 floor (README) | ${KS.map((k) => fmt(f.recall[k])).join(' | ')} | ${fmt(f.all[5])} | ${fmt(f.all[10])} | ${fmt(f.mrr)} | | |`);
  console.log(`\ntargets (hybrid): R@5 ≥ ${TARGET.recall5}, all@5 ≥ ${TARGET.all5}, MRR ≥ ${TARGET.mrr}`);
}

export async function run(argv: string[]): Promise<void> {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const dataDir = defaultDataDir();
  requireDataDir(dataDir);
  const questions = readQuestions(args.questions ?? join(dataDir, 'questions.jsonl'));
  const specs = specPaths(dataDir, [...new Set(questions.map((q) => q.api))].sort());
  const home = mkdtempSync(join(tmpdir(), 'sextant-bench-api-'));
  const cacheDir = join(process.env.SEXTANT_HOME || tmpdir(), 'bench', 'api-retrieval');
  let engine: Engine | null = null;
  try {
    const config = loadConfig({
      env: {
        ...process.env,
        SEXTANT_HOME: home,
        SEXTANT_CONFIG: join(home, 'no-config.yaml'),
        SEXTANT_MODELS_DIR: process.env.SEXTANT_MODELS_DIR || join(cacheDir, 'models'),
      },
    });
    if (config.get('embeddings.provider') === 'builtin') await ensureBuiltinCache(config);
    engine = await openEngine(config);
    const indexMs = await indexSpecs(engine, specs);
    if (args.misses) writeFileSync(args.misses, '');
    const misses = args.misses ? (line: object) => appendFileSync(args.misses!, `${JSON.stringify(line)}\n`) : null;
    const results = await ask(engine, questions, args.rankers, misses);
    const large = args.large ? await measureLargeSpec(engine, home, args.large) : null;
    if (args.json) {
      console.log(
        JSON.stringify({ questions: questions.length, indexMs: Math.round(indexMs), rankers: results, floor: BM25_FLOOR, targets: TARGET, large }, null, 2),
      );
      return;
    }
    printTable(results, questions.length);
    console.log(`\nindexed ${[...specs.keys()].join(' and ')} in ${(indexMs / 1000).toFixed(1)} s (embeddings: ${config.get('embeddings.provider')})`);
    if (large) {
      console.log(
        `large spec: ${large.operations} operations, ${large.schemas} schemas: first update ${(large.firstUpdateMs / 1000).toFixed(1)} s (target ≤ 5 s), no-change update ${(large.noChangeUpdateMs / 1000).toFixed(2)} s (target ≤ 0.5 s)`,
      );
    }
  } finally {
    await engine?.close().catch(() => undefined);
    rmSync(home, { recursive: true, force: true });
  }
}
