/**
 * `sextant mcp install` through the built CLI (issue 16, seed 003's MCP config service), then
 * the client's view: the written entry started exactly as a desktop client would (its command,
 * args and env, over stdio with the MCP SDK Client) serves onboarding_plan on the workspace
 * root without `source add`, and its scan bridge rescans on `POST /scan` with the token from
 * the file. Install keeps other entries, is idempotent, backs up a file it changes, and writes
 * nothing over a file it cannot read.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { writeShopRepo } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'shop');
const other = join(home.dir, 'other-repo');
const claude = join(home.dir, 'clients', 'claude_desktop_config.json');

beforeAll(() => {
  writeShopRepo(repo);
  mkdirSync(other);
  mkdirSync(join(home.dir, 'clients'));
  writeFileSync(claude, JSON.stringify({ globalShortcut: 'Ctrl+Space', mcpServers: { files: { command: 'npx', args: ['files-server'] } } }, null, 2));
});

afterAll(() => home.cleanup());

const install = (...args: string[]) => runCli(['mcp', 'install', '--json', ...args], env);

describe('sextant mcp install', () => {
  it('writes the entry with the workspace root and the bridge port and token, keeping the rest; backs up the previous file', async () => {
    const before = readFileSync(claude, 'utf8');
    const out = await install('--client', 'claude-desktop', '--workspace', repo, '--config-path', claude);
    expect(out.code, out.stderr).toBe(0);
    expect(out.json).toMatchObject({ ok: true, client: 'claude-desktop', configPath: claude, changed: true, backup: `${claude}.bak`, kept: ['files'] });
    expect(out.stdout).not.toContain('sxb_');
    expect(readFileSync(`${claude}.bak`, 'utf8')).toBe(before);
    const data = JSON.parse(readFileSync(claude, 'utf8'));
    expect(data.globalShortcut).toBe('Ctrl+Space');
    expect(data.mcpServers.files).toEqual({ command: 'npx', args: ['files-server'] });
    const entry = data.mcpServers.sextant;
    expect(entry.command).toBe(process.execPath);
    expect(entry.args.at(-1)).toBe('mcp');
    expect(entry.env).toMatchObject({ SEXTANT_HOME: home.dir, SEXTANT_WORKSPACE_ROOT: repo, SEXTANT_BRIDGE_PORT: String(out.json.bridge.port) });
    expect(entry.env.SEXTANT_BRIDGE_TOKEN).toMatch(/^sxb_[A-Za-z0-9_-]{32}$/);
  });

  it('is idempotent: the same install changes nothing and makes no backup', async () => {
    const text = readFileSync(claude, 'utf8');
    writeFileSync(`${claude}.bak`, 'older');
    const again = await install('--client', 'claude-desktop', '--workspace', repo, '--config-path', claude);
    expect(again.json).toMatchObject({ changed: false, backup: null });
    expect(readFileSync(claude, 'utf8')).toBe(text);
    expect(readFileSync(`${claude}.bak`, 'utf8')).toBe('older');
  });

  it('another workspace keeps the token; --new-token replaces it', async () => {
    const token = () => JSON.parse(readFileSync(claude, 'utf8')).mcpServers.sextant.env.SEXTANT_BRIDGE_TOKEN as string;
    const first = token();
    const moved = await install('--client', 'claude-desktop', '--workspace', other, '--config-path', claude);
    expect(moved.json).toMatchObject({ changed: true, workspace: other });
    expect(token()).toBe(first);
    await install('--client', 'claude-desktop', '--workspace', other, '--config-path', claude, '--new-token');
    expect(token()).not.toBe(first);
    await install('--client', 'claude-desktop', '--workspace', repo, '--config-path', claude);
  });

  it('vscode and cursor files: their shapes; a new file is private to the user', async () => {
    const vscode = join(home.dir, 'clients', 'vscode', 'mcp.json');
    const out = await install('--client', 'vscode', '--workspace', repo, '--config-path', vscode);
    expect(out.json).toMatchObject({ changed: true, backup: null });
    expect(JSON.parse(readFileSync(vscode, 'utf8')).servers.sextant).toMatchObject({ type: 'stdio', command: process.execPath });
    expect(statSync(vscode).mode & 0o777).toBe(0o600);
    const cursor = await install('--client', 'cursor', '--workspace', repo, '--scope', 'workspace');
    expect(cursor.json.configPath).toBe(join(repo, '.cursor', 'mcp.json'));
    expect(JSON.parse(readFileSync(join(repo, '.cursor', 'mcp.json'), 'utf8')).mcpServers.sextant.env.SEXTANT_WORKSPACE_ROOT).toBe(repo);
  });

  it('bad input: one clear error each, nothing written', async () => {
    const broken = join(home.dir, 'clients', 'broken.json');
    writeFileSync(broken, '{"mcpServers": {');
    const out = await install('--client', 'cursor', '--workspace', repo, '--config-path', broken);
    expect(out.code).not.toBe(0);
    expect(out.json.error.message).toContain(`the client configuration ${broken} is not valid JSON`);
    expect(readFileSync(broken, 'utf8')).toBe('{"mcpServers": {');
    expect(existsSync(`${broken}.bak`)).toBe(false);
    expect((await install('--client', 'emacs', '--config-path', broken)).json.error.message).toContain(
      '--client must be one of claude-desktop, cursor, vscode',
    );
    expect((await install('--client', 'cursor', '--workspace', join(home.dir, 'nowhere'), '--config-path', broken)).json.error.message).toContain(
      'does not exist',
    );
    expect((await install('--client', 'claude-desktop', '--scope', 'workspace', '--workspace', repo)).json.error.message).toContain('no per-workspace');
  });
});

describe('the installed entry, started as the client starts it', () => {
  let client: Client;
  let bridge: string;
  let token: string;

  beforeAll(async () => {
    const entry = JSON.parse(readFileSync(claude, 'utf8')).mcpServers.sextant;
    bridge = `http://127.0.0.1:${entry.env.SEXTANT_BRIDGE_PORT}/scan`;
    token = entry.env.SEXTANT_BRIDGE_TOKEN;
    client = new Client({ name: 'desktop', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: entry.command,
        args: entry.args,
        env: { PATH: process.env.PATH!, SEXTANT_EMBEDDINGS_PROVIDER: 'none', ...entry.env },
        stderr: 'ignore',
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await client?.close();
  });

  it('onboarding_plan plans in the workspace root without source add', async () => {
    const result = await client.callTool({ name: 'onboarding_plan', arguments: { request: 'x', seed_file: 'src/billing/pay.ts' } });
    const structured = result.structuredContent as any;
    expect(structured.context).toMatchObject({ seed_id: 'src/billing/pay.ts', source: 'workspace' });
    expect(JSON.stringify(structured)).not.toContain(home.dir);
  }, 60_000);

  it('the scan bridge listens on the port in the file: wrong token 401, the token rescans', async () => {
    expect((await fetch(bridge, { method: 'POST', headers: { authorization: 'Bearer not-the-token-at-all' } })).status).toBe(401);
    writeFileSync(join(repo, 'src/billing/tax.ts'), "import { Invoice } from './invoice.js';\nexport const tax = (i: Invoice) => i.total;\n");
    const res = await fetch(bridge, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(await res.json()).toEqual({ status: 'ok' });
    const result = await client.callTool({ name: 'onboarding_plan', arguments: { request: 'x', seed_file: 'src/billing/tax.ts' } });
    expect((result.structuredContent as any).context).toMatchObject({ seed_id: 'src/billing/tax.ts', related_files: ['src/billing/invoice.ts'] });
  }, 60_000);
});
