/**
 * The README's OpenAPI commands through the built CLI: a spec added by a path relative to the
 * working directory (stored absolute), updated, listed, searched and described, each with --json;
 * a second update keeps everything; a bad spec fails with one line and exit 1. Before an update, MCP's
 * `list_operations` says an administrator updates it (the CLI: the command to run).
 */
import { existsSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, cliEnv } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';
import { call, connectStdio } from '../mcp/fixture.js';

const SPECS = resolve(__dirname, '../../../shared/bench/api-retrieval/specs');
const home = tempHome();
const env = cliEnv(home.dir);

afterAll(() => home.cleanup());

describe('sextant with an openapi source', () => {
  // The new-user sweep: with no OpenAPI source at all, `operations` said only "0 in total".
  it('says there is no OpenAPI source, and how to add one, before one is added', async () => {
    const listed = await runCli(['operations'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const note =
      'no OpenAPI source here, so no REST operations to list: add one with `sextant source add openapi <spec file or URL> --name <name>`, then `sextant update --source <name>`';
    expect(listed.stdout).toBe(`${note}\n`);
    // --json: the same note, a plain string, and the same keys as ever (the core's remedy is worded, not shown)
    const json = await runCli(['operations', '--json'], env);
    expect(json.json).toEqual({ ok: true, items: [], total: 0, nextCursor: null, note });
  });

  it('adds a spec by a relative path, indexes, lists, searches and describes it', async () => {
    if (!existsSync(join(SPECS, 'spotify.json')))
      throw new Error(`spec not found in ${SPECS}: the shared folder (../shared/bench/api-retrieval) must sit beside the repository`);
    const added = await runCli(['source', 'add', 'openapi', './spotify.json', '--name', 'spotify', '--json'], env, { cwd: SPECS });
    expect(added.code, added.stderr).toBe(0);
    // The working directory as the process sees it: symbolic links resolved.
    expect(added.json.source.url).toBe(join(realpathSync(SPECS), 'spotify.json'));
    // added but not read yet: the listing says what to run, not "0 in total"
    const unread = await runCli(['operations'], env);
    expect(unread.stdout.trim()).toBe("'spotify' not read yet: run `sextant update --source spotify`");
    // the same listing for an agent (MCP over stdio, a real SDK client): no tool updates sources, so an administrator does
    const { client } = await connectStdio(env);
    try {
      const listed = await call(client, 'list_operations');
      expect(listed.isError).toBe(false);
      expect(listed.data.note).toBe("'spotify' not read yet: ask an administrator to update source 'spotify' (no tool updates sources)");
      expect(listed.text).not.toContain('sextant ');
    } finally {
      await client.close();
    }
    const update = await runCli(['update', '--source', 'spotify', '--json'], env);
    expect(update.code, update.stderr).toBe(0);
    expect(update.json.reports[0]).toMatchObject({ source: 'spotify', status: 'updated' });
    const again = await runCli(['update', '--source', 'spotify', '--json'], env);
    expect(again.json.reports[0]).toMatchObject({ status: 'unchanged', changed: 0 });
    const listed = await runCli(['operations', '--source', 'spotify', '--path-prefix', '/me/player', '--method', 'put', '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json.items.map((o: { path: string }) => o.path)).toContain('/me/player/play');
    const found = await runCli(['search', '--kind', 'api_endpoint', '--json', 'artist top tracks'], env);
    expect(found.json.hits.map((h: { objectId: string }) => h.objectId)).toContain('spotify:api_endpoint:GET /artists/{id}/top-tracks');
    const described = await runCli(['describe', 'spotify:api_endpoint:GET /artists/{id}/top-tracks'], env);
    expect(described.code, described.stderr).toBe(0);
    expect(described.stdout).toMatch(/id: call GET \/search/);
    // the source itself: its operations, schemas and spec counted, not "nothing indexed"
    const source = await runCli(['describe', 'spotify', '--json'], env);
    const operations = await runCli(['operations', '--source', 'spotify', '--json'], env);
    expect(source.json.counts).toEqual({ api_endpoint: operations.json.total, api_schema: expect.any(Number), api: 1 });
    expect(source.json.counts.api_schema).toBeGreaterThan(0);
    const sourceText = await runCli(['describe', 'spotify'], env);
    expect(sourceText.stdout).toMatch(/^counts: \d+ api_endpoint, \d+ api_schema, 1 api$/m);
    expect(sourceText.stdout).not.toMatch(/nothing indexed|schemas \(0\)/);
  });

  it('fails a bad spec with one line naming the position, exit 1, and keeps the other source', async () => {
    const bad = join(home.dir, 'broken.yaml');
    writeFileSync(bad, 'openapi: 3.0.0\npaths:\n  /a:\n    get: [unclosed\n');
    expect((await runCli(['source', 'add', bad, '--name', 'broken'], env)).code).toBe(0);
    const failed = await runCli(['update', '--source', 'broken'], env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/invalid YAML in .*broken\.yaml at line \d+, column \d+/);
    const still = await runCli(['operations', '--source', 'spotify', '--json'], env);
    expect(still.json.total).toBeGreaterThan(30);
  });

  it('refuses to list the operations of a source that is no OpenAPI spec, naming its type', async () => {
    expect((await runCli(['source', 'add', 'docs', '--content', '# Note\n\nHello.', '--name', 'note'], env)).code).toBe(0);
    const listed = await runCli(['operations', '--source', 'note'], env);
    expect(listed.code).toBe(2);
    expect(listed.stdout).toBe('');
    expect(listed.stderr).toMatch(
      /^error: source 'note' is a docs source, not an OpenAPI spec: it has no REST operations\nhint: search it with the source filter 'note' instead, or describe 'note'$/m,
    );
    const json = await runCli(['operations', '--source', 'note', '--json'], env);
    expect(json.json.error).toMatchObject({ code: 'USAGE', field: 'source' });
  });
});
