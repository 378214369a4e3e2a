/**
 * @module presentations/mcp/scan-bridge
 * Seed 003's scan bridge as a mount of the HTTP host: `POST /scan` rescans the workspace root
 * and answers `{status: "ok" | "error", error?, hint?}` once the new graph is in the index (polled for
 * up to 30 s). An editor, a git hook or the agent's client calls it after changing files.
 * Loopback only (the host checks Host and Origin; this mount refuses any peer that is not a
 * loopback address, whatever the bind address), a bearer token compared in constant time (the
 * one `sextant mcp install` wrote; failures are rate limited per peer), and the host's 1 MB body
 * limit. A stdio `sextant mcp` serves it on its own loopback port; `sextant mcp --http` mounts it
 * beside `/mcp`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ScanOptions, ScanOutcome } from '../../core/code/workspace.js';
import { MAX_BODY_BYTES, readBody } from '../http/guards.js';
import { startHttpHost, type HostLogger, type Mount, type RunningHost } from '../http/host.js';
import { errorBody, HttpError, sendJson } from '../http/http-error.js';
import { createRateLimiter } from '../http/rate-limit.js';

export const SCAN_PATH = /^\/scan\/?$/;

/** Failed token checks one peer may make a minute before 429. */
const FAILED_AUTH_PER_MINUTE = 30;

export interface ScanBridgeOptions {
  token: string;
  scan(options?: ScanOptions): Promise<ScanOutcome>;
  logger: HostLogger;
  maxBodyBytes?: number;
  scanOptions?: ScanOptions;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Equal-length digests, so the comparison takes the same time whatever the token sent. */
export function sameToken(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}

function isLoopbackPeer(req: IncomingMessage): boolean {
  const address = req.socket.remoteAddress ?? '';
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

export function createScanBridgeMount(options: ScanBridgeOptions): Mount {
  const expected = options.token;
  const failures = createRateLimiter({ perMinute: FAILED_AUTH_PER_MINUTE });
  return {
    path: SCAN_PATH,
    async handle(req, res) {
      if (!isLoopbackPeer(req)) {
        options.logger.warn({ event: 'rejected', reason: 'scan bridge from a non-loopback peer', peer: req.socket.remoteAddress }, 'scan bridge refused');
        throw new HttpError(403, 'the scan bridge answers loopback clients only');
      }
      if (req.method !== 'POST') throw new HttpError(405, 'use POST /scan', { Allow: 'POST' });
      const sent = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!sent || !sameToken(sent, expected)) {
        const rate = failures.take(req.socket.remoteAddress ?? '?', 1);
        if (!rate.ok)
          throw new HttpError(429, `too many failed attempts; retry in ${rate.retryAfterSeconds}s`, { 'Retry-After': String(rate.retryAfterSeconds) });
        throw new HttpError(401, 'a valid bearer token is needed (SEXTANT_BRIDGE_TOKEN, written by `sextant mcp install`)', {
          'WWW-Authenticate': 'Bearer realm="sextant-scan"',
        });
      }
      const raw = await readBody(req, options.maxBodyBytes ?? MAX_BODY_BYTES);
      const text = raw.toString('utf8').trim();
      if (text) {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw new HttpError(400, 'the body must be empty or a JSON object');
        }
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'the body must be empty or a JSON object');
      }
      const outcome = await options.scan(options.scanOptions);
      options.logger.info({ event: 'scan', status: outcome.status, files: outcome.files, ms: outcome.durationMs }, 'workspace scan');
      sendJson(
        res,
        outcome.status === 'ok' ? 200 : 500,
        outcome.status === 'ok' ? { status: 'ok' } : { status: 'error', error: outcome.error, ...(outcome.hint ? { hint: outcome.hint } : {}) },
      );
    },
    fail: (res, err) => {
      const { error } = errorBody(err);
      sendJson(res, err.status, { status: 'error', error: error.message, ...(error.hint ? { hint: error.hint } : {}) }, err.headers);
    },
  };
}

/** The bridge on its own loopback listener (stdio mode): `127.0.0.1:port`, nothing but `/scan` and `/health`. */
export async function startScanBridge(options: ScanBridgeOptions & { port: number }): Promise<RunningHost> {
  return startHttpHost({
    host: '127.0.0.1',
    port: options.port,
    allowedOrigins: [],
    logger: options.logger,
    name: 'sextant-scan',
    health: () => ({ name: 'sextant-scan' }),
    mounts: [createScanBridgeMount(options)],
    notFoundHint: 'the scan bridge serves POST /scan',
  });
}
