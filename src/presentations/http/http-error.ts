/**
 * @module presentations/http/http-error
 * An HTTP failure with its status and headers, and the one mapping from any error to it: core
 * errors through the error-code → status map, anything else a 500 without details (they go to
 * the log). A core error's remedy stays data here, and the core error itself the `cause`; each
 * route words it (its own table, or the HTTP API's for the plain JSON bodies). Error texts never
 * echo credentials.
 */
import type { ServerResponse } from 'node:http';
import { isSextantError } from '../../kernel/errors.js';
import { redactText } from '../../kernel/redact.js';
import type { Remedy, WhatToDo } from '../../kernel/remedy.js';
import { httpHint } from './remedy-hints.js';
import { statusFor } from './status.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** JSON-RPC error code when the route speaks JSON-RPC (MCP). */
    readonly rpcCode = -32000,
    /** What to do, apart from the message (a core error's hint): each route answers it in a field of its own. */
    readonly hint?: string,
    /** What fixes it, as a core error carries it: a route words it in place of `hint`. */
    readonly remedy?: Remedy,
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
    // the core error stays its cause: a route that words more than hint and remedy (the web UI's
    // fallback page: a missing role, suggested ids) reads code and details there
    return Object.assign(new HttpError(status, err.message, headers, undefined, err.hint, err.remedy), { cause: err });
  }
  return new HttpError(500, 'internal error; the server log has the details', {}, -32603);
}

/** Words a failure's hint: its remedy in a route's words, else its hint. */
export type HintWords = (failure: WhatToDo) => string | undefined;

/**
 * A JSON-RPC error object: `message` says what failed on its own, `data.hint` what to do (when
 * there is a hint), worded by `words` (the route's own: MCP names its tools).
 */
export function rpcError(err: HttpError, words: HintWords = httpHint): { code: number; message: string; data?: { hint: string } } {
  const hint = words(err);
  return { code: err.rpcCode, message: redactText(err.message), ...(hint ? { data: { hint: redactText(hint) } } : {}) };
}

/** A plain JSON error body: `{error: {message, hint?}}`, the hint a plain string in the HTTP API's words. */
export function errorBody(err: HttpError): { error: { message: string; hint?: string } } {
  const hint = httpHint(err);
  return { error: { message: redactText(err.message), ...(hint ? { hint: redactText(hint) } : {}) } };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
