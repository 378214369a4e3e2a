/**
 * @module presentations/ui/pages/glossary
 * Glossary: the project's terms with filters (stale, origin, source), a term's page with its SQL,
 * output columns, aliases and history (each change as a diff), and create/edit forms whose SQL
 * is checked live (htmx posts it to the core's test-sql as you type; the error and its caret show
 * under the editor). Saving runs the core's validation again: a term with bad SQL is not stored.
 */
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import { TERM_ORIGINS, type GlossaryChange, type GlossaryFailure, type GlossaryTerm, type SqlCheck, type TermOrigin } from '../../../core/glossary/index.js';
import { csrfField, errorLine, href, shell, when, type Html, page, tableHead } from '../layout.js';
import { errorFrom, glossaryHint, webHint } from '../web-hints.js';
import type { UiContext, UiEnv } from '../ui-context.js';

interface TermForm {
  term: string;
  definition: string;
  sql: string;
  source: string;
  baseTable: string;
  aliases: string;
}

const EMPTY: TermForm = { term: '', definition: '', sql: '', source: '', baseTable: '', aliases: '' };

function formOf(fields: Record<string, string>): TermForm {
  return {
    term: fields.term ?? '',
    definition: fields.definition ?? '',
    sql: fields.sql ?? '',
    source: fields.source ?? '',
    baseTable: fields.baseTable ?? '',
    aliases: fields.aliases ?? '',
  };
}

function formFromTerm(t: GlossaryTerm): TermForm {
  return { term: t.term, definition: t.definition, sql: t.sql, source: t.source, baseTable: t.baseTable ?? '', aliases: t.aliases.join(', ') };
}

const aliasList = (text: string) =>
  text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);

/** The SQL line the database pointed at, with a caret under the character (position is 1-based). */
function caret(sql: string, position: number | null | undefined): Html {
  if (!position || position < 1 || position > sql.length + 1) return html``;
  const before = sql.slice(0, position - 1);
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = sql.indexOf('\n', lineStart);
  const line = sql.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  return html`<pre class="caret" aria-label="position ${position}">
${line}
${' '.repeat(position - 1 - lineStart)}^</pre>`;
}

function sqlCheck(check: SqlCheck | null, sql: string, failure?: Html): Html {
  const body = failure
    ? failure
    : !check
      ? html``
      : check.valid
        ? html`<p class="ok">
            The SQL runs on ${check.source}; it returns ${check.outputColumns.map((c) => `${c.name} (${c.type})`).join(', ') || 'no columns'}.
          </p>`
        : html`${errorLine(check.error, webHint(check))}${caret(sql, check.position)}`;
  return html`<div id="sql-check" aria-live="polite">${body}</div>`;
}

async function termFormPage(ctx: UiContext, mode: 'create' | 'edit', form: TermForm, failure: GlossaryFailure | null, lookup = ''): Promise<Html> {
  const sources = await ctx.scoped.listSources();
  const title = mode === 'create' ? 'New glossary term' : `Edit ${lookup}`;
  const sqlFailure = failure?.code === 'SQL_INVALID' ? html`${errorLine(failure.error, glossaryHint(failure))}${caret(form.sql, failure.position)}` : undefined;
  return shell(
    ctx,
    title,
    'glossary',
    html`<h1>${title}</h1>
      ${failure && failure.code !== 'SQL_INVALID' ? errorLine(failure.error, glossaryHint(failure), 'form-error') : ''}
      ${failure?.code === 'SQL_INVALID' ? html`<p class="error" role="alert" id="form-error">Not saved: the SQL does not run.</p>` : ''}
      <form method="post" action="${href(mode === 'create' ? 'glossary/create' : 'glossary/update')}">
        ${csrfField(ctx)} ${mode === 'edit' ? html`<input type="hidden" name="lookup" value="${lookup}" />` : ''}
        <div class="two">
          <div>
            <label for="term">Term</label>
            <input id="term" name="term" type="text" required value="${form.term}" />
          </div>
          <div>
            <label for="aliases">Aliases <span class="muted">(comma separated)</span></label>
            <input id="aliases" name="aliases" type="text" value="${form.aliases}" />
          </div>
        </div>
        <label for="definition">Definition</label>
        <textarea id="definition" name="definition" required>${form.definition}</textarea>
        <div class="two">
          <div>
            <label for="source">Source</label>
            <select id="source" name="source">
              <option value="">(the project's only source)</option>
              ${sources.map((s) => html`<option value="${s.name}" ${s.name === form.source ? 'selected' : ''}>${s.name}</option>`)}
            </select>
          </div>
          <div>
            <label for="baseTable">Base table <span class="muted">(optional, e.g. shop.sales_order)</span></label>
            <input id="baseTable" name="baseTable" type="text" value="${form.baseTable}" />
          </div>
        </div>
        <label for="sql">Defining SQL <span class="muted">(one read-only query; checked against the database as you type)</span></label>
        <textarea
          id="sql"
          name="sql"
          required
          aria-describedby="sql-check"
          hx-post="${href('glossary/check-sql')}"
          hx-trigger="input changed delay:600ms"
          hx-target="#sql-check"
          hx-swap="outerHTML"
          hx-include="#source"
        >
${form.sql}</textarea>
        ${sqlCheck(null, form.sql, sqlFailure)}
        <p><button type="submit">${mode === 'create' ? 'Create term' : 'Save changes'}</button> <a href="${href('glossary')}">Cancel</a></p>
      </form>`,
  );
}

