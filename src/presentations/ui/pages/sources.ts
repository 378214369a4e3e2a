/**
 * @module presentations/ui/pages/sources
 * Sources: each visible source's status, last update and object counts by kind, the index's size,
 * and an Update button. The update runs in the background (update-jobs.ts); its progress streams
 * to the page as server-sent events and ends with the outcome. Without script the button leads to
 * the job's page, which shows the same state on reload.
 */
import type { Hono } from 'hono';
import { html } from 'hono/html';
import { streamSSE } from 'hono/streaming';
import type { ProgressEvent } from '../../../kernel/progress.js';
import { bytes, csrfField, errorLine, href, when, type Html, page } from '../layout.js';
import { errorFrom, type HintSource, webHint } from '../web-hints.js';
import type { UiContext, UiEnv } from '../ui-context.js';
import type { UpdateJob } from '../update-jobs.js';
import { resourceCounts } from '../../text/update-text.js';

function progressText(e: ProgressEvent | null): string {
  if (!e) return 'Starting…';
  return `${e.source}: ${e.phase}${e.total > 0 ? ` ${e.done}/${e.total}` : ''}${e.detail ? ` — ${e.detail}` : ''}`;
}

/** A failed update's hint (a report's or a stored outcome's), worded for the web, on a line of its own. */
function failureHint(failure: HintSource): Html | '' {
  const hint = webHint(failure);
  return hint ? html`<br /><span class="muted" data-testid="failure-hint">${hint}</span>` : '';
}

function outcome(job: UpdateJob): Html {
  if (job.error) return html`<div data-testid="update-outcome">${errorFrom(job.error, `Update of ${job.source} failed: `)}</div>`;
  const reports = job.run?.reports ?? [];
  return html`<div data-testid="update-outcome" role="status">
    ${reports.map(
      (r) =>
        html`<p class="${r.status === 'failed' ? 'error' : 'ok'}">
          ${r.source}: ${r.status} — ${resourceCounts(r)}, ${r.chunksEmbedded} chunks embedded in ${r.durationMs} ms
          ${r.status === 'failed' ? html`<br />${r.message}${failureHint(r)}` : ''}
        </p>`,
    )}
    ${(job.run?.glossary ?? []).map(
      (g) =>
        html`<p class="muted">
          Glossary on ${g.source}: ${g.checked} checked, ${g.broke.length} broke, ${g.fixed.length} fixed${g.error ? ` (${g.error})` : ''}
          ${g.error ? failureHint(g) : ''}
        </p>`,
    )}
  </div>`;
}

/** A running job follows its events (client script); a finished one shows its outcome. */
function jobBox(job: UpdateJob): Html {
  if (job.state !== 'running') return html`<div class="panel">${outcome(job)}</div>`;
  return html`<div class="panel" data-events="${href(`jobs/${job.id}/events`)}">
    <label for="progress-${job.id}">Updating ${job.source}</label>
    <progress id="progress-${job.id}"></progress>
    <p data-status aria-live="polite">${progressText(job.last)}</p>
  </div>`;
}

/** A source's action button: a plain POST form that htmx sends in place, its answer shown under it. */
function sourceAction(ctx: UiContext, action: 'update' | 'check', source: string, label: string): Html {
  return html`<form
    method="post"
    action="${href(`sources/${action}`)}"
    hx-post="${href(`sources/${action}`)}"
    hx-target="#${action}-${source}"
    hx-swap="innerHTML"
  >
    ${csrfField(ctx)}<input type="hidden" name="source" value="${source}" />
    <button class="${action === 'check' ? 'secondary' : ''}" type="submit">${label}</button>
  </form>`;
}

