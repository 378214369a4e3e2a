/**
 * @module presentations/mcp/http
 * Streamable HTTP, mounted on the HTTP host (presentations/http) at `/mcp` (project `default`)
 * and `/mcp/{project}`: one McpServer and transport per MCP session id. The host checks Host and
 * Origin and serves `/health`; the project guards run authentication, project access, rate limit
 * and body limit; this module routes sessions. Error bodies are JSON-RPC errors and never echo
 * credentials.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, type InitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Authenticator } from '../../core/auth/authenticate.js';
import type { RequestUser } from '../../core/auth/user.js';
import { SextantError } from '../../kernel/errors.js';
import { DEFAULT_PROJECT } from '../../core/projects/projects.js';
import { DEFAULT_SESSION_CAPS, sessionsToEvict, type SessionCaps } from '../../core/sessions/session-cap.js';
import { requireAuthOffLoopback } from '../http/authenticate.js';
import { guardProjectRequest, MAX_BODY_BYTES, type GuardDeps } from '../http/guards.js';
import { startHttpHost, type HostTimeouts, type Mount } from '../http/host.js';
import { HttpError, rpcError, sendJson } from '../http/http-error.js';
import { isLoopbackHost } from '../http/origin.js';
import { createRateLimiter } from '../http/rate-limit.js';
import { createWorkLimiter } from '../http/work-limiter.js';
import { adoptSessionId } from './adopt-transport.js';
import { releaseAnsweredJsonStreams } from './answered-json-streams.js';
import { mcpHint } from './remedy-hints.js';
import { clientLabel, createSessionServer, SERVER_NAME, SERVER_VERSION, type ServerServices, type SessionServer } from './server.js';

export { MAX_BODY_BYTES } from '../http/guards.js';
const MCP_PATH = /^\/mcp(?:\/([^/?#]+))?\/?$/;
const PROJECT_NAME = /^[a-z][a-z0-9_-]{0,62}$/;

export interface HttpServerOptions {
  services: ServerServices;
  host: string;
  /** 0 picks a free port. */
  port: number;
  authenticator: Authenticator;
  allowedOrigins?: readonly string[];
  /** Requests per minute per credential; 0 turns the limit off. */
  rateLimitPerMinute: number;
  sessionTtlMs: number;
  maxBodyBytes?: number;
  /** Open sessions per credential and in all (defaults: core/sessions/session-cap). */
  sessionCaps?: SessionCaps;
  /** Header and request timeouts (defaults: HOST_TIMEOUTS). */
  timeouts?: HostTimeouts;
  /** Tool calls one credential runs at once; more wait their turn (default 4). */
  callsPerCredential?: number;
  /** Other presentations served by the same host after `/mcp` (the web UI at `/ui`). */
  extraMounts?: readonly Mount[];
}

const DEFAULT_CALLS_PER_CREDENTIAL = 2;

export interface RunningHttpServer {
  url: string;
  host: string;
  port: number;
  sessionCount(): number;
  /** Stops listening, closes every session (their documents are removed) and the transports. */
  close(): Promise<void>;
}

interface LiveSession {
  id: string;
  project: string;
  owner: string;
  user: RequestUser;
  transport: StreamableHTTPServerTransport;
  mcp: SessionServer;
  lastActiveAt: number;
  /** Requests of this session being answered now. */
  inFlight: number;
}

/** A malformed %-escape is the client's mistake: 400, never a 500 thrown before auth. */
function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new HttpError(400, 'malformed %-escape in the project name of the path');
  }
}

