/**
 * @module presentations/ui/ui-mount
 * The web UI on the HTTP host (presentations/http): `/ui` (and `/` when it is the host's only
 * mount). Static assets need no credential; everything else passes the host's Host/Origin check,
 * then the shared guards (authentication — a token typed on the sign-in page is sent on the
 * browser session's behalf —, project access, rate limit, body limit), then, for every POST, the
 * browser session's CSRF token. Pages get the caller's scoped engine on an engine session of
 * the credential's own (one per credential, opened on first use, idle-expired like any session).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { html } from 'hono/html';
import type { Authenticator } from '../../core/auth/authenticate.js';
import type { RequestUser } from '../../core/auth/user.js';
import type { Engine } from '../../core/engine.js';
import { DEFAULT_PROJECT } from '../../core/projects/projects.js';
import { createScopedEngine, type ScopedEngine } from '../../core/scope/scoped-engine.js';
import { isSextantError } from '../../kernel/errors.js';
import { redactText } from '../../kernel/redact.js';
import { admitRequest, guardProjectRequest, MAX_BODY_BYTES, parseForm, readBody, type GuardDeps } from '../http/guards.js';
import type { HostLogger, Mount } from '../http/host.js';
import { HttpError } from '../http/http-error.js';
import { isLoopbackHost } from '../http/origin.js';
import { createRateLimiter } from '../http/rate-limit.js';
import { asset } from './assets.js';
import { errorLine, href, shell, UI_BASE } from './layout.js';
import { webHint } from './web-hints.js';
import { loginPage } from './pages/login.js';
import { createUiApp } from './ui-app.js';
import type { UiContext } from './ui-context.js';
import { createUiSessions, type UiSession } from './ui-sessions.js';
import { createUpdateJobs } from './update-jobs.js';

export interface UiMountOptions {
  engine: Engine;
  authenticator: Authenticator;
  /** The bind address: on loopback, anonymous requests pass while no credential is configured. */
  host: string;
  /** Requests per minute per credential; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Idle time after which a browser session (and its engine session) ends. */
  sessionTtlMs: number;
  logger: HostLogger;
  maxBodyBytes?: number;
  /** Live MCP transports of this process, when the UI runs beside `/mcp`. */
  mcpSessionCount?: () => number;
  /** Also answer `/` (a redirect to the UI): when the UI is the host's only mount. */
  ownsRoot?: boolean;
}

export interface UiMount extends Mount {
  /** Ends running updates and the engine sessions of every browser session. */
  close(): Promise<void>;
}

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  // not no-referrer: with it Chromium sends `Origin: null` on form posts, which the Origin check must refuse
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

function isUnauthenticated(err: unknown): boolean {
  return (isSextantError(err) && err.code === 'UNAUTHENTICATED') || (err instanceof HttpError && err.status === 401);
}

function redirect(res: ServerResponse, to: string): void {
  res.writeHead(303, { Location: to }).end();
}

/**
 * The page to return to after signing in: a path under /ui on this server (never another host,
 * never the sign-in or sign-out page), else null. The value comes from the URL or a form, so it
 * is parsed, not trusted (`//evil.example`, `/ui/../x` and `https://…` give null).
 */
export function returnPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith(`${UI_BASE}/`) || next.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://localhost');
  } catch {
    return null;
  }
  if (url.origin !== 'http://localhost' || !url.pathname.startsWith(`${UI_BASE}/`)) return null;
  if (url.pathname === href('login') || url.pathname === href('logout') || url.pathname.startsWith(`${UI_BASE}/assets/`)) return null;
  return url.pathname + url.search;
}

/** Writes a fetch Response to Node's response, streaming its body (server-sent events) until either side stops. */
async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  res.on('close', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } finally {
    res.off('close', cancel);
    res.end();
  }
}

