/** @module presentations/cli/commands/demo — `sextant demo` (what `npm run demo` runs). */
import type { Command } from 'commander';
import { defaultDemoDataDir, runDemo } from '../../../demo/run-demo.js';
import { printJson, println } from '../output.js';
import { runWithEngine } from '../session.js';

export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('index the bundled sample database (embedded PostgreSQL, no server needed) as source `demo`')
    .option('--data-dir <dir>', 'where the embedded database keeps its files (default: <home>/demo/pgdata)')
    .action(async (opts: { dataDir?: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const result = await runDemo(engine, { dataDir: opts.dataDir ?? defaultDemoDataDir(ctx.config.home), onProgress: ctx.progress });
        ctx.progress({ source: 'demo', phase: 'write', done: 1, total: 1 });
        if (ctx.json) return printJson({ ok: result.update.ok, ...result });
        const report = result.update.reports[0];
        const kinds = result.index.countsByKind;
        const n = (k: string) => kinds[k] ?? 0;
        println(
          `embedded PostgreSQL ${result.freshDatabase ? 'created with the sample database' : 'reopened'} in ${(result.startMs / 1000).toFixed(1)}s (${result.dataDir})`,
        );
        if (report) {
          println(
            report.status === 'unchanged'
              ? 'source demo: unchanged since the last run'
              : `source demo: indexed ${report.objects} objects in ${(report.durationMs / 1000).toFixed(1)}s`,
          );
        }
        println(
          `found ${n('schema')} schemas, ${n('table') + n('partitioned_table')} tables, ${n('view') + n('materialized_view')} views, ${n('column')} columns, ${n('function') + n('procedure')} routines, ${n('enum') + n('domain')} types; ${result.index.chunks} chunks, ${result.index.vectors} vectors`,
        );
        println('');
        println('try next:');
        println('  sextant get demo:table:shop.sales_order');
        println('  sextant context add sextant://demo/shop.sales_order "One row per checkout; cancelled orders keep status=cancelled"');
        println('  sextant query "monthly revenue by product category"');
        println('  sextant status');
      });
    });
}
