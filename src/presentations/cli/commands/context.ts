/** @module presentations/cli/commands/context — `sextant context add|list|rm`. */
import type { Command } from 'commander';
import { writeCommand, type RegisterOptions } from '../command-set.js';
import { SextantError } from '../../../kernel/errors.js';
import { printJson, println, table } from '../output.js';
import { runWithEngine } from '../session.js';

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
            contexts.map((c) => [c.id, c.source, c.targetKind, c.target, c.text]),
            ['id', 'source', 'on', 'target', 'text'],
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
}
