/**
 * @module presentations/http/host
 * The one HTTP host of Sextant. Every request passes the Host and Origin checks (403,
 * DNS-rebinding protection) and gets CORS headers for allowed Origins; `OPTIONS` is answered
 * here, `GET /health` too (without auth), and everything else goes to the first mount whose
 * path matches (`/mcp` today; `/ui` and `/api` next), which runs the project guards
 * (guards.ts) before its own work. Failures map to statuses through one table (status.ts) and
 * are written in the mount's own error format.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SextantError } from '../../kernel/errors.js';
import { redactText } from '../../kernel/redact.js';
import { errorBody, HttpError, sendJson, toHttpError } from './http-error.js';
import { createOriginPolicy } from './origin.js';

export interface HostLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface Mount {
  /** Matches the URL path; the match goes to `handle`. */
  path: RegExp;
  handle(req: IncomingMessage, res: ServerResponse, match: RegExpExecArray): Promise<void>;
  /** Writes a failure in this mount's format (MCP: a JSON-RPC error). */
  fail(res: ServerResponse, err: HttpError): void;
}

export interface HostOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  allowedOrigins: readonly string[];
  logger: HostLogger;
  /** Names the server in 401 challenges and /health. */
  name: string;
  health(): Record<string, unknown>;
  mounts: readonly Mount[];
  /** Said when no mount matches, e.g. where the endpoints are. */
  notFoundHint: string;
  /** Connection timeouts (defaults: HOST_TIMEOUTS); tests shorten them. */
  timeouts?: HostTimeouts;
}

export interface HostTimeouts {
  /** A request's headers must arrive within this. */
  headersMs: number;
  /** A whole request (headers and body) must arrive within this. */
  requestMs: number;
}

/**
 * A client that never finishes its headers (slowloris) would otherwise hold its socket forever
 * (issue 11 §8); Node checks these every `checkMs`, a fifth of the headers timeout here.
 */
export const HOST_TIMEOUTS: HostTimeouts = Object.freeze({ headersMs: 10_000, requestMs: 60_000 });

export interface RunningHost {
  server: Server;
  port: number;
  close(): Promise<void>;
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

export async function startHttpHost(options: HostOptions): Promise<RunningHost> {
  const { logger } = options;
  let port = options.port;
  const origins = createOriginPolicy({ bindHost: options.host, port: () => port, allowedOrigins: options.allowedOrigins });
  const plain = (res: ServerResponse, err: HttpError) => sendJson(res, err.status, errorBody(err), err.headers);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<Mount | null> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    if (!origins.allowsHost(req.headers.host) || !origins.allowsOrigin(origin, req.headers.host)) {
      logger.warn({ event: 'rejected', reason: 'origin', origin, host: req.headers.host }, 'request from a disallowed Origin or Host');
      throw new HttpError(403, 'Origin or Host not allowed (DNS-rebinding protection); add the Origin to mcp.allowed_origins');
    }
    for (const [k, v] of Object.entries(corsHeaders(origin))) res.setHeader(k, v);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return null;
    }
    if (url.pathname === '/health') {
      if (req.method !== 'GET') throw new HttpError(405, 'use GET', { Allow: 'GET' });
      // a server whose store does not answer says so (503), so a load balancer routes elsewhere
      const health = options.health();
      const degraded = (health.store as { status?: unknown } | undefined)?.status === 'degraded';
      sendJson(res, degraded ? 503 : 200, { ok: !degraded, status: degraded ? 'degraded' : 'ok', ...health });
      return null;
    }
    for (const mount of options.mounts) {
      const match = mount.path.exec(url.pathname);
      if (match) {
        await mount.handle(req, res, match).catch((err: unknown) => {
          throw Object.assign(toHttpError(err, options.name), { cause: err, mount });
        });
        return mount;
      }
    }
    throw new HttpError(404, `no such endpoint ${url.pathname}; ${options.notFoundHint}`);
  }

  const timeouts = options.timeouts ?? HOST_TIMEOUTS;
  const server = createServer(
    { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: Math.max(100, Math.floor(timeouts.headersMs / 5)) },
    (req, res) => {
      handle(req, res).catch((err: unknown) => {
        const httpError = toHttpError(err, options.name);
        const cause = (err as { cause?: unknown }).cause ?? err;
        if (httpError.status >= 500) logger.error({ err: cause, url: req.url }, 'request failed');
        else logger.info({ event: 'rejected', status: httpError.status, url: req.url, message: redactText(httpError.message) }, 'request rejected');
        const mount = (err as { mount?: Mount }).mount ?? options.mounts[0];
        (mount ? mount.fail.bind(mount) : plain)(res, httpError);
      });
    },
  );
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES' || err.code === 'EADDRNOTAVAIL') {
        reject(
          new SextantError(
            'CONFIG_INVALID',
            `cannot listen on ${options.host}:${options.port}: ${err.code === 'EADDRINUSE' ? 'the port is in use' : err.code === 'EACCES' ? 'permission denied' : 'no such local address'}`,
            {
              hint: 'pick another --port or --host (a background server of this home stops with `sextant mcp stop`)',
            },
          ),
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

  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