const DIFF_FIELDS = ['term', 'definition', 'sql', 'source', 'baseTable', 'aliases'] as const;

function show(value: unknown): string {
  return Array.isArray(value) ? value.join(', ') || '—' : value === null || value === undefined ? '—' : String(value);
}

function changeDiff(change: GlossaryChange): Html {
  const who = `${change.actor.user ?? 'anonymous'} via ${change.actor.via}`;
  const head = html`<strong>${change.action}</strong> <span class="muted">${when(change.at)} by ${who}</span>`;
  if (change.action !== 'update' || !change.before || !change.after) return html`<li>${head}</li>`;
  const before = change.before;
  const after = change.after;
  const changed = DIFF_FIELDS.filter((f) => show(before[f]) !== show(after[f]));
  return html`<li>
    ${head}
    <dl>
      ${changed.map(
        (f) =>
          html`<dt>${f}</dt>
            <dd><del>${show(before[f])}</del> → <ins>${show(after[f])}</ins></dd>`,
      )}
    </dl>
  </li>`;
}

/** Admins turn the agents' glossary write tools (MCP) on or off for the served project. */
function developerTools(ctx: UiContext, on: boolean): Html {
  return html`<form class="panel" method="post" action="${href('glossary/developer-tools')}">
    ${csrfField(ctx)}<input type="hidden" name="on" value="${on ? '0' : '1'}" /> Developer tools for project
    <strong>${ctx.scoped.identity.project}</strong> (agents may create, update and delete terms over MCP):
    <strong>${on ? 'on' : 'off'}</strong>
    <button class="secondary" type="submit">Turn ${on ? 'off' : 'on'}</button>
  </form>`;
}

