/** @module presentations/cli/commands/auth — `sextant auth check`. */
import type { Command } from 'commander';
import { colors, printJson, println } from '../output.js';
import { runWithEngine } from '../session.js';

export function registerAuthCommands(program: Command): void {
  const auth = program.command('auth').description('check source credentials against the read-only policy');
  auth
    .command('check')
    .description('walk inherited role privileges; fail on write or admin privileges')
    .option('--source <name>', 'check one source (default: all)')
    .action(async (opts: { source?: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const results = await engine.checkAccess(opts.source);
        const ok = results.every((r) => r.report.ok);
        if (!ok) process.exitCode = 1;
        if (ctx.json) return printJson({ ok, results });
        for (const { source, report } of results) {
          println(`${report.ok ? colors.green('PASS') : colors.red('FAIL')} ${source} (role ${report.role})`);
          for (const f of report.findings) println(`  ${f.severity === 'fail' ? colors.red('✗') : '·'} ${f.code}: ${f.message}`);
        }
        if (!ok) println('a failing source is refused by `sextant update` unless --allow-extra-privileges is given; better: connect as a read-only role');
      });
    });
}
