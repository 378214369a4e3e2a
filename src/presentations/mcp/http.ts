/**
 * @module presentations/mcp/http
 * Streamable HTTP: `/mcp` (project `default`) and `/mcp/{project}`, one McpServer and
 * transport per MCP session id, and `GET /health`. Every /mcp request passes, in order: Host
 * and Origin checks (403), authentication (401), project access (404 unknown, 403 not allowed
 * for the credential), the per-credential rate limit (429 + Retry-After), the 1 MB body limit
 * (413), then session routing. Error bodies are JSON-RPC errors and never echo credentials.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Authenticator } from '../../core/auth/authenticate.js';
import { canAccessProject, type RequestUser } from '../../core/auth/user.js';
import { isSextantError, SextantError } from '../../kernel/errors.js';
import { DEFAULT_PROJECT } from '../../core/projects/projects.js';
import { redactText } from '../../kernel/redact.js';
import { userKey, userOf } from './auth.js';
import { createOriginPolicy, isLoopbackHost } from './origin.js';
import { createRateLimiter } from './rate-limit.js';
import { createSessionServer, SERVER_NAME, SERVER_VERSION, type ServerServices, type SessionServer } from './server.js';
import { statusFor } from '../http/status.js';

export const MAX_BODY_BYTES = 1024 * 1024;
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
}

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
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly rpcCode = -32000,
  ) {
    super(message);
  }
}

function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (isSextantError(err)) {
    const status = statusFor(err.code);
    const headers: Record<string, string> =
      status === 401 ? { 'WWW-Authenticate': `Bearer realm="${SERVER_NAME}", error="invalid_token", error_description="${err.message.replace(/"/g, "'")}"` } : {};
    return new HttpError(status, err.toLine(), headers);
  }
  return new HttpError(500, 'internal error; the server log has the details', {}, -32603);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendRpcError(res: ServerResponse, err: HttpError): void {
  send(res, err.status, { jsonrpc: '2.0', error: { code: err.rpcCode, message: redactText(err.message) }, id: null }, err.headers);
}

/** Reads at most `limit` bytes; a larger body is a 413 (the rest is drained, not buffered). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  return new Promise((resolve, reject) => {
    const tooLarge = () => new HttpError(413, `request body larger than ${limit} bytes`, { Connection: 'close' });
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const parts: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (part: Buffer) => {
      if (failed) return;
      size += part.length;
      if (size > limit) {
        failed = true;
        parts.length = 0;
        reject(tooLarge());
        return;
      }
      parts.push(part);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(parts));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

function corsHeaders(origin: string | undefined): Record<string, string> {
  if (!origin) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
    'Access-Control-Expose-Headers': 'Mcp-Session-Id',
    Vary: 'Origin',
  };
}

function isInitialize(body: unknown): boolean {
  return Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
}

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const { services, authenticator } = options;
  const { engine, logger } = services;
  const loopback = isLoopbackHost(options.host);
  if (!loopback && !authenticator.oidc && !(await authenticator.required())) {
    throw new SextantError('CONFIG_INVALID', `refusing to serve on ${options.host} (not loopback) without authentication`, {
      hint: 'create a token with `sextant token create --name <name>` or configure auth.oidc.issuer and auth.oidc.audience; or bind 127.0.0.1',
    });
  }
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const sessions = new Map<string, LiveSession>();
  const limiter = createRateLimiter({ perMinute: options.rateLimitPerMinute });
  let port = options.port;
  const origins = createOriginPolicy({ bindHost: options.host, port: () => port, allowedOrigins: options.allowedOrigins ?? [] });

  async function closeSession(id: string, reason: string): Promise<void> {
    const live = sessions.get(id);
    sessions.delete(id);
    await engine.sessions.close(id).catch((err: unknown) => logger.warn({ err, session: id }, 'could not remove session data'));
    if (live) {
      await live.mcp.server.close().catch(() => undefined);
      logger.info({ event: 'session_closed', session: id, user: live.user.subject, project: live.project, reason }, 'session closed');
    }
  }

  async function openSession(project: string, user: RequestUser, owner: string): Promise<LiveSession> {
    const id = randomUUID();
    const mcp = await createSessionServer(
      services,
      { session: id, project, user },
      {
        async beforeCall() {
          if (!(await engine.sessions.touch(id))) {
            throw new SextantError('SESSION_NOT_FOUND', 'this session has expired', { hint: 'reconnect to start a new session' });
          }
        },
      },
    );
    const live: LiveSession = {
      id,
      project,
      owner,
      user,
      mcp,
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: () => id,
        enableJsonResponse: true,
        onsessioninitialized: async (sid) => {
          await engine.sessions.open({ id: sid, project, user, ttlMs: options.sessionTtlMs });
          sessions.set(sid, live);
          logger.info({ event: 'session_opened', session: sid, user: user.subject, project }, 'session opened');
        },
        onsessionclosed: (sid) => closeSession(sid, 'client'),
      }),
    };
    await mcp.server.connect(live.transport);
    return live;
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse, project: string): Promise<void> {
    const user = await userOf(req, authenticator, loopback);
    // The caller's bearer reaches tool calls as authInfo: GraphQL queries run with it (never the service key).
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (bearer) (req as IncomingMessage & { auth?: { token: string; clientId: string; scopes: string[] } }).auth = { token: bearer, clientId: user.subject, scopes: [] };
    // Not the core's message: it lists every project, which a credential limited to one should not learn.
    await engine.projects.get(project).catch((err: unknown) => {
      throw isSextantError(err) && err.code === 'PROJECT_NOT_FOUND' ? new HttpError(404, `no project '${project}'`) : err;
    });
    if (!canAccessProject(user, project)) throw new HttpError(403, `this credential may not use project '${project}'`);
    const owner = userKey(user, req);
    const rate = limiter.take(owner);
    if (!rate.ok) throw new HttpError(429, `rate limit exceeded; retry in ${rate.retryAfterSeconds}s`, { 'Retry-After': String(rate.retryAfterSeconds) });

    const method = req.method ?? 'GET';
    let body: unknown;
    if (method === 'POST') {
      const raw = await readBody(req, maxBody);
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new HttpError(400, 'request body is not JSON', {}, -32700);
      }
    } else if (method !== 'GET' && method !== 'DELETE') {
      throw new HttpError(405, `method ${method} not allowed`, { Allow: 'GET, POST, DELETE' });
    }

    const sid = req.headers['mcp-session-id'];
    let live: LiveSession | undefined;
    if (typeof sid === 'string' && sid) {
      live = sessions.get(sid);
      // Another credential's or another project's session id is answered like an unknown one.
      if (!live || live.owner !== owner || live.project !== project) throw new HttpError(404, 'session not found; start a new one with initialize', {}, -32001);
    } else if (method === 'POST' && isInitialize(body)) {
      live = await openSession(project, user, owner);
    } else {
      throw new HttpError(400, 'no valid Mcp-Session-Id header; send initialize first');
    }
    await live.transport.handleRequest(req, res, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    if (!origins.allowsHost(req.headers.host) || !origins.allowsOrigin(origin)) {
      logger.warn({ event: 'rejected', reason: 'origin', origin, host: req.headers.host }, 'request from a disallowed Origin or Host');
      throw new HttpError(403, 'Origin or Host not allowed (DNS-rebinding protection); add the Origin to mcp.allowed_origins');
    }
    const cors = corsHeaders(origin);
    for (const [k, v] of Object.entries(cors)) res.setHeader(k, v);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === '/health') {
      if (req.method !== 'GET') throw new HttpError(405, 'use GET', { Allow: 'GET' });
      send(res, 200, { ok: true, name: SERVER_NAME, version: SERVER_VERSION, sessions: sessions.size });
      return;
    }
    const m = MCP_PATH.exec(url.pathname);
    if (!m) throw new HttpError(404, `no such endpoint ${url.pathname}; MCP is at /mcp and /mcp/{project}`);
    const project = m[1] === undefined ? DEFAULT_PROJECT : decodeURIComponent(m[1]);
    if (!PROJECT_NAME.test(project)) throw new HttpError(404, `no project '${project}'`);
    await handleMcp(req, res, project);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const httpError = toHttpError(err);
      if (httpError.status >= 500) logger.error({ err, url: req.url }, 'request failed');
      else logger.info({ event: 'rejected', status: httpError.status, url: req.url, message: redactText(httpError.message) }, 'request rejected');
      sendRpcError(res, httpError);
    });
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES' || err.code === 'EADDRNOTAVAIL') {
        reject(
          new SextantError('CONFIG_INVALID', `cannot listen on ${options.host}:${options.port}: ${err.code === 'EADDRINUSE' ? 'the port is in use' : err.code === 'EACCES' ? 'permission denied' : 'no such local address'}`, {
            hint: 'pick another --port or --host (a background server of this home stops with `sextant mcp stop`)',
          }),
        );
      } else reject(err);
    };
    server.once('error', failed);
    server.listen(options.port, options.host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  const sweepEvery = Math.max(1000, Math.min(60_000, Math.floor(options.sessionTtlMs / 2)));
  const sweeper = setInterval(() => {
    engine.sessions
      .expireIdle()
      .then(async (ids) => {
        for (const id of ids) if (sessions.has(id)) await closeSession(id, 'idle');
        // Sessions removed by another process (`sextant cleanup`) would otherwise keep their transport.
        for (const id of [...sessions.keys()]) {
          const alive = await engine.sessions.get(id).then(() => true, () => false);
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
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      for (const id of [...sessions.keys()]) await closeSession(id, 'shutdown');
    },
  };
}
