/** @module presentations/cli/commands/repl — `sextant repl`: the interactive shell (presentations/repl). */
import type { Command } from 'commander';
import { DEFAULT_PROJECT } from '../../../core/projects/projects.js';
import { runWithEngine } from '../session.js';

export function registerReplCommand(program: Command): void {
  program
    .command('repl')
    .description('interactive shell: the read commands plus session state (active projects, documents, entities), explain and open by result number')
    .option('--project <name>', 'the project to serve (always active; the glossary’s)', DEFAULT_PROJECT)
    .action(async (flags: { project: string }, command: Command) => {
      // `doc add FILE` reads inside documents.workspace_root, else inside the folder the shell started in
      await runWithEngine(
        command,
        async (engine, ctx) => (await import('../../repl/shell.js')).runShell({ engine, config: ctx.config, project: flags.project, json: ctx.json }),
        {},
        {
          documentsRoot: process.cwd(),
        },
      );
    });
}
