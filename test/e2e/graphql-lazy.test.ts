/**
 * graphql-js and apache-arrow load only when a GraphQL query runs (or a test server needs them):
 * `sextant --help`, `source list` and `source add hugr` never resolve them. A module hook
 * refuses both; the control shows the hook bites.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, CLI, cliEnv } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';

const run = promisify(execFile);

describe('lazy GraphQL libraries', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());

  it('are not loaded by commands that run no query', async () => {
    assertBuilt();
    const hooks = join(home.dir, 'hooks.mjs');
    writeFileSync(
      hooks,
      "export async function resolve(specifier, context, next) { if (/^(graphql|apache-arrow)(\\/|$)/.test(specifier)) throw new Error(specifier + ' was loaded'); return next(specifier, context); }\n",
    );
    const register = join(home.dir, 'register.mjs');
    writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`);
    const env = cliEnv(home.dir);
    const help = await run(process.execPath, ['--import', register, CLI, '--help'], { env });
    expect(help.stdout).toMatch(/Usage: sextant/);
    const add = await run(process.execPath, ['--import', register, CLI, 'source', 'add', 'hugr', 'http://127.0.0.1:9', '--name', 'mesh', '--json'], { env });
    expect(JSON.parse(add.stdout)).toMatchObject({ ok: true });
    const list = await run(process.execPath, ['--import', register, CLI, 'source', 'list', '--json'], { env });
    expect(JSON.parse(list.stdout).sources[0]).toMatchObject({ name: 'mesh', type: 'hugr' });
    const control = await run(process.execPath, ['--import', register, '--input-type=module', '-e', "await import('graphql')"], {
      env,
      cwd: process.cwd(),
    }).catch((e: { stderr: string }) => e);
    expect((control as { stderr: string }).stderr).toMatch(/graphql was loaded/);
  });
});
