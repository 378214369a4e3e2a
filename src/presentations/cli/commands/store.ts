/** @module presentations/cli/commands/store — `sextant store migrate|copy` (the shared PostgreSQL store). */
import type { Command } from 'commander';
import { copyStore, migrateStore } from '../../../app.js';
import { SextantError } from '../../../kernel/errors.js';
import { printJson, println, table } from '../output.js';
import { runWithConfig } from '../session.js';

export function registerStoreCommands(program: Command): void {
  const store = program.command('store').description('the index store: create or upgrade a PostgreSQL store, copy an index between stores');

  store
    .command('migrate')
    .description('create or upgrade the schema of a PostgreSQL store (versioned migrations; safe to run twice)')
    .option('--store <url>', 'postgres://user@host:5432/db (default: store.url / SEXTANT_STORE_URL)')
    .action(async (opts: { store?: string }, command: Command) => {
      await runWithConfig(command, async (ctx) => {
        const url = opts.store ?? ctx.config.get('store.url');
        if (!url)
          throw new SextantError('USAGE', 'store migrate needs a store URL', {
            hint: 'pass --store postgres://user@host/db or set store.url (SEXTANT_STORE_URL)',
          });
        const result = await migrateStore(url, ctx.config);
        if (ctx.json) return printJson({ ok: true, ...result });
        if (result.applied.length === 0) return println(`${result.store}: schema version ${result.to}, nothing to do`);
        for (const step of result.applied) println(`${result.store}: applied version ${step.version} (${step.description})`);
        println(`${result.store}: schema version ${result.from} → ${result.to}`);
      });
    });

  store
    .command('copy')
    .description('copy a whole index into an empty store, then verify it by counts and hashes')
    .requiredOption('--from <url>', 'sqlite:///path/index.sqlite or postgres://…')
    .requiredOption('--to <url>', 'postgres://… or sqlite:///path (must be empty)')
    .action(async (opts: { from: string; to: string }, command: Command) => {
      await runWithConfig(command, async (ctx) => {
        const report = await copyStore(opts.from, opts.to, ctx.config, ctx.progress);
        const ok = report.mismatches.length === 0;
        if (ctx.json) return printJson({ ok, ...report });
        println(
          `copied ${report.sources} sources, ${report.objects} objects, ${report.chunks} chunks (${report.vectors} vectors), ${report.terms} glossary terms ` +
            `(${report.glossaryChanges} changes), ${report.sessions} sessions, ${report.llmCache} cached LLM answers`,
        );
        println(`from ${report.from}`);
        println(`to   ${report.to}`);
        println(
          table(
            Object.keys(report.source.counts).map((part) => [
              part,
              String(report.source.counts[part]),
              String(report.target.counts[part]),
              report.mismatches.includes(part) ? 'DIFFERS' : 'same hash',
            ]),
            ['part', 'source', 'target', 'check'],
          ),
        );
        if (!ok) {
          process.exitCode = 1;
          println(`verification failed for: ${report.mismatches.join(', ')}`);
        }
      });
    });
}
