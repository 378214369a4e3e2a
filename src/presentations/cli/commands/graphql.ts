/** @module presentations/cli/commands/graphql — `sextant graphql sources|modules|objects`: stepwise discovery of GraphQL sources. */
import type { Command } from 'commander';
import { clip } from '../../text/fragments.js';
import { printJson, println } from '../output.js';
import { runWithEngine } from '../session.js';

export function registerGraphqlCommands(program: Command): void {
  const graphql = program.command('graphql').description('stepwise discovery of GraphQL (Hugr) sources: data sources, modules, module members');

  graphql
    .command('sources')
    .description('data sources behind GraphQL sources: engine, type-name prefix, as_module, read-only')
    .option('--source <name>', 'one GraphQL source')
    .action(async (flags: { source?: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const items = await engine.graphql.listDataSources(flags.source);
        if (ctx.json) return printJson({ ok: true, data_sources: items });
        for (const d of items)
          println(
            `${d.id}  ${d.engine}${d.prefix ? ` prefix=${d.prefix}` : ''}${d.asModule ? ' as_module' : ''}${d.readOnly ? ' read_only' : ''}${d.description ? ` -- ${clip(d.description, 160)}` : ''}`,
          );
        if (!items.length) println('no GraphQL data sources indexed');
      });
    });

  graphql
    .command('modules')
    .description('modules one level at a time, with counts of submodules, data objects and functions')
    .option('--source <name>', 'one GraphQL source')
    .option('--parent <path>', 'children of this module, e.g. analytics.finance')
    .action(async (flags: { source?: string; parent?: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const items = await engine.graphql.listModules({
          ...(flags.source ? { source: flags.source } : {}),
          ...(flags.parent ? { parent: flags.parent } : {}),
        });
        if (ctx.json) return printJson({ ok: true, parent: flags.parent ?? null, modules: items });
        for (const m of items)
          println(
            `${m.id}  ${m.counts.submodules} submodules, ${m.counts.dataObjects} data objects, ${m.counts.functions} functions${m.description ? ` -- ${clip(m.description, 160)}` : ''}`,
          );
        if (!items.length) println(`no modules under ${flags.parent ?? 'the top level'}`);
      });
    });

  graphql
    .command('objects')
    .description('data objects and functions directly in one module ("" = root)')
    .argument('<module>', 'module path, e.g. crm')
    .option('--source <name>', 'one GraphQL source')
    .action(async (module: string, flags: { source?: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const r = await engine.graphql.listDataObjects({ module, ...(flags.source ? { source: flags.source } : {}) });
        if (ctx.json) return printJson({ ok: true, ...r });
        for (const o of r.dataObjects) println(`data_object ${o.id}  ${o.graphqlPath ?? ''}${o.description ? ` -- ${clip(o.description, 160)}` : ''}`);
        for (const f of r.functions)
          println(`${f.mutating ? 'mutating function' : 'function'} ${f.id}  ${f.graphqlPath ?? ''}${f.description ? ` -- ${clip(f.description, 160)}` : ''}`);
        if (!r.dataObjects.length && !r.functions.length)
          println(`module '${module}' has no data objects or functions of its own; try \`sextant graphql modules --parent ${module}\``);
      });
    });
}
