/**
 * @module presentations/repl/completer
 * Tab completion: command and subcommand names from the table, then each command's argument:
 * object ids (the core's prefix lookup), glossary terms, projects, sources, this session's
 * documents, files. Answers in readline's form: candidates and the text they replace.
 */
import { readdirSync } from 'node:fs';
import type { IdCompletion } from '../../core/discovery/complete-ids.js';
import type { ArgumentKind, CommandSpec } from './commands.js';
import { partialLine, quoteWord } from './tokenize.js';

/** Where candidates come from (the REPL session; fakes in tests). */
export interface CompletionLookups {
  ids(prefix: string): Promise<IdCompletion>;
  /** Term names and aliases of the glossary. */
  terms(): Promise<string[]>;
  projects(): Promise<string[]>;
  sources(): Promise<string[]>;
  documents(): Promise<string[]>;
}

export type Completion = [candidates: string[], replaced: string];

/** Files and folders (with a trailing /) starting with `prefix`, relative to the working directory; hidden ones only when asked for. */
function files(prefix: string): string[] {
  const cut = prefix.lastIndexOf('/') + 1;
  const folder = prefix.slice(0, cut);
  const start = prefix.slice(cut);
  try {
    return readdirSync(folder || '.', { withFileTypes: true })
      .filter((e) => e.name.startsWith(start) && (start.startsWith('.') || !e.name.startsWith('.')))
      .map((e) => `${folder}${e.name}${e.isDirectory() ? '/' : ''}`);
  } catch {
    return [];
  }
}

async function argumentCandidates(kind: ArgumentKind, current: string, lookups: CompletionLookups, specs: readonly CommandSpec[]) {
  const starting = (names: string[]) => names.filter((n) => n.startsWith(current)).sort();
  switch (kind) {
    case 'id':
      return lookups.ids(current);
    case 'term':
      return { candidates: starting(await lookups.terms()), partial: false };
    case 'project':
      return { candidates: starting(await lookups.projects()), partial: false };
    case 'source':
      return { candidates: starting(await lookups.sources()), partial: false };
    case 'document':
      return { candidates: starting(await lookups.documents()), partial: false };
    case 'command':
      return { candidates: starting(specs.map((s) => s.name)), partial: false };
    case 'file':
      return { candidates: files(current).sort(), partial: false };
  }
}

/** A candidate ends where the next part begins (`demo:`, `shop.`, a folder): no closing quote, no space. */
const unfinished = (word: string) => /[:./]$/.test(word);

export async function complete(line: string, specs: readonly CommandSpec[], lookups: CompletionLookups): Promise<Completion> {
  const { words, current, raw, quote } = partialLine(line);
  let found: { candidates: string[]; partial: boolean };
  if (words.length === 0) {
    found = { candidates: specs.map((s) => s.name).filter((n) => n.startsWith(current)), partial: false };
  } else {
    const spec = specs.find((s) => s.name === words[0]);
    if (!spec || current.startsWith('-')) return [[], raw];
    if (spec.subcommands && words.length === 1) found = { candidates: spec.subcommands.filter((n) => n.startsWith(current)), partial: false };
    else {
      const kind = spec.argument?.(words) ?? null;
      if (!kind) return [[], raw];
      found = await argumentCandidates(kind, current, lookups, specs);
    }
  }
  const typed = found.candidates.flatMap((c) => {
    const word = quoteWord(c, quote, !unfinished(c));
    if (word === null) return [];
    return [unfinished(c) ? word : `${word} `];
  });
  // Partial answers must not complete past what every match shares: the typed text stays a candidate.
  if (found.partial && typed.length) typed.push(raw);
  return [typed, raw];
}
