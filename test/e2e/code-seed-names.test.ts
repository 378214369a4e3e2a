/**
 * A seed given as the name a user of the language types, through the built CLI: a workspace
 * package (`@acme/server`, a subpath export), a Go import path and a Python dotted module, each
 * resolved to its file and said to be resolved as a package or module.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'mono');

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }),
  'packages/server/package.json': JSON.stringify({
    name: '@acme/server',
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './http': './dist/http/handler.js' },
  }),
  'packages/server/src/index.ts': "export { handle } from './http/handler';\nexport const version = 1;\n",
  'packages/server/src/http/handler.ts': 'export function handle(): string {\n  return "ok";\n}\n',
  // a file named like the package that a file-name match would pick
  'packages/app/src/server.ts': "import { handle } from '@acme/server';\nexport const serve = () => handle();\n",
  'packages/app/src/main.ts': "import { serve } from './server';\nimport { handle } from '@acme/server/http';\nserve();\nhandle();\n",
  'go.mod': 'module example.com/mono\n\ngo 1.21\n',
  'tools/gen/gen.go': 'package gen\n\nfunc Run() {}\n',
  'tools/gen/util.go': 'package gen\n\nfunc helper() {}\n',
  'tools/gen/gen_test.go': 'package gen\n',
  'py/shop/__init__.py': '',
  'py/shop/core.py': 'def checkout():\n    return 1\n',
};

beforeAll(async () => {
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  const add = await runCli(['source', 'add', 'code', repo, '--name', 'mono', '--json'], env);
  expect(add.code, add.stderr).toBe(0);
  const update = await runCli(['update', '--source', 'mono', '--json'], env, { timeoutMs: 120_000 });
  expect(update.code, update.stderr + update.stdout).toBe(0);
}, 180_000);

afterAll(() => home.cleanup());

const plan = async (seed: string) => {
  const out = await runCli(['plan', 'how does it work', '--seed', seed, '--json'], env);
  expect(out.code, out.stderr).toBe(0);
  return out.json.context as { seedId: string | null; resolvedBy: string | null; reason?: string };
};

describe('a seed by package or module name', () => {
  it('a workspace package resolves to its entry, a subpath export to its file, not to a file of the same name', async () => {
    expect(await plan('@acme/server')).toMatchObject({ seedId: 'packages/server/src/index.ts', resolvedBy: 'package' });
    expect(await plan('@acme/server/http')).toMatchObject({ seedId: 'packages/server/src/http/handler.ts', resolvedBy: 'package' });
  });

  it("a Go import path resolves to the package folder's file named like it; a Python module or package to its file", async () => {
    expect(await plan('example.com/mono/tools/gen')).toMatchObject({ seedId: 'tools/gen/gen.go', resolvedBy: 'package' });
    expect(await plan('shop.core')).toMatchObject({ seedId: 'py/shop/core.py', resolvedBy: 'module' });
    expect(await plan('shop')).toMatchObject({ seedId: 'py/shop/__init__.py', resolvedBy: 'module' });
  });

  it('a package of no tree stays unresolved with the reason', async () => {
    const context = await plan('@acme/nothing');
    expect(context).toMatchObject({ seedId: null, resolvedBy: null });
    expect(context.reason).toContain("no file matches the seed '@acme/nothing'");
  });
});
