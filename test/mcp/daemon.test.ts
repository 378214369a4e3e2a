/**
 * The HTTP server as users start it: `sextant mcp --http` in the foreground (SDK client over
 * HTTP, Ctrl-C stops it), and `--daemon`: start, shown by `sextant status`, `sextant mcp stop`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mcpUrlOf, runCli, startCli } from '../helpers/cli.js';
import { call, connectHttp, prepareCatalog, SOURCE, type Catalog } from './fixture.js';

let catalog: Catalog;

beforeAll(async () => {
  catalog = await prepareCatalog();
}, 120_000);

afterAll(async () => {
  await runCli(['mcp', 'stop'], catalog.env).catch(() => undefined);
  await catalog?.cleanup();
});

describe('sextant mcp --http', () => {
  it('serves an SDK client in the foreground and stops on SIGTERM', async () => {
    const child = startCli(['mcp', '--http', '--port', '0'], catalog.env);
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    let stdout = '';
    child.stdout!.on('data', (d) => (stdout += d));
    const url = await mcpUrlOf(child, 30_000);
    const client = await connectHttp(url);
    const hits = await call(client, 'deep_search', { query: 'invoices for an order' });
    expect(hits.data.hits.some((h: { source: string }) => h.source === SOURCE)).toBe(true);
    await client.close();
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain('"event":"tool_call"');
  });

  it('with --json prints where it listens as JSON on stdout (the port --port 0 chose), /mcp and /ui with --ui', async () => {
    const child = startCli(['mcp', '--http', '--ui', '--port', '0', '--json'], catalog.env);
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const listening = await new Promise<{ ok: boolean; url: string; ui: string }>((resolve, reject) => {
      let stdout = '';
      child.stdout!.on('data', (d) => {
        stdout += d;
        try {
          resolve(JSON.parse(stdout));
        } catch {
          /* not the whole object yet */
        }
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    try {
      expect(listening).toEqual({ ok: true, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/), ui: listening.url.replace(/\/mcp$/, '/ui') });
      expect(stderr).not.toContain('(Ctrl-C to stop)');
      const client = await connectHttp(listening.url);
      expect((await call(client, 'list_sources')).data.count).toBe(2);
      await client.close();
      expect((await fetch(`${listening.ui}/search`)).status).toBe(200);
    } finally {
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});

describe('sextant mcp --http --daemon', () => {
  it('starts in the background, shows in status, and stops', async () => {
    const started = await runCli(['mcp', '--http', '--daemon', '--port', '0', '--json'], catalog.env);
    expect(started.code, started.stderr).toBe(0);
    const { url, pid, logFile } = started.json.daemon;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);

    const [status, human] = await Promise.all([runCli(['status', '--json'], catalog.env), runCli(['status'], catalog.env)]);
    expect(status.json.mcp).toMatchObject({ running: true, pid, url });
    expect(human.stdout).toContain(`MCP server: running at ${url}`);

    const health = await fetch(url.replace(/\/mcp$/, '/health'));
    expect(health.status).toBe(200);
    const client = await connectHttp(url);
    expect((await call(client, 'list_sources')).data.count).toBe(2);
    await client.close();

    const again = await runCli(['mcp', '--http', '--daemon', '--port', '0'], catalog.env);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already running');

    const stopped = await runCli(['mcp', 'stop', '--json'], catalog.env);
    expect(stopped.json).toMatchObject({ ok: true, stopped: true, pid });
    expect(existsSync(join(catalog.home, 'mcp-daemon.json'))).toBe(false);
    expect((await runCli(['status', '--json'], catalog.env)).json.mcp.running).toBe(false);
    await expect(fetch(url.replace(/\/mcp$/, '/health'))).rejects.toThrow();
    expect(readFileSync(logFile, 'utf8')).toContain('"event":"stopping"');

    const none = await runCli(['mcp', 'stop'], catalog.env);
    expect(none.stdout).toContain('no MCP server is running');
  }, 60_000);

  it('--daemon without --http is a usage error', async () => {
    const res = await runCli(['mcp', '--daemon'], catalog.env);
    expect(res.code).toBe(2);
  });
});
