/**
 * What a newcomer trips over in the first hour, through the real CLI: usage errors are one line
 * with exit code 2 (no stack trace), and kind and source filters are checked by the core the same
 * way the MCP tools check them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cliEnv, runCli } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);

beforeAll(() => assertBuilt());
afterAll(() => home.cleanup());

describe('first hour', () => {
  it('answers a bad option value in one line with exit code 2', async () => {
    const r = await runCli(['mcp', '--http', '--port', 'abc'], env);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--port must be 0-65535, got 'abc'/);
    expect(r.stderr).not.toMatch(/\s+at /);
  });

  it('refuses an unknown kind with the nearest names, and an unknown source, instead of "no results"', async () => {
    const kind = await runCli(['query', 'orders', '--kind', 'tabel'], env);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toMatch(/unknown kind 'tabel'; did you mean table/);
    const source = await runCli(['query', 'orders', '--source', 'nope', '--json'], env);
    expect(source.code).toBe(1);
    expect(source.json.error.code).toBe('SOURCE_NOT_FOUND');
  });

  it('accepts a known kind the index holds none of', async () => {
    const r = await runCli(['query', 'orders', '--kind', 'table,materialized_view', '--json'], env);
    expect(r.code).toBe(0);
    expect(r.json.hits).toEqual([]);
  });
});
