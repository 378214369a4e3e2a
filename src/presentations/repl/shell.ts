/**
 * @module presentations/repl/shell
 * `sextant repl`: a line editor (node:readline: completion, history) over one session. Each line
 * is split into words and run by the shell's own commands or the CLI's read commands. Ctrl-C
 * cancels the running command (its signal aborts; whatever it still prints is dropped) or clears
 * the line; Ctrl-D (or `exit`) leaves. A failure prints one line and the shell goes on.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { CommanderError } from 'commander';
import type { SextantConfig } from '../../config/load-config.js';
import type { Engine } from '../../core/engine.js';
import { SextantError } from '../../kernel/errors.js';
import { closestWord } from '../../kernel/text/nearest-word.js';
import { colors, reportError, setOutputSink, type OutputSink } from '../cli/output.js';
import { globalOptions, type CommandHost } from '../cli/session.js';
import { readCommands } from './cli-commands.js';
import { cliSpecs, COMMAND_ALIASES, SHELL_COMMANDS } from './commands.js';
import { complete } from './completer.js';
import { openReplSession } from './repl-session.js';
import { runShellCommand, type ShellContext } from './shell-commands.js';
import { tokenize } from './tokenize.js';

export interface ShellOptions {
  engine: Engine;
  config: SextantConfig;
  /** The served project: always active; the glossary's. */
  project: string;
  json: boolean;
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

export const HISTORY_FILE = 'repl_history';
const HISTORY_SIZE = 1000;

function loadHistory(file: string): string[] {
  try {
    // stored oldest first, as people read it; readline wants newest first
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).reverse().slice(0, HISTORY_SIZE);
  } catch {
    return [];
  }
}

function saveHistory(file: string, history: readonly string[]): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${[...history].reverse().join('\n')}\n`, { mode: 0o600 });
  } catch {
    // history is a convenience: a read-only home must not break the shell
  }
}

class Cancelled extends Error {}

/** Runs the shell until Ctrl-D or `exit`. */
export async function runShell(options: ShellOptions): Promise<void> {
  const { engine, config, project } = options;
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const tty = (output as NodeJS.WriteStream).isTTY === true && (input as NodeJS.ReadStream).isTTY === true;
  const session = await openReplSession(engine, project);

  // What a cancelled command prints after Ctrl-C is dropped: its own signal says it was cancelled.
  const running = new AsyncLocalStorage<AbortSignal>();
  const live = () => running.getStore()?.aborted !== true;
  const sink: OutputSink = {
    out: (text) => void (live() && output.write(text)),
    err: (text) => void (live() && (tty ? output : process.stderr).write(text)),
  };
  setOutputSink(sink);

  const state = { json: options.json };
  const silent = Object.assign(() => undefined, { done: () => undefined });
  const host: CommandHost = {
    run: (command, body) => body(session.view, { config, json: state.json || Boolean(globalOptions(command).json), progress: silent }),
  };
  const program = readCommands(host, sink, project);
  const specs = [...cliSpecs(program), ...SHELL_COMMANDS];
  const historyFile = join(config.home, HISTORY_FILE);

  const rl: Interface = createInterface({
    input,
    output,
    terminal: tty,
    prompt: `${colors.cyan('sextant')}${project === 'default' ? '' : colors.dim(`:${project}`)}> `,
    history: tty ? loadHistory(historyFile) : [],
    historySize: HISTORY_SIZE,
    removeHistoryDuplicates: true,
    completer: (line: string, done: (err: null, result: [string[], string]) => void) => {
      complete(line, specs, session.lookups).then(
        (result) => done(null, result),
        () => done(null, [[], line]),
      );
    },
  });
  if (tty) rl.on('history', (history: string[]) => saveHistory(historyFile, history));

  let current: AbortController | null = null;
  const entities = { documentsOnly: false, cursor: null as string | null };

  async function runCli(words: string[]): Promise<void> {
    try {
      await program.parseAsync(words, { from: 'user' });
    } catch (err) {
      if (!(err instanceof CommanderError)) throw err; // commander printed its own one-line message
    }
  }

  async function dispatch(typed: string[], signal: AbortSignal): Promise<void> {
    const [first, ...args] = typed as [string, ...string[]];
    const name = COMMAND_ALIASES[first] ?? first;
    const words = [name, ...args];
    const ctx: ShellContext = {
      session,
      specs,
      json: state.json,
      setJson: (on) => void (state.json = on),
      runCli,
      signal,
      leave: () => rl.close(),
      entities,
    };
    if (await runShellCommand(name, args, ctx)) return;
    if (specs.some((s) => s.cli && s.name === name)) return runCli(words);
    const nearest = closestWord(name, new Map(specs.map((s) => [s.name, 1])));
    throw new SextantError('USAGE', `unknown command '${name}'`, {
      hint: nearest ? `did you mean \`${nearest}\`? type help for the list` : 'type help for the list',
    });
  }

  async function execute(line: string): Promise<void> {
    const controller = new AbortController();
    current = controller;
    try {
      const words = tokenize(line);
      if (words.length === 0) return;
      if (await session.touch()) sink.err(`${colors.yellow('note:')} the session had expired; a new one was opened without its documents\n`);
      const work = running.run(controller.signal, () => dispatch(words, controller.signal));
      work.catch(() => undefined); // after a cancel nobody waits for it
      const cancelled = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Cancelled()), { once: true }));
      await Promise.race([work, cancelled]);
    } catch (err) {
      if (err instanceof Cancelled || controller.signal.aborted) sink.err(`${colors.yellow('cancelled')}\n`);
      else reportError(err, { json: state.json });
    } finally {
      current = null;
    }
  }

  rl.on('SIGINT', () => {
    if (current) return current.abort();
    // idle: drop what was typed and start a fresh line, as shells do
    output.write('^C\n');
    rl.write(null, { ctrl: true, name: 'e' });
    rl.write(null, { ctrl: true, name: 'u' });
    rl.prompt();
  });

  if (tty) output.write(`sextant repl — project ${project}${state.json ? ', json output' : ''}. Type help; Tab completes; Ctrl-D leaves.\n`);
  let queue = Promise.resolve();
  const closed = new Promise<void>((resolve) => rl.once('close', resolve));
  rl.on('line', (line) => {
    queue = queue.then(() => execute(line)).then(() => (current === null && tty ? rl.prompt() : undefined));
  });
  if (tty) rl.prompt();
  await closed;
  if (tty) {
    output.write('\n');
    (current as AbortController | null)?.abort(); // piped input ends before its commands do: those run to the end
  }
  await queue;
  await session.close();
  setOutputSink(null);
}
