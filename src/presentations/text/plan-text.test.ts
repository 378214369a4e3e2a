import { describe, expect, it } from 'vitest';
import type { OnboardingResult } from '../../core/code/onboarding.js';
import { renderOnboardingPlan } from './plan-text.js';

const result = (nodesVisited: number, edgesTraversed: number): OnboardingResult => ({
  plan: {
    request: 'unpaid invoices',
    steps: [{ step: 1, title: 'Read src/invoices.ts', files: ['src/invoices.ts'], why: 'the file that best matches' }],
    writtenBy: 'rules',
  },
  context: {
    seedId: 'src/invoices.ts',
    relatedFiles: [],
    depth: 1,
    limit: 30,
    direction: 'union',
    rank: 'fused',
    stats: { nodesVisited, edgesTraversed, maxDepth: 0 },
    source: 'app',
    resolvedBy: 'topic',
  },
  userSummary: 'Start with src/invoices.ts (matched by topic); 0 related files; 1 steps.',
});

describe('plan as text', () => {
  it('counts one file and one import in the singular', () => {
    expect(renderOnboardingPlan(result(1, 0)).split('\n').at(-1)).toBe(
      'source app, depth 1, limit 30, union, fused order: 1 file visited, 0 imports followed, max depth 0; plan by rules',
    );
    expect(renderOnboardingPlan(result(2, 1))).toContain('2 files visited, 1 import followed');
  });
});
