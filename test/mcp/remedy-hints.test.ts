/**
 * MCP's generic error path words the remedy any thrown error carries as the tools that fix it,
 * through a real SDK Client over stdio: an object id nothing in the index is close to (a source
 * added but not updated yet) and an unknown project to activate. The `hint` field and the
 * `hint:` line name tools or an administrator, never a `sextant …` command (which the CLI shows
 * for the same errors), and the result carries no remedy object. Two settings the project keeps
 * off (a document by URL, a tool that writes while developer tools are off) are asked of the user
 * or an administrator, as no tool changes project settings.
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

describe('a project setting that is off, for an agent', () => {
  it('asks the user or an administrator to let sessions add documents by URL, naming no command', async () => {
    // refused before any request: nothing listens at the address
    const got = await call(client, 'add_document', { name: 'rota.md', url: 'http://127.0.0.1:9/rota.md' });
    const hint = "ask the user or an administrator to turn on the document-urls setting of project 'default' (no tool changes project settings)";
    expect(got.isError).toBe(true);
    expect(got.data).toEqual({ error: { code: 'FORBIDDEN', message: 'this project does not let sessions add documents by URL', hint } });
    expect(got.text).toBe(`error FORBIDDEN: this project does not let sessions add documents by URL\nhint: ${hint}`);
  });

  it('asks the user or an administrator to turn developer tools on for a write tool called while they are off', async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('create_glossary_term');
    const got = await call(client, 'create_glossary_term', { term: 'On-call', definition: 'who answers the pager', defining_sql: 'SELECT 1', source: 'notes' });
    const message = "create_glossary_term changes shared state and developer tools are off for project 'default'";
    const hint = "ask the user or an administrator to turn on the developer-tools setting of project 'default' (no tool changes project settings)";
    expect(got.isError).toBe(true);
    expect(got.data).toEqual({ error: { code: 'FORBIDDEN', message, hint } });
    expect(got.text).toBe(`error FORBIDDEN: ${message}\nhint: ${hint}`);
  });
});
