/**
 * @module presentations/ui/pages/search
 * Search: one box, the hybrid query's hits of every kind in one ranked list, kind filters from
 * what the caller's index holds, and an Explain view per hit. The form works without script
 * (a GET); with htmx it replaces only the results and keeps the URL in step.
 */
import type { Hono } from 'hono';
import { html } from 'hono/html';
import { CONFIDENT_SCORE, type SearchHit, type SearchResult } from '../../../core/search/types.js';
import { href, type Html, page } from '../layout.js';
import { errorFrom, webHint } from '../web-hints.js';
import type { UiContext, UiEnv } from '../ui-context.js';
import { explainChart } from './explain-chart.js';

const LIMIT = 25;

function hitLink(hit: SearchHit): string {
  return hit.kind === 'glossary_term' ? href('glossary/term', { name: hit.name }) : href('browse/object', { id: hit.objectId });
}

/** "Did you mean" (a link that searches the respelt query), or which query the hits answer and a link to the one typed. */
function spelling(result: SearchResult): Html | string {
  if (result.correctedFrom)
    return html`<p data-testid="spelling">
      Showing results for <strong>${result.query}</strong>: nothing matched “${result.correctedFrom}” well.
      <a href="${href('search', { q: result.correctedFrom, typed: 1 })}">Search for “${result.correctedFrom}” as typed</a>
    </p>`;
  if (result.suggestion)
    return html`<p data-testid="spelling">Did you mean <a href="${href('search', { q: result.suggestion })}">${result.suggestion}</a>?</p>`;
  return '';
}

function results(result: SearchResult | null, error: Html | null): Html {
  if (error) return html`<div id="results">${error}</div>`;
  if (!result) return html`<div id="results"></div>`;
  if (result.hits.length === 0) {
    const hint = result.remedy ? webHint({ remedy: result.remedy }) : null;
    return html`<div id="results">
      <p>No results for “${result.query}”${result.notice ? `: ${result.notice}` : ''}.</p>
      ${hint ? html`<p class="panel" data-testid="search-hint">${hint}</p>` : ''} ${spelling(result)}
    </div>`;
  }
  const confidence = result.confidence;
  return html`<div id="results">
    ${spelling(result)}
    <p class="muted" role="status">
      ${result.hits.length} results in ${result.tookMs}
      ms${confidence !== null ? `, confidence ${confidence.toFixed(3)}` : ''}${
        result.expansions.length ? html`; also searched: ${result.expansions.join(', ')}` : ''
      }
    </p>
    ${
      confidence !== null && confidence < CONFIDENT_SCORE
        ? html`<p class="panel" data-testid="no-confident-match">
            <strong>No confident match.</strong> The best hit scores ${confidence.toFixed(3)}, below ${CONFIDENT_SCORE}: the index most likely holds nothing
            about this. The nearest hits follow; try other words, or check that the source is indexed.
          </p>`
        : ''
    }
    <ol class="results">
      ${result.hits.map(
        (h, i) =>
          html`<li>
            <a href="${hitLink(h)}"><strong>${h.name}</strong></a>
            <span class="badge">${h.kind}</span>
            <span class="muted">${h.source} · score ${h.score.toFixed(3)}${h.related ? ' · related' : ''}${h.generated ? ' · generated' : ''}</span>
            ${h.snippet ? html`<p class="snippet">${h.snippet}</p>` : ''}
            <details>
              <summary>Explain</summary>
              ${explainChart(h, i)}
            </details>
          </li>`,
      )}
    </ol>
  </div>`;
}

async function kindOptions(ctx: UiContext): Promise<Array<{ kind: string; label: string; count: number }>> {
  const { index } = await ctx.scoped.status();
  const known = ctx.scoped.kinds().objectKinds;
  return Object.entries(index.countsByKind)
    .map(([kind, count]) => ({ kind, count, info: known.find((k) => k.kind === kind) }))
    .filter((k) => k.info?.chunked ?? true)
    .map((k) => ({ kind: k.kind, label: k.info?.label ?? k.kind.replace(/_/g, ' '), count: k.count }))
    .sort((a, b) => a.kind.localeCompare(b.kind));
}

export function registerSearch(app: Hono<UiEnv>): void {
  app.get('/', (c) => c.redirect(href('search'), 303));
  app.get('/search', async (c) => {
    const ctx = c.env;
    const q = (c.req.query('q') ?? '').trim();
    const kinds = c.req.queries('kind') ?? [];
    let result: SearchResult | null = null;
    let error: Html | null = null;
    if (q) {
      try {
        const asTyped = c.req.query('typed') === '1';
        result = await ctx.scoped.query(q, { limit: LIMIT, explain: true, ...(kinds.length ? { kinds } : {}), ...(asTyped ? { asTyped } : {}) });
      } catch (err) {
        error = errorFrom(err);
      }
    }
    if (c.req.header('HX-Request') && c.req.header('HX-Target') === 'results') return c.html(results(result, error));
    const options = await kindOptions(ctx);
    return page(
      c,
      q ? `Search: ${q}` : 'Search',
      'search',
      html`<h1>Search</h1>
        <form role="search" method="get" action="${href('search')}" hx-get="${href('search')}" hx-target="#results" hx-swap="outerHTML" hx-push-url="true">
          <div class="row">
            <div class="grow">
              <label for="q">Search tables, columns, fields, operations, documents and glossary terms</label>
              <input id="q" name="q" type="search" value="${q}" autofocus placeholder="e.g. monthly revenue by product category" />
            </div>
            <button type="submit">Search</button>
          </div>
          <fieldset>
            <legend>Only these kinds (none ticked: every kind)</legend>
            ${options.map(
              (o) =>
                html`<label
                  ><input type="checkbox" name="kind" value="${o.kind}" ${kinds.includes(o.kind) ? 'checked' : ''} />${o.label}
                  <span class="muted">(${o.count})</span></label
                >`,
            )}
          </fieldset>
        </form>
        ${results(result, error)}`,
    );
  });
}
