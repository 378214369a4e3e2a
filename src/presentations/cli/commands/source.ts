/** @module presentations/cli/commands/source — `sextant source add|list|remove`. */
import type { Command } from 'commander';
import type { StoredSource } from '../../../ports/store.js';
import { printJson, println, table } from '../output.js';
import { runWithEngine } from '../session.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

function lastUpdate(s: StoredSource): string {
  if (!s.lastUpdate) return 'never updated';
  return `${s.lastUpdate.ok ? s.lastUpdate.message : `failed: ${s.lastUpdate.message}`} (${s.lastUpdate.at})`;
}

export function registerSourceCommands(program: Command): void {
  const source = program.command('source').description('register, list and remove sources');

  source
    .command('add')
    .description('register a source, e.g. postgres://reader@localhost:5432/shop')
    .argument('<url>', 'connection string (the password may come from --password-env)')
    .requiredOption('--name <name>', 'short name of the source, e.g. shop')
    .option('--schema <schema>', 'schema to include (repeatable; default: all non-system schemas)', collect)
    .option('--skip-pattern <glob>', 'skip objects whose name or schema.name matches (repeatable)', collect)
    .option('--password-env <VAR>', 'read the password from this environment variable')
    .action(async (url: string, opts: { name: string; schema?: string[]; skipPattern?: string[]; passwordEnv?: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const added = await engine.addSource({
          name: opts.name,
          url,
          options: {
            ...(opts.schema ? { schemas: opts.schema } : {}),
            ...(opts.skipPattern ? { skipPatterns: opts.skipPattern } : {}),
            ...(opts.passwordEnv ? { passwordEnv: opts.passwordEnv } : {}),
          },
        });
        if (ctx.json) return printJson({ ok: true, source: added });
        println(`added source '${added.name}' (${added.type}) ${added.url}`);
        println(`next: \`sextant auth check --source ${added.name}\`, then \`sextant update --source ${added.name}\``);
      });
    });

  source
    .command('list')
    .description('list sources and their last update')
    .action(async (_opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const sources = await engine.listSources();
        if (ctx.json) return printJson({ ok: true, sources });
        if (sources.length === 0) return println('no sources yet; add one with `sextant source add <dsn> --name <name>`');
        println(table(sources.map((s) => [s.name, s.type, s.url, lastUpdate(s)]), ['name', 'type', 'url', 'last update']));
      });
    });

  source
    .command('remove')
    .alias('rm')
    .description('remove a source and everything indexed from it')
    .argument('<name>')
    .action(async (name: string, _opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        await engine.removeSource(name);
        if (ctx.json) return printJson({ ok: true, removed: name });
        println(`removed source '${name}' and its index`);
      });
    });
}
