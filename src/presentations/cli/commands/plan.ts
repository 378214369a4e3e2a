/** @module presentations/cli/commands/plan — `sextant plan "request"`: where to start reading code, from the import graph. */
import type { Command } from 'commander';
import { SextantError } from '../../../kernel/errors.js';
import { DEFAULT_RANK, type OnboardingRank, type PlanWriter } from '../../../core/code/onboarding.js';
import { TRAVERSAL_BOUNDS, TRAVERSAL_DEFAULTS, type TraversalDirection } from '../../../core/code/traverse.js';
import { renderOnboardingPlan } from '../../text/plan-text.js';
import { printJson, println } from '../output.js';
import { runWithEngine } from '../session.js';

interface PlanFlags {
  seed?: string;
  depth?: string;
  limit?: string;
  direction?: string;
  source?: string;
  rank?: string;
  writer?: string;
}

const RANKS: readonly OnboardingRank[] = ['graph', 'fused'];
const WRITERS: readonly PlanWriter[] = ['auto', 'rules'];
const DIRECTIONS: readonly TraversalDirection[] = ['union', 'forward', 'reverse'];

function whole(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new SextantError('USAGE', `--${flag} must be an integer from ${min} to ${max}, got '${value}'`);
  return n;
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw new SextantError('USAGE', `--${flag} must be one of ${allowed.join(', ')}, got '${value}'`);
  return value as T;
}

export function registerPlanCommand(program: Command): void {
  program
    .command('plan')
    .description('an onboarding plan for a request: the seed file, the files around it (imports, shared history, topic), steps to read them')
    .argument('[request...]', 'what you want to understand, e.g. "how are invoices paid" (optional with --seed: what belongs with that file)')
    .option('--seed <file>', 'start from this file (repository-relative; .js/.ts, index and base names are matched)')
    .option('--depth <n>', `imports away from the seed (0-${TRAVERSAL_BOUNDS.maxDepth})`, String(TRAVERSAL_DEFAULTS.depth))
    .option('--limit <n>', `most related files (1-${TRAVERSAL_BOUNDS.maxLimit})`, String(TRAVERSAL_DEFAULTS.limit))
    .option('--direction <dir>', 'forward (what it imports), reverse (who imports it) or union', 'union')
    .option('--source <name>', 'the code source (default: every code source)')
    .option(
      '--rank <order>',
      "fused (a learned order over imports, co-change history, recently busy files, names, commit subjects and topic search) or graph (import distance, then degree: seed 003's order)",
      DEFAULT_RANK,
    )
    .option('--writer <who>', 'auto (the configured chat model writes the steps) or rules (the deterministic plan)', 'auto')
    .action(async (words: string[], flags: PlanFlags, command: Command) => {
      if (!words.length && !flags.seed?.trim())
        throw new SextantError('USAGE', 'plan needs a request or --seed FILE', {
          hint: 'e.g. sextant plan "how are invoices paid", or sextant plan --seed src/billing/pay.ts',
        });
      const direction = oneOf('direction', flags.direction ?? 'union', DIRECTIONS);
      const rank = oneOf('rank', flags.rank ?? DEFAULT_RANK, RANKS);
      const writer = oneOf('writer', flags.writer ?? 'auto', WRITERS);
      const depth = whole('depth', flags.depth, 0, TRAVERSAL_BOUNDS.maxDepth);
      const limit = whole('limit', flags.limit, 1, TRAVERSAL_BOUNDS.maxLimit);
      await runWithEngine(command, async (engine, ctx) => {
        const result = await engine.onboardingPlan({
          request: words.join(' '),
          ...(flags.seed ? { seedFile: flags.seed } : {}),
          ...(depth !== undefined ? { depth } : {}),
          ...(limit !== undefined ? { limit } : {}),
          direction,
          ...(flags.source ? { source: flags.source } : {}),
          rank,
          writer,
          // a source with no graph yet is scanned first: a large repository takes a while
          onProgress: ctx.progress,
        });
        ctx.progress.done();
        if (ctx.json) return printJson({ ok: true, ...result });
        println(renderOnboardingPlan(result));
      });
    });
}
