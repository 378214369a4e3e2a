/**
 * @module presentations/cli/main
 * The `sextant` command: parses input, calls the engine, formats output. No business logic.
 */
import { Command, CommanderError } from 'commander';
import { isSextantError, SextantError } from '../../kernel/errors.js';
import { reportError } from './output.js';
import { registerAuthCommands } from './commands/auth.js';
import { registerContextCommands } from './commands/context.js';
import { registerDemoCommand } from './commands/demo.js';
import { registerDescribeCommands } from './commands/describe.js';
import { registerGetCommand } from './commands/get.js';
import { registerGlossaryCommands } from './commands/glossary.js';
import { registerGraphqlCommands } from './commands/graphql.js';
import { registerMcpCommand } from './commands/mcp.js';
import { registerPlanCommand } from './commands/plan.js';
import { registerProjectCommands } from './commands/project.js';
import { registerReplCommand } from './commands/repl.js';
import { registerInitCommand, registerSearchCommands } from './commands/search.js';
import { registerSourceCommands } from './commands/source.js';
import { registerMaintenanceCommands } from './commands/status.js';
import { registerStoreCommands } from './commands/store.js';
import { registerTokenCommands } from './commands/token.js';
import { registerUiCommand } from './commands/ui.js';
import { registerUpdateCommand } from './commands/update.js';

export function buildProgram(): Command {
  const program = new Command('sextant')
    .description('Context engine for AI agents: indexes the metadata of databases, APIs, documents and code, and serves it to agents and people')
    .version('0.1.0')
    .option('--json', 'machine-readable output')
    .option('--home <dir>', 'index folder (default: $SEXTANT_HOME or ~/.cache/sextant)')
    .option('--config <file>', 'config file (default: ~/.config/sextant/config.yaml)')
    .option('-q, --quiet', 'no progress output')
    .showHelpAfterError('(run with --help for usage)')
    .enablePositionalOptions(false)
    .exitOverride();
  registerSourceCommands(program);
  registerAuthCommands(program);
  registerUpdateCommand(program);
  registerSearchCommands(program);
  registerInitCommand(program);
  registerGetCommand(program);
  registerDescribeCommands(program);
  registerPlanCommand(program);
  registerContextCommands(program);
  registerGlossaryCommands(program);
  registerGraphqlCommands(program);
  registerMaintenanceCommands(program);
  registerStoreCommands(program);
  registerDemoCommand(program);
  registerMcpCommand(program);
  registerReplCommand(program);
  registerUiCommand(program);
  registerProjectCommands(program);
  registerTokenCommands(program);
  for (const sub of program.commands) sub.exitOverride();
  return program;
}

/** A reader that stops early (`sextant … | head`) closes the pipe: stop quietly, as Unix tools do. */
function exitQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
}

/** Every command under `command`, itself included. */
function allCommands(command: Command): Command[] {
  return [command, ...command.commands.flatMap(allCommands)];
}

/**
 * A usage error commander finds (a missing option or argument, an unknown command), as
 * `--json` prints every error: `{ok: false, error: {code: 'USAGE', message, hint}}` on stdout.
 */
function usageError(err: CommanderError): SextantError {
  const message = err.code === 'commander.help' ? 'a subcommand is missing' : err.message.replace(/^error: /, '');
  return new SextantError('USAGE', message, { hint: 'run the command with --help for its usage' });
}

export async function main(argv: string[]): Promise<void> {
  exitQuietlyOnClosedPipe();
  const program = buildProgram();
  const json = argv.includes('--json');
  // with --json the usage error is printed once, as JSON, below; nothing on stderr, not even the
  // help commander prints for a missing subcommand (`sextant store --json`)
  if (json)
    for (const command of allCommands(program)) command.configureOutput({ outputError: () => undefined, writeErr: () => undefined }).showHelpAfterError(false);
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version exit 0; everything else commander reports is a usage error
      process.exitCode = err.exitCode === 0 ? 0 : 2;
      if (json && err.exitCode !== 0) reportError(usageError(err), { json });
      return;
    }
    // An option checked before a command's session opens (`--port abc`): one line, no stack.
    if (isSextantError(err)) {
      process.exitCode = reportError(err, { json });
      return;
    }
    throw err;
  }
}
