/**
 * @module presentations/repl/shell-commands
 * The shell's own commands: session state the CLI cannot keep (active projects, documents,
 * entities) and the results of the last search (open, explain). Each parses its words, calls
 * the session's scoped engine and prints; nothing is decided here.
 */
import { parseArgs } from 'node:util';
import { documentNameOf } from '../../core/sessions/session-documents.js';
import type { SearchHit } from '../../core/search/types.js';
import { SextantError } from '../../kernel/errors.js';
import { printJson, println } from '../cli/output.js';
import type { CommandSpec } from './commands.js';
import { renderDocumentAdded, renderDocuments, renderEntities, renderExplain, renderHelp, renderProjects } from './render.js';
import type { ReplSession } from './repl-session.js';

export interface ShellContext {
  session: ReplSession;
  specs: readonly CommandSpec[];
  json: boolean;
  setJson(on: boolean): void;
  /** Runs a CLI command of the shell (`get ID`, `search --help`). */
  runCli(words: string[]): Promise<void>;
  /** Cancelled by Ctrl-C. */
  signal: AbortSignal;
  leave(): void;
  /** Where `entities more` continues. */
  readonly entities: { documentsOnly: boolean; cursor: string | null };
}

type ShellCommand = (args: string[], ctx: ShellContext) => Promise<void>;

const usage = (message: string, hint?: string) => new SextantError('USAGE', message, hint ? { hint } : {});

function options<T extends Record<string, { type: 'string' | 'boolean'; short?: string }>>(args: string[], spec: T, command: string) {
  try {
    return parseArgs({ args, options: spec, allowPositionals: true, strict: true });
  } catch (err) {
    throw usage((err as Error).message.split('\n')[0]!, `type help ${command}`);
  }
}

/** Result N of the last search (1-based, as listed). */
function resultAt(ctx: ShellContext, word: string | undefined, command: string): { n: number; hit: SearchHit } {
  const last = ctx.session.lastSearch;
  if (!last) throw usage('no search yet', 'run search, vsearch or query first');
  const n = Number(word);
  if (!Number.isInteger(n) || n < 1) throw usage(`${command} needs a result number, e.g. ${command} 1`);
  const hit = last.result.hits[n - 1];
  if (!hit) throw usage(`no result ${n}: the last search listed ${last.result.hits.length}`);
  return { n, hit };
}

async function showProjects(ctx: ShellContext): Promise<void> {
  const record = await ctx.session.scoped.sessionRecord();
  const sources = await ctx.session.scoped.visibleSources();
  if (ctx.json) return printJson({ ok: true, activeProjects: record.activeProjects, project: record.project, sources: sources ?? 'all' });
  println(renderProjects(record, sources));
}

async function listEntities(ctx: ShellContext, documentsOnly: boolean, limit: number, cursor: string | null): Promise<void> {
  const page = await ctx.session.scoped.entities({ documentsOnly, limit, ...(cursor ? { cursor } : {}) });
  Object.assign(ctx.entities, { documentsOnly, cursor: page.nextCursor });
  if (ctx.json) return printJson({ ok: true, ...page });
  println(renderEntities(page, documentsOnly));
}

