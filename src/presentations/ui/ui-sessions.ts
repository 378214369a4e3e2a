/**
 * @module presentations/ui/ui-sessions
 * Browser sessions of the web UI: an opaque id in an HttpOnly, SameSite=Strict cookie, and on the
 * server its CSRF token (every state-changing request must echo it in the `X-CSRF-Token` header
 * or the `_csrf` form field), the bearer token typed on the sign-in page (browsers send no
 * Authorization header on navigation). Kept in memory, capped and idle-expired: a restart signs
 * everyone out.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const UI_COOKIE = 'sextant_ui';
/** Browser sessions kept at once; the idlest goes first (a flood of cookie-less requests cannot grow memory). */
export const MAX_UI_SESSIONS = 2000;

export interface UiSession {
  readonly id: string;
  readonly csrf: string;
  /** Bearer token given on the sign-in page; null when the request carries its own or none is needed. */
  bearer: string | null;
  lastSeen: number;
}

export interface UiSessions {
  /** The request's session, or a new one (`fresh`: its cookie must be set on the response). */
  of(req: IncomingMessage): { session: UiSession; fresh: boolean };
  /** `Set-Cookie` value for the session (`path` is where the UI is mounted). */
  cookie(session: UiSession, path: string): string;
  /** Whether `token` is the session's CSRF token (constant time). */
  csrfMatches(session: UiSession, token: string | undefined): boolean;
  /** Sessions idle longer than the TTL, removed; returns them. */
  expire(now?: number): UiSession[];
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

const token = () => randomBytes(24).toString('base64url');

export function createUiSessions(options: { ttlMs: number; max?: number; now?: () => number }): UiSessions {
  const now = options.now ?? Date.now;
  const max = options.max ?? MAX_UI_SESSIONS;
  const sessions = new Map<string, UiSession>();
  return {
    of(req) {
      const id = cookieValue(req.headers.cookie, UI_COOKIE);
      const known = id ? sessions.get(id) : undefined;
      if (known && now() - known.lastSeen <= options.ttlMs) {
        known.lastSeen = now();
        return { session: known, fresh: false };
      }
      if (sessions.size >= max) {
        const idlest = [...sessions.values()].sort((a, b) => a.lastSeen - b.lastSeen)[0];
        if (idlest) sessions.delete(idlest.id);
      }
      const session: UiSession = { id: token(), csrf: token(), bearer: null, lastSeen: now() };
      sessions.set(session.id, session);
      return { session, fresh: true };
    },
    cookie: (session, path) => `${UI_COOKIE}=${session.id}; Path=${path}; HttpOnly; SameSite=Strict`,
    csrfMatches(session, given) {
      if (!given) return false;
      const a = Buffer.from(session.csrf);
      const b = Buffer.from(given);
      return a.length === b.length && timingSafeEqual(a, b);
    },
    expire(at = now()) {
      const gone = [...sessions.values()].filter((s) => at - s.lastSeen > options.ttlMs);
      for (const s of gone) sessions.delete(s.id);
      return gone;
    },
  };
}
