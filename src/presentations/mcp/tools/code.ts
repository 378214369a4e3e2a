/**
 * @module presentations/mcp/tools/code
 * Code sources: `onboarding_plan` (seed 003's plan tool: a plan with its graph context) and
 * `list_files` (a code source's files, paged; unlisted like `list_documents`).
 */
import { z } from 'zod';
import { SextantError } from '../../../kernel/errors.js';
import type { OnboardingResult } from '../../../core/code/onboarding.js';
import { renderOnboardingPlan } from '../../text/plan-text.js';
import { defineTool } from '../tool-registry.js';
import { cursorArg } from './common.js';
import { pageOutput } from './catalog.js';

/** Seed 003's PlanToolOutput, in the wire's snake_case. */
export function planOutput(result: OnboardingResult) {
  const c = result.context;
  return {
    plan: result.plan,
    context: {
      seed_id: c.seedId,
      related_files: c.relatedFiles,
      depth: c.depth,
      limit: c.limit,
      direction: c.direction,
      rank: c.rank,
      source: c.source,
      resolved_by: c.resolvedBy,
      stats: { nodes_visited: c.stats.nodesVisited, edges_traversed: c.stats.edgesTraversed, max_depth: c.stats.maxDepth },
      ...(c.reason ? { reason: c.reason } : {}),
      ...(c.dataUses?.length
        ? {
            data_uses: c.dataUses.map((u) => ({
              file: u.file,
              uses: u.uses,
              kind: u.kind,
              ...(u.line ? { line: u.line } : {}),
              ...(u.access ? { access: u.access } : {}),
              ...(u.alsoIn?.length ? { also_in: u.alsoIn } : {}),
            })),
          }
        : {}),
      ...(c.seedAlsoIn?.length ? { seed_also_in: c.seedAlsoIn } : {}),
      ...(c.seedAlternatives?.length ? { seed_alternatives: c.seedAlternatives } : {}),
      ...(c.notice ? { notice: c.notice } : {}),
    },
    user_summary: result.userSummary,
  };
}

export const onboardingPlanTool = defineTool({
  name: 'onboarding_plan',
  title: 'Onboarding plan',
  description: 'Code onboarding: seed file, related files, reading steps.',
  access: 'read',
  input: {
    // optional with seed_file, as the CLI's `plan --seed FILE`: what belongs with that file
    request: z.string().trim().max(2000).optional(),
    seed_file: z.string().trim().min(1).max(1000).optional(),
    // the code source to plan in; default: the workspace root's when one is bound, else every code source
    source: z.string().trim().min(1).max(100).optional(),
    // out-of-range depth (0-5) and limit (1-500) are clamped by the planner, not refused: no bounds to advertise
    depth: z.number().int().optional(),
    limit: z.number().int().optional(),
    direction: z.enum(['union', 'forward', 'reverse']).optional(),
    // fused (default): a learned order over imports, co-change, busy files, commit subjects, topic; graph: seed 003's import-distance order
    rank: z.enum(['graph', 'fused']).optional(),
    // auto: the configured chat model writes the steps; rules: the deterministic plan
    writer: z.enum(['auto', 'rules']).optional(),
  },
  async run(args, ctx) {
    if (!args.request && !args.seed_file)
      throw new SextantError('USAGE', 'onboarding_plan needs a request or a seed_file', {
        hint: 'e.g. {"request": "how are invoices paid"} or {"seed_file": "src/billing/pay.ts"}',
      });
    const result = await ctx.engine.onboardingPlan({
      request: args.request ?? '',
      ...(args.seed_file ? { seedFile: args.seed_file } : {}),
      ...(args.source ? { source: args.source } : {}),
      ...(args.depth !== undefined ? { depth: args.depth } : {}),
      ...(args.limit !== undefined ? { limit: args.limit } : {}),
      ...(args.direction ? { direction: args.direction } : {}),
      ...(args.rank ? { rank: args.rank } : {}),
      ...(args.writer ? { writer: args.writer } : {}),
      ...(ctx.progress ? { onProgress: ctx.progress } : {}),
    });
    return { structured: planOutput(result), text: renderOnboardingPlan(result) };
  },
});

/** Kept out of tools/list (list_objects with kind "code_file" is the listed way); callable by name. */
export const listFilesTool = defineTool({
  name: 'list_files',
  title: 'List files',
  description: "A code source's files, paged: path, language, exported symbols.",
  access: 'read',
  listed: false,
  input: { source: z.string().trim().min(1).max(100), cursor: cursorArg, limit: z.number().int().min(1).max(200).default(50) },
  async run(args, ctx) {
    const page = await ctx.engine.listObjects({
      source: args.source,
      kinds: ['code_file'],
      ...(args.cursor ? { cursor: args.cursor } : {}),
      limit: args.limit,
    });
    const items = page.items.map((o) => ({
      id: o.id,
      path: o.path,
      language: String(o.attributes.language ?? ''),
      symbols: Array.isArray(o.attributes.symbols) ? (o.attributes.symbols as string[]) : [],
      comment: o.comment,
    }));
    return pageOutput(
      page,
      items,
      (f) => `${f.path} (${f.language})${f.symbols.length ? `: ${f.symbols.slice(0, 8).join(', ')}` : ''}`,
      `no files in ${args.source}`,
    );
  },
});
