/**
 * `npm run bench -- code-scale [--files 10000] [--imports 3] [--plans 20] [--json]`
 *
 * A large repository as a code source: a generated git tree of TypeScript files in folders of 100,
 * each importing `--imports` others (some near, most anywhere, so import chains run thousands of
 * files long) and saying in a doc comment which of four modules it belongs to. Through the engine,
 * as `sextant update` and `sextant plan` run it: the first update (scan, chunks, builtin
 * embeddings, entities, write) with its peak RSS, an unchanged update, an update after one file's
 * edit, the first plan of a freshly opened engine by seed and by request (what a one-shot `sextant
 * plan` waits: the source's graph is loaded first), then `--plans` plans seeded by a file and as
 * many by a request (p50/p95 in the same process, its graph loaded once). No target is set by the issue; the README reports the numbers.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Engine } from '../src/core/engine.js';
import { openBenchEngine } from './bench-engine.js';
import { BenchUsageError, mb, peakRssSampler, percentile, readOptions, runWithArgs } from './measure.js';

interface Args {
  files: number;
  imports: number;
  plans: number;
  json: boolean;
}

const USAGE = `usage: npm run bench -- code-scale [options]
  --files N     files in the generated tree (default 10000)
  --imports N   imports per file (default 3)
  --plans N     plans timed of each kind, by seed and by request (default 20)
  --json        print the result as JSON`;

const MODULES = ['billing', 'users', 'orders', 'mail'];

function parseArgs(argv: string[]): Args {
  const args: Args = { files: 10_000, imports: 3, plans: 20, json: false };
  const count = (flag: string, v: string, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new BenchUsageError(`${flag} must be an integer of at least ${min}`);
    return n;
  };
  readOptions(argv, (flag, value) => {
    if (flag === '--files') args.files = count(flag, value(), 2);
    else if (flag === '--imports') args.imports = count(flag, value(), 0);
    else if (flag === '--plans') args.plans = count(flag, value(), 1);
    else if (flag === '--json') args.json = true;
    else return false;
    return true;
  });
  return args;
}

const fileOf = (i: number) => `src/m${Math.floor(i / 100)}/f${i}.ts`;

/** The tree as one commit: file i imports files a fixed stride apart, so the graph is the same on every run. */
function writeTree(root: string, files: number, imports: number): void {
  for (let i = 0; i < files; i++) {
    const path = join(root, fileOf(i));
    mkdirSync(join(path, '..'), { recursive: true });
    const targets = [...new Set(Array.from({ length: imports }, (_, k) => (i * 7 + (k + 1) * 131) % files))].filter((j) => j !== i);
    const lines = targets.map((j) => {
      const spec = relative(join(path, '..'), join(root, fileOf(j))).replace(/\.ts$/, '');
      return `import { f${j} } from '${spec.startsWith('.') ? spec : `./${spec}`}';`;
    });
    const module = MODULES[i % MODULES.length]!;
    writeFileSync(path, `${lines.join('\n')}\n/** Step ${i} of the ${module} module. */\nexport function f${i}() {\n  return ${i};\n}\n`);
  }
  const git = (...a: string[]) => execFileSync('git', ['-C', root, ...a], { stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.email=bench@example.com', '-c', 'user.name=bench', 'commit', '-qm', 'generated tree');
}

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await f();
  return [value, (performance.now() - t0) / 1000];
}

export async function run(argv: string[]): Promise<void> {
  await runWithArgs(argv, parseArgs, USAGE, measure);
}

async function measure(args: Args): Promise<void> {
  const say = (s: string) => !args.json && console.error(s);
  const work = mkdtempSync(join(tmpdir(), 'sextant-bench-code-scale-'));
  const root = join(work, 'repo');
  let engine: Engine | null = null;
  try {
    say(`writing ${args.files} files…`);
    writeTree(root, args.files, args.imports);
    engine = await openBenchEngine(join(work, 'home'));
    const open = engine;
    await open.addSource({ name: 'big', type: 'code', url: root, options: {} });
    const update = async () => {
      const result = await open.update({ source: 'big' });
      const report = result.reports[0]!;
      if (report.status === 'failed') throw new Error(`update failed: ${report.message}`);
      return report.status;
    };
    say('first update…');
    const sampler = peakRssSampler();
    const [, first] = await timed(update);
    const peak = sampler.stop();
    const [unchangedStatus, unchanged] = await timed(update);
    appendFileSync(join(root, fileOf(500 % args.files)), '// edited\n');
    const [, edited] = await timed(update);
    // a one-shot `sextant plan` opens the index afresh and loads the source's graph before it plans
    await open.close();
    engine = null;
    engine = await openBenchEngine(join(work, 'home'));
    const fresh = engine;
    const [, coldSeed] = await timed(() => fresh.onboardingPlan({ request: '', seedFile: fileOf(1) }));
    await fresh.close();
    engine = null;
    engine = await openBenchEngine(join(work, 'home'));
    const again = engine;
    const [, coldRequest] = await timed(() => again.onboardingPlan({ request: 'step 1 of the users module' }));
    say('plans…');
    const seeded: number[] = [];
    const asked: number[] = [];
    for (let p = 0; p < args.plans; p++) {
      const i = (p * 7919) % args.files;
      seeded.push((await timed(() => again.onboardingPlan({ request: '', seedFile: fileOf(i) })))[1] * 1000);
      asked.push((await timed(() => again.onboardingPlan({ request: `step ${i} of the ${MODULES[i % MODULES.length]} module` })))[1] * 1000);
    }
    const ms = (values: number[]) => ({ p50: Math.round(percentile(values, 50)), p95: Math.round(percentile(values, 95)) });
    const result = {
      files: args.files,
      importsPerFile: args.imports,
      firstUpdateSeconds: Number(first.toFixed(2)),
      peakRssMB: Math.round(peak / (1 << 20)),
      unchangedSeconds: Number(unchanged.toFixed(2)),
      unchangedStatus,
      oneEditSeconds: Number(edited.toFixed(2)),
      firstPlanBySeedMs: Math.round(coldSeed * 1000),
      firstPlanByRequestMs: Math.round(coldRequest * 1000),
      planBySeedMs: ms(seeded),
      planByRequestMs: ms(asked),
      load: loadavg().map((l) => Number(l.toFixed(2))),
    };
    if (args.json) return void console.log(JSON.stringify(result, null, 2));
    console.log(`${args.files} files, ${args.imports} imports each`);
    console.log(
      `first update ${result.firstUpdateSeconds} s (peak RSS ${mb(peak)}); unchanged ${result.unchangedSeconds} s (${unchangedStatus}); one file edited ${result.oneEditSeconds} s`,
    );
    console.log(`first plan in a fresh process (graph loaded): by seed ${result.firstPlanBySeedMs} ms, by request ${result.firstPlanByRequestMs} ms`);
    console.log(
      `later plan by seed p50 ${result.planBySeedMs.p50} ms, p95 ${result.planBySeedMs.p95} ms; by request p50 ${result.planByRequestMs.p50} ms, p95 ${result.planByRequestMs.p95} ms`,
    );
    console.log(`load average: ${result.load.join(' ')}`);
  } finally {
    await engine?.close();
    rmSync(work, { recursive: true, force: true });
  }
}
