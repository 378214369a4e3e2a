/**
 * @module presentations/cli/commands/mcp-install
 * `sextant mcp install --client claude-desktop|cursor|vscode [--workspace DIR]`: writes the
 * client's MCP configuration file (core/mcp-install decides what goes in) — Sextant's entry with
 * the workspace root and the scan bridge's port and token in its environment, other entries
 * kept. Unchanged text is not rewritten; a changed file is first copied to `<file>.bak`, and the
 * new one replaces it in one rename (mode 0600 for a new file: it holds the bridge token).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { clientConfigPath, mergeClientConfig, MCP_CLIENTS, type InstallScope, type McpClient } from '../../../core/mcp-install/client-config.js';
import { SextantError } from '../../../kernel/errors.js';
import { printJson, println } from '../output.js';
import { runWithConfig } from '../session.js';
import { portFlag } from '../flags.js';

interface InstallFlags {
  client?: string;
  workspace?: string;
  configPath?: string;
  scope?: string;
  name?: string;
  bridgePort?: string;
  newToken?: boolean;
}

const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** A port free on loopback now (the bridge binds it when the client starts Sextant). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

function workspaceFolder(dir: string): string {
  const path = resolve(dir);
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    throw new SextantError('USAGE', `workspace ${path} does not exist`, { hint: 'give --workspace the folder of a repository' });
  }
  if (!statSync(real).isDirectory())
    throw new SextantError('USAGE', `workspace ${path} is not a folder`, { hint: 'give --workspace the folder of a repository' });
  return real;
}

export function registerMcpInstallCommand(mcp: Command): void {
  mcp
    .command('install')
    .description("write a desktop client's MCP configuration: Sextant with the workspace root and the scan bridge (other entries kept)")
    .requiredOption('--client <name>', `the client: ${MCP_CLIENTS.join(', ')}`)
    .option('--workspace <dir>', 'the repository the agent works in (default: the current folder)')
    .option('--config-path <file>', "the client's configuration file (default: its documented location on this system)")
    .option('--scope <scope>', 'cursor and vscode: user (their settings folder) or workspace (.cursor/ or .vscode/ in the repository)', 'user')
    .option('--name <name>', 'the server entry name', 'sextant')
    .option('--bridge-port <port>', 'loopback port of the scan bridge (default: the one already configured, else a free one)')
    .option('--new-token', 'replace the bridge token already configured')
    .action(async (_own: InstallFlags, command: Command) => {
      // `--workspace` is also an option of `sextant mcp`, which commander gives the parent
      const flags = command.optsWithGlobals<InstallFlags>();
      await runWithConfig(command, async (ctx) => {
        const client = flags.client as McpClient;
        if (!MCP_CLIENTS.includes(client)) throw new SextantError('USAGE', `--client must be one of ${MCP_CLIENTS.join(', ')}, got '${flags.client}'`);
        const scope = (flags.scope ?? 'user') as InstallScope;
        if (scope !== 'user' && scope !== 'workspace') throw new SextantError('USAGE', `--scope must be user or workspace, got '${flags.scope}'`);
        const name = flags.name ?? 'sextant';
        if (!SERVER_NAME.test(name)) throw new SextantError('USAGE', `--name '${name}' is not a usable entry name`, { hint: 'letters, digits, _ . -' });
        const port = portFlag(flags.bridgePort);
        if (port === 0) throw new SextantError('USAGE', '--bridge-port must be 1-65535');
        const workspace = workspaceFolder(flags.workspace ?? process.cwd());
        const file = resolve(
          flags.configPath ??
            clientConfigPath(client, scope, workspace, {
              platform: process.platform,
              home: homedir(),
              ...(process.env.APPDATA ? { appData: process.env.APPDATA } : {}),
              ...(process.env.XDG_CONFIG_HOME ? { xdgConfigHome: process.env.XDG_CONFIG_HOME } : {}),
            }),
        );
        if (existsSync(file) && !statSync(file).isFile()) throw new SextantError('USAGE', `${file} is not a file`);
        const existing = existsSync(file) ? readFileSync(file, 'utf8') : null;
        const script = realpathSync(process.argv[1]!);
        const merged = mergeClientConfig(
          existing,
          {
            client,
            name,
            command: process.execPath,
            args: [script, 'mcp'],
            env: {
              SEXTANT_HOME: ctx.config.home,
              ...(existsSync(ctx.config.configFile) ? { SEXTANT_CONFIG: ctx.config.configFile } : {}),
              SEXTANT_WORKSPACE_ROOT: workspace,
            },
            newToken: `sxb_${randomBytes(24).toString('base64url')}`,
            newPort: port ?? (await freePort()),
            ...(port !== undefined ? { port } : {}),
            ...(flags.newToken ? { rotateToken: true } : {}),
          },
          file,
        );
        let backup: string | null = null;
        if (merged.changed) {
          mkdirSync(dirname(file), { recursive: true });
          if (existing !== null) {
            backup = `${file}.bak`;
            copyFileSync(file, backup);
          }
          const temp = `${file}.tmp-${process.pid}`;
          writeFileSync(temp, merged.text, { mode: 0o600 });
          if (existing !== null) chmodSync(temp, statSync(file).mode & 0o777);
          renameSync(temp, file);
        }
        const report = { client, configPath: file, server: name, changed: merged.changed, backup, workspace, bridge: { port: merged.port }, kept: merged.kept };
        if (ctx.json) return printJson({ ok: true, ...report });
        println(merged.changed ? `wrote the '${name}' entry to ${file}` : `${file} already has this '${name}' entry; nothing changed`);
        if (backup) println(`previous file kept as ${backup}`);
        if (merged.kept.length) println(`other servers kept: ${merged.kept.join(', ')}`);
        println(`workspace root: ${workspace}; scan bridge: POST http://127.0.0.1:${merged.port}/scan (bearer token in the file)`);
        println(`restart ${client} to load it`);
      });
    });
}
