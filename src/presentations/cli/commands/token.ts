/** @module presentations/cli/commands/token — `sextant token create|list|revoke`. */
import type { Command } from 'commander';
import { strongestRole } from '../../../core/auth/roles.js';
import { SextantError } from '../../../kernel/errors.js';
import { redactValue } from '../../../kernel/redact.js';
import { printJson, println, table } from '../output.js';
import { runWithEngine } from '../session.js';

const collect = (value: string, previous: string[] = []) => [
  ...previous,
  ...value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean),
];

export function registerTokenCommands(program: Command): void {
  const token = program.command('token').description('static bearer tokens for the MCP HTTP server (stored hashed)');

  token
    .command('create')
    .description('create a token; it is printed once and never stored')
    .argument('[name]', 'who or what uses it (the same as --name)')
    .option('--name <name>', 'who or what uses it (becomes the request user)')
    .option('--project <name>', 'limit it to this project (repeatable; default: every project)', collect)
    .option('--role <role>', 'reader (the default: read tools), editor (also glossary and context writes) or admin (also project settings)', collect)
    .action(async (argName: string | undefined, opts: { name?: string; project?: string[]; role?: string[] }, command: Command) => {
      // like `project create <name>` and `token revoke <name>`, the name may come as an argument
      if (argName !== undefined && opts.name !== undefined && argName !== opts.name)
        throw new SextantError('USAGE', `two names given: '${argName}' and --name '${opts.name}'`, { hint: 'give the name once' });
      const name = argName ?? opts.name;
      if (name === undefined)
        throw new SextantError('USAGE', 'token create needs a name', { hint: 'pass it: `sextant token create <name>` (or --name <name>)' });
      await runWithEngine(command, async (engine, ctx) => {
        const created = await engine.tokens.create({ name, projects: opts.project ?? [], roles: opts.role ?? [] });
        // The one place a token is printed: deliberately not through the redacting helpers.
        if (ctx.json) {
          process.stdout.write(
            `${JSON.stringify({ ok: true, token: created.token, ...redactValue(created.record), role: strongestRole(created.record.roles) }, null, 2)}\n`,
          );
          return;
        }
        process.stdout.write(`${created.token}\n`);
        process.stderr.write(
          `token '${created.record.name}' created (id ${created.record.id}, role ${strongestRole(created.record.roles)}, projects: ${created.record.projects.join(', ') || 'all'}). It is shown only now: store it in your client's secret settings.\n`,
        );
      });
    });

  token
    .command('list')
    .description('tokens by name, id, projects, roles (never the tokens themselves)')
    .action(async (_opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const tokens = await engine.tokens.list();
        // `role`: what the token may do (no --role given: reader), beside the roles it was created with
        if (ctx.json) return printJson({ ok: true, tokens: tokens.map((t) => ({ ...t, role: strongestRole(t.roles) })) });
        if (!tokens.length) return println('no tokens; create one with `sextant token create --name <name>`');
        println(
          table(
            tokens.map((t) => [t.name, t.id, t.projects.join(',') || 'all', strongestRole(t.roles), t.createdAt]),
            ['name', 'id', 'projects', 'role', 'created'],
          ),
        );
      });
    });

  token
    .command('revoke')
    .description('revoke a token by name or id')
    .argument('<name>', 'token name or id')
    .action(async (name: string, _opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const revoked = await engine.tokens.revoke(name);
        if (ctx.json) return printJson({ ok: true, revoked });
        println(`revoked token '${revoked.name}' (${revoked.id})`);
      });
    });
}
