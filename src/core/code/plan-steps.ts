/**
 * @module core/code/plan-steps
 * The deterministic onboarding plan, written without a language model: entry points first
 * (files nothing in the context imports), then the seed, what it builds on, who uses it, what
 * lies further out, (in the fused order) what changed with it or is about the same topic, and
 * last the tests among them, each step naming its files and why they come there.
 */
import { importersOf, importsOf, type CodeGraph } from './code-graph.js';
import { copyFolder } from './data-users.js';
import { isTestFile } from '../../kernel/test-paths.js';

export interface PlanStep {
  step: number;
  title: string;
  files: string[];
  why: string;
}

export interface OnboardingPlan {
  request: string;
  steps: PlanStep[];
  /** `rules` (this module) or the language model's id. */
  writtenBy: string;
  /** Why a plan is by rules although a chat model is configured (it failed). */
  note?: string;
}

export interface PlanInput {
  request: string;
  seed: string | null;
  related: readonly string[];
  distance: ReadonlyMap<string, number>;
  /** How the seed was found (`topic`: from the request's words; `meaning`: by vectors alone, no file says a word of it). */
  how?: string;
  /** Why there is no seed (shown as the only step). */
  reason?: string;
  /** Files that use the tables or GraphQL fields the request is about, each with why (core/code/data-users). */
  dataUses?: ReadonlyArray<{ file: string; why: string }>;
  /** Whose data `dataUses` touch: the request's (the default), or the seed's own tables (a plan by a seed that imports nothing). */
  dataOf?: 'request' | 'seed';
  /** Tests among `related` that call the seed's routes over HTTP, each with why (`line 15 calls /items/`): first among the tests. */
  httpCallers?: ReadonlyArray<{ file: string; why: string }>;
  /** Files git history says changed in the same commits as the seed (its co-change partners). */
  changedWith?: ReadonlySet<string>;
  /**
   * The files the request's words found, when a model ranked more than them (the fused topic order):
   * the other unlinked files are there for their ties to those files or their recent changes, and say so.
   */
  found?: ReadonlySet<string>;
  /** The seed's dialect copies the plan leaves out (core/code/sql-copies). */
  seedAlsoIn?: readonly string[];
}

/** The title of the step naming the files that use the data a request is about. */
export const DATA_STEP_TITLE = 'Code that touches the data';

const ENTRY_NAME = /(^|\/)(index|main|cli|app|server|bin)\.[a-z]+$/i;

/** C and C++ sources: nothing includes them, so being unimported says nothing of starting things. */
const NEVER_IMPORTED = /\.(?:c|cc|cpp|cxx|m|mm)$/i;

/** A file of the context that starts things: nothing imports it, or it is named like an entry point and few do. */
export function isEntryPoint(graph: CodeGraph, file: string): boolean {
  if (NEVER_IMPORTED.test(file)) return ENTRY_NAME.test(file);
  const importers = importersOf(graph, file).length;
  return (importers === 0 && importsOf(graph, file).length > 0) || (ENTRY_NAME.test(file) && importers <= 1);
}

