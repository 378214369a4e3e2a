/** @module presentations/cli/commands/ui — `sextant ui [--port 7822] [--host 127.0.0.1] [--open]`. */
import type { Command } from 'commander';
import { printJson, println } from '../output.js';
import { runWithConfig } from '../session.js';
import { portFlag } from '../flags.js';

interface UiFlags {
  host?: string;
  port?: string;
  open?: boolean;
}

function signalled(): Promise<string> {
  return new Promise((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve(signal));
  });
}

export function registerUiCommand(program: Command): void {
  program
    .command('ui')
    .description('serve the web UI for people: search with explanations, browse, contexts, glossary, sources, sessions')
    .option('--host <address>', 'bind address (default 127.0.0.1; other addresses need a token or OIDC)')
    .option('--port <port>', 'port (default 7822; 0: any free port)')
    .option('--open', 'open it in the browser')
    .action(async (flags: UiFlags, command: Command) => {
      const port = portFlag(flags.port);
      const settingFlags = { ...(flags.host ? { 'ui.host': flags.host } : {}), ...(port !== undefined ? { 'ui.port': port } : {}) };
      await runWithConfig(
        command,
        async (ctx) => {
          // the web UI loads for this command only, not for every command of the CLI
          const { serveUi } = await import('../../ui/serve-ui.js');
          await serveUi(ctx.config, {
            open: Boolean(flags.open),
            stopped: signalled(),
            onListening: (url) => (ctx.json ? printJson({ ok: true, url }) : println(`Sextant web UI on ${url} (Ctrl-C to stop)`)),
          });
        },
        settingFlags,
      );
    });
}
