/** @module presentations/cli/commands/project — `sextant project create|list|set`. */
import type { Command } from 'commander';
import type { ProjectRecord } from '../../../ports/store.js';
import { PROJECT_SETTINGS } from '../../../core/projects/projects.js';
import { printJson, println, table } from '../output.js';
import { runWithEngine } from '../session.js';

const collect = (value: string, previous: string[] = []) => [
  ...previous,
  ...value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean),
];

function line(p: ProjectRecord): string {
  return `project ${p.name}: sources ${p.sources.join(', ') || 'all'}; developer tools ${p.settings.developerTools ? 'on' : 'off'}`;
}

export function registerProjectCommands(program: Command): void {
  const project = program.command('project').description('projects: named workspaces with their sources and settings (`default` always exists)');

  project
    .command('create')
    .description('create a project')
    .argument('<name>', 'lower-case name, e.g. billing')
    .option('--source <name>', 'a source it serves (repeatable; default: every source)', collect)
    .option('--developer-tools', 'turn write tools on from the start')
    .action(async (name: string, opts: { source?: string[]; developerTools?: boolean }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const created = await engine.projects.create(name, { sources: opts.source ?? [], developerTools: Boolean(opts.developerTools) });
        if (ctx.json) return printJson({ ok: true, project: created });
        println(`created ${line(created)}`);
        println(`serve it over HTTP at /mcp/${created.name}`);
      });
    });

  project
    .command('list')
    .description('projects with their sources and settings')
    .action(async (_opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const projects = await engine.projects.list();
        if (ctx.json) return printJson({ ok: true, projects });
        println(
          table(
            projects.map((p) => [p.name, p.sources.join(',') || 'all', p.settings.developerTools ? 'on' : 'off']),
            ['project', 'sources', 'developer tools'],
          ),
        );
      });
    });

  project
    .command('set')
    .description(`change a setting: ${PROJECT_SETTINGS.join(', ')} (e.g. \`project set billing developer-tools on\`)`)
    .argument('<name>', 'project name')
    .argument('<setting>', PROJECT_SETTINGS.join(' | '))
    .argument('<value>', 'on|off for developer-tools and document-urls; comma-separated source names for sources ("" for all)')
    .action(async (name: string, setting: string, value: string, _opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const updated = await engine.projects.set(name, setting, value);
        if (ctx.json) return printJson({ ok: true, project: updated });
        println(line(updated));
      });
    });
}
