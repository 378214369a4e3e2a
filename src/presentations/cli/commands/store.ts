/** @module presentations/cli/commands/store — `sextant store migrate|copy` (the shared PostgreSQL store). */
import type { Command } from 'commander';
import { copyStore, migrateStore } from '../../../app.js';
import { SextantError } from '../../../kernel/errors.js';
import { redactDsn } from '../../../kernel/redact.js';
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
        // the copy is not one transaction: stopped, the target keeps what arrived, marked unfinished
        const onSignal = () => {
          ctx.progress.done();
          process.stderr.write(
            `interrupted: the copy into ${redactDsn(opts.to)} may be unfinished (\`sextant status\` on it says so); drop it and copy again\n`,
          );
          process.exit(130);
        };
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
        const report = await copyStore(opts.from, opts.to, ctx.config, ctx.progress).finally(() => {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
        });
        const ok = report.mismatches.length === 0;
        if (ctx.json) return printJson({ ok, ...report });
        println(copySummary(report.target.counts));
        println(`from ${report.from}`);
        println(`to   ${report.to}`);
        println(
          table(
            Object.keys(report.target.counts).map((part) => [
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

/** The parts a summary names, in the digest's own words: the counts are the target's, as in the table. */
const SUMMARY: ReadonlyArray<[part: string, one: string, many: string]> = [
  ['sources', 'source', 'sources'],
  ['objects', 'object', 'objects'],
  ['chunks', 'chunk', 'chunks'],
  ['vectors', 'vector', 'vectors'],
  ['terms', 'glossary term', 'glossary terms'],
  ['glossaryHistory', 'glossary change', 'glossary changes'],
  ['sessions', 'session', 'sessions'],
  ['sessionDocuments', 'session document', 'session documents'],
  ['llmCache', 'cached LLM answer', 'cached LLM answers'],
];

/** `copied 1 source, 660 objects, …`: read from the same counts as the table below it. */
export function copySummary(counts: Readonly<Record<string, number>>): string {
  const said = SUMMARY.map(([part, one, many]) => {
    const n = counts[part] ?? 0;
    return `${n} ${n === 1 ? one : many}`;
  });
  return `copied ${said.join(', ')}`;
}
