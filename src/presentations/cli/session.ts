/**
 * @module presentations/cli/session
 * Opens config and engine for one command, runs it, closes everything, maps errors to exit codes.
 */
import type { Command } from 'commander';
import { openEngine, type AppOptions } from '../../app.js';
import { loadConfig, type SextantConfig } from '../../config/load-config.js';
import type { Engine } from '../../core/engine.js';
import type { ProgressFn } from '../../kernel/progress.js';
import { reportError } from './output.js';
import { cliProgress } from './progress.js';

export interface GlobalOptions {
  json?: boolean;
  home?: string;
  config?: string;
  quiet?: boolean;
}

export interface CommandContext {
  config: SextantConfig;
  json: boolean;
  progress: ProgressFn & { done(): void };
}

/**
 * Runs the bodies of a program's commands when a longer-lived process hosts them (the REPL):
 * on its open engine, in its output mode, its errors thrown back to it rather than turned into
 * exit codes.
 */
export interface CommandHost {
  run(command: Command, body: (engine: Engine, ctx: CommandContext) => Promise<void>): Promise<void>;
}

const hosts = new WeakMap<Command, CommandHost>();

/** Every command of `program` runs its body through `host` instead of opening an engine of its own. */
export function hostCommands(program: Command, host: CommandHost): void {
  hosts.set(program, host);
}

function hostOf(command: Command): CommandHost | undefined {
  let root = command;
  while (root.parent) root = root.parent;
  return hosts.get(root);
}

export function globalOptions(command: Command): GlobalOptions {
  return command.optsWithGlobals<GlobalOptions>();
}

export function loadCliConfig(opts: GlobalOptions, flags: Record<string, unknown> = {}): SextantConfig {
  return loadConfig({
    ...(opts.config ? { configFile: opts.config, requireConfigFile: true } : {}),
    flags: { ...(opts.home ? { home: opts.home } : {}), ...flags },
  });
}

/** Runs a command body with config only (no index opened). */
export async function runWithConfig(command: Command, body: (ctx: CommandContext) => Promise<void>, flags: Record<string, unknown> = {}): Promise<void> {
  const opts = globalOptions(command);
  const progress = cliProgress(!opts.json && !opts.quiet);
  try {
    const config = loadCliConfig(opts, flags);
    await body({ config, json: Boolean(opts.json), progress });
  } catch (err) {
    progress.done();
    process.exitCode = reportError(err, { json: Boolean(opts.json) });
  } finally {
    progress.done();
  }
}

/** Runs a command body with the engine open, closing it afterwards whatever happens. */
export async function runWithEngine(
  command: Command,
  body: (engine: Engine, ctx: CommandContext) => Promise<void>,
  flags: Record<string, unknown> = {},
  app: Pick<AppOptions, 'documentsRoot'> = {},
): Promise<void> {
  const host = hostOf(command);
  if (host) return host.run(command, body);
  await runWithConfig(
    command,
    async (ctx) => {
      const engine = await openEngine(ctx.config, { onProgress: ctx.progress, ...app });
      try {
        await body(engine, ctx);
      } finally {
        await engine.close();
      }
    },
    flags,
  );
}
