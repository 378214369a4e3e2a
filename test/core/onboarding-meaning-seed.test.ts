/**
 * A plan seeded by a request no file says a word of (issue 16): vectors still return the nearest
 * files, so the plan starts there but says its start is a guess by meaning, in the context
 * (`resolvedBy: meaning`), the summary and the step's why. A request whose words a file says is
 * matched by topic as before. Real engine, builtin word vectors, a real git tree.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { SHOP_FILES, commitFiles, engineOverTree } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let engine: Engine;

beforeAll(async () => {
  const repo = join(home.dir, 'shop');
  commitFiles(repo, SHOP_FILES);
  engine = await engineOverTree(home.dir, 'shop', repo, { vectors: true });
}, 120_000);

afterAll(async () => {
  await engine?.close();
  home.cleanup();
});

it.each(['graph', 'fused'] as const)('no file says a word of the request: the %s plan starts at a guess and says so', async (rank) => {
  const r = await engine.onboardingPlan({ request: 'qwertyuiop zxcvb', rank });
  expect(r.context.seedId).not.toBeNull();
  expect(r.context.resolvedBy).toBe('meaning');
  expect(r.userSummary).toContain('a guess by meaning: no file says a word of the request');
  const start = r.plan.steps.find((s) => s.files[0] === r.context.seedId && s.title.startsWith('Read'));
  expect(start?.why).toBe('a guess near "qwertyuiop zxcvb" in meaning: no file says any word of it');
});

it('a request whose words a file says is matched by topic', async () => {
  const r = await engine.onboardingPlan({ request: 'charge the card and book the payment' });
  expect(r.context).toMatchObject({ seedId: 'src/billing/pay.ts', resolvedBy: 'topic' });
  expect(r.userSummary).toContain('matched by topic');
});
