/**
 * @module presentations/repl/cli-commands
 * The CLI's read commands inside the shell: the very definitions the CLI registers (arguments,
 * options, checks, renderers), hosted on the shell's session instead of opening an engine each.
 */
import { Command } from 'commander';
import { registerContextCommands } from '../cli/commands/context.js';
import { registerDescribeCommands } from '../cli/commands/describe.js';
import { registerGetCommand } from '../cli/commands/get.js';
import { registerGlossaryCommands } from '../cli/commands/glossary.js';
import { registerPlanCommand } from '../cli/commands/plan.js';
import { registerSearchCommands } from '../cli/commands/search.js';
import type { OutputSink } from '../cli/output.js';
import { hostCommands, type CommandHost } from '../cli/session.js';

export function readCommands(host: CommandHost, output: OutputSink, project: string): Command {
  const program = new Command('sextant')
    .option('--json', 'machine-readable output')
    .exitOverride()
    .configureOutput({ writeOut: (text) => output.out(text), writeErr: (text) => output.err(text) });
  registerSearchCommands(program);
  registerGetCommand(program);
  registerDescribeCommands(program);
  registerContextCommands(program, { readOnly: true });
  registerGlossaryCommands(program, { readOnly: true, project });
  registerPlanCommand(program);
  hostCommands(program, host);
  return program;
}