/** The `initialize` request of a POST body (one message or a batch), if it has one. */
function initializeOf(body: unknown): InitializeRequest | undefined {
  return Array.isArray(body) ? body.find((m): m is InitializeRequest => isInitializeRequest(m)) : isInitializeRequest(body) ? body : undefined;
}

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const { services, authenticator } = options;
  const { engine, logger } = services;
  const loopback = isLoopbackHost(options.host);
  await requireAuthOffLoopback(options.host, authenticator);
  const sessions = new Map<string, LiveSession>();
  const work = createWorkLimiter({ perKey: options.callsPerCredential ?? DEFAULT_CALLS_PER_CREDENTIAL });
  const guards: GuardDeps = {
    authenticator,
    loopback,
    requireProject: (name) => engine.projects.get(name),
    limiter: createRateLimiter({ perMinute: options.rateLimitPerMinute }),
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
  };

  /**
   * Drops a session from this server. Its data goes too unless the store is shared and the
   * session merely leaves this server (evicted here, or the server stops): another server can
   * still serve it, and the sweep removes it once idle.
   */
  async function closeSession(id: string, reason: 'client' | 'evicted' | 'idle' | 'removed' | 'shutdown'): Promise<void> {
    const live = sessions.get(id);
    sessions.delete(id);
    if (engine.sessions.shared && (reason === 'evicted' || reason === 'shutdown')) engine.sessions.forget(id);
    else await engine.sessions.close(id).catch((err: unknown) => logger.warn({ err, session: id }, 'could not remove session data'));
    if (live) {
      await live.mcp.server.close().catch(() => undefined);
      logger.info({ event: 'session_closed', session: id, user: live.user.subject, project: live.project, reason }, 'session closed');
    }
  }

  /**
   * A new session (its transport answers `initialize`), or with `adopted` one another server
   * opened. `client` is the client's `name/version`: from this `initialize`, or as the store
   * kept it for an adopted session.
   */
  async function openSession(project: string, user: RequestUser, owner: string, client: string | null, adopted?: string): Promise<LiveSession> {
    const id = adopted ?? randomUUID();
    const mcp = await createSessionServer(
      services,
      { session: id, project, user, client },
      {
        async beforeCall() {
          if (!(await engine.sessions.touch(id))) {
            throw new SextantError('SESSION_NOT_FOUND', 'this session has expired', { hint: 'reconnect to start a new session' });
          }
        },
        schedule: (call) => work.run(owner, call),
      },
    );
    const live: LiveSession = {
      id,
      project,
      owner,
      user,
      mcp,
      lastActiveAt: Date.now(),
      inFlight: 0,
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: () => id,
        enableJsonResponse: true,
        onsessioninitialized: async (sid) => {
          await engine.sessions.open({ id: sid, project, user, ttlMs: options.sessionTtlMs, client });
          sessions.set(sid, live);
          logger.info({ event: 'session_opened', session: sid, user: user.subject, project, client }, 'session opened');
        },
        onsessionclosed: (sid) => closeSession(sid, 'client'),
      }),
    };
    await mcp.server.connect(live.transport);
    return live;
  }

  const adopting = new Map<string, Promise<LiveSession | undefined>>();

  /**
   * A session this server does not hold, when the shared store has it: opened on another server
   * (or on one that stopped). Served from here on like one opened here, if it is the same
   * credential's and project's; otherwise undefined, answered like an unknown id.
   */
  function adopt(id: string, project: string, user: RequestUser, owner: string): Promise<LiveSession | undefined> {
    let pending = adopting.get(id);
    if (!pending) {
      pending = (async () => {
        if (!engine.sessions.shared) return undefined;
        const stored = await engine.sessions.get(id).catch(() => null);
        // expired but not swept yet is gone too
        if (!stored || stored.project !== project || stored.user !== user.subject || stored.expiresAt < new Date().toISOString()) return undefined;
        await makeRoomFor(owner);
        const live = await openSession(project, user, owner, stored.client, id);
        if (!adoptSessionId(live.transport, id)) {
          logger.warn({ event: 'session_adopt_failed', session: id }, 'this SDK version cannot serve a session opened elsewhere; the client must reconnect');
          await live.mcp.server.close().catch(() => undefined);
          return undefined;
        }
        if (!(await engine.sessions.touch(id, options.sessionTtlMs))) {
          await live.mcp.server.close().catch(() => undefined);
          return undefined;
        }
        sessions.set(id, live);
        logger.info({ event: 'session_adopted', session: id, user: user.subject, project, client: stored.client }, 'session opened elsewhere, served here');
        return live;
      })().finally(() => adopting.delete(id));
      adopting.set(id, pending);
    }
    return pending;
  }

  /** The credential on this request, not the one that opened the session, decides role and projects from here on. */
  async function presentCredential(live: LiveSession, user: RequestUser): Promise<void> {
    const before = live.mcp.engine.role();
    await live.mcp.engine.present(user);
    live.user = user;
    if (live.mcp.engine.role() !== before) await live.mcp.syncWriteTools();
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse, project: string): Promise<void> {
    const { user, owner, bearer, body } = await guardProjectRequest(req, project, guards);
    // The caller's bearer reaches tool calls as authInfo: GraphQL queries run with it (never the service key).
    if (bearer)
      (req as IncomingMessage & { auth?: { token: string; clientId: string; scopes: string[] } }).auth = { token: bearer, clientId: user.subject, scopes: [] };
    const method = req.method ?? 'GET';
    if (method !== 'POST' && method !== 'GET' && method !== 'DELETE') throw new HttpError(405, `method ${method} not allowed`, { Allow: 'GET, POST, DELETE' });

    const sid = req.headers['mcp-session-id'];
    let live: LiveSession | undefined;
    const initialize = method === 'POST' ? initializeOf(body) : undefined;
    if (typeof sid === 'string' && sid) {
      live = sessions.get(sid) ?? (await adopt(sid, project, user, owner));
      // Another credential's or another project's session id is answered like an unknown one.
      if (!live || live.owner !== owner || live.project !== project)
        throw new HttpError(404, 'session not found', {}, -32001, 'start a new one with initialize');
      await presentCredential(live, user);
    } else if (initialize) {
      await makeRoomFor(owner);
      live = await openSession(project, user, owner, clientLabel(initialize.params.clientInfo));
    } else {
      throw new HttpError(400, 'no valid Mcp-Session-Id header', {}, undefined, 'send initialize first');
    }
    // A GET is the client's standing notification stream: open for the session's life, it is no work in flight.
    const work = method === 'POST' ? 1 : 0;
    live.lastActiveAt = Date.now();
    live.inFlight += work;
    try {
      await live.transport.handleRequest(req, res, body);
    } finally {
      live.inFlight -= work;
      live.lastActiveAt = Date.now();
      releaseAnsweredJsonStreams(live.transport);
    }
  }

  /** Closes the sessions idle longest when one more of `owner` would pass a cap (TOO_MANY_SESSIONS when they are all busy). */
  async function makeRoomFor(owner: string): Promise<void> {
    const open = [...sessions.values()].map((s) => ({ id: s.id, owner: s.owner, lastActiveAt: s.lastActiveAt, busy: s.inFlight > 0 }));
    for (const id of sessionsToEvict(open, owner, options.sessionCaps ?? DEFAULT_SESSION_CAPS)) await closeSession(id, 'evicted');
  }

  const mcpMount: Mount = {
    path: MCP_PATH,
    async handle(req, res, match) {
      const project = match[1] === undefined ? DEFAULT_PROJECT : decodePathPart(match[1]);
      if (!PROJECT_NAME.test(project)) throw new HttpError(404, `no project '${project}'`);
      await handleMcp(req, res, project);
    },
    fail: (res, err) => sendJson(res, err.status, { jsonrpc: '2.0', error: rpcError(err, mcpHint), id: null }, err.headers),
  };
  const host = await startHttpHost({
    host: options.host,
    port: options.port,
    allowedOrigins: options.allowedOrigins ?? [],
    logger,
    name: SERVER_NAME,
    health: () => ({ name: SERVER_NAME, version: SERVER_VERSION, sessions: sessions.size, store: engine.storeHealth() }),
    mounts: [mcpMount, ...(options.extraMounts ?? [])],
    notFoundHint: options.extraMounts?.length ? 'MCP is at /mcp and /mcp/{project}, the web UI at /ui' : 'MCP is at /mcp and /mcp/{project}',
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  });
  const port = host.port;
  // a shared store starts watching its connection (and listening for other processes' writes) now
  engine.storeHealth();

  const sweepEvery = Math.max(1000, Math.min(60_000, Math.floor(options.sessionTtlMs / 2)));
  let sweeping: boolean | null = null;
  const sweeper = setInterval(() => {
    engine.sessions
      .sweep()
      .then(async ({ swept, removed: ids }) => {
        if (swept !== sweeping) {
          sweeping = swept;
          // with a shared store one server at a time sweeps: the holder of the store's sweep lock
          logger.info({ event: 'session_sweeper', held: swept }, swept ? 'this server sweeps expired sessions' : 'another server sweeps expired sessions');
        }
        for (const id of ids) if (sessions.has(id)) await closeSession(id, 'idle');
        // Sessions removed by another process (`sextant cleanup`) would otherwise keep their transport.
        for (const id of [...sessions.keys()]) {
          const alive = await engine.sessions.get(id).then(
            () => true,
            () => false,
          );
          if (!alive) await closeSession(id, 'removed');
        }
      })
      .catch((err: unknown) => logger.warn({ err }, 'session sweep failed'));
  }, sweepEvery);
  sweeper.unref();

  const display = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${display}:${port}/mcp`;
  logger.info({ event: 'listening', url }, `MCP server listening on ${url}`);
  return {
    url,
    host: options.host,
    port,
    sessionCount: () => sessions.size,
    async close() {
      clearInterval(sweeper);
      await host.close();
      for (const id of [...sessions.keys()]) await closeSession(id, 'shutdown');
    },
  };
}
