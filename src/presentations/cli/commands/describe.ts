/** @module presentations/cli/commands/describe — `sextant describe <target>` and `sextant schemas <source>`: one-liners over the engine's discovery calls. */
import type { Command } from 'commander';
import { renderAnyDescription } from '../../text/describe-text.js';
import { pageFooter } from '../../text/fragments.js';
import { operationNote, renderOperationPage } from '../../text/operation-text.js';
import { printJson, println } from '../output.js';
import { cliHint } from '../remedy-hints.js';
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
        println(renderAnyDescription(d));
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

  program
    .command('operations')
    .description('REST operations of openapi sources (METHOD /path, summary), paged')
    .option('--source <name>', 'only this source')
    .option('--tag <tag>', 'only operations with this tag')
    .option('--path-prefix <prefix>', 'only paths starting with this, e.g. /person')
    .option('--method <method>', 'only this HTTP method')
    .option('-n, --limit <count>', 'operations per page (1-500)', '50')
    .option('--cursor <cursor>', 'next page')
    .action(async (flags: OperationFlags, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const page = await engine.listOperations({
          ...(flags.source ? { source: flags.source } : {}),
          ...(flags.tag ? { tag: flags.tag } : {}),
          ...(flags.pathPrefix ? { pathPrefix: flags.pathPrefix } : {}),
          ...(flags.method ? { method: flags.method } : {}),
          ...(flags.cursor ? { cursor: flags.cursor } : {}),
          limit: Number(flags.limit),
        });
        // the note with what to do in the CLI's words, a plain string as before; the remedy stays data here
        const { remedy: _remedy, ...listing } = page;
        if (ctx.json) return printJson({ ok: true, ...listing, note: operationNote(page, cliHint) });
        println(renderOperationPage(page, cliHint));
      });
    });
}

interface OperationFlags {
  source?: string;
  tag?: string;
  pathPrefix?: string;
  method?: string;
  limit: string;
  cursor?: string;
}
