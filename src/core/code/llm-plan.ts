/**
 * @module core/code/llm-plan
 * The onboarding plan written by a chat model (issue 16, "Plan"): the request, the seed and the
 * files of the graph context (each with its relation to the seed, leading comment and symbols)
 * go in as numbered facts; the answer must be JSON steps naming only those files. Answers are
 * cached in the index by model and prompt, like other LLM answers. Anything unusable (no
 * answer, not JSON, no step, only unknown files) is a failure the planner turns into the
 * deterministic plan with a note. The rules' step naming the code that touches the data the
 * request is about is kept when the model's plan leaves any of its files out.
 */
import type { ChatMessage, Llm } from '../../ports/llm.js';
import type { LlmCache } from '../../ports/glossary.js';
import { SextantError } from '../../kernel/errors.js';
import { sha256 } from '../../kernel/hash.js';
import { redactText } from '../../kernel/redact.js';
import { DATA_STEP_TITLE, type OnboardingPlan, type PlanStep } from './plan-steps.js';

/** One file of the context as the model sees it. */
export interface PlanFileFact {
  path: string;
  /** How it relates to the seed, in words ("the seed", "imported by the seed", "2 imports away", …). */
  relation: string;
  comment: string | null;
  symbols: readonly string[];
}

export interface LlmPlanInput {
  request: string;
  seed: string;
  files: readonly PlanFileFact[];
  /** The rules' plan, offered as a draft the model may reorder or regroup. */
  draft: OnboardingPlan;
}

const MAX_STEPS = 12;
const MAX_COMMENT = 200;
const MAX_SYMBOLS = 8;

const SYSTEM = [
  'You help a developer new to a codebase decide what to read, in which order, to understand what they asked about.',
  'You get the request and the files around a starting file in the import graph, each with how it relates to the starting file, its leading comment and its exported symbols.',
  'Answer with JSON only: {"steps": [{"title": "...", "files": ["path", ...], "why": "..."}]}, 2 to 8 steps in reading order.',
  'Name only files from the list, with their paths exactly as given. Each "why" says in one sentence what the reader learns there, grounded in the comments and symbols given.',
].join(' ');

export function buildPlanPrompt(input: LlmPlanInput): ChatMessage[] {
  // a plan asked from a seed file alone is about that file and what belongs with it
  const lines = [
    `Request: ${input.request.trim() || `understand ${input.seed} and the files that belong with it`}`,
    `Starting file: ${input.seed}`,
    '',
    'Files:',
  ];
  for (const f of input.files) {
    const comment = f.comment ? ` — ${f.comment.replace(/\s+/g, ' ').slice(0, MAX_COMMENT)}` : '';
    const symbols = f.symbols.length ? `; exports ${f.symbols.slice(0, MAX_SYMBOLS).join(', ')}` : '';
    lines.push(`- ${f.path} (${f.relation})${comment}${symbols}`);
  }
  lines.push('', 'A draft by simple rules (improve it):');
  for (const s of input.draft.steps) lines.push(`${s.step}. ${s.title}: ${s.files.join(', ')}`);
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: lines.join('\n') },
  ];
}

/** The model's answer as plan steps; unknown files are dropped, and a plan left with no file is refused. */
export function parsePlanAnswer(answer: string, known: ReadonlySet<string>): PlanStep[] {
  const text = answer
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '')
    .trim();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new SextantError('UPSTREAM_FAILED', 'the chat model did not answer JSON');
  }
  const raw = Array.isArray(data) ? data : (data as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(raw) || !raw.length) throw new SextantError('UPSTREAM_FAILED', 'the chat model answered no steps');
  const steps: PlanStep[] = [];
  for (const item of raw.slice(0, MAX_STEPS)) {
    const s = item as { title?: unknown; files?: unknown; why?: unknown };
    const title = typeof s.title === 'string' ? s.title.trim().slice(0, 200) : '';
    const files = Array.isArray(s.files)
      ? [...new Set(s.files.filter((f): f is string => typeof f === 'string').map((f) => f.trim().replace(/^\.\//, '')))].filter((f) => known.has(f))
      : [];
    if (!title || !files.length) continue;
    const why = typeof s.why === 'string' && s.why.trim() ? s.why.trim().slice(0, 500) : title;
    steps.push({ step: steps.length + 1, title, files, why });
  }
  if (!steps.length) throw new SextantError('UPSTREAM_FAILED', 'the chat model named none of the files of the context');
  return steps;
}

/** Asks the model (or the index's cache) for the plan; throws on any failure. */
export async function llmPlan(llm: Llm, cache: Pick<LlmCache, 'getCachedCompletion' | 'putCachedCompletion'>, input: LlmPlanInput): Promise<OnboardingPlan> {
  const messages = buildPlanPrompt(input);
  const key = sha256(JSON.stringify({ task: 'onboarding-plan', model: llm.modelId, messages }));
  const known = new Set(input.files.map((f) => f.path));
  const cached = await cache.getCachedCompletion(key);
  if (cached !== null) {
    try {
      return { request: input.request, steps: withDataStep(parsePlanAnswer(cached, known), input.draft), writtenBy: llm.modelId };
    } catch {
      // an unusable cached answer is asked again
    }
  }
  const answer = await llm.complete(messages, { json: true });
  const steps = parsePlanAnswer(answer, known);
  // only usable answers are kept, so a bad one is not served from the cache forever
  await cache.putCachedCompletion(key, llm.modelId, answer);
  return { request: input.request, steps: withDataStep(steps, input.draft), writtenBy: llm.modelId };
}

/** The model's steps, plus the draft's data step at the end when they leave out a file it names. */
export function withDataStep(steps: readonly PlanStep[], draft: OnboardingPlan): PlanStep[] {
  const data = draft.steps.find((s) => s.title === DATA_STEP_TITLE);
  const named = new Set(steps.flatMap((s) => s.files));
  if (!data || data.files.every((f) => named.has(f))) return [...steps];
  return [...steps, { ...data, step: steps.length + 1 }];
}

/** The note a plan carries when the model could not write it. */
export function fallbackNote(err: unknown): string {
  const message = err instanceof SextantError ? err.message : err instanceof Error ? err.message : String(err);
  return `the chat model could not write the plan (${redactText(message)}); this plan is by rules`;
}
