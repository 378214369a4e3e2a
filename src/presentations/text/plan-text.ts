/** @module presentations/text/plan-text — an onboarding plan as text, for the CLI and the REPL. */
import type { OnboardingResult } from '../../core/code/onboarding.js';

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
    `${context.source ? `source ${context.source}, ` : ''}depth ${context.depth}, limit ${context.limit}, ${context.direction}, ${context.rank} order: ${s.nodesVisited} files visited, ${s.edgesTraversed} imports followed, max depth ${s.maxDepth}; plan by ${plan.writtenBy}`,
  );
  return lines.join('\n');
}
