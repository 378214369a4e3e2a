/**
 * MCP's generic error path words the remedy any thrown error carries as the tools that fix it,
 * through a real SDK Client over stdio: an object id nothing in the index is close to (a source
 * added but not updated yet) and an unknown project to activate. The `hint` field and the
 * `hint:` line name tools or an administrator, never a `sextant …` command (which the CLI shows
 * for the same errors), and the result carries no remedy object.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';
import { call, connectStdio } from './fixture.js';

const home = tempHome();
const env = cliEnv(home.dir);
let client: Client;

beforeAll(async () => {
  const notes = join(home.dir, 'notes');
  mkdirSync(notes);
  writeFileSync(join(notes, 'oncall.md'), '# On-call\n\nThe pager rotates weekly.\n');
  expect((await runCli(['source', 'add', 'docs', notes, '--name', 'notes'], env)).code).toBe(0);
  ({ client } = await connectStdio(env));
});

afterAll(async () => {
  await client?.close();
  home.cleanup();
});

describe("a thrown error's remedy for an agent", () => {
  it('words an object not found with nothing close as the tools that find its id', async () => {
    const got = await call(client, 'get', { object: 'notes:document:runbook.md' });
    const hint = 'find its id with the `deep_search` or `list_objects` tool';
    expect(got.isError).toBe(true);
    expect(got.data).toEqual({ error: { code: 'OBJECT_NOT_FOUND', message: "no object 'notes:document:runbook.md'", hint } });
    expect(got.text).toBe(`error OBJECT_NOT_FOUND: no object 'notes:document:runbook.md'\nhint: ${hint}`);
  });

  it('words an unknown project as the known ones, and creating one as an administrator’s step', async () => {
    const set = await call(client, 'set_active_projects', { projects: ['sales'] });
    const hint = "known projects: default; name one of them, or ask an administrator to create project 'sales'";
    expect(set.isError).toBe(true);
    expect(set.data).toEqual({ error: { code: 'PROJECT_NOT_FOUND', message: "unknown project 'sales'", hint } });
    expect(set.text).not.toContain('sextant ');
  });
});
