/**
 * @module presentations/cli/command-set
 * Which commands a program gets: all of them for the CLI, the read commands only for a host of
 * them that must change nothing (the REPL).
 */
import { Command } from 'commander';

export interface RegisterOptions {
  /** Leave out the commands that change anything. */
  readOnly?: boolean;
  /** Default of `--project` where a command has one (the CLI's is `default`, the REPL's its session's project). */
  project?: string;
}

/** A subcommand that changes something: on `parent`, or, in a read-only set, detached where nothing reaches it. */
export function writeCommand(parent: Command, name: string, options: RegisterOptions): Command {
  return options.readOnly ? new Command(name) : parent.command(name);
}
