/**
 * @module core/code/onboarding-model
 * The fused order (issue 16, `--rank fused`): a linear model per task, learned offline on
 * kysely's dev items (bench/code-onboarding `--features`, then bench/train-onboarding), scores
 * each candidate's features (onboarding-features.ts); the best score comes first. The weights
 * arrive as data (onboarding-weights.ts, written by the trainer). Pure, deterministic: ties go
 * to the path.
 */
import { modelScore, type LinearModel } from '../search/learned-ranker.js';
import type { Candidate } from './onboarding-features.js';
import { ONBOARDING_WEIGHTS } from './onboarding-weights.js';

/** `related`: files that belong with a seed file; `topic`: files a request is about. */
export type FusedTask = keyof typeof ONBOARDING_WEIGHTS;

/** The search ranker's linear model, here one per task. */
export type { LinearModel };

/** The candidates' files, best first, by `model` (default: the shipped one for `task`). */
export function rankCandidates(task: FusedTask, candidates: readonly Candidate[], model: LinearModel = ONBOARDING_WEIGHTS[task]): string[] {
  return candidates
    .map((c) => ({ file: c.file, score: modelScore(model, c.features) }))
    .sort((a, b) => b.score - a.score || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
    .map((c) => c.file);
}
