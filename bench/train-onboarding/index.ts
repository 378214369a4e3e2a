/**
 * `npm run bench -- train-onboarding --features FILE [--out FILE] [--dry-run] [--steps N] [--rate R] [--l2 L] [--drop f,…] [--json]`
 *
 * Trains the fused onboarding order (src/core/code/onboarding-model.ts) on kysely's dev items.
 * FILE comes from `npm run bench -- onboarding --features FILE`: per item and task (related,
 * topic), every candidate's features and gold label. The same pairwise linear model as the
 * learned search ranker (bench/train-ranker/train.ts), one per task. Validation by halves: the
 * items sorted by date are cut in two (older, newer) and dealt alternately (odd, even); a model
 * trained on one half ranks the other. The model trained on every item is written to --out
 * (default: src/core/code/onboarding-weights.ts). A request feature (the same for every candidate
 * of an item, onboarding-features.ts) enters only as its products with the other features.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { REQUEST_FEATURES } from '../../src/core/code/onboarding-features.js';
import type { FusedTask, LinearModel } from '../../src/core/code/onboarding-model.js';
import { BenchUsageError, readOptions, runWithArgs } from '../measure.js';
import { DEFAULT_TRAIN, featureColumns, quality, reorder, train, type TrainingSearch, type TrainOptions } from '../train-ranker/train.js';

interface Row extends TrainingSearch {
  task: FusedTask;
  id: string;
  date: string;
}

interface Args {
  features: string;
  out: string;
  dryRun: boolean;
  drop: string[];
  train: TrainOptions;
  json: boolean;
}

const TASKS: readonly FusedTask[] = ['related', 'topic'];
/**
 * The settings the shipped weights were trained with (their header says so), as defaults: the search
 * ranker's L2 (0.001) gives held halves about 0.03 lower here, and the features left out lowered them too.
 */
const ONBOARDING_TRAIN: TrainOptions = { ...DEFAULT_TRAIN, l2: 0.3 };
const DEFAULT_DROP = ['names', 'namesRank', 'mentioned', 'fanOut', 'fanIn', 'documented'];
const KS = [1, 5, 10, 30];

const USAGE = `usage: npm run bench -- train-onboarding --features FILE [options]
  --features FILE      candidates written by: npm run bench -- onboarding --features FILE
  --out FILE           where the trained weights go (default src/core/code/onboarding-weights.ts)
  --dry-run            validate and report only; write nothing
  --drop f,…           features left out of the model (default ${DEFAULT_DROP.join(',')}; none: --drop '')
  --steps N --rate R --l2 L   gradient descent (default ${ONBOARDING_TRAIN.steps}, ${ONBOARDING_TRAIN.rate}, ${ONBOARDING_TRAIN.l2})
  --json               print the report as JSON`;

function parseArgs(argv: string[]): Args {
  const args: Args = {
    features: '',
    out: 'src/core/code/onboarding-weights.ts',
    dryRun: false,
    drop: [...DEFAULT_DROP],
    train: { ...ONBOARDING_TRAIN },
    json: false,
  };
  readOptions(argv, (flag, value) => {
    if (flag === '--features') args.features = value();
    else if (flag === '--out') args.out = value();
    else if (flag === '--dry-run') args.dryRun = true;
    else if (flag === '--drop') args.drop = value().split(',').filter(Boolean);
    else if (flag === '--steps') args.train.steps = Number(value());
    else if (flag === '--rate') args.train.rate = Number(value());
    else if (flag === '--l2') args.train.l2 = Number(value());
    else if (flag === '--json') args.json = true;
    else return false;
    return true;
  });
  if (!args.features) throw new BenchUsageError('--features FILE is required');
  // every candidate is paired with every gold one: the pools are a few hundred files
  args.train.negatives = Number.MAX_SAFE_INTEGER;
  return args;
}

/** Recall@k and success@k of `order` over `rows`, rounded as the onboarding bench prints them. */
function scores(rows: readonly Row[], order: (r: Row) => string[]): Record<string, number> {
  const q = quality(rows, order, KS);
  const round = (n: number) => Number(n.toFixed(3));
  return { items: rows.length, ...Object.fromEntries(KS.map((k) => [`recall@${k}`, round(q.recall[k]!)])), 'success@10': round(q.success[10]!) };
}

