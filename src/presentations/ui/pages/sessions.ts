/**
 * @module presentations/ui/pages/sessions
 * Sessions (admin): every open agent session of this index with its user, MCP client, projects,
 * documents and the entities found in them, as the core keeps them in the index. What lives only
 * inside an MCP server process (its transports, calls in flight) is not in the index; when the UI
 * runs beside `/mcp` the page says how many transports this process holds.
 */
import type { Hono } from 'hono';
import { html } from 'hono/html';
import { when, page, tableHead } from '../layout.js';
import { errorFrom } from '../web-hints.js';
import type { UiEnv } from '../ui-context.js';

export function registerSessions(app: Hono<UiEnv>): void {
  app.get('/sessions', async (c) => {
    const ctx = c.env;
    let overview: Awaited<ReturnType<typeof ctx.scoped.operations.sessions>>;
    try {
      overview = await ctx.scoped.operations.sessions();
    } catch (err) {
      return page(
        c,
        'Sessions',
        'sessions',
        html`<h1>Sessions</h1>
          ${errorFrom(err)}`,
        403,
      );
    }
    const live = ctx.mcpSessionCount?.();
    return page(
      c,
      'Sessions',
      'sessions',
      html`<h1>Sessions</h1>
        <p class="muted">
          Sessions are kept in the index, so this lists those of every Sextant process sharing it (MCP over stdio or HTTP, and this UI's own), each with the
          client name its MCP client gave. Calls in flight live only inside each MCP server process and are not shown.
          ${
            live === undefined
              ? 'This UI runs without an MCP server in its process.'
              : `The MCP server in this process holds ${live} live transport${live === 1 ? '' : 's'}.`
          }
        </p>
        <div class="scroll">
          <table>
            <caption class="muted">
              ${overview.length} open session${overview.length === 1 ? '' : 's'}
            </caption>
            ${tableHead(['Session', 'User', 'Client', 'Project', 'Active projects', 'Documents', 'Entities', 'Last seen', 'Expires'])}
            <tbody>
              ${overview.map(
                (o) =>
                  html`<tr>
                    <td><code>${o.session.id.slice(0, 8)}</code></td>
                    <td>${o.session.user}</td>
                    <td>${o.session.client ?? '—'}</td>
                    <td>${o.session.project}</td>
                    <td>${o.session.activeProjects.join(', ')}</td>
                    <td>${o.documents.length ? o.documents.map((d, i) => html`${i ? ', ' : ''}${d.name} (${d.chunks} chunks)`) : '—'}</td>
                    <td>${o.entities}</td>
                    <td>${when(o.session.lastSeenAt)}</td>
                    <td>${when(o.session.expiresAt)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>`,
    );
  });
}