const COMMANDS: Record<string, ShellCommand> = {
  async use(args, ctx) {
    if (args.length && args[0] !== 'project') throw usage(`use ${args[0]}?`, 'use project NAME… (or `use` alone to see the active projects)');
    if (args[0] === 'project') await ctx.session.scoped.setActiveProjects(args.slice(1));
    await showProjects(ctx);
  },

  async doc(args, ctx) {
    const [action, ...rest] = args;
    if (action === 'list') {
      const docs = await ctx.session.scoped.documents.list();
      return ctx.json ? printJson({ ok: true, documents: docs }) : println(renderDocuments(docs));
    }
    if (action === 'add') {
      const { values, positionals } = options(rest, { name: { type: 'string' } }, 'doc');
      if (positionals.length !== 1) throw usage('doc add needs one FILE or URL');
      // read, extracted and checked by the core, as for MCP add_document; Ctrl-C aborts the read
      const target = positionals[0]!;
      const location = /^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? { url: target } : { path: target };
      const doc = await ctx.session.scoped.documents.addFrom({ ...location, ...(values.name ? { name: values.name } : {}) }, { signal: ctx.signal });
      return ctx.json ? printJson({ ok: true, document: doc }) : println(renderDocumentAdded(doc));
    }
    if (action === 'rm') {
      if (rest.length !== 1) throw usage('doc rm needs one document name (see doc list)');
      const doc = await ctx.session.scoped.documents.remove(documentNameOf(rest[0]!) ?? rest[0]!);
      return ctx.json ? printJson({ ok: true, removed: doc }) : println(`removed ${doc.name} (${doc.chunks} chunks)`);
    }
    throw usage(action ? `doc ${action}?` : 'doc needs add, list or rm', 'doc add FILE|URL, doc list, doc rm NAME');
  },

  async entities(args, ctx) {
    if (args[0] === 'more') {
      if (!ctx.entities.cursor) throw usage('no more entities', 'run entities first');
      return listEntities(ctx, ctx.entities.documentsOnly, 50, ctx.entities.cursor);
    }
    const { values, positionals } = options(args, { docs: { type: 'boolean' }, n: { type: 'string', short: 'n' } }, 'entities');
    if (positionals.length) throw usage(`entities ${positionals[0]}?`, 'entities [--docs] [-n N], or entities more');
    const limit = values.n === undefined ? 50 : Number(values.n);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw usage(`-n must be an integer from 1 to 500, got '${values.n}'`);
    await listEntities(ctx, Boolean(values.docs), limit, null);
  },

  async open(args, ctx) {
    const { hit } = resultAt(ctx, args[0], 'open');
    const name = documentNameOf(hit.objectId);
    if (name === null) return ctx.runCli(['get', hit.objectId]);
    const doc = await ctx.session.scoped.documents.get(name);
    if (ctx.json) return printJson({ ok: true, document: doc });
    println(
      `document ${doc.name} (${doc.mimeType}, ${doc.text.length} chars, ${doc.chunks} chunk${doc.chunks === 1 ? '' : 's'}, this session only)\n${doc.text.trimEnd()}`,
    );
  },

  async explain(args, ctx) {
    const { n, hit } = resultAt(ctx, args[0], 'explain');
    const again = await ctx.session.explainLast();
    const explained = again.hits.find((h) => h.id === hit.id);
    if (!explained) throw new SextantError('OBJECT_NOT_FOUND', `result ${n} is no longer found by this search`, { hint: 'the index changed; search again' });
    if (ctx.json) return printJson({ ok: true, n, query: again.query, mode: again.mode, hit: explained });
    println(renderExplain(n, again.query, explained));
  },

  async json(args, ctx) {
    if (args[0] !== 'on' && args[0] !== 'off') throw usage('json on or json off?');
    ctx.setJson(args[0] === 'on');
    println(`json output ${args[0]}`);
  },

  async help(args, ctx) {
    const spec = args[0] === undefined ? undefined : ctx.specs.find((s) => s.name === args[0]);
    if (args[0] === undefined) return println(renderHelp(ctx.specs));
    if (!spec) throw usage(`no command '${args[0]}'`, 'type help for the list');
    if (spec.cli) return ctx.runCli([spec.name, '--help']);
    println(`${spec.usage}\n  ${spec.summary}`);
  },

  async exit(_args, ctx) {
    ctx.leave();
  },
};

/** Runs one of the shell's own commands; false when `name` is none of them. */
export async function runShellCommand(name: string, args: string[], ctx: ShellContext): Promise<boolean> {
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) return false;
  await command(args, ctx);
  return true;
}
