/**
 * Test code ranks after the code it tests of comparable score (core/search/generated.ts): a test
 * names what it tests over and over, so it wins the word matches. A query about tests keeps them
 * first. A real engine over a git repository (no embeddings: the lexical side alone).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { commitFiles, engineOverTree } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let engine: Engine;

const FILES: Record<string, string> = {
  'src/chain.ts': '/** Runs the middleware chain; abort stops it. */\nexport function abort() { return 1; }\n',
  'src/chain.test.ts':
    "// abort the middleware chain: every way to abort the middleware chain, the middleware chain aborted twice\nimport { abort } from './chain';\nabort();\n",
  'src/pool.ts': 'export class Pool { open() { return 1; } }\n',
};

beforeAll(async () => {
  const repo = join(home.dir, 'mw');
  commitFiles(repo, FILES);
  engine = await engineOverTree(home.dir, 'mw', repo);
}, 60_000);

afterAll(async () => {
  await engine?.close();
  home.cleanup();
});

const files = async (query: string) =>
  (await engine.search(query, { kinds: ['code_file'], limit: 5, explain: true })).hits.map((h) => ({
    path: h.objectId.split(':')[2],
    fused: h.explain!.fused,
  }));

it('the code comes before the test that says its words more often; the test is still found', async () => {
  const hits = await files('abort the middleware chain');
  expect(hits.map((h) => h.path)).toEqual(['src/chain.ts', 'src/chain.test.ts']);
});

it('a query about tests keeps the test first, at its whole score', async () => {
  const asked = await files('tests that abort the middleware chain');
  expect(asked[0]!.path).toBe('src/chain.test.ts');
  const plain = await files('abort the middleware chain');
  // the same test scores twice what it did when ranked after the code
  const test = (hits: typeof plain) => hits.find((h) => h.path === 'src/chain.test.ts')!.fused;
  expect(test(asked)).toBeGreaterThan(test(plain));
});
