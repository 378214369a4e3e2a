/**
 * `npm run bench -- train-ranker --features FILE [--out FILE] [--folds 5] [--seed 19 | --seeds 19,1,…] [--products a*b,…]
 *   [--steps N] [--rate R] [--l2 L] [--json]`
 *
 * Trains the learned ranker (src/core/search/learned-ranker.ts) on the schema-linking dev
 * questions. FILE comes from the schema-linking bench with the ranker off:
 *   SEXTANT_RANKER=rrf npm run bench -- schema-linking --index DIR --features FILE
 * or, for the pages of a document search (target `documents`), from the documents bench:
 *   SEXTANT_RANKER=rrf npm run bench -- documents --rankers hybrid --features FILE
 * Cross-validation is grouped by database (5 folds, seeded): a question is ranked by a model that
 * never saw a question of its database (a document question is its own group); with `--seeds`
 * the report is the mean of one cross-validation per fold seed. Targets not trained keep the
 * model the output file already holds, and its record in `trained` (one per target: the run's
 * settings and CV quality). The report compares RRF with the cross-validated model per setting;
 * the model trained on every question is written to --out (default: the shipped file).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { checkModels, type RankerModel, type RankerModels } from '../../src/core/search/learned-ranker.js';
import { crossValidate, DEFAULT_TRAIN, featureColumns, meanQuality, quality, reorder, train, type Quality, type TrainOptions } from './train.js';
import { mergeTrained, type TrainingRecords } from './training-record.js';
import type { FeatureRow } from '../schema-linking/features.js';

const USAGE = `usage: npm run bench -- train-ranker --features FILE [options]
  --features FILE      candidates written by: SEXTANT_RANKER=rrf npm run bench -- schema-linking --index DIR --features FILE
  --out FILE           where the trained models go (default src/core/search/learned-ranker.json)
  --dry-run            cross-validate and report only; write nothing
  --targets T[,T]      relations, columns, documents (default: the targets FILE holds)
  --pool N             candidates the model reorders (default: relations 40, columns 60, documents 20)
  --folds N            database folds of the cross-validation (default 5)
  --seed N             seed of the fold assignment (default 19)
  --seeds N,N,…        report the mean of one cross-validation per fold seed (the model is the same)
  --products a*b,…     product features added to the linear model
  --steps N --rate R --l2 L   gradient descent (default ${DEFAULT_TRAIN.steps}, ${DEFAULT_TRAIN.rate}, ${DEFAULT_TRAIN.l2})
  --json               print the report as JSON`;

const TARGETS = ['relations', 'columns', 'documents'] as const;
type Target = (typeof TARGETS)[number];
const POOLS: Record<Target, number> = { relations: 40, columns: 60, documents: 20 };
const KS: Record<Target, number[]> = { relations: [1, 5, 10], columns: [5, 10, 20], documents: [1, 5, 10] };

interface Args {
  features: string;
  out: string;
  dryRun: boolean;
  targets: Target[] | null;
  pool: number | null;
  folds: number;
  seed: number;
  /** Fold seeds whose cross-validations the report averages (`[seed]` unless --seeds). */
  seeds: number[];
  products: string[];
  train: TrainOptions;
  json: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Partial<Args> & { train: TrainOptions } = {
    out: 'src/core/search/learned-ranker.json',
    dryRun: false,
    targets: null,
    pool: null,
    folds: 5,
    seed: 19,
    seeds: [],
    products: [],
    train: { ...DEFAULT_TRAIN },
    json: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value\n${USAGE}`);
      return v;
    };
    const number = () => {
      const n = Number(value());
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${a} needs a positive number\n${USAGE}`);
      return n;
    };
    if (a === '--features') args.features = value();
    else if (a === '--out') args.out = value();
    else if (a === '--dry-run') args.dryRun = true;
    else if (a === '--targets') {
      const t = value().split(',');
      if (!t.every((x) => (TARGETS as readonly string[]).includes(x))) throw new Error(`--targets takes ${TARGETS.join(', ')}\n${USAGE}`);
      args.targets = t as Target[];
    } else if (a === '--pool') args.pool = Math.floor(number());
    else if (a === '--folds') args.folds = Math.floor(number());
    else if (a === '--seed') args.seed = Math.floor(number());
    else if (a === '--seeds') {
      const seeds = value().split(',').map(Number);
      if (!seeds.length || !seeds.every((n) => Number.isInteger(n) && n >= 0)) throw new Error(`--seeds takes whole numbers, comma-separated\n${USAGE}`);
      args.seeds = seeds;
    } else if (a === '--products') args.products = value().split(',').filter(Boolean);
    else if (a === '--steps') args.train.steps = Math.floor(number());
    else if (a === '--rate') args.train.rate = number();
    else if (a === '--l2') args.train.l2 = number();
    else if (a === '--json') args.json = true;
    else throw new Error(`unknown option ${a}\n${USAGE}`);
  }
  if (!args.features) throw new Error(`--features is required\n${USAGE}`);
  return { ...args, seeds: args.seeds?.length ? args.seeds : [args.seed ?? 19] } as Args;
}

