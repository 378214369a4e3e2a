/**
 * @module presentations/ui/layout
 * The page shell every page shares (skip link, navigation with the current page marked and
 * without the pages the caller's role cannot open, who is
 * signed in, the CSRF token htmx sends on each request) and the small helpers pages format with.
 * Templates use hono/html, which escapes every interpolated value; `raw` is never given user text.
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { UiContext, UiEnv } from './ui-context.js';

export type Html = ReturnType<typeof html>;

export const UI_BASE = '/ui';

const SECTIONS = [
  ['search', 'Search'],
  ['browse', 'Browse'],
  ['plan', 'Plan'],
  ['glossary', 'Glossary'],
  ['sources', 'Sources'],
  ['sessions', 'Sessions'],
] as const;

/** The navigation entry a page marks as current; `login`: none (the sign-in page, a page of no section). */
export type Section = (typeof SECTIONS)[number][0] | 'login';

/** The section a UI path belongs to (`/ui/browse/object` → `browse`), or `login` (none) for any other path. */
export function sectionOf(pathname: string): Section {
  const first = pathname.startsWith(`${UI_BASE}/`) ? pathname.slice(UI_BASE.length + 1).split('/')[0] : '';
  return SECTIONS.find(([id]) => id === first)?.[0] ?? 'login';
}

/** `/ui/<path>?<query>` with every query value encoded. */
export function href(path: string, query: Record<string, string | number | undefined | null> = {}): string {
  const q = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `${UI_BASE}/${path}${q ? `?${q}` : ''}`;
}

/** The hidden field that carries the CSRF token in a form that works without script. */
export function csrfField(ctx: UiContext): Html {
  return html`<input type="hidden" name="_csrf" value="${ctx.csrf}" />`;
}

export function shell(ctx: UiContext | null, title: string, section: Section, body: Html | Html[]): Html {
  const who = ctx
    ? html`<span class="who"
        ><span>${ctx.scoped.identity.user.subject} (${ctx.scoped.role()})</span>${
          ctx.signedIn
            ? html`<form class="inline-form" method="post" action="${href('logout')}">
                ${csrfField(ctx)}<button class="secondary" type="submit">Sign out</button>
              </form>`
            : ''
        }</span
      >`
    : '';
  const headers = ctx ? JSON.stringify({ 'X-CSRF-Token': ctx.csrf }) : '{}';
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="htmx-config" content='{"includeIndicatorStyles":false,"allowEval":false,"allowScriptTags":false}' />
        <title>${title} · Sextant</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="${UI_BASE}/assets/style.css" />
        <script src="${UI_BASE}/assets/htmx.min.js" defer></script>
        <script src="${UI_BASE}/assets/ui.js" defer></script>
      </head>
      <body hx-headers="${headers}">
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <a class="brand" href="${href('search')}">Sextant</a>
          ${
            ctx
              ? html`<nav aria-label="Sections">
                  <ul>
                    ${SECTIONS.filter(([id]) => id !== 'sessions' || ctx.scoped.operations.maySeeSessions()).map(
                      ([id, label]) => html`<li><a href="${href(id)}" ${id === section ? html`aria-current="page"` : ''}>${label}</a></li>`,
                    )}
                  </ul>
                </nav>`
              : ''
          }
          ${who}
        </header>
        <main id="main" tabindex="-1">${body}</main>
      </body>
    </html>`;
}

/** Answers with a whole page in the shell. */
export function page(c: Context<UiEnv>, title: string, section: Section, body: Html | Html[], status = 200): Response | Promise<Response> {
  return c.html(shell(c.env, title, section, body), status as 200);
}

/** A table's header row; every column a `th scope="col"`. */
export function tableHead(columns: readonly string[]): Html {
  return html`<thead>
    <tr>
      ${columns.map((col) => html`<th scope="col">${col}</th>`)}
    </tr>
  </thead>`;
}

/** An error line for a form or a page: the message and, when given, what to do. */
export function errorLine(message: string, hint?: Html | string | null, id?: string): Html {
  return html`<p class="error" role="alert" ${id ? html`id="${id}"` : ''}>${message}${hint ? html` <span class="muted">${hint}</span>` : ''}</p>`;
}

export function when(at: string | null | undefined): string {
  return at ? at.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : 'never';
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}
