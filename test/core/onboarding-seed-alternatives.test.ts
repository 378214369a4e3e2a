/**
 * A seed file named by a base name several files share says so (issue 16): `plan --seed app.py`
 * on flask matched `src/flask/app.py` and `src/flask/sansio/app.py`, and the plan started at the
 * first without a word about the second. A real engine over a git repository.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { commitFiles, engineOverTree } from '../helpers/code-repo.js';
import { connectInMemory } from '../helpers/in-memory-mcp.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let engine: Engine;

beforeAll(async () => {
  const repo = join(home.dir, 'web');
  commitFiles(repo, {
    'src/web/app.py': 'from web.sansio.app import App\n\n\nclass Flaskish(App):\n    pass\n',
    'src/web/sansio/app.py': 'class App:\n    pass\n',
    'tests/apps/app.py': 'from web.app import Flaskish\n\napp = Flaskish()\n',
    'src/web/cli.py': 'from web.app import Flaskish\n',
  });
  engine = await engineOverTree(home.dir, 'web', repo);
}, 60_000);

afterAll(async () => {
  await engine?.close();
  home.cleanup();
});

it('a base name several files share: the shortest path starts, the others are named', async () => {
  const r = await engine.onboardingPlan({ request: '', seedFile: 'app.py' });
  expect(r.context).toMatchObject({ seedId: 'src/web/app.py', resolvedBy: 'basename', seedAlternatives: ['tests/apps/app.py', 'src/web/sansio/app.py'] });
  expect(r.userSummary).toContain('2 other files have that name: tests/apps/app.py, src/web/sansio/app.py; give more of the path to start there');
});

it('more of the path picks one file, and nothing is said of the others', async () => {
  const r = await engine.onboardingPlan({ request: '', seedFile: 'sansio/app.py' });
  expect(r.context.seedId).toBe('src/web/sansio/app.py');
  expect(r.context.seedAlternatives).toBeUndefined();
  expect(r.userSummary).not.toContain('that name');
});

it('an MCP client is told the same: seed_alternatives and the summary', async () => {
  const client = await connectInMemory(engine, 'default');
  try {
    const result = await client.callTool({ name: 'onboarding_plan', arguments: { seed_file: 'app.py' } });
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as { context: { seed_id: string; seed_alternatives?: string[] }; user_summary: string };
    expect(out.context).toMatchObject({ seed_id: 'src/web/app.py', seed_alternatives: ['tests/apps/app.py', 'src/web/sansio/app.py'] });
    expect(out.user_summary).toContain('give more of the path to start there');
  } finally {
    await client.close();
  }
});
