/**
 * The built CLI words the remedy any error carries, not only the glossary's, through its one
 * error printer: an object id that nothing in the index is close to (the index of a source added
 * but not updated yet) and an unknown project. The hint line is the CLI's words for the remedy
 * (`sextant search`, `sextant project create`), not the error's fallback hint, which names no
 * presentation; `--json` keeps `hint` a plain string and shows no remedy object.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);

describe("a non-glossary error's remedy on the CLI", () => {
  beforeAll(async () => {
    const notes = join(home.dir, 'notes');
    mkdirSync(notes);
    writeFileSync(join(notes, 'oncall.md'), '# On-call\n\nThe pager rotates weekly.\n');
    const added = await runCli(['source', 'add', 'docs', notes, '--name', 'notes'], env);
    expect(added.code, added.stderr).toBe(0);
  });

  afterAll(() => home.cleanup());

  it('words an object not found with nothing close as the commands that find it', async () => {
    const hint = 'run `sextant update` or check the id with `sextant search`';
    const human = await runCli(['get', 'notes:document:runbook.md'], env);
    expect(human.code).toBe(1);
    expect(human.stderr).toBe(`error: no object 'notes:document:runbook.md'\nhint: ${hint}\n`);
    const json = await runCli(['get', 'notes:document:runbook.md', '--json'], env);
    expect(json.code).toBe(1);
    expect(json.json).toEqual({ ok: false, error: { code: 'OBJECT_NOT_FOUND', message: "no object 'notes:document:runbook.md'", hint, suggestions: [] } });
  });

  it('names the command that changes an existing project when one is created again', async () => {
    const again = await runCli(['project', 'create', 'default'], env);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toBe(
      "error: project 'default' already exists\nhint: pick another name, or change its settings with `sextant project set default <setting> <value>`\n",
    );
  });

  it('words an unknown project as the known ones and the command that creates it', async () => {
    const hint = 'known projects: default; create one with `sextant project create sales`';
    const human = await runCli(['glossary', 'list', '--project', 'sales'], env);
    expect(human.code).toBe(1);
    expect(human.stderr).toBe(`error: unknown project 'sales'\nhint: ${hint}\n`);
    const json = await runCli(['glossary', 'list', '--project', 'sales', '--json'], env);
    expect(json.json).toEqual({ ok: false, error: { code: 'PROJECT_NOT_FOUND', message: "unknown project 'sales'", hint, projects: ['default'] } });
  });
});
