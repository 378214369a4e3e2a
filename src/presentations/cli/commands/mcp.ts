/** @module presentations/cli/commands/mcp — `sextant mcp [--http] [--daemon]`, `sextant mcp stop`. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { SextantError } from '../../../kernel/errors.js';
import { DEFAULT_PROJECT } from '../../../core/projects/projects.js';
import { printJson, println } from '../output.js';
import { runWithConfig } from '../session.js';
import { portFlag } from '../flags.js';
import { registerMcpInstallCommand } from './mcp-install.js';

interface McpFlags {
  http?: boolean;
  host?: string;
  port?: string;
  daemon?: boolean;
  daemonChild?: boolean;
  project?: string;
  ui?: boolean;
  workspace?: string;
}

export function registerMcpCommand(program: Command): void {
  const mcp = program
    .command('mcp')
    .description('serve agents over MCP: stdio (default) or Streamable HTTP at /mcp and /mcp/{project}')
    .option('--http', 'serve Streamable HTTP instead of stdio')
    .option('--host <address>', 'HTTP bind address (default 127.0.0.1; other addresses need auth)')
    .option('--port <port>', 'HTTP port (default 7821)')
    .option('--daemon', 'with --http: run in the background (pid and log in the home folder)')
    .option('--project <name>', 'stdio: the project to serve (default: default)')
    .option('--ui', 'with --http: also serve the web UI at /ui')
    .option('--workspace <dir>', 'serve this repository as the code source `workspace` of the default project (SEXTANT_WORKSPACE_ROOT)')
    .addOption(new Option('--daemon-child', 'internal: started by --daemon').hideHelp())
    .action(async (flags: McpFlags, command: Command) => {
      const port = portFlag(flags.port);
      const settingFlags = {
        ...(flags.host ? { 'mcp.host': flags.host } : {}),
        ...(port !== undefined ? { 'mcp.port': port } : {}),
        ...(flags.workspace ? { 'mcp.workspace_root': resolve(flags.workspace) } : {}),
      };
      await runWithConfig(
        command,
        async (ctx) => {
          if (flags.daemon && !flags.http) throw new SextantError('USAGE', '--daemon needs --http', { hint: 'stdio servers are started by their client' });
          if (flags.ui && !flags.http) throw new SextantError('USAGE', '--ui needs --http', { hint: 'or run the web UI alone with `sextant ui`' });
          if (flags.project && flags.http) throw new SextantError('USAGE', '--project is for stdio; over HTTP the project is in the URL: /mcp/{project}');
          if (flags.daemon) {
            // the child reads the same config file, when there is one (a missing default is no error)
            const config = existsSync(ctx.config.configFile) ? ['--config', ctx.config.configFile] : [];
            const args = ['mcp', '--http', '--daemon-child', '--home', ctx.config.home, ...config];
            if (flags.host) args.push('--host', flags.host);
            if (port !== undefined) args.push('--port', String(port));
            if (flags.ui) args.push('--ui');
            if (flags.workspace) args.push('--workspace', resolve(flags.workspace));
            const { startDaemon } = await import('../../mcp/daemon.js');
            const state = await startDaemon(ctx.config.home, process.argv[1]!, args);
            if (ctx.json) return printJson({ ok: true, daemon: state });
            println(`MCP server running in the background: ${state.url} (pid ${state.pid})`);
            println(`log: ${state.logFile}; stop it with \`sextant mcp stop\``);
            return;
          }
          // the server and its SDK load for this command only, not for every command of the CLI
          const { serve } = await import('../../mcp/serve.js');
          await serve(ctx.config, {
            http: Boolean(flags.http),
            project: flags.project ?? DEFAULT_PROJECT,
            daemonChild: Boolean(flags.daemonChild),
            ui: Boolean(flags.ui),
            // --json: the addresses as one JSON line on stdout (with --port 0, the port chosen), as `sextant ui --json`
            ...(ctx.json && flags.http
              ? { onListening: (urls: { url: string; ui: string | null }) => printJson({ ok: true, url: urls.url, ...(urls.ui ? { ui: urls.ui } : {}) }) }
              : {}),
          });
        },
        settingFlags,
      );
    });

  registerMcpInstallCommand(mcp);

  mcp
    .command('stop')
    .description('stop the background MCP server of this home')
    .action(async (_opts: unknown, command: Command) => {
      await runWithConfig(command, async (ctx) => {
        const { stopDaemon } = await import('../../mcp/daemon.js');
        const result = await stopDaemon(ctx.config.home);
        if (ctx.json) return printJson({ ok: true, ...result });
        if (result.stopped) println(`stopped the MCP server (pid ${result.pid})`);
        else if (result.stale) println(`no MCP server was running (removed the stale state of pid ${result.pid})`);
        else println('no MCP server is running for this home');
      });
    });
}
