/** @module presentations/cli/commands/status — `sextant status`, `config`, `cleanup`, `repair`. */
import type { Command } from 'commander';
import { type ConfiguredRepairReport, repairConfiguredIndex } from '../../../app.js';
import { describeConfig } from '../../../config/load-config.js';
import { daemonStatus } from '../../../core/daemon/daemon-state.js';
import { failedLine, printJson, println, table } from '../output.js';
import { runWithConfig, runWithEngine } from '../session.js';

function bytes(n: number): string {
  return n > 1 << 20 ? `${(n / (1 << 20)).toFixed(1)} MB` : `${(n / 1024).toFixed(0)} kB`;
}

/** After a salvage: per table what was recovered and lost (tables that had rows), then the re-index. */
function salvageLines(report: ConfiguredRepairReport): string[] {
  if (!report.salvage) return [];
  const lines = report.salvage.tables
    .filter((t) => t.kind !== 'meta' && (t.recovered > 0 || t.lost !== 0))
    .map((t) => `  ${t.kind.padEnd(9)} ${t.table.padEnd(18)} ${t.recovered} recovered, ${t.lost ?? 'an unknown number of'} lost`);
  const { reindex } = report;
  if (report.salvage.reindexNeeded && !reindex) lines.push('catalog rows were lost: run `sextant update` to rebuild them from the sources');
  if (reindex?.error) {
    lines.push(`re-index from the sources failed: ${reindex.error}; run \`sextant update\` to rebuild the lost rows`);
    if (reindex.hint) lines.push(`  hint: ${reindex.hint}`);
  }
  for (const r of reindex?.sources ?? []) {
    if (r.status !== 'failed') {
      lines.push(`re-index ${r.source}: ${r.status}`);
      continue;
    }
    lines.push(`re-index ${r.source}: failed (${r.message}); its salvaged rows stay until \`sextant update\` succeeds`);
    if (r.hint) lines.push(`  hint: ${r.hint}`);
  }
  return lines;
}

export function registerMaintenanceCommands(program: Command): void {
  program
    .command('status')
    .description('sources, last updates, counts by kind, index size and version')
    .action(async (_opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const status = await engine.status();
        const mcp = daemonStatus(ctx.config.home);
        if (ctx.json) return printJson({ ok: true, ...status, mcp });
        const i = status.index;
        println(`index: ${i.location} (${bytes(i.sizeBytes)}, schema version ${i.schemaVersion}, vectors: ${i.vectorBackend})`);
        println(
          `embedding model: ${i.embeddingModel ? `${i.embeddingModel.modelId} (${i.embeddingModel.dimension}-d)` : 'none yet'}; ${i.chunks} chunks, ${i.vectors} vectors`,
        );
        const kinds = Object.entries(i.countsByKind).sort(([a], [b]) => a.localeCompare(b));
        if (kinds.length) println(`objects: ${kinds.map(([k, n]) => `${n} ${k}`).join(', ')}`);
        println(mcp.running ? `MCP server: running at ${mcp.url} (pid ${mcp.pid}, since ${mcp.startedAt})` : 'MCP server: not running in the background');
        println('');
        if (status.sources.length === 0) return println('no sources; try `sextant demo` or `sextant source add <dsn> --name <name>`');
        println(
          table(
            status.sources.map((s) => [s.name, s.type, s.lastUpdate ? (s.lastUpdate.ok ? s.lastUpdate.message : 'FAILED') : 'never', s.lastUpdate?.at ?? '']),
            ['source', 'type', 'last update', 'at'],
          ),
        );
        for (const s of status.sources) if (s.lastUpdate && !s.lastUpdate.ok) println(failedLine(s.name, s.lastUpdate));
      });
    });

  program
    .command('config')
    .description('effective settings and where each comes from (secrets masked)')
    .action(async (_opts: unknown, command: Command) => {
      await runWithConfig(command, async (ctx) => {
        const rows = describeConfig(ctx.config);
        if (ctx.json) return printJson({ ok: true, configFile: ctx.config.configFile, indexPath: ctx.config.indexPath, settings: rows });
        println(`config file: ${ctx.config.configFile}`);
        println(`index: ${ctx.config.indexPath}`);
        println(
          table(
            rows.map((r) => [r.key, r.value === null ? '(unset)' : String(r.value), r.origin === 'default' ? 'default' : `${r.origin}: ${r.from}`]),
            ['setting', 'value', 'from'],
          ),
        );
      });
    });

  program
    .command('cleanup')
    .description('remove orphaned rows and compact the index')
    .action(async (_opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const removed = await engine.cleanup();
        if (ctx.json) return printJson({ ok: true, removed });
        println(
          `cleanup: ${
            Object.entries(removed)
              .map(([k, n]) => `${n} ${k}`)
              .join(', ') || 'nothing to remove'
          }; index compacted`,
        );
      });
    });

  program
    .command('repair')
    .description('rebuild derived tables; rebuild or migrate an index of another version or a broken file (a PostgreSQL store: derived data only)')
    .action(async (_opts: unknown, command: Command) => {
      await runWithConfig(command, async (ctx) => {
        const report = await repairConfiguredIndex(ctx.config, { onProgress: ctx.progress });
        if (ctx.json) return printJson({ ok: true, ...report });
        println(`repair: ${report.summary}`);
        for (const line of salvageLines(report)) println(line);
      });
    });
}
