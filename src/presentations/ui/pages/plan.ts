/**
 * @module presentations/ui/pages/plan
 * Plan: the onboarding plan of a code source (the CLI's `sextant plan`, MCP's `onboarding_plan`)
 * for people: a request, an optional seed file, the repository when there are several, and the order
 * (the import graph's, or the fused one that adds git history); the answer is the plan's steps, each file a link to its page. The
 * form works without script (a GET); with htmx it replaces only the plan.
 */
import type { Hono } from 'hono';
import { html } from 'hono/html';
import { DEFAULT_RANK, type OnboardingRank, type OnboardingResult } from '../../../core/scope/scoped-engine.js';
import { counted } from '../../text/plan-text.js';
import { href, type Html, page } from '../layout.js';
import { errorFrom } from '../web-hints.js';
import type { UiEnv } from '../ui-context.js';

const RANKS: ReadonlyArray<[OnboardingRank, string]> = [
  ['fused', 'fused: imports, files changed together in git history, and about the same topic'],
  ['graph', 'import graph only: distance from the seed, then degree'],
];
const DEFAULT_LIMIT = 12;

function fileLink(source: string | null, file: string): Html {
  return source ? html`<a href="${href('browse/object', { id: `${source}:code_file:${file}` })}"><code>${file}</code></a>` : html`<code>${file}</code>`;
}

function planView(result: OnboardingResult | null, error: Html | null): Html {
  if (error) return html`<div id="plan">${error}</div>`;
  if (!result) return html`<div id="plan"></div>`;
  const { context, plan } = result;
  return html`<div id="plan">
    <p role="status">${result.userSummary}</p>
    ${context.notice ? html`<p class="muted">${context.notice}</p>` : ''}
    <ol class="steps">
      ${plan.steps.map(
        (s) =>
          html`<li>
            <strong>${s.title}</strong>
            ${
              s.files.length
                ? html`<ul>
                    ${s.files.map((f) => html`<li>${fileLink(context.source, f)}</li>`)}
                  </ul>`
                : ''
            }
            <p class="muted">${s.why}</p>
          </li>`,
      )}
    </ol>
    ${plan.note ? html`<p class="muted">note: ${plan.note}</p>` : ''}
    <p class="muted">
      ${context.source ? `source ${context.source}, ` : ''}${context.rank} order, plan by ${plan.writtenBy}: ${counted(context.stats.nodesVisited, 'file')}
      visited, ${counted(context.stats.edgesTraversed, 'import')} followed
    </p>
  </div>`;
}

export function registerPlan(app: Hono<UiEnv>): void {
  app.get('/plan', async (c) => {
    const request = (c.req.query('request') ?? '').trim();
    const seed = (c.req.query('seed') ?? '').trim();
    const rank: OnboardingRank = RANKS.find(([value]) => value === c.req.query('rank'))?.[0] ?? DEFAULT_RANK;
    // with more than one code source the form asks which; the plan's own default is every one
    const codeSources = await c.env.scoped.planSources();
    const source = codeSources.find((name) => name === c.req.query('source')) ?? '';
    const asked = Number(c.req.query('limit') ?? DEFAULT_LIMIT);
    const limit = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, 100) : DEFAULT_LIMIT;
    let result: OnboardingResult | null = null;
    let error: Html | null = null;
    if (request || seed) {
      try {
        result = await c.env.scoped.onboardingPlan({ request, ...(seed ? { seedFile: seed } : {}), ...(source ? { source } : {}), rank, limit });
      } catch (err) {
        error = errorFrom(err);
      }
    }
    if (c.req.header('HX-Request') && c.req.header('HX-Target') === 'plan') return c.html(planView(result, error));
    return page(
      c,
      request ? `Plan: ${request}` : 'Plan',
      'plan',
      html`<h1>Onboarding plan</h1>
        <form method="get" action="${href('plan')}" hx-get="${href('plan')}" hx-target="#plan" hx-swap="outerHTML" hx-push-url="true">
          <div class="row">
            <div class="grow">
              <label for="request">What do you want to understand in the code?</label>
              <input id="request" name="request" type="search" value="${request}" autofocus placeholder="e.g. how are invoices paid" />
            </div>
            <button type="submit">Plan</button>
          </div>
          <div class="row">
            <div class="grow">
              <label for="seed">Start from this file (optional, repository-relative)</label>
              <input id="seed" name="seed" type="text" value="${seed}" placeholder="e.g. src/billing/pay.ts" />
            </div>
            <div>
              <label for="limit">Files</label>
              <input id="limit" name="limit" type="number" min="1" max="100" value="${limit}" />
            </div>
          </div>
          <div class="row">
            ${
              codeSources.length > 1
                ? html`<div>
                    <label for="source">Repository</label>
                    <select id="source" name="source">
                      <option value="" ${source ? '' : 'selected'}>every code source</option>
                      ${codeSources.map((name) => html`<option value="${name}" ${name === source ? 'selected' : ''}>${name}</option>`)}
                    </select>
                  </div>`
                : ''
            }
            <div class="grow">
              <label for="rank">Order</label>
              <select id="rank" name="rank">
                ${RANKS.map(([value, label]) => html`<option value="${value}" ${value === rank ? 'selected' : ''}>${label}</option>`)}
              </select>
            </div>
          </div>
        </form>
        ${planView(result, error)}`,
    );
  });
}