export function createUiMount(options: UiMountOptions): UiMount {
  const { engine, logger } = options;
  const project = DEFAULT_PROJECT;
  const guards: GuardDeps = {
    authenticator: options.authenticator,
    loopback: isLoopbackHost(options.host),
    requireProject: (name) => engine.projects.get(name),
    limiter: createRateLimiter({ perMinute: options.rateLimitPerMinute }),
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
  };
  const sessions = createUiSessions({ ttlMs: options.sessionTtlMs });
  const jobs = createUpdateJobs();
  const app = createUiApp((err) => logger.error({ err }, 'web UI request failed'));
  /** One engine session per credential (or anonymous client address), shared by its browser sessions and scripts. */
  const engineSessions = new Map<string, string>();

  /** The owner's engine session, opened (again) when missing or expired. */
  async function scopedFor(user: RequestUser, owner: string): Promise<ScopedEngine> {
    let id = engineSessions.get(owner);
    if (!id || !(await engine.sessions.touch(id))) {
      id = (await engine.sessions.open({ project, user, ttlMs: options.sessionTtlMs })).id;
      engineSessions.set(owner, id);
    }
    const scoped = createScopedEngine(engine, { session: id, project, user });
    await scoped.present(user);
    return scoped;
  }

  function requireCsrf(session: UiSession, req: IncomingMessage, form: Record<string, string>): void {
    const header = req.headers['x-csrf-token'];
    const given = typeof header === 'string' ? header : form._csrf;
    if (!sessions.csrfMatches(session, given)) throw new HttpError(403, 'missing or stale CSRF token; reload the page and try again');
  }

  async function login(req: IncomingMessage, res: ServerResponse, session: UiSession, url: URL): Promise<void> {
    if (req.method !== 'POST') {
      const next = returnPath(url.searchParams.get('next'));
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(String(await loginPage(session.csrf, null, next)));
      return;
    }
    const form = parseForm(await readBody(req, guards.maxBodyBytes));
    requireCsrf(session, req, form);
    const next = returnPath(form.next);
    const token = (form.token ?? '').trim();
    req.headers.authorization = `Bearer ${token}`;
    try {
      await admitRequest(req, project, guards);
    } catch (err) {
      if (!isUnauthenticated(err)) throw err;
      const page = String(await loginPage(session.csrf, 'That token was not accepted.', next));
      res.writeHead(401, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    session.bearer = token;
    redirect(res, next ?? href('search'));
  }

  /**
   * Sends a browser without a credential to the sign-in page, which returns it to the page it
   * asked for (a shared link, a bookmark; the UI's htmx GETs ask for whole pages and push their
   * URL). An htmx request is told to load the sign-in page in place of the whole page
   * (`HX-Redirect`), not to swap it into a part of the current one.
   */
  function toLogin(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const to = href('login', { next: returnPath(url.pathname + url.search) });
    if (req.headers['hx-request']) res.writeHead(200, { 'HX-Redirect': to }).end();
    else redirect(res, to);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    if (url.pathname === '/' || url.pathname === UI_BASE || url.pathname === `${UI_BASE}/`) return redirect(res, href('search'));
    if (url.pathname.startsWith(`${UI_BASE}/assets/`)) {
      const file = method === 'GET' || method === 'HEAD' ? asset(url.pathname.slice(UI_BASE.length + 8)) : null;
      if (!file) throw new HttpError(404, 'no such asset');
      res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'max-age=3600', 'X-Content-Type-Options': 'nosniff' }).end(file.body);
      return;
    }
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw new HttpError(405, `method ${method} not allowed`, { Allow: 'GET, POST' });
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    const { session, fresh } = sessions.of(req);
    if (fresh) res.setHeader('Set-Cookie', sessions.cookie(session, UI_BASE));
    if (url.pathname === href('login')) return login(req, res, session, url);
    if (url.pathname === href('logout')) {
      if (method !== 'POST') throw new HttpError(405, 'sign out with POST', { Allow: 'POST' });
      requireCsrf(session, req, parseForm(await readBody(req, guards.maxBodyBytes)));
      session.bearer = null;
      return redirect(res, href('login'));
    }

    const ownHeader = Boolean(req.headers.authorization);
    if (!ownHeader && session.bearer) req.headers.authorization = `Bearer ${session.bearer}`;
    let guarded;
    try {
      guarded = await guardProjectRequest(req, project, guards, 'form');
    } catch (err) {
      if (isUnauthenticated(err) && !ownHeader) {
        session.bearer = null;
        if (method === 'GET') return toLogin(req, res, url);
      }
      throw err;
    }
    const form = (guarded.body ?? {}) as Record<string, string>;
    if (method === 'POST') requireCsrf(session, req, form);
    const scoped = await scopedFor(guarded.user, guarded.owner);
    const ctx: UiContext = {
      scoped,
      csrf: session.csrf,
      form,
      jobs,
      owner: guarded.owner,
      actor: { user: guarded.user.via === 'anonymous' ? null : guarded.user.subject, client: null, via: 'web' },
      signedIn: Boolean(session.bearer) && !ownHeader,
      mcpSessionCount: options.mcpSessionCount ?? null,
    };
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    await send(res, await app.fetch(new Request(new URL(req.url ?? '/', 'http://localhost'), { method, headers }), ctx));
  }

  const sweep = setInterval(
    () => {
      sessions.expire();
      // idle engine sessions (this UI's and any other process's) past their deadline go with their documents
      // (by the one server holding the store's sweep lock when several share a store)
      engine.sessions.sweep().catch((err: unknown) => logger.warn({ err }, 'session sweep failed'));
    },
    Math.max(1000, Math.min(60_000, Math.floor(options.sessionTtlMs / 2))),
  );
  sweep.unref();

  return {
    path: options.ownsRoot ? /^\/(?:ui(?:\/.*)?)?$/ : /^\/ui(?:\/.*)?$/,
    handle: (req, res) => handle(req, res),
    fail(res, err) {
      if (res.headersSent) {
        res.end();
        return;
      }
      res.writeHead(err.status, { 'Content-Type': 'text/html; charset=utf-8', ...SECURITY_HEADERS, ...err.headers });
      void Promise.resolve(
        shell(
          null,
          'Error',
          'login',
          html`<h1>${err.status}</h1>
            ${errorLine(redactText(err.message), webHint(isSextantError(err.cause) ? err.cause : { hint: err.hint, remedy: err.remedy }))}
            ${err.status === 401 ? html`<p><a href="${href('login')}">Sign in</a> with an access token, then try again.</p>` : ''}`,
        ),
      ).then((page) => res.end(String(page)));
    },
    async close() {
      clearInterval(sweep);
      jobs.close();
      for (const id of engineSessions.values()) await engine.sessions.close(id).catch(() => false);
      engineSessions.clear();
    },
  };
}