function fit(rows: readonly Row[], columns: readonly string[], options: TrainOptions): LinearModel {
  const { features, mean, scale, weights } = train(rows, columns, Number.MAX_SAFE_INTEGER, options);
  return { features, mean: mean.map((m) => Number(m.toFixed(6))), scale: scale.map((s) => Number(s.toFixed(6))), weights };
}

/** The model's columns: every feature the rows carry but those dropped, a request feature as its products with the others. */
export function modelColumns(rows: readonly TrainingSearch[], drop: readonly string[]): string[] {
  const kept = featureColumns(rows).filter((c) => !drop.includes(c));
  const own = kept.filter((c) => !REQUEST_FEATURES.includes(c));
  return [...own, ...kept.filter((c) => REQUEST_FEATURES.includes(c)).flatMap((r) => own.map((c) => `${r}*${c}`))];
}

/** The two ways of halving the dev items: by time and alternately, each as [A, B]. */
function halves(rows: readonly Row[]): Record<string, [Row[], Row[]]> {
  const ids = [...new Set([...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)).map((r) => r.id))];
  const older = new Set(ids.slice(0, Math.ceil(ids.length / 2)));
  const odd = new Set(ids.filter((_, i) => i % 2 === 0));
  const split = (inA: Set<string>): [Row[], Row[]] => [rows.filter((r) => inA.has(r.id)), rows.filter((r) => !inA.has(r.id))];
  return { 'older | newer': split(older), 'odd | even': split(odd) };
}

export async function run(argv: string[]): Promise<void> {
  await runWithArgs(argv, parseArgs, USAGE, measure);
}

async function measure(args: Args): Promise<void> {
  const all = readFileSync(args.features, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row);
  const report: Record<string, unknown> = {};
  const models = {} as Record<FusedTask, LinearModel>;
  for (const task of TASKS) {
    const rows = all.filter((r) => r.task === task);
    const columns = modelColumns(rows, args.drop);
    const byModel = (model: LinearModel) => (r: Row) => reorder(r, model);
    models[task] = fit(rows, columns, args.train);
    const out: Record<string, unknown> = { 'in-sample': scores(rows, byModel(models[task])) };
    for (const [name, [a, b]] of Object.entries(halves(rows))) {
      const [left, right] = name.split(' | ');
      out[`${left} (trained on ${right})`] = scores(a, byModel(fit(b, columns, args.train)));
      out[`${right} (trained on ${left})`] = scores(b, byModel(fit(a, columns, args.train)));
    }
    out.weights = Object.fromEntries(models[task].features.map((f, j) => [f, models[task].weights[j]]));
    report[task] = out;
  }
  if (!args.dryRun) writeFileSync(args.out, await weightsModule(models, args));
  if (args.json) return void console.log(JSON.stringify(report, null, 2));
  for (const task of TASKS) {
    const out = report[task] as Record<string, Record<string, number>>;
    console.log(`${task}:`);
    for (const [name, s] of Object.entries(out)) {
      if (name === 'weights')
        console.log(
          `  weights ${Object.entries(s)
            .map(([f, w]) => `${f} ${w.toFixed(3)}`)
            .join(', ')}`,
        );
      else console.log(`  ${name.padEnd(28)} ${KS.map((k) => `r@${k} ${s[`recall@${k}`]}`).join('  ')}  s@10 ${s['success@10']}  (${s.items} items)`);
    }
  }
}

/** The weights as a TypeScript module, formatted as the repository's Prettier settings say (so a retrain diffs only in numbers). */
async function weightsModule(models: Record<FusedTask, LinearModel>, args: Args): Promise<string> {
  const source = `/**
 * @module core/code/onboarding-weights
 * Written by \`npm run bench -- train-onboarding\` from the onboarding bench's dev items (steps ${args.train.steps}, rate ${args.train.rate}, l2 ${args.train.l2}${args.drop.length ? `, without ${args.drop.join(', ')}` : ''}): do not edit by hand.
 */
import type { LinearModel } from '../search/learned-ranker.js';

/** One model per task: \`related\` (files that belong with a seed file), \`topic\` (files a request is about). */
export const ONBOARDING_WEIGHTS: Record<'related' | 'topic', LinearModel> = ${JSON.stringify(models, null, 2)};
`;
  const options = await resolveConfig(args.out);
  return format(source, { ...options, filepath: args.out });
}
