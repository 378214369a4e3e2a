/** @module presentations/cli/commands/context — `sextant context add|list|rm|generate`. */
import type { Command } from 'commander';
import { writeCommand, type RegisterOptions } from '../command-set.js';
import { SextantError } from '../../../kernel/errors.js';
import { colors, printJson, println, table } from '../output.js';
import { runWithEngine } from '../session.js';
import type { LlmSettings } from '../../../ports/llm.js';

export function registerContextCommands(program: Command, options: RegisterOptions = {}): void {
  const context = program.command('context').description('human context layered on sources, schemas and objects');

  writeCommand(context, 'add', options)
    .description('attach context; it is inherited downward (source → schema → object → columns)')
    .argument('<target>', 'sextant://shop, sextant://shop/public, sextant://shop/public.orders or an object id')
    .argument('<text>', 'what it means, e.g. "One row per checkout"')
    .action(async (target: string, text: string, _opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const change = await engine.addContext(target, text);
        if (ctx.json) return printJson({ ok: true, ...change });
        println(`added context #${change.context.id} on ${change.context.target}; ${change.chunksUpdated} chunks updated`);
      });
    });

  context
    .command('list')
    .description('list contexts')
    .option('--source <name>', 'only this source')
    .action(async (opts: { source?: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const contexts = await engine.listContexts(opts.source);
        if (ctx.json) return printJson({ ok: true, contexts });
        if (contexts.length === 0) return println('no contexts yet; add one with `sextant context add <target> "<text>"`');
        println(
          table(
            contexts.map((c) => [c.id, c.source, c.targetKind, c.target, c.origin, c.text]),
            ['id', 'source', 'on', 'target', 'origin', 'text'],
          ),
        );
      });
    });

  writeCommand(context, 'rm', options)
    .alias('remove')
    .description('remove a context by id')
    .argument('<id>')
    .action(async (id: string, _opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const n = Number(id);
        if (!Number.isInteger(n) || n <= 0) throw new SextantError('USAGE', `'${id}' is not a context id`, { hint: 'see `sextant context list`' });
        const change = await engine.removeContext(n);
        if (ctx.json) return printJson({ ok: true, ...change });
        println(`removed context #${n}; ${change.chunksUpdated} chunks updated`);
      });
    });

  writeCommand(context, 'generate', options)
    .description('draft contexts for tables and views without one with a chat model, from schema signals only (origin inferred)')
    .option('--source <name>', 'only this source')
    .option('--object <id>', 'only this table or view (id or sextant:// URI)')
    .option('--limit <n>', 'objects to draft at most, most cryptic first', '20')
    .option('--dry-run', 'print the drafts without storing them')
    .option('--base-url <url>', 'OpenAI-compatible endpoint (default: llm.url)')
    .option('--model <name>', 'chat model (default: llm.model)')
    .option('--api-key-env <var>', 'environment variable holding the API key (default: llm.api_key)')
    .action(async (opts: GenerateFlags, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const limit = Number(opts.limit);
        if (!Number.isInteger(limit) || limit < 1) throw new SextantError('USAGE', `--limit must be a positive whole number, got '${opts.limit}'`);
        const report = await engine.generateContexts({
          limit,
          dryRun: Boolean(opts.dryRun),
          llm: llmSettings(opts),
          onProgress: ctx.progress,
          ...(opts.source ? { source: opts.source } : {}),
          ...(opts.object ? { object: opts.object } : {}),
        });
        ctx.progress.done();
        if (ctx.json) return printJson({ ok: true, ...report });
        const verb = report.dryRun ? 'drafted (dry run, nothing stored)' : 'stored';
        const done = report.dryRun ? report.results.filter((r) => r.status === 'drafted').length : report.stored;
        println(
          `${report.model}: ${report.results.length} of ${report.candidates} objects without a context, ${report.requests} requests (${report.cached} cached); ${done} ${verb}, ${report.skipped} skipped`,
        );
        for (const r of report.results) {
          if (r.status === 'skipped') {
            println(colors.dim(`  skipped ${r.objectId}: ${r.reason ?? ''}`));
            continue;
          }
          println(`  ${r.status === 'stored' ? `#${r.contextId} ` : ''}${colors.bold(r.objectId)} (inferred): ${r.context ?? ''}`);
          for (const e of r.evidence ?? []) println(colors.dim(`      evidence: ${e}`));
        }
      });
    });
}

interface GenerateFlags {
  source?: string;
  object?: string;
  limit: string;
  dryRun?: boolean;
  baseUrl?: string;
  model?: string;
  apiKeyEnv?: string;
}

/** The endpoint flags as settings; the key is read from the named variable, never taken on the command line. */
function llmSettings(opts: GenerateFlags): LlmSettings {
  const settings: LlmSettings = {};
  if (opts.baseUrl) settings.url = opts.baseUrl;
  if (opts.model) settings.model = opts.model;
  if (opts.apiKeyEnv) {
    const key = process.env[opts.apiKeyEnv];
    if (!key)
      throw new SextantError('USAGE', `--api-key-env names ${opts.apiKeyEnv}, which is not set or empty`, { hint: `export ${opts.apiKeyEnv}=<key> first` });
    settings.apiKey = key;
  }
  return settings;
}