const f3 = (x: number) => x.toFixed(3);

function row(label: string, q: Quality, target: Target): string {
  if (target === 'documents') return `${label.padEnd(34)} ${f3(q.success[1]!)}  ${f3(q.success[5]!)}  ${f3(q.success[10]!)}  ${f3(q.mrr)}`;
  return target === 'relations'
    ? `${label.padEnd(34)} ${f3(q.recall[1]!)}  ${f3(q.recall[5]!)}  ${f3(q.recall[10]!)}  ${f3(q.all5)}  ${f3(q.mrr)}`
    : `${label.padEnd(34)} ${f3(q.recall[5]!)}  ${f3(q.recall[10]!)}  ${f3(q.recall[20]!)}`;
}

const HEADERS: Record<Target, string> = {
  relations: 'R@1    R@5    R@10   all@5  MRR',
  columns: 'R@5    R@10   R@20',
  documents: 's@1    s@5    s@10   MRR',
};

/** The models already in `file` (kept for the targets not trained now); none when it does not exist. */
function existingModels(file: string): RankerModels {
  if (!existsSync(file)) return { version: 1 };
  const checked = checkModels(JSON.parse(readFileSync(file, 'utf8')));
  if (!checked.ok) throw new Error(`${file}: ${checked.reason}`);
  return checked.models;
}

export async function run(argv: string[]): Promise<void> {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 2;
    return;
  }
  const text = readFileSync(args.features, 'utf8');
  const searches: FeatureRow[] = text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as FeatureRow);
  const models: RankerModels = existingModels(args.out);
  const targets = args.targets ?? TARGETS.filter((t) => searches.some((s) => s.target === t));
  const report: Record<string, unknown> = {};
  const records: TrainingRecords = {};
  const featuresFile = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const started = performance.now();
  for (const target of targets) {
    const mine = searches.filter((s) => s.target === target && s.gold > 0);
    if (!mine.length) throw new Error(`no ${target} searches in ${args.features}`);
    const pool = args.pool ?? POOLS[target];
    const columns = featureColumns(mine, args.products);
    const cvs = args.seeds.map((seed) => crossValidate(mine, columns, pool, args.folds, seed, args.train));
    const ks = KS[target];
    const settings = [...new Set(mine.map((s) => s.setting))];
    const rows: Record<string, { rrf: Quality; learned: Quality }> = {};
    for (const setting of settings) {
      const of = mine.filter((s) => s.setting === setting);
      const learned = meanQuality(cvs.map((cv) => quality(of, (s) => reorder(s, cv.get(s)!), ks)));
      rows[setting] = { rrf: quality(of, (s) => reorder(s, null), ks), learned };
    }
    report[target] = { searches: mine.length, features: columns.length, pool, settings: rows };
    if (!args.json) {
      console.log(
        `\n${target}: ${mine.length} searches, ${columns.length} features, pool ${pool}, ${args.folds}-fold CV grouped by database (seed${args.seeds.length > 1 ? `s ${args.seeds.join(',')}, mean` : ` ${args.seeds[0]}`})`,
      );
      console.log(`${'setting'.padEnd(34)} ${HEADERS[target]}`);
      for (const [setting, r] of Object.entries(rows)) {
        console.log(row(`${setting} rrf`, r.rrf, target));
        console.log(row(`${setting} learned (CV)`, r.learned, target));
      }
    }
    const model: RankerModel = train(mine, columns, pool, args.train);
    models[target] = model;
    records[target] = {
      by: 'npm run bench -- train-ranker',
      featuresFile,
      searches: mine.length,
      features: columns.length,
      pool,
      folds: args.folds,
      seed: args.seed,
      ...(args.seeds.length > 1 ? { seeds: args.seeds } : {}),
      ...args.train,
      products: args.products,
      cv: rows,
    };
    if (!args.json) {
      const top = model.features
        .map((f, j) => ({ f, w: model.weights[j]! }))
        .sort((a, b) => Math.abs(b.w) - Math.abs(a.w))
        .slice(0, 8);
      console.log(`heaviest weights: ${top.map((t) => `${t.f} ${t.w.toFixed(2)}`).join(', ')}`);
    }
  }
  models.trained = mergeTrained(models, records);
  if (args.json) console.log(JSON.stringify(report, null, 2));
  if (!args.dryRun) {
    writeFileSync(args.out, `${JSON.stringify(models, null, 2)}\n`);
    if (!args.json) console.log(`\nwrote ${args.out} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}
