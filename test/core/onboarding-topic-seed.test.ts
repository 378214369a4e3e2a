/**
 * A fused plan seeded by its topic (issue 16) starts where the topic model ranks first, unless the
 * model ranks the word search's first file among its first three: on a real engine over a git
 * repository whose history says which files documentation passes edit.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rankCandidates } from '../../src/core/code/onboarding-model.js';
import { isTestFile } from '../../src/kernel/test-paths.js';
import type { Engine } from '../../src/core/engine.js';
import { commitFiles, engineOverTree } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let engine: Engine;

const documented = (name: string) =>
  `/**\n${Array.from({ length: 40 }, (_, i) => ` * Step ${i} of the ${name}.`).join('\n')}\n */\nexport class ${name} { run() { return 1; } }\n`;

const FILES: Record<string, string> = {
  'src/docs-link.ts': '/** Links to the docs site. */\nexport const docsUrl = "https://example.com/docs";\nexport const docsHome = docsUrl;\n',
  'src/builder.ts': documented('Builder'),
  'src/compiler.ts': documented('Compiler'),
  'src/parser.ts': documented('Parser'),
  'src/planner.ts': documented('Planner'),
  'src/pool.ts': 'export class Pool { open() { return 1; } }\n',
  'src/changes.ts': '// add support, add support, add support: how changes are added and supported\nexport function addSupport() { return "support"; }\n',
  'src/builder.test.ts': "import { Builder } from './builder.js';\n// docs docs docs\nnew Builder();\n",
};

beforeAll(async () => {
  const repo = join(home.dir, 'books');
  const git = commitFiles(repo, FILES);
  // documentation passes edit the builder, the compiler, the parser and the planner; other work the pool
  for (let i = 0; i < 4; i++) {
    for (const path of ['src/builder.ts', 'src/compiler.ts', 'src/parser.ts', 'src/planner.ts']) writeFileSync(join(repo, path), `${FILES[path]}// ${i}\n`);
    git('commit', '-qam', 'update docs');
    writeFileSync(join(repo, 'src/pool.ts'), `${FILES['src/pool.ts']}// ${i}\n`);
    git('commit', '-qam', 'faster pool');
  }
  engine = await engineOverTree(home.dir, 'books', repo);
}, 60_000);

afterAll(async () => {
  await engine?.close();
  home.cleanup();
});

it("starts at the topic model's first file that is not a test, though the word search found another first", async () => {
  const r = await engine.onboardingPlan({ request: 'docs', rank: 'fused', withFeatures: true });
  const list = r.candidates!.list;
  const searchFirst = list.find((c) => c.features.topic === 1)!.file;
  const modelFirst = rankCandidates('topic', list).find((f) => !isTestFile(f));
  expect(searchFirst).toBe('src/docs-link.ts');
  // the files the documentation passes edit lead the model's order, the search's first after them
  const starts = rankCandidates('topic', list).filter((f) => !isTestFile(f));
  expect(starts.indexOf(searchFirst)).toBeGreaterThanOrEqual(3);
  expect(['src/builder.ts', 'src/compiler.ts', 'src/parser.ts', 'src/planner.ts']).toContain(modelFirst);
  expect(r.context.seedId).toBe(modelFirst);
  expect(r.context.relatedFiles).not.toContain(r.context.seedId);
  expect(r.context.relatedFiles).toContain('src/docs-link.ts');
  // the fused order's files are not all within the walk's one import, and the summary does not say they are
  expect(r.userSummary).toContain('ranked by imports, shared history and topic');
  expect(r.userSummary).not.toContain('within 1 import');
});

it('the graph order keeps the word search’s first file as the seed', async () => {
  const r = await engine.onboardingPlan({ request: 'docs', rank: 'graph' });
  expect(r.context.seedId).toBe('src/docs-link.ts');
  expect(r.userSummary).toContain('within 1 import (union)');
});

it('searches what a request is about, not the words of change it opens with', async () => {
  // the graph order starts at the word search's first file
  const r = await engine.onboardingPlan({ request: 'add support for the pool', rank: 'graph' });
  expect(r.context.seedId).toBe('src/pool.ts');
  // the same words later in a request are searched
  const about = await engine.onboardingPlan({ request: 'how is add support written', rank: 'graph' });
  expect(about.context.seedId).toBe('src/changes.ts');
});

it("starts at the word search's first file when the model ranks it among its first three", async () => {
  // a reader's request: the file its words describe best, which the model ranks high too, not the file changes touch most
  const r = await engine.onboardingPlan({ request: 'docs link', rank: 'fused', withFeatures: true });
  const list = r.candidates!.list;
  const starts = rankCandidates('topic', list).filter((f) => !isTestFile(f));
  expect(list.find((c) => c.features.topic === 1)!.file).toBe('src/docs-link.ts');
  expect(starts.indexOf('src/docs-link.ts')).toBeGreaterThan(0);
  expect(starts.indexOf('src/docs-link.ts')).toBeLessThan(3);
  expect(r.context.seedId).toBe('src/docs-link.ts');
  expect(r.context.relatedFiles).toContain(starts[0]);
});

it('a plan of one step says so in the singular', async () => {
  const r = await engine.onboardingPlan({ request: '', seedFile: 'src/changes.ts', rank: 'graph' });
  expect(r.plan.steps).toHaveLength(1);
  expect(r.userSummary).toMatch(/; 0 related files within 1 import \(union\); 1 step\.$/);
});