export function registerSources(app: Hono<UiEnv>): void {
  app.get('/sources', async (c) => {
    const ctx = c.env;
    const status = await ctx.scoped.status();
    const canUpdate = ctx.scoped.permits('settings');
    const rows = await Promise.all(status.sources.map(async (s) => ({ s, counts: await ctx.scoped.sourceCounts(s.name) })));
    return page(
      c,
      'Sources',
      'sources',
      html`<h1>Sources</h1>
        <p class="muted">
          Index ${status.index.location}: ${bytes(status.index.sizeBytes)}, ${status.index.chunks} chunks, ${status.index.vectors} vectors
          (${status.index.embeddingModel?.modelId ?? 'no embedding model'}).
        </p>
        ${rows.map(
          ({ s, counts }) =>
            html`<section class="panel" aria-labelledby="src-${s.name}">
              <h2 id="src-${s.name}"><a href="${href('browse/source', { name: s.name })}">${s.name}</a> <span class="badge">${s.type}</span></h2>
              <p>
                Last update: ${when(s.lastUpdate?.at)}
                ${s.lastUpdate ? html`<span class="${s.lastUpdate.ok ? 'ok' : 'error'}">${s.lastUpdate.ok ? 'ok' : 'failed'}</span> — ${s.lastUpdate.message}` : ''}
                ${s.lastUpdate && !s.lastUpdate.ok ? failureHint(s.lastUpdate) : ''}
              </p>
              <p>${Object.entries(counts).map(([kind, n], i) => html`${i ? ', ' : ''}${n} ${kind}`)}</p>
              ${
                canUpdate
                  ? html`<div class="row">
                      ${sourceAction(ctx, 'update', s.name, `Update ${s.name}`)} ${sourceAction(ctx, 'check', s.name, `Check ${s.name}'s privileges`)}
                    </div>`
                  : ''
              }
              <div id="update-${s.name}"></div>
              <div id="check-${s.name}"></div>
            </section>`,
        )}
        ${
          rows.length
            ? ''
            : html`<p>
                No sources yet. An administrator adds them on the server's command line (<code>sextant source add</code>, or <code>sextant demo</code> for a
                sample).
              </p>`
        }`,
    );
  });

  app.post('/sources/update', async (c) => {
    const ctx = c.env;
    const source = ctx.form.source ?? '';
    try {
      // checks the role and the source's visibility before anything starts
      ctx.scoped.requirePermission('settings', 'updating a source');
      await ctx.scoped.sourceCounts(source);
    } catch (err) {
      return c.html(errorFrom(err), 403);
    }
    const job = ctx.jobs.start(ctx.owner, source, (onProgress, signal) => ctx.scoped.operations.updateSource(source, { onProgress, signal }));
    if (c.req.header('HX-Request')) return c.html(jobBox(job));
    return c.redirect(href(`jobs/${job.id}`), 303);
  });

  app.post('/sources/check', async (c) => {
    const ctx = c.env;
    const source = ctx.form.source ?? '';
    let body: Html;
    try {
      const { report } = await ctx.scoped.operations.checkAccess(source);
      body = html`<div data-testid="access-check" role="status">
        <p class="${report.ok ? 'ok' : 'error'}">${source} connects as ${report.role}: ${report.ok ? 'read-only, as it should' : 'more than reading'}</p>
        <ul>
          ${report.findings.map((f) => html`<li><span class="badge ${f.severity === 'fail' ? 'stale' : ''}">${f.code}</span> ${f.message}</li>`)}
        </ul>
      </div>`;
    } catch (err) {
      body = errorFrom(err);
    }
    if (c.req.header('HX-Request')) return c.html(body);
    return page(
      c,
      `Privileges of ${source}`,
      'sources',
      html`<h1>Privileges of ${source}</h1>
        ${body}
        <p><a href="${href('sources')}">Sources</a></p>`,
    );
  });

  app.get('/jobs/:id', (c) => {
    const job = c.env.jobs.get(c.req.param('id'), c.env.owner);
    if (!job) return page(c, 'No such update', 'sources', errorLine('No such update (it was started by someone else, or long ago).'), 404);
    return page(
      c,
      `Update ${job.source}`,
      'sources',
      html`<h1>Update ${job.source}</h1>
        ${jobBox(job)}
        <p><a href="${href('sources')}">Sources</a></p>`,
    );
  });

  app.get('/jobs/:id/events', (c) => {
    const jobs = c.env.jobs;
    const job = jobs.get(c.req.param('id'), c.env.owner);
    if (!job) return c.text('no such update', 404);
    return streamSSE(c, async (stream) => {
      const finished = new Promise<void>((resolve) => {
        const send = async (j: UpdateJob, e: ProgressEvent | null) => {
          if (e) await stream.writeSSE({ event: 'progress', data: JSON.stringify({ done: e.done, total: e.total, text: progressText(e) }) });
          else {
            await stream.writeSSE({ event: 'done', data: String(await outcome(j)) });
            resolve();
          }
        };
        if (job.state !== 'running') return void send(job, null);
        if (job.last) void send(job, job.last);
        const stop = jobs.follow(job, (j, e) => void send(j, e));
        stream.onAbort(() => {
          stop();
          resolve();
        });
      });
      await finished;
    });
  });
}
