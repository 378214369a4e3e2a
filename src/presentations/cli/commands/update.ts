/** @module presentations/cli/commands/update — `sextant update`. */
import type { Command } from 'commander';
import { colors, failedLine, hintLine, printJson, println } from '../output.js';
import { runWithEngine } from '../session.js';
import { resourceCounts } from '../../text/update-text.js';

export function registerUpdateCommand(program: Command): void {
  program
    .command('update')
    .description('introspect sources and update the index (only what changed)')
    .option('--source <name>', 'update one source (default: all)')
    .option('--object <ref>', 'with --source: update one data object, function, module or data source (id or path) without re-reading the rest')
    .option('--allow-extra-privileges', 'index even when the role may write (the session stays read-only)')
    .action(async (opts: { source?: string; object?: string; allowExtraPrivileges?: boolean }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const controller = new AbortController();
        // Nothing is written until the final single transaction, and a signal handler cannot run
        // in the middle of that synchronous write: leaving at once keeps the previous index intact.
        const onSigint = () => {
          controller.abort();
          ctx.progress.done();
          process.stderr.write('interrupted: the previous index is unchanged\n');
          process.exit(130);
        };
        process.once('SIGINT', onSigint);
        process.once('SIGTERM', onSigint);
        try {
          const run = await engine.update({
            ...(opts.source ? { source: opts.source } : {}),
            ...(opts.object ? { object: opts.object } : {}),
            allowExtraPrivileges: Boolean(opts.allowExtraPrivileges),
            onProgress: ctx.progress,
            signal: controller.signal,
          });
          if (!run.ok) process.exitCode = 1;
          if (ctx.json) return printJson({ ok: run.ok, reports: run.reports, reembedded: run.reembedded, glossary: run.glossary });
          for (const r of run.reports) {
            const secs = (r.durationMs / 1000).toFixed(1);
            if (r.status === 'failed') println(failedLine(r.source, r));
            else if (r.status === 'unchanged') println(`${r.source}: unchanged (${secs}s)`);
            else println(`${r.source}: ${resourceCounts(r)} resources; ${r.objects} objects, ${r.chunksEmbedded} chunks embedded (${secs}s)`);
            for (const note of r.notes ?? []) println(`  ${note}`);
          }
          if (run.reembedded > 0) println(`re-embedded ${run.reembedded} chunks`);
          for (const g of run.glossary) {
            if (g.error) println(`${colors.yellow('glossary')} ${g.source}: terms not re-checked: ${g.error}${hintLine(g.hint)}`);
            for (const b of g.broke)
              println(`${colors.yellow('glossary')} term '${b.term}' (${b.project}) no longer runs on ${g.source}: ${b.error}${hintLine(b.hint)}`);
            for (const f of g.fixed) println(`glossary term '${f.term}' (${f.project}) runs again on ${g.source}`);
          }
        } finally {
          process.off('SIGINT', onSigint);
          process.off('SIGTERM', onSigint);
        }
      });
    });
}
