/** @module presentations/text/plan-text — an onboarding plan as text, for the CLI and the REPL. */
import type { OnboardingResult } from '../../core/code/onboarding.js';

/** `1 file`, `2 files`: the traversal's counts, each with its noun. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function renderOnboardingPlan(result: OnboardingResult): string {
  const { plan, context } = result;
  const lines = [result.userSummary, ''];
  for (const step of plan.steps) {
    lines.push(`${step.step}. ${step.title}`);
    for (const file of step.files) lines.push(`     ${file}`);
    lines.push(`   why: ${step.why}`);
  }
  if (plan.note) lines.push('', `note: ${plan.note}`);
  if (context.notice) lines.push('', `note: ${context.notice}`);
  const s = context.stats;
  lines.push(
    '',
    `${context.source ? `source ${context.source}, ` : ''}depth ${context.depth}, limit ${context.limit}, ${context.direction}, ${context.rank} order: ${counted(s.nodesVisited, 'file')} visited, ${counted(s.edgesTraversed, 'import')} followed, max depth ${s.maxDepth}; plan by ${plan.writtenBy}`,
  );
  return lines.join('\n');
}
