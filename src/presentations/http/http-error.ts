/**
 * @module presentations/http/http-error
 * An HTTP failure with its status and headers, and the one mapping from any error to it: core
 * errors through the error-code → status map, anything else a 500 without details (they go to
 * the log). Error texts never echo credentials.
 */
import type { ServerResponse } from 'node:http';
import { isSextantError } from '../../kernel/errors.js';
import { statusFor } from './status.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** JSON-RPC error code when the route speaks JSON-RPC (MCP). */
    readonly rpcCode = -32000,
  ) {
    super(message);
  }
}

/** `realm` names the server in the `WWW-Authenticate` challenge of a 401. */
export function toHttpError(err: unknown, realm: string): HttpError {
  if (err instanceof HttpError) return err;
  if (isSextantError(err)) {
    const status = statusFor(err.code);
    const headers: Record<string, string> =
      status === 401 ? { 'WWW-Authenticate': `Bearer realm="${realm}", error="invalid_token", error_description="${err.message.replace(/"/g, "'")}"` } : {};
    return new HttpError(status, err.toLine(), headers);
  }
  return new HttpError(500, 'internal error; the server log has the details', {}, -32603);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