export function registerGlossary(app: Hono<UiEnv>): void {
  app.get('/glossary', async (c) => {
    const ctx = c.env;
    const origin = c.req.query('origin') ?? '';
    const source = c.req.query('source') ?? '';
    const text = c.req.query('text') ?? '';
    const stale = c.req.query('stale') === '1';
    const terms = await ctx.scoped.glossary.list({
      ...(origin ? { origin: origin as TermOrigin } : {}),
      ...(source ? { source } : {}),
      ...(text ? { text } : {}),
      ...(stale ? { stale } : {}),
    });
    const sources = await ctx.scoped.listSources();
    return page(
      c,
      'Glossary',
      'glossary',
      html`<h1>Glossary</h1>
        <div class="row">
          ${ctx.scoped.permits('write') ? html`<a class="button" href="${href('glossary/new')}">New term</a>` : ''}
          <a href="${href('glossary/clusters')}">Clusters of related terms</a>
        </div>
        ${ctx.scoped.permits('settings') ? developerTools(ctx, (await ctx.scoped.servedProject()).settings.developerTools) : ''}
        <form method="get" action="${href('glossary')}" class="row">
          <div class="grow">
            <label for="f-text">Name, alias or definition contains</label>
            <input id="f-text" name="text" type="search" value="${text}" />
          </div>
          <div>
            <label for="f-origin">Origin</label>
            <select id="f-origin" name="origin">
              <option value="">any</option>
              ${TERM_ORIGINS.map((o) => html`<option ${o === origin ? 'selected' : ''}>${o}</option>`)}
            </select>
          </div>
          <div>
            <label for="f-source">Source</label>
            <select id="f-source" name="source">
              <option value="">any</option>
              ${sources.map((s) => html`<option ${s.name === source ? 'selected' : ''}>${s.name}</option>`)}
            </select>
          </div>
          <div>
            <label><input type="checkbox" name="stale" value="1" ${stale ? 'checked' : ''} /> stale only</label>
          </div>
          <button type="submit">Filter</button>
        </form>
        <div class="scroll">
          <table>
            <caption class="muted">
              ${terms.length} terms
            </caption>
            ${tableHead(['Term', 'Definition', 'Aliases', 'Origin', 'Source', 'Status'])}
            <tbody>
              ${terms.map(
                (t) =>
                  html`<tr>
                    <td><a href="${href('glossary/term', { name: t.term })}">${t.term}</a></td>
                    <td>${t.definition}</td>
                    <td>${t.aliases.join(', ')}</td>
                    <td>${t.origin}</td>
                    <td>${t.source}</td>
                    <td><span class="badge ${t.validation.status}">${t.validation.status}</span></td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>`,
    );
  });

  app.get('/glossary/clusters', async (c) => {
    const clustering = await c.env.scoped.glossary.clusters();
    return page(
      c,
      'Glossary clusters',
      'glossary',
      html`<nav class="crumbs" aria-label="Breadcrumb"><a href="${href('glossary')}">Glossary</a> › <span aria-current="page">Clusters</span></nav>
        <h1>Clusters of related terms</h1>
        <p class="muted">${clustering.k} clusters of the project's terms, by ${clustering.vectors === 'embedder' ? 'the embedding model' : 'shared words'}.</p>
        ${clustering.clusters.map(
          (cl) =>
            html`<section class="panel">
              <h2>${cl.label}</h2>
              <p class="muted">${cl.keywords.join(', ')}</p>
              <ul>
                ${cl.terms.map((t) => html`<li><a href="${href('glossary/term', { name: t.term })}">${t.term}</a> <span class="muted">${t.similarity}</span></li>`)}
              </ul>
            </section>`,
        )}`,
    );
  });

  app.post('/glossary/developer-tools', async (c) => {
    await c.env.scoped.operations.setDeveloperTools(c.env.form.on === '1');
    return c.redirect(href('glossary'), 303);
  });

  app.get('/glossary/new', async (c) => c.html(await termFormPage(c.env, 'create', EMPTY, null)));

  app.get('/glossary/term', async (c) => {
    const ctx = c.env;
    const name = c.req.query('name') ?? '';
    const term = await ctx.scoped.glossary.get(name);
    const changes = await ctx.scoped.glossary.history(term.term);
    return page(
      c,
      term.term,
      'glossary',
      html`<nav class="crumbs" aria-label="Breadcrumb"><a href="${href('glossary')}">Glossary</a> › <span aria-current="page">${term.term}</span></nav>
        <h1>${term.term} <span class="badge ${term.validation.status}">${term.validation.status}</span></h1>
        <p>${term.definition}</p>
        ${term.validation.error ? errorLine(term.validation.error, webHint(term.validation)) : ''}
        <dl class="panel">
          <dt>Aliases</dt>
          <dd>${term.aliases.join(', ') || '—'}</dd>
          <dt>Source</dt>
          <dd>${term.source}</dd>
          <dt>Base table</dt>
          <dd>
            ${term.baseTable ? html`<a href="${href('browse/object', { id: `sextant://${term.source}/${term.baseTable}` })}">${term.baseTable}</a>` : '—'}
          </dd>
          <dt>Origin</dt>
          <dd>${term.origin}</dd>
          <dt>Output columns</dt>
          <dd>${term.outputColumns.map((col) => `${col.name} (${col.type})`).join(', ') || '—'}</dd>
        </dl>
        <h2>SQL</h2>
        <pre>${term.sql}</pre>
        ${
          ctx.scoped.permits('write')
            ? html`<div class="row">
                <a class="button" href="${href('glossary/edit', { name: term.term })}">Edit</a>
                <form class="inline-form" method="post" action="${href('glossary/delete')}">
                  ${csrfField(ctx)}<input type="hidden" name="lookup" value="${term.term}" />
                  <button class="danger" type="submit">Delete</button>
                </form>
              </div>`
            : ''
        }
        <h2>History</h2>
        <ol data-testid="history">
          ${[...changes].reverse().map(changeDiff)}
        </ol>`,
    );
  });

  app.get('/glossary/edit', async (c) => {
    const name = c.req.query('name') ?? '';
    const term = await c.env.scoped.glossary.get(name);
    return c.html(await termFormPage(c.env, 'edit', formFromTerm(term), null, term.term));
  });

  /** Create and edit: the core validates (the SQL runs on its source); a failure re-renders the form with the error. */
  const save = (mode: 'create' | 'edit') => async (c: Context<UiEnv>) => {
    const ctx = c.env;
    const form = formOf(ctx.form);
    const lookup = ctx.form.lookup ?? '';
    const fields = {
      term: form.term,
      definition: form.definition,
      sql: form.sql,
      ...(form.source ? { source: form.source } : {}),
      baseTable: form.baseTable || null,
      aliases: aliasList(form.aliases),
    };
    const result =
      mode === 'create' ? await ctx.scoped.glossary.create(fields, ctx.actor, 'manual') : await ctx.scoped.glossary.update(lookup, fields, ctx.actor, 'manual');
    if (result.success) return c.redirect(href('glossary/term', { name: result.term.term }), 303);
    return c.html(await termFormPage(ctx, mode, form, result, lookup), 422);
  };
  app.post('/glossary/create', save('create'));
  app.post('/glossary/update', save('edit'));

  app.post('/glossary/delete', async (c) => {
    const ctx = c.env;
    const result = await ctx.scoped.glossary.remove(ctx.form.lookup ?? '', ctx.actor);
    if (result.success) return c.redirect(href('glossary'), 303);
    return page(
      c,
      'Not deleted',
      'glossary',
      html`<h1>Not deleted</h1>
        ${errorLine(result.error, glossaryHint(result))}`,
      422,
    );
  });

  app.post('/glossary/check-sql', async (c) => {
    const ctx = c.env;
    const sql = ctx.form.sql ?? '';
    if (!sql.trim()) return c.html(sqlCheck(null, sql));
    try {
      return c.html(sqlCheck(await ctx.scoped.glossary.testSql(sql, ctx.form.source || undefined), sql));
    } catch (err) {
      return c.html(sqlCheck(null, sql, errorFrom(err)));
    }
  });
}
