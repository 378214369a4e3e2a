/** @module presentations/cli/commands/glossary — `sextant glossary list|show|add|edit|rm|history|test-sql|revalidate|infer|clusters|related|unified`. */
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { SextantError } from '../../../kernel/errors.js';
import { cliActor, glossaryError, type GlossaryChange, type GlossaryTerm, type SqlCheck, TERM_ORIGINS, type TermOrigin } from '../../../core/glossary/index.js';
import { writeCommand, type RegisterOptions } from '../command-set.js';
import { colors, failedLine, hintLine, printJson, println, table } from '../output.js';
import { runWithEngine } from '../session.js';

function cliUser(): string | null {
  try {
    return userInfo().username || null;
  } catch {
    return null;
  }
}

function readSql(opts: { sql?: string; sqlFile?: string }): string | undefined {
  if (opts.sql !== undefined && opts.sqlFile !== undefined) throw new SextantError('USAGE', 'give --sql or --sql-file, not both');
  if (opts.sqlFile !== undefined) {
    try {
      return readFileSync(opts.sqlFile === '-' ? 0 : opts.sqlFile, 'utf8');
    } catch (err) {
      throw new SextantError('USAGE', `cannot read ${opts.sqlFile}: ${(err as Error).message}`);
    }
  }
  return opts.sql;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

function status(t: GlossaryTerm): string {
  return t.validation.status === 'stale' ? colors.yellow('stale') : 'valid';
}

function clip(text: string, max = 60): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

export function renderTerm(t: GlossaryTerm): string {
  const lines = [
    `${colors.bold(t.term)}${t.aliases.length ? `  ${colors.dim(`(also: ${t.aliases.join(', ')})`)}` : ''}`,
    `project: ${t.project}   source: ${t.source}   origin: ${t.origin}   status: ${status(t)}`,
  ];
  if (t.validation.status === 'stale')
    lines.push(colors.yellow(`the SQL no longer runs (checked ${t.validation.checkedAt}): ${t.validation.error ?? ''}`) + hintLine(t.validation.hint));
  lines.push(`definition: ${t.definition}`);
  if (t.baseTable) lines.push(`base table: ${t.baseTable}`);
  lines.push('', colors.bold('sql'), t.sql, '');
  if (t.outputColumns.length)
    lines.push(
      table(
        t.outputColumns.map((c) => [c.name, c.type]),
        ['column', 'type'],
      ),
      '',
    );
  lines.push(colors.dim(`created ${t.createdAt}${t.createdBy ? ` by ${t.createdBy}` : ''}; updated ${t.updatedAt}${t.updatedBy ? ` by ${t.updatedBy}` : ''}`));
  return lines.join('\n');
}

function renderChange(c: GlossaryChange): string {
  const who = [c.actor.user ?? 'anonymous', c.actor.client ? `via ${c.actor.client}` : `via ${c.actor.via}`].join(' ');
  const lines = [`${c.at}  ${colors.bold(c.action)} '${c.term}'  ${colors.dim(who)}`];
  if (c.action === 'update' && c.before && c.after) {
    for (const key of ['term', 'definition', 'sql', 'source', 'baseTable', 'aliases', 'origin', 'outputColumns'] as const) {
      const before = JSON.stringify(c.before[key]);
      const after = JSON.stringify(c.after[key]);
      if (before !== after) lines.push(`    ${key}: ${clip(before, 70)} → ${clip(after, 70)}`);
    }
  }
  return lines.join('\n');
}

/** Prints a failed check with a caret under the position, and its hint on a line of its own. */
function renderSqlFailure(sql: string, check: Extract<SqlCheck, { valid: false }>): string {
  const lines = [`${colors.red('invalid')} on source ${check.source}: ${check.error}`];
  if (check.position) {
    const before = [...sql].slice(0, check.position - 1).join('');
    const lineNo = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    const line = sql.split('\n')[lineNo - 1] ?? '';
    lines.push(`  line ${lineNo}, column ${column}:`, `  ${line}`, `  ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return lines.join('\n') + hintLine(check.hint);
}

function parseOrigin(origin: string | undefined): TermOrigin | undefined {
  if (origin === undefined) return undefined;
  if (!(TERM_ORIGINS as readonly string[]).includes(origin))
    throw new SextantError('USAGE', `unknown origin '${origin}'`, { hint: `one of ${TERM_ORIGINS.join(', ')}` });
  return origin as TermOrigin;
}

export function registerGlossaryCommands(program: Command, options: RegisterOptions = {}): void {
  const glossary = program.command('glossary').description('business terms with SQL validated against the live database');
  const projectOption = ['--project <name>', 'project (workspace) of the glossary', options.project ?? 'default'] as const;

  glossary
    .command('list')
    .alias('ls')
    .description('list terms (stale ones no longer run on their source)')
    .option(...projectOption)
    .option('--origin <origin>', 'only inferred, manual or client terms')
    .option('--text <text>', 'only terms whose name, alias or definition contains it')
    .option('--source <name>', 'only terms on this source')
    .option('--stale', 'only terms whose SQL no longer runs')
    .action(async (opts: { project: string; origin?: string; text?: string; source?: string; stale?: boolean }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const origin = parseOrigin(opts.origin);
        const terms = await engine.glossary.list(opts.project, {
          ...(origin ? { origin } : {}),
          ...(opts.text ? { text: opts.text } : {}),
          ...(opts.source ? { source: opts.source } : {}),
          ...(opts.stale ? { stale: true } : {}),
        });
        if (ctx.json) return printJson({ ok: true, project: opts.project, terms });
        if (terms.length === 0) {
          const filtered = opts.stale || origin || opts.text || opts.source;
          if (filtered) return println(`no ${opts.stale ? 'stale ' : ''}terms in project ${opts.project} match`);
          return println(`no terms in project ${opts.project}; add one with \`sextant glossary add <term> --definition … --sql …\``);
        }
        println(
          table(
            terms.map((t) => [t.term, t.origin, t.source, status(t), t.aliases.join(', '), clip(t.definition, 50)]),
            ['term', 'origin', 'source', 'status', 'aliases', 'definition'],
          ),
        );
        const stale = terms.filter((t) => t.validation.status === 'stale');
        for (const t of stale) println(colors.yellow(`stale: ${t.term}: ${t.validation.error ?? ''}`) + hintLine(t.validation.hint));
      });
    });

  glossary
    .command('show')
    .alias('get')
    .description('show a term by name or alias: definition, SQL, output columns')
    .argument('<term>')
    .option(...projectOption)
    .action(async (name: string, opts: { project: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const term = await engine.glossary.get(opts.project, name);
        if (ctx.json) return printJson({ ok: true, term });
        println(renderTerm(term));
      });
    });

  writeCommand(glossary, 'add', options)
    .description('add a term; its SQL is run once as a LIMIT 1 probe in a read-only session first')
    .argument('<term>')
    .requiredOption('--definition <text>', 'what the term means')
    .option('--sql <sql>', 'the defining SQL (one read-only query)')
    .option('--sql-file <file>', 'read the SQL from a file (- for stdin)')
    .option('--source <name>', 'source the SQL runs on (default: the project’s only source)')
    .option('--base-table <table>', 'the relation the term is about, e.g. public.orders')
    .option('--alias <alias>', 'another name (repeatable)', collect, [])
    .option(...projectOption)
    .action(
      async (
        name: string,
        opts: { definition: string; sql?: string; sqlFile?: string; source?: string; baseTable?: string; alias: string[]; project: string },
        command: Command,
      ) => {
        await runWithEngine(command, async (engine, ctx) => {
          const sql = readSql(opts);
          if (sql === undefined) throw new SextantError('USAGE', 'the SQL is missing', { hint: 'pass --sql "<query>" or --sql-file <file>' });
          const result = await engine.glossary.create(
            opts.project,
            {
              term: name,
              definition: opts.definition,
              sql,
              aliases: opts.alias,
              ...(opts.source ? { source: opts.source } : {}),
              ...(opts.baseTable ? { baseTable: opts.baseTable } : {}),
            },
            cliActor(cliUser()),
            'manual',
          );
          if (!result.success) throw glossaryError(result);
          if (ctx.json) return printJson({ ok: true, term: result.term });
          println(`added '${result.term.term}' (${result.term.outputColumns.map((c) => `${c.name} ${c.type}`).join(', ')})`);
        });
      },
    );

  writeCommand(glossary, 'edit', options)
    .description('change a term (by name or alias); only the options given change; a new SQL is validated first')
    .argument('<term>')
    .option('--name <name>', 'rename the term')
    .option('--definition <text>')
    .option('--sql <sql>')
    .option('--sql-file <file>', 'read the SQL from a file (- for stdin)')
    .option('--source <name>')
    .option('--base-table <table>', 'relation the term is about ("" clears it)')
    .option('--alias <alias>', 'replace the aliases with these (repeatable)', collect)
    .option('--no-aliases', 'remove every alias')
    .option(...projectOption)
    .action(
      async (
        name: string,
        opts: {
          name?: string;
          definition?: string;
          sql?: string;
          sqlFile?: string;
          source?: string;
          baseTable?: string;
          alias?: string[];
          aliases: boolean;
          project: string;
        },
        command: Command,
      ) => {
        await runWithEngine(command, async (engine, ctx) => {
          const sql = readSql(opts);
          const aliases = opts.aliases === false ? [] : opts.alias;
          const result = await engine.glossary.update(
            opts.project,
            name,
            {
              ...(opts.name !== undefined ? { term: opts.name } : {}),
              ...(opts.definition !== undefined ? { definition: opts.definition } : {}),
              ...(sql !== undefined ? { sql } : {}),
              ...(opts.source !== undefined ? { source: opts.source } : {}),
              ...(opts.baseTable !== undefined ? { baseTable: opts.baseTable.trim() === '' ? null : opts.baseTable } : {}),
              ...(aliases !== undefined ? { aliases } : {}),
            },
            cliActor(cliUser()),
            'manual',
          );
          if (!result.success) throw glossaryError(result);
          if (ctx.json) return printJson({ ok: true, changed: result.changed, term: result.term });
          println(result.changed ? `updated '${result.term.term}'` : `nothing to change in '${result.term.term}'`);
        });
      },
    );

  writeCommand(glossary, 'rm', options)
    .alias('remove')
    .description('delete a term (by name or alias) with its aliases')
    .argument('<term>')
    .option(...projectOption)
    .action(async (name: string, opts: { project: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const result = await engine.glossary.remove(opts.project, name, cliActor(cliUser()));
        if (!result.success) throw glossaryError(result);
        const { term: removed, aliases } = result.term;
        if (ctx.json) return printJson({ ok: true, removed, term: result.term });
        const quoted = aliases.map((a) => `'${a}'`).join(', ');
        println(`removed term '${removed}'${aliases.length ? ` and its alias${aliases.length === 1 ? '' : 'es'} ${quoted}` : ''}`);
      });
    });

  glossary
    .command('history')
    .description('changes of the glossary (or of one term): who, through which client, before → after')
    .argument('[term]')
    .option(...projectOption)
    .action(async (name: string | undefined, opts: { project: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const changes = await engine.glossary.history(opts.project, name);
        if (ctx.json) return printJson({ ok: true, project: opts.project, changes });
        if (changes.length === 0) return println('no changes yet');
        println(changes.map(renderChange).join('\n'));
      });
    });

  glossary
    .command('test-sql')
    .description('validate a query as a term’s SQL would be: one statement, read-only, LIMIT 1 probe; prints its output columns')
    .argument('[sql]')
    .option('--sql-file <file>', 'read the SQL from a file (- for stdin)')
    .option('--source <name>', 'source to run it on (default: the project’s only source)')
    .option(...projectOption)
    .action(async (sqlArg: string | undefined, opts: { sqlFile?: string; source?: string; project: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const sql = readSql({ ...(sqlArg !== undefined ? { sql: sqlArg } : {}), ...(opts.sqlFile !== undefined ? { sqlFile: opts.sqlFile } : {}) });
        if (sql === undefined) throw new SextantError('USAGE', 'the SQL is missing', { hint: 'pass it as an argument or with --sql-file' });
        const check = await engine.glossary.testSql(opts.project, sql, opts.source);
        if (!check.valid) process.exitCode = 1;
        if (ctx.json) return printJson({ ok: check.valid, ...check });
        if (!check.valid) return println(renderSqlFailure(sql, check));
        println(`valid on source ${check.source}`);
        println(
          table(
            check.outputColumns.map((c) => [c.name, c.type]),
            ['column', 'type'],
          ),
        );
      });
    });

  writeCommand(glossary, 'infer', options)
    .description(
      'propose terms from schema signals with the configured chat model (llm.url, llm.model); only terms whose SQL validates are stored (origin inferred)',
    )
    .option('--source <name>', 'source to read (default: the project’s only source)')
    .option('--limit <n>', 'terms to add at most', '10')
    .option('--max-tables <n>', 'relations to show the model at most (commented ones first)', '40')
    .option(...projectOption)
    .action(async (opts: { source?: string; limit: string; maxTables: string; project: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const limit = Number(opts.limit);
        const maxTables = Number(opts.maxTables);
        if (!Number.isInteger(limit) || limit < 1) throw new SextantError('USAGE', `--limit must be a positive whole number, got '${opts.limit}'`);
        if (!Number.isInteger(maxTables) || maxTables < 1)
          throw new SextantError('USAGE', `--max-tables must be a positive whole number, got '${opts.maxTables}'`);
        const report = await engine.glossary.infer({
          project: opts.project,
          limit,
          maxTables,
          onProgress: ctx.progress,
          ...(opts.source ? { source: opts.source } : {}),
        });
        ctx.progress.done();
        if (ctx.json) return printJson({ ok: true, ...report });
        println(
          `${report.model} on ${report.source}: ${report.tables} tables, ${report.requests} requests (${report.cached} cached), ${report.proposed} proposed, ${report.created.length} added`,
        );
        for (const c of report.created) println(`  added ${c.term}${c.baseTable ? ` (${c.baseTable})` : ''}`);
        for (const r of report.rejected) println(colors.dim(`  skipped ${r.term}: ${r.reason}`));
      });
    });

  glossary
    .command('clusters')
    .description('group the project’s terms by meaning (KMeans over term embeddings)')
    .option('--k <n>', 'number of clusters (default about √(terms/2))')
    .option(...projectOption)
    .action(async (opts: { k?: string; project: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const k = opts.k === undefined ? undefined : Number(opts.k);
        if (k !== undefined && (!Number.isInteger(k) || k < 1)) throw new SextantError('USAGE', `--k must be a positive whole number, got '${opts.k}'`);
        const clustering = await engine.glossary.clusters(opts.project, k === undefined ? {} : { k });
        if (ctx.json) return printJson({ ok: true, ...clustering });
        if (clustering.clusters.length === 0) return println(`no terms in project ${opts.project}`);
        for (const c of clustering.clusters) {
          println(`${colors.bold(`#${c.id} ${c.label}`)}${c.keywords.length ? colors.dim(`  (${c.keywords.join(', ')})`) : ''}`);
          for (const t of c.terms) println(`  ${t.similarity.toFixed(2)}  ${t.term}`);
        }
      });
    });

  glossary
    .command('related')
    .description('terms in the same cluster as a term (by name or alias)')
    .argument('<term>')
    .option(...projectOption)
    .action(async (name: string, opts: { project: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const related = await engine.glossary.relatedTerms(opts.project, name);
        if (ctx.json) return printJson({ ok: true, ...related });
        println(`${related.term} — cluster #${related.cluster.id} ${related.cluster.label}`);
        if (related.related.length === 0) println('  no related terms yet');
        for (const r of related.related) println(`  ${r.similarity.toFixed(2)}  ${r.term}`);
      });
    });

  glossary
    .command('unified')
    .description('the unified glossary: terms and the entities found in the index, together by name')
    .option('--text <text>', 'only names containing this')
    .option(...projectOption)
    .action(async (opts: { text?: string; project: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const entries = await engine.glossary.unified(opts.project, opts.text ? { text: opts.text } : {});
        if (ctx.json) return printJson({ ok: true, project: opts.project, entries });
        if (entries.length === 0) return println('nothing yet: add terms or run `sextant update`');
        println(
          table(
            entries.map((e) =>
              e.kind === 'term' ? [e.name, 'term', e.origin, clip(e.definition, 60)] : [e.name, 'entity', e.semanticType.toLowerCase(), `${e.chunks} chunks`],
            ),
            ['name', 'kind', 'type', 'about'],
          ),
        );
      });
    });

  writeCommand(glossary, 'revalidate', options)
    .description('re-run every term’s SQL (after schema changes `sextant update` does it for the changed sources)')
    .option('--source <name>', 'only terms on this source')
    .action(async (opts: { source?: string }, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const reports = await engine.glossary.revalidate(opts.source ? [opts.source] : undefined);
        if (reports.some((r) => r.error)) process.exitCode = 1;
        if (ctx.json) return printJson({ ok: !reports.some((r) => r.error), reports });
        if (reports.length === 0) return println('no terms to check');
        for (const r of reports) {
          if (r.error) println(failedLine(r.source, { message: r.error, hint: r.hint }));
          else println(`${r.source}: ${r.checked} checked, ${r.broke.length} broke, ${r.fixed.length} run again`);
          for (const b of r.broke) println(colors.yellow(`  stale: ${b.project}/${b.term}: ${b.error}`) + hintLine(b.hint, '    '));
        }
      });
    });
}
