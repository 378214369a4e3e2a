/**
 * @module presentations/repl/commands
 * The shell's command table: its own commands (session state, results of the last search) and
 * the CLI's read commands, which it runs through the CLI's own definitions (cli-commands.ts).
 * The table drives `help` and completion; it holds no behaviour.
 */
import type { Command } from 'commander';

/** What a command's next argument completes to. */
export type ArgumentKind = 'id' | 'term' | 'project' | 'source' | 'document' | 'file' | 'command';

export interface CommandSpec {
  name: string;
  /** How to type it, e.g. `doc add FILE|URL`. */
  usage: string;
  summary: string;
  /** Words that may follow the name (`doc add|list|rm`). */
  subcommands?: readonly string[];
  /** What the next argument completes to, given the words typed so far (the name first). */
  argument?: (words: readonly string[]) => ArgumentKind | null;
  /** Served by the CLI command of the same name. */
  cli?: boolean;
}

const sub = (words: readonly string[]) => words[1] ?? '';

export const SHELL_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'use',
    usage: 'use [project NAME…]',
    summary: 'show the active projects, or make these (and the served one) active',
    subcommands: ['project'],
    argument: (w) => (sub(w) === 'project' ? 'project' : null),
  },
  {
    name: 'doc',
    usage: 'doc add FILE|URL [--name NAME] | doc list | doc rm NAME',
    summary: 'documents of this session only (text or markdown), searchable as kind document',
    subcommands: ['add', 'list', 'rm'],
    argument: (w) => (w.length > 2 ? null : sub(w) === 'add' ? 'file' : sub(w) === 'rm' ? 'document' : null),
  },
  { name: 'entities', usage: 'entities [--docs] [-n N] | entities more', summary: "the session's entities (--docs: of its documents only)" },
  { name: 'open', usage: 'open N', summary: 'show result N of the last search (as get does)' },
  { name: 'explain', usage: 'explain N', summary: 'why result N of the last search ranked where it did: every list, its rank and share' },
  { name: 'json', usage: 'json on|off', summary: 'print results as JSON, or as text', subcommands: ['on', 'off'] },
  { name: 'help', usage: 'help [COMMAND]', summary: 'this list, or how to use one command', argument: (w) => (w.length === 1 ? 'command' : null) },
  { name: 'exit', usage: 'exit', summary: 'leave (Ctrl-D does too)' },
];

/** What people used to other shells type to leave or ask for help (node's `.exit`, vim's `:q`, `quit`, `?`). */
export const COMMAND_ALIASES: Readonly<Record<string, string>> = {
  quit: 'exit',
  ':q': 'exit',
  ':quit': 'exit',
  '.exit': 'exit',
  '?': 'help',
  ':h': 'help',
  ':help': 'help',
  '.help': 'help',
};

/** Arguments of the CLI's read commands worth completing. */
const CLI_ARGUMENTS: Record<string, ArgumentKind> = {
  get: 'id',
  describe: 'id',
  schemas: 'source',
  'glossary show': 'term',
  'glossary related': 'term',
  'glossary history': 'term',
};

/** Table rows for the commands of a CLI program (the read commands the shell runs). */
export function cliSpecs(program: Command): CommandSpec[] {
  return program.commands.map((c) => {
    const subs = c.commands.map((s) => s.name());
    // only the first argument: `get ID`, `glossary show TERM`
    const kind = (words: readonly string[]) =>
      words.length === (subs.length ? 2 : 1) ? (CLI_ARGUMENTS[subs.length ? `${c.name()} ${sub(words)}` : c.name()] ?? null) : null;
    return {
      name: c.name(),
      usage: subs.length
        ? `${c.name()} ${subs.join('|')} …`
        : `${c.name()} ${c.registeredArguments.map((a) => (a.required ? `<${a.name()}${a.variadic ? '…' : ''}>` : `[${a.name()}]`)).join(' ')}`.trim(),
      summary: c.description(),
      ...(subs.length ? { subcommands: subs } : {}),
      argument: kind,
      cli: true,
    };
  });
}
