/** @module presentations/cli/commands/describe — `sextant describe <target>` and `sextant schemas <source>`: one-liners over the engine's discovery calls. */
import type { Command } from 'commander';
import { pageFooter, renderDescription, renderGraphqlDescription } from '../../text/describe-text.js';
import { printJson, println } from '../output.js';
import { runWithEngine } from '../session.js';

interface DescribeFlags {
  detail?: 'brief' | 'full';
  fieldsQuery?: string;
  cursor?: string;
}

export function registerDescribeCommands(program: Command): void {
  program
    .command('describe')
    .description(
      'what you need to write a query: a source (schemas), a schema (objects, paged), a table (columns, keys, joins) or a GraphQL element (fields, arguments, ready operation)',
    )
    .argument('<target>', 'source name, sextant:// URI or object id')
    .option('--detail <level>', 'brief or full', 'brief')
    .option('--fields-query <text>', "rank a GraphQL element's fields by this")
    .option('--cursor <cursor>', "next page of a schema's objects")
    .action(async (target: string, flags: DescribeFlags, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const detail = flags.detail === 'full' ? 'full' : 'brief';
        const d = await engine.describe(target, {
          detail,
          ...(flags.cursor ? { cursor: flags.cursor } : {}),
          ...(flags.fieldsQuery ? { fieldsQuery: flags.fieldsQuery } : {}),
        });
        if (ctx.json) return printJson({ ok: true, family: d.family, ...d.description });
        println(d.family === 'graphql' ? renderGraphqlDescription(d.description) : renderDescription(d.description));
      });
    });

  program
    .command('schemas')
    .description("a source's schemas with how many objects each holds")
    .argument('<source>', 'source name')
    .option('--cursor <cursor>', 'next page')
    .action(async (source: string, flags: { cursor?: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const page = await engine.listSchemas(source, flags.cursor ? { cursor: flags.cursor } : {});
        if (ctx.json) return printJson({ ok: true, ...page });
        for (const s of page.schemas) println(`${s.name}: ${s.objects} objects${s.comment ? ` -- ${s.comment}` : ''}`);
        println(pageFooter(page.schemas.length, page.total, page.nextCursor));
      });
    });
}
