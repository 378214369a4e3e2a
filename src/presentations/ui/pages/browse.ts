/**
 * @module presentations/ui/pages/browse
 * Browse: sources → schemas (modules) → objects → columns and fields with keys, relations,
 * dependencies, the effective context and the object's glossary terms; contexts are added,
 * edited and removed inline with plain forms (POST, CSRF token, back to the page).
 */
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { ContextRecord } from '../../../ports/catalog.js';
import type { ObjectDescription } from '../../../core/discovery/describe.js';
import { csrfField, href, when, type Html, page, tableHead } from '../layout.js';
import { errorFrom } from '../web-hints.js';
import type { UiContext, UiEnv } from '../ui-context.js';
import { parseObjectId } from '../../../kernel/ids.js';
import { edgeNote } from '../../text/edge-note.js';
import { relationDiagram } from './relation-diagram.js';

/** Where a context form returns to: only a page of the UI itself. */
function backTo(path: string | undefined): string {
  return path && /^\/ui\/[a-z/]*(\?[^\s]*)?$/.test(path) && !path.includes('//') ? path : href('browse');
}

function contextOrigin(c: ContextRecord): string {
  return c.targetKind === 'source' ? `source ${c.source}` : c.targetKind === 'schema' ? `schema ${c.target}` : c.target;
}

/** The contexts on this page's target and what it inherits, each editable, and a form to add one. */
function contextsPanel(ctx: UiContext, target: string, contexts: ContextRecord[], effective: string | null, back: string): Html {
  const canWrite = ctx.scoped.permits('write');
  return html`<section aria-labelledby="contexts-h">
    <h2 id="contexts-h">Context</h2>
    ${
      effective !== null
        ? html`<div class="panel">
            <strong>Effective context</strong> <span class="muted">(what search and agents see, inherited downward)</span>
            <p class="context-text" data-testid="effective-context">${effective || '—'}</p>
          </div>`
        : ''
    }
    ${
      contexts.length
        ? html`<ul>
            ${contexts.map(
              (c) =>
                html`<li>
                  <span class="context-text">${c.text}</span>
                  <span class="muted">— ${c.origin === 'inferred' ? 'inferred (drafted by a model), ' : ''}on ${contextOrigin(c)}, ${when(c.createdAt)}</span>
                  ${
                    canWrite
                      ? html`<details>
                            <summary>Edit</summary>
                            <form method="post" action="${href('contexts/edit')}">
                              ${csrfField(ctx)}<input type="hidden" name="id" value="${c.id}" /><input type="hidden" name="back" value="${back}" />
                              <label for="ctx-edit-${c.id}">Context text</label>
                              <textarea id="ctx-edit-${c.id}" name="text" required>${c.text}</textarea>
                              <button type="submit">Save</button>
                            </form>
                          </details>
                          <form class="inline-form" method="post" action="${href('contexts/remove')}">
                            ${csrfField(ctx)}<input type="hidden" name="id" value="${c.id}" /><input type="hidden" name="back" value="${back}" />
                            <button class="danger" type="submit" aria-label="Remove context ${c.id}">Remove</button>
                          </form>`
                      : ''
                  }
                </li>`,
            )}
          </ul>`
        : html`<p class="muted">No context written here yet.</p>`
    }
    ${
      canWrite
        ? html`<form method="post" action="${href('contexts/add')}">
            ${csrfField(ctx)}<input type="hidden" name="target" value="${target}" /><input type="hidden" name="back" value="${back}" />
            <label for="ctx-new">Add context to ${target}</label>
            <textarea id="ctx-new" name="text" required placeholder="What does this mean to the business?"></textarea>
            <button type="submit">Add context</button>
          </form>`
        : ''
    }
  </section>`;
}

function crumbs(parts: Array<[string, string | null]>): Html {
  return html`<nav class="crumbs" aria-label="Breadcrumb">
    ${parts.map(([label, link], i) => html`${i ? ' › ' : ''}${link ? html`<a href="${link}">${label}</a>` : html`<span aria-current="page">${label}</span>`}`)}
  </nav>`;
}

/** A column's table in the breadcrumb: its name within the schema the crumb before names (`sales_order`), as the table's own page shows it. */
function parentLabel(parentId: string, schema: string | null): string {
  const path = parseObjectId(parentId)?.path ?? parentId;
  return schema && path.startsWith(`${schema}.`) ? path.slice(schema.length + 1) : path;
}

