/**
 * The README's "Use it from an agent (MCP)" section works as written: its desktop-client
 * install line puts `sextant` on PATH (into a temporary prefix here) and its desktop-client
 * configuration then starts a server an SDK client can use from a directory outside the
 * checkout; its HTTP configuration has the shape clients expect; every command it shows exists.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/presentations/cli/main.js';
import { cliEnv, REPO_ROOT } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Use it from an agent (MCP)'));
const blocks = (lang: string) => [...section.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
const home = tempHome();
afterAll(() => home.cleanup());

describe('README: Use it from an agent (MCP)', () => {
  it('installs the sextant command as written and its stdio configuration connects from any directory', async () => {
    // The install line, as written, into a throwaway prefix instead of the machine's global one.
    const install = blocks('sh')
      .find((b) => b.includes('npm install -g .'))!
      .trim();
    expect(install).toBe('npm ci && npm run build && npm install -g .');
    const prefix = join(home.dir, 'global');
    execFileSync('npm', ['install', '-g', '--prefix', prefix, '.', '--no-audit', '--no-fund'], { cwd: REPO_ROOT, stdio: 'ignore' });
    const config = JSON.parse(blocks('json')[0]!) as { mcpServers: { sextant: { command: string; args: string[]; env: Record<string, string> } } };
    const server = config.mcpServers.sextant;
    expect(server.command).toBe('sextant');
    expect(Object.keys(server.env)).toEqual(['SEXTANT_HOME']);
    const elsewhere = mkdtempSync(join(tmpdir(), 'sextant-client-'));
    const env = { ...cliEnv(home.dir), ...server.env, SEXTANT_HOME: home.dir, PATH: `${join(prefix, 'bin')}:${process.env.PATH}` } as Record<string, string>;
    const client = new Client({ name: 'readme', version: '1' });
    await client.connect(new StdioClientTransport({ command: server.command, args: server.args, env, cwd: elsewhere, stderr: 'ignore' }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('deep_search');
    } finally {
      await client.close();
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 60_000);

  it('has an HTTP configuration with URL and bearer header', () => {
    const config = JSON.parse(blocks('json')[1]!) as { mcpServers: { sextant: { type: string; url: string; headers: Record<string, string> } } };
    expect(config.mcpServers.sextant).toMatchObject({
      type: 'http',
      url: 'http://127.0.0.1:7821/mcp',
      headers: { Authorization: expect.stringMatching(/^Bearer sxt_/) },
    });
  });

  it('shows only commands that exist', () => {
    const commands = blocks('sh')
      .flatMap((b) => b.split('\n'))
      .map((l) => l.replace(/#.*$/, '').trim())
      .filter((l) => l.startsWith('sextant '))
      .map((l) =>
        l
          .split(/\s+/)
          .slice(1)
          .filter((w, i, all) => !w.startsWith('-') && all.slice(0, i).every((p) => !p.startsWith('-'))),
      );
    const paths = [
      ...new Set(commands.map((words) => words.slice(0, words[0] === 'mcp' || words[0] === 'status' ? (words[1] === 'stop' ? 2 : 1) : 2).join(' '))),
    ];
    expect(paths).toEqual(
      expect.arrayContaining(['mcp', 'mcp stop', 'status', 'token create', 'token list', 'token revoke', 'project list', 'project create', 'project set']),
    );
    const program = buildProgram();
    // each word names a subcommand until a command without subcommands: the rest are its arguments
    for (const words of commands) {
      let command: Command | undefined = program;
      for (const word of words) {
        if (!command?.commands.length) break;
        command = command.commands.find((c) => c.name() === word);
        expect(command, words.join(' ')).toBeDefined();
      }
    }
  });
});
