/**
 * @module presentations/ui/ui-app
 * The web UI's routes (Hono), each page in pages/. A handler gets only the caller's scoped
 * engine (UiContext); failures it does not show itself become an error page with the status
 * of the one code → status map (presentations/http/status.ts).
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { toHttpError } from '../http/http-error.js';
import { href, sectionOf, shell, UI_BASE } from './layout.js';
import { errorFrom } from './web-hints.js';
import { registerBrowse } from './pages/browse.js';
import { registerGlossary } from './pages/glossary.js';
import { registerPlan } from './pages/plan.js';
import { registerSearch } from './pages/search.js';
import { registerSessions } from './pages/sessions.js';
import { registerSources } from './pages/sources.js';
import type { UiEnv } from './ui-context.js';

export function createUiApp(onError: (err: unknown) => void): Hono<UiEnv> {
  const app = new Hono<UiEnv>().basePath(UI_BASE);
  registerSearch(app);
  registerBrowse(app);
  registerPlan(app);
  registerGlossary(app);
  registerSources(app);
  registerSessions(app);
  app.notFound((c) =>
    c.html(
      shell(
        c.env,
        'Not found',
        sectionOf(c.req.path),
        html`<h1>Not found</h1>
          <p>No page at <code>${c.req.path}</code>. <a href="${href('search')}">Search</a> or <a href="${href('browse')}">browse</a> instead.</p>`,
      ),
      404,
    ),
  );
  app.onError((err, c) => {
    const status = toHttpError(err, 'sextant').status;
    if (status >= 500) onError(err);
    return c.html(
      shell(
        c.env,
        'Error',
        sectionOf(c.req.path),
        html`<h1>That did not work</h1>
          ${errorFrom(err)}`,
      ),
      status as 400,
    );
  });
  return app;
}
