/** @module presentations/cli/commands/search — `sextant search|vsearch|query` (read commands, the REPL's too) and `init`. */
import { cliHint } from '../remedy-hints.js';
import { spellingLine } from '../../text/spelling-text.js';
import type { Command } from 'commander';
import { initEmbeddings } from '../../../app.js';
import { SextantError } from '../../../kernel/errors.js';
import type { HitExplain, SearchOptions, SearchResult } from '../../../core/search/types.js';
import type { Engine } from '../../../core/engine.js';
import { colors, printJson, println } from '../output.js';
import { runWithConfig, runWithEngine } from '../session.js';

interface SearchFlags {
  limit?: string;
  source?: string[];
  kind?: string;
  minScore?: string;
  explain?: boolean;
  related?: boolean;
  asTyped?: boolean;
}

/** Entities per hit in the --explain text (the JSON has them all). */
const ENTITIES_SHOWN = 10;
const collect = (value: string, previous: string[] = []) => [...previous, ...value.split(',').filter(Boolean)];

function toOptions(flags: SearchFlags): SearchOptions {
  const limit = flags.limit === undefined ? 10 : Number(flags.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new SextantError('USAGE', `-n/--limit must be an integer from 1 to 100, got '${flags.limit}'`);
  const minScore = flags.minScore === undefined ? undefined : Number(flags.minScore);
  if (minScore !== undefined && !(minScore >= 0 && minScore <= 1))
    throw new SextantError('USAGE', `--min-score must be between 0 and 1, got '${flags.minScore}'`);
  return {
    limit,
    ...(flags.source?.length ? { sources: flags.source } : {}),
    ...(flags.kind
      ? {
          kinds: flags.kind
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean),
        }
      : {}),
    ...(minScore !== undefined ? { minScore } : {}),
    explain: Boolean(flags.explain),
    includeRelated: Boolean(flags.related),
    ...(flags.asTyped ? { asTyped: true } : {}),
  };
}

/** One hit's ranks, fused score and entities on one line (what `--explain` adds under a hit). */
export function explainLine(e: HitExplain): string {
  const entities = e.entities.length
    ? `, entities: ${e.entities.slice(0, ENTITIES_SHOWN).join(', ')}${e.entities.length > ENTITIES_SHOWN ? ` (+${e.entities.length - ENTITIES_SHOWN} more; --json lists all)` : ''}`
    : '';
  const named = e.named ? `, first: the query is its ${e.named === 'path' ? 'whole name' : 'name'}` : '';
  return `lexical rank ${e.lexicalRank ?? '-'}, vector rank ${e.vectorRank ?? '-'}, fused ${e.fused.toFixed(5)} (bonus ${e.bonus})${named}${entities}`;
}

export function renderResult(result: SearchResult, explain: boolean): string {
  const lines: string[] = [];
  const spelling = spellingLine(result, '`--as-typed`');
  if (spelling) lines.push(colors.yellow(spelling));
  if (result.hits.length === 0) lines.push(result.notice ?? 'no results');
  const hint = result.hits.length === 0 && result.remedy ? cliHint({ remedy: result.remedy }) : undefined;
  if (hint) lines.push(colors.dim(`hint: ${hint}`));
  result.hits.forEach((h, i) => {
    const mark = colors.dim(`${h.related ? ' (related)' : ''}${h.generated ? ' (generated)' : ''}`);
    lines.push(`${String(i + 1).padStart(2)}. ${h.score.toFixed(3)}  ${colors.bold(h.objectId)}  ${colors.dim(h.kind)}${mark}`);
    lines.push(`      ${h.snippet}`);
    if (explain && h.explain) lines.push(colors.dim(`      ${explainLine(h.explain)}`));
  });
  if (explain && result.expansions.length) lines.push(colors.dim(`expansions: ${result.expansions.join(', ')}`));
  if (result.rerank?.error) lines.push(colors.yellow(`rerank hook failed, fused order kept: ${result.rerank.error}`));
  const confidence = result.confidence !== null ? `, confidence ${result.confidence.toFixed(3)}` : '';
  lines.push(colors.dim(`${result.mode} search in ${result.tookMs} ms${confidence}`));
  return lines.join('\n');
}

function searchCommand(program: Command, name: string, description: string, run: (engine: Engine, q: string, o: SearchOptions) => Promise<SearchResult>): void {
  program
    .command(name)
    .description(description)
    .argument('<query...>', 'what you are looking for, in words or identifiers')
    .option('-n, --limit <count>', 'number of results (1-100)', '10')
    .option('--source <name>', 'only these sources (repeatable or comma-separated)', collect)
    .option('--kind <kinds>', 'only these kinds, e.g. table,view,column')
    .option('--min-score <score>', 'drop results scoring below this (0-1)')
    .option('--explain', 'show lexical and vector ranks, fused score, expansions and entities')
    .option('--related', 'add chunks related through shared entities')
    .option('--as-typed', 'search the words exactly as typed: no spelling correction')
    .action(async (words: string[], flags: SearchFlags, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const result = await run(engine, words.join(' '), toOptions(flags));
        if (ctx.json) return printJson({ ok: true, ...result });
        println(renderResult(result, Boolean(flags.explain)));
      });
    });
}

export function registerSearchCommands(program: Command): void {
  searchCommand(program, 'search', 'lexical search (BM25 over names, comments, definitions, contexts)', (e, q, o) => e.search(q, o));
  searchCommand(program, 'vsearch', 'vector search (embeddings)', (e, q, o) => e.vsearch(q, o));
  searchCommand(program, 'query', 'hybrid search: lexical + vector fused with RRF, optional rerank hook', (e, q, o) => e.query(q, o));
}

export function registerInitCommand(program: Command): void {
  program
    .command('init')
    .description('prepare embeddings: build the builtin vector cache (default), or set up an ONNX model')
    .option('--model <name>', 'download an ONNX model when online, e.g. bge-small-en-v1.5')
    .option('--model-path <dir>', 'use a local ONNX model directory (config.json, tokenizer.json, onnx/model.onnx)')
    .action(async (opts: { model?: string; modelPath?: string }, command: Command) => {
      await runWithConfig(command, async (ctx) => {
        if (opts.model && opts.modelPath) throw new SextantError('USAGE', 'give --model or --model-path, not both');
        const result = await initEmbeddings(ctx.config, { ...opts, onProgress: ctx.progress });
        ctx.progress.done();
        if (ctx.json) return printJson({ ok: true, ...result });
        println(`embeddings ready: ${result.provider} ${result.modelId} (${result.dimension}-d) at ${result.path}`);
        if (Object.keys(result.configured).length)
          println(
            `saved to ${ctx.config.configFile}: ${Object.entries(result.configured)
              .map(([k, v]) => `${k}=${String(v)}`)
              .join(', ')}`,
          );
        println('run `sextant update` to (re-)embed the index with it');
      });
    });
}
