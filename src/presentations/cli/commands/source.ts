/** @module presentations/cli/commands/source — `sextant source add|list|remove`. */
import type { Command } from 'commander';
import { SOURCE_KINDS } from '../../../app.js';
import type { StoredSource } from '../../../ports/store.js';
import { failedLine, printJson, println, table } from '../output.js';
import { runWithEngine } from '../session.js';
import { addSourceOptionFlags, sourceOptionFlags, sourceOptionsFrom } from '../source-flags.js';

const SOURCE_FLAGS = sourceOptionFlags(SOURCE_KINDS.map((registration) => registration.kind));
const SOURCE_TYPES = SOURCE_KINDS.flatMap((registration) => registration.kind.sourceTypes.map((t) => t.type));

function lastUpdate(s: StoredSource): string {
  if (!s.lastUpdate) return 'never updated';
  return `${s.lastUpdate.ok ? s.lastUpdate.message : 'FAILED'} (${s.lastUpdate.at})`;
}

export function registerSourceCommands(program: Command): void {
  const source = program.command('source').description('register, list and remove sources');

  const add = source
    .command('add')
    .description(
      'register a source: postgres://reader@localhost:5432/shop, `hugr https://mesh.example.com`, `graphql https://api.example.com/graphql`, `openapi ./spec.yaml`, `docs ./handbook`, `code ./my-service`',
    )
    .argument('<type-or-url>', `source type (${SOURCE_TYPES.join(', ')}) or the URL, whose scheme then tells the type`)
    .argument('[url]', 'connection string, endpoint URL, file or folder when a type is given first')
    .requiredOption('--name <name>', 'short name of the source, e.g. shop');
  addSourceOptionFlags(add, SOURCE_FLAGS).action(
    async (typeOrUrl: string, maybeUrl: string | undefined, opts: { name: string } & Record<string, unknown>, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        // `source add docs --content …` names a type and no location
        const typeOnly = maybeUrl === undefined && SOURCE_TYPES.includes(typeOrUrl);
        const [type, url] = typeOnly ? [typeOrUrl, ''] : maybeUrl === undefined ? [undefined, typeOrUrl] : [typeOrUrl, maybeUrl];
        const added = await engine.addSource({ name: opts.name, url, ...(type ? { type } : {}), options: sourceOptionsFrom(opts, SOURCE_FLAGS) });
        if (ctx.json) return printJson({ ok: true, source: added });
        println(`added source '${added.name}' (${added.type}) ${added.url}`);
        println(`next: \`sextant auth check --source ${added.name}\`, then \`sextant update --source ${added.name}\``);
      });
    },
  );

  source
    .command('list')
    .description('list sources and their last update')
    .action(async (_opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const sources = await engine.listSources();
        if (ctx.json) return printJson({ ok: true, sources });
        if (sources.length === 0) return println('no sources yet; add one with `sextant source add <dsn> --name <name>`');
        println(
          table(
            sources.map((s) => [s.name, s.type, s.url, lastUpdate(s)]),
            ['name', 'type', 'url', 'last update'],
          ),
        );
        for (const s of sources) if (s.lastUpdate && !s.lastUpdate.ok) println(failedLine(s.name, s.lastUpdate));
      });
    });

  source
    .command('remove')
    .alias('rm')
    .description('remove a source and everything indexed from it')
    .argument('<name>')
    .action(async (name: string, _opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const removal = await engine.removeSource(name);
        if (ctx.json) return printJson({ ok: true, removed: name, staleTerms: removal.staleTerms });
        println(`removed source '${name}' and its index`);
        if (removal.staleTerms.length) {
          const names = removal.staleTerms.map((t) => (t.project === 'default' ? t.term : `${t.term} (${t.project})`));
          println(`${names.length} glossary term${names.length === 1 ? ' is' : 's are'} now stale (their SQL ran on it): ${names.join(', ')}`);
        }
      });
    });
}