function columnsTable(d: ObjectDescription, ids: Map<string, string>): Html {
  if (!d.columns?.length) return html``;
  return html`<h2>Columns</h2>
    <div class="scroll">
      <table>
        ${tableHead(['Name', 'Type', 'Keys', 'Comment'])}
        <tbody>
          ${d.columns.map((col) => {
            const id = ids.get(col.name);
            return html`<tr>
              <td>${id ? html`<a href="${href('browse/object', { id })}">${col.name}</a>` : col.name}</td>
              <td><code>${col.type}</code>${col.nullable === false ? ' not null' : ''}</td>
              <td>
                ${col.primaryKey ? html`<span class="badge">PK</span> ` : ''}${col.references ? html`<span class="badge">FK → ${col.references}</span>` : ''}
              </td>
              <td>${col.comment ?? ''}</td>
            </tr>`;
          })}
        </tbody>
      </table>
    </div>`;
}

function relations(d: ObjectDescription): Html {
  const rows = [...(d.joins ?? []).map((j) => ({ dir: 'references', ...j })), ...(d.referencedBy ?? []).map((j) => ({ dir: 'referenced by', ...j }))];
  if (!rows.length) return html``;
  return html`<h2>Relations</h2>
    ${relationDiagram(d.name, d.joins ?? [], d.referencedBy ?? [])}
    <ul>
      ${rows.map(
        (r) =>
          html`<li>
            ${r.dir} <a href="${href('browse/object', { id: r.table })}">${r.table}</a> <code>ON ${r.on}</code>${
              r.declaredIn
                ? html` <span class="badge">declared by ${r.declaredIn.via}</span>
                    <a href="${href('browse/object', { id: r.declaredIn.file })}">${r.declaredIn.file}</a>:${r.declaredIn.line}`
                : ''
            }
          </li>`,
      )}
    </ul>`;
}

