/**
 * `ml-kmeans` (about 200 ms to load with ml-matrix) is imported only when clusters are
 * computed: a CLI run that does not cluster, here `sextant --help` and `glossary list`, never
 * resolves it. A module hook refuses to resolve it; the control shows the hook bites.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, CLI, cliEnv } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';

const run = promisify(execFile);

describe('lazy clustering library', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());

  it('is not loaded by commands that do not cluster', async () => {
    assertBuilt();
    const hooks = join(home.dir, 'hooks.mjs');
    writeFileSync(
      hooks,
      "export async function resolve(specifier, context, next) { if (specifier === 'ml-kmeans') throw new Error('ml-kmeans was loaded'); return next(specifier, context); }\n",
    );
    const register = join(home.dir, 'register.mjs');
    writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`);
    const env = cliEnv(home.dir);
    const help = await run(process.execPath, ['--import', register, CLI, 'glossary', '--help'], { env });
    expect(help.stdout).toMatch(/clusters/);
    const list = await run(process.execPath, ['--import', register, CLI, 'glossary', 'list', '--json'], { env });
    expect(JSON.parse(list.stdout)).toMatchObject({ ok: true, terms: [] });
    const control = await run(process.execPath, ['--import', register, '--input-type=module', '-e', "await import('ml-kmeans')"], {
      env,
      cwd: process.cwd(),
    }).catch((e: { stderr: string }) => e);
    expect((control as { stderr: string }).stderr).toMatch(/ml-kmeans was loaded/);
  });
});
