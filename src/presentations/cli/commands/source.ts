/** @module presentations/cli/commands/source — `sextant source add|list|remove`. */
import type { Command } from 'commander';
import { SextantError } from '../../../kernel/errors.js';
import type { StoredSource } from '../../../ports/store.js';
import { printJson, println, table } from '../output.js';
import { runWithEngine } from '../session.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

interface AddOptions {
  name: string;
  schema?: string[];
  skipPattern?: string[];
  passwordEnv?: string;
  secretKeyEnv?: string;
  apiKeyEnv?: string;
  headerEnv?: string[];
  userTokenEnv?: string;
  allowAnonymous?: boolean;
}

/** Only variable NAMES are stored, never secret values. */
function sourceOptions(opts: AddOptions): Record<string, unknown> {
  const headerEnvs: Record<string, string> = {};
  for (const pair of opts.headerEnv ?? []) {
    const i = pair.indexOf('=');
    if (i <= 0) throw new SextantError('USAGE', `--header-env expects Header=VAR, got '${pair}'`, { hint: "e.g. --header-env 'Authorization=API_TOKEN'" });
    headerEnvs[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
  }
  return {
    ...(opts.schema ? { schemas: opts.schema } : {}),
    ...(opts.skipPattern ? { skipPatterns: opts.skipPattern } : {}),
    ...(opts.passwordEnv ? { passwordEnv: opts.passwordEnv } : {}),
    ...(opts.secretKeyEnv ? { secretKeyEnv: opts.secretKeyEnv } : {}),
    ...(opts.apiKeyEnv ? { apiKeyEnv: opts.apiKeyEnv } : {}),
    ...(Object.keys(headerEnvs).length ? { headerEnvs } : {}),
    ...(opts.userTokenEnv ? { userTokenEnv: opts.userTokenEnv } : {}),
    ...(opts.allowAnonymous ? { allowAnonymous: true } : {}),
  };
}

function lastUpdate(s: StoredSource): string {
  if (!s.lastUpdate) return 'never updated';
  return `${s.lastUpdate.ok ? s.lastUpdate.message : `failed: ${s.lastUpdate.message}`} (${s.lastUpdate.at})`;
}

export function registerSourceCommands(program: Command): void {
  const source = program.command('source').description('register, list and remove sources');

  source
    .command('add')
    .description('register a source: postgres://reader@localhost:5432/shop, `hugr https://mesh.example.com`, `graphql https://api.example.com/graphql`')
    .argument('<type-or-url>', 'source type (postgres, hugr, graphql) or the URL, whose scheme then tells the type')
    .argument('[url]', 'connection string or endpoint URL when a type is given first')
    .requiredOption('--name <name>', 'short name of the source, e.g. shop')
    .option('--schema <schema>', 'schema to include (repeatable; default: all non-system schemas)', collect)
    .option('--skip-pattern <glob>', 'skip objects whose name or schema.name matches (repeatable)', collect)
    .option('--password-env <VAR>', 'read the password from this environment variable')
    .option('--secret-key-env <VAR>', 'Hugr: discover with the secret key in this variable (x-hugr-secret-key)')
    .option('--api-key-env <VAR>', 'Hugr: discover with the API key in this variable (x-hugr-api-key)')
    .option('--header-env <Header=VAR>', 'GraphQL: send this header with the value of VAR on discovery requests (repeatable)', collect)
    .option('--user-token-env <VAR>', 'GraphQL/Hugr: user token for queries from stdio sessions (never used for discovery)')
    .option('--allow-anonymous', 'GraphQL/Hugr: allow queries without a user token')
    .action(async (typeOrUrl: string, maybeUrl: string | undefined, opts: AddOptions, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const [type, url] = maybeUrl === undefined ? [undefined, typeOrUrl] : [typeOrUrl, maybeUrl];
        const added = await engine.addSource({ name: opts.name, url, ...(type ? { type } : {}), options: sourceOptions(opts) });
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