export function registerBrowse(app: Hono<UiEnv>): void {
  app.get('/browse', async (c) => {
    const ctx = c.env;
    const sources = await ctx.scoped.listSources();
    return page(
      c,
      'Browse',
      'browse',
      html`<h1>Browse</h1>
        ${
          sources.length
            ? html`<ul>
                ${sources.map((s) => html`<li><a href="${href('browse/source', { name: s.name })}">${s.name}</a> <span class="badge">${s.type}</span></li>`)}
              </ul>`
            : html`<p>
                No sources yet. An administrator adds them on the server's command line (<code>sextant source add</code>, or <code>sextant demo</code> for a
                sample).
              </p>`
        }`,
    );
  });

  app.get('/browse/source', async (c) => {
    const ctx = c.env;
    const name = c.req.query('name') ?? '';
    const described = await ctx.scoped.describe(name, { detail: 'full' });
    const d = described.family === 'catalog' && described.description.level === 'source' ? described.description : null;
    if (!d) return c.redirect(href('browse/object', { id: name }), 303);
    const contexts = (await ctx.scoped.contexts.list(name)).filter((x) => x.targetKind === 'source');
    const back = href('browse/source', { name });
    return page(
      c,
      name,
      'browse',
      html`${crumbs([
          ['Sources', href('browse')],
          [name, null],
        ])}
        <h1>${name} <span class="badge">${d.type}</span></h1>
        <p class="muted">Last update: ${when(d.lastUpdate)}</p>
        <h2>Schemas and modules</h2>
        <ul>
          ${d.schemas.map(
            (s) => html`<li><a href="${href('browse/schema', { source: name, schema: s.name })}">${s.name}</a>${s.comment ? html` — ${s.comment}` : ''}</li>`,
          )}
        </ul>
        ${d.schemasTotal > d.schemas.length ? html`<p class="muted">${d.schemasTotal - d.schemas.length} more not shown.</p>` : ''}
        ${contextsPanel(ctx, `sextant://${name}`, contexts, null, back)}`,
    );
  });

  app.get('/browse/schema', async (c) => {
    const ctx = c.env;
    const source = c.req.query('source') ?? '';
    const schema = c.req.query('schema') ?? '';
    const cursor = c.req.query('cursor');
    const target = `sextant://${source}/${schema}`;
    const described = await ctx.scoped.describe(target, { detail: 'full', ...(cursor ? { cursor } : {}) });
    const d = described.family === 'catalog' && described.description.level === 'schema' ? described.description : null;
    if (!d) return c.redirect(href('browse/object', { id: target }), 303);
    const contexts = (await ctx.scoped.contexts.list(source)).filter((x) => x.targetKind !== 'object' && (x.targetKind === 'source' || x.target === schema));
    const back = href('browse/schema', { source, schema });
    return page(
      c,
      `${source}/${schema}`,
      'browse',
      html`${crumbs([
          ['Sources', href('browse')],
          [source, href('browse/source', { name: source })],
          [schema, null],
        ])}
        <h1>${schema}</h1>
        ${d.comment ? html`<p>${d.comment}</p>` : ''}
        <h2>Objects <span class="muted">(${d.objectsTotal})</span></h2>
        <ul>
          ${d.objects.map(
            (o) =>
              html`<li>
                <a href="${href('browse/object', { id: o.id })}">${o.name}</a> <span class="badge">${o.kind}</span>${o.comment ? html` — ${o.comment}` : ''}
              </li>`,
          )}
        </ul>
        ${d.nextCursor ? html`<p><a href="${href('browse/schema', { source, schema, cursor: d.nextCursor })}">Next page</a></p>` : ''}
        ${contextsPanel(ctx, target, contexts, null, back)}`,
    );
  });

  app.get('/browse/object', async (c) => {
    const ctx = c.env;
    const id = c.req.query('id') ?? '';
    const detail = await ctx.scoped.get(id);
    const o = detail.object;
    const described = await ctx.scoped.describeObject(o.id, 'full').catch(() => null);
    const terms = await ctx.scoped.glossary.list({ baseTable: o.id });
    const columnIds = new Map(detail.columns.map((col) => [col.name, col.id]));
    const schema = o.path.includes('.') ? o.path.split('.')[0]! : null;
    const back = href('browse/object', { id: o.id });
    const members = [...detail.children, ...detail.constraints, ...detail.indexes, ...detail.triggers];
    return page(
      c,
      o.path,
      'browse',
      html`${crumbs([
          ['Sources', href('browse')],
          [o.source, href('browse/source', { name: o.source })],
          ...(schema ? ([[schema, href('browse/schema', { source: o.source, schema })]] as Array<[string, string]>) : []),
          ...(o.parentId && o.kind === 'column'
            ? ([[parentLabel(o.parentId, schema), href('browse/object', { id: o.parentId })]] as Array<[string, string]>)
            : []),
          [o.name, null],
        ])}
        <h1>${o.path} <span class="badge">${o.kind}</span></h1>
        <p class="muted"><code>${detail.uri}</code></p>
        ${o.comment ? html`<p>${o.comment}</p>` : ''}
        ${
          detail.facts
            ? html`<dl class="panel">
                ${detail.facts.map(
                  (f) =>
                    html`<dt>${f.label}</dt>
                      <dd>${f.value}</dd>`,
                )}
              </dl>`
            : ''
        }
        ${contextsPanel(ctx, o.id, detail.contexts, detail.effectiveContext ?? '', back)} ${described ? columnsTable(described, columnIds) : ''}
        ${described ? relations(described) : ''} ${o.kind === 'column' ? html`<p>Type <code>${String(o.attributes.dataType ?? '')}</code></p>` : ''}
        ${
          o.definition
            ? html`<h2>Definition</h2>
                <pre>${o.definition}</pre>`
            : ''
        }
        ${
          detail.outgoing.length || detail.incoming.length
            ? html`<h2>Dependencies</h2>
                <ul>
                  ${detail.outgoing.map((e) => html`<li>${e.kind} → <a href="${href('browse/object', { id: e.toId })}">${e.toId}</a>${edgeNote(e.attributes)}</li>`)}
                  ${detail.incoming.map((e) => html`<li>${e.kind} ← <a href="${href('browse/object', { id: e.fromId })}">${e.fromId}</a>${edgeNote(e.attributes)}</li>`)}
                </ul>`
            : ''
        }
        ${
          members.length
            ? html`<h2>Members</h2>
                <ul>
                  ${members.map((m) => html`<li><a href="${href('browse/object', { id: m.id })}">${m.name}</a> <span class="badge">${m.kind}</span></li>`)}
                </ul>`
            : ''
        }
        <h2>Glossary terms</h2>
        ${
          terms.length
            ? html`<ul>
                ${terms.map((t) => html`<li><a href="${href('glossary/term', { name: t.term })}">${t.term}</a> — ${t.definition}</li>`)}
              </ul>`
            : html`<p class="muted">No glossary term has this as its base table.</p>`
        } `,
    );
  });

  const afterContext = async (c: Context<UiEnv>, change: () => Promise<unknown>) => {
    const back = backTo(c.env.form.back);
    try {
      await change();
      return c.redirect(back, 303);
    } catch (err) {
      return page(
        c,
        'Context not saved',
        'browse',
        html`<h1>Context not saved</h1>
          ${errorFrom(err)}
          <p><a href="${back}">Back</a></p>`,
        400,
      );
    }
  };
  app.post('/contexts/add', (c) => afterContext(c, () => c.env.scoped.contexts.add(c.env.form.target ?? '', c.env.form.text ?? '')));
  app.post('/contexts/edit', (c) => afterContext(c, () => c.env.scoped.contexts.replace(Number(c.env.form.id), c.env.form.text ?? '')));
  app.post('/contexts/remove', (c) => afterContext(c, () => c.env.scoped.contexts.remove(Number(c.env.form.id))));
}