export function deterministicPlan(graph: CodeGraph, input: PlanInput): OnboardingPlan {
  const steps: Omit<PlanStep, 'step'>[] = [];
  if (!input.seed) {
    steps.push({
      title: 'Find a starting file',
      files: [],
      why: `${input.reason ?? 'no file matched the request'}; name a seed file to start from (such as src/index.ts) or use words that appear in file names and comments`,
    });
    return { request: input.request, steps: steps.map((s, i) => ({ step: i + 1, ...s })), writtenBy: 'rules' };
  }
  const seed = input.seed;
  const dataUses = (input.dataUses ?? []).filter((u) => u.file !== seed);
  const dataFiles = new Set(dataUses.map((u) => u.file));
  // nothing imports a test either, yet a test is where checks start, not execution: tests come last
  // a test calling the seed's routes over HTTP tests the seed itself: those first
  const http = new Map((input.httpCallers ?? []).map((c) => [c.file, c.why]));
  const tests = input.related.filter((f) => !dataFiles.has(f) && isTestFile(f)).sort((a, b) => Number(http.has(b)) - Number(http.has(a)));
  const code = input.related.filter((f) => !dataFiles.has(f) && !tests.includes(f));
  // an entry point reaches the code around the seed (the walk's files, the data's users): a file the history or the
  // topic brought in that imports only others of their kind starts nothing here (a benchmark script importing the engine)
  const around = new Set([seed, ...input.distance.keys(), ...dataFiles]);
  const entries = code.filter((f) => isEntryPoint(graph, f) && (input.distance.has(f) || importsOf(graph, f).some((t) => around.has(t))));
  const rest = code.filter((f) => !entries.includes(f));
  const imported = new Set(importsOf(graph, seed));
  const direct = rest.filter((f) => input.distance.get(f) === 1);
  const buildsOn = direct.filter((f) => imported.has(f));
  const usedBy = direct.filter((f) => !imported.has(f));
  const further = rest.filter((f) => (input.distance.get(f) ?? 0) > 1);
  const unlinked = rest.filter((f) => !input.distance.has(f));
  if (entries.length)
    steps.push({
      title: 'Start at the entry points',
      files: entries,
      why: 'nothing else here imports them: this is where execution reaches the code around the seed',
    });
  steps.push({
    title: `Read ${seed}`,
    files: [seed],
    why:
      (!input.how || input.how === 'topic'
        ? `the file that best matches "${input.request}"`
        : input.how === 'meaning'
          ? `a guess near "${input.request}" in meaning: no file says any word of it`
          : `the seed file you named${input.how === 'exact' ? '' : ` (${input.how} match)`}`) +
      (input.seedAlsoIn?.length ? `; also in ${input.seedAlsoIn.map(copyFolder).join(', ')}` : ''),
  });
  if (dataUses.length)
    steps.push({
      title: DATA_STEP_TITLE,
      files: dataUses.map((u) => u.file),
      why: `${input.dataOf === 'seed' ? `${seed} uses data these files use too` : 'the request is about data these files use'}: ${dataUses.map((u) => `${u.file} ${u.why}`).join('; ')}`,
    });
  if (buildsOn.length) steps.push({ title: 'What it builds on', files: buildsOn, why: `${seed} imports these directly` });
  if (usedBy.length) steps.push({ title: 'Who uses it', files: usedBy, why: `these import ${seed} directly: read them to see how it is called` });
  const byDistance = new Map<number, string[]>();
  for (const f of further) byDistance.set(input.distance.get(f)!, [...(byDistance.get(input.distance.get(f)!) ?? []), f]);
  for (const [d, files] of [...byDistance].sort((a, b) => a[0] - b[0]))
    steps.push({ title: `Further out (${d} imports away)`, files, why: `linked to ${seed} through ${d - 1} other file${d === 2 ? '' : 's'}` });
  const together = unlinked.filter((f) => input.changedWith?.has(f));
  const topical = unlinked.filter((f) => !input.changedWith?.has(f) && (!input.found || input.found.has(f)));
  const busy = unlinked.filter((f) => !input.changedWith?.has(f) && !topical.includes(f));
  if (together.length)
    steps.push({
      title: 'Changed together with it',
      files: together,
      why: `not imported near ${seed}, but changed in the same commits as it before: a change to one has often needed the others`,
    });
  if (topical.length)
    steps.push({
      title: 'About the same topic',
      files: topical,
      why: `not imported near ${seed} nor changed with it, but ${input.request.trim() ? `about the words of "${input.request}"` : 'named and written like it'}`,
    });
  if (busy.length)
    steps.push({
      title: 'Near the topic',
      files: busy,
      why: `not imported near ${seed}, not changed with it, nor found by the words of "${input.request}", but tied to the files those words found (imported by or changed with them) or changed often lately`,
    });
  if (tests.length)
    steps.push({
      title: 'How it is tested',
      files: tests,
      why:
        `tests of ${seed} and the code around it: their cases show how it is called and what it must do` +
        (http.size ? `; ${[...http].map(([f, why]) => `${f} calls its routes over HTTP (${why})`).join('; ')}` : ''),
    });
  return { request: input.request, steps: steps.map((s, i) => ({ step: i + 1, ...s })), writtenBy: 'rules' };
}
