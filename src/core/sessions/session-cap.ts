/**
 * @module core/sessions/session-cap
 * How many sessions a server keeps open: at most `perCredential` for one credential and `total`
 * in all (each holds an MCP server, a transport and its documents; issue 11 §7 opened 1,000 with
 * one token). Making room closes the sessions idle longest, never one with a request in flight;
 * when that is not enough the new session is refused.
 */
import { SextantError } from '../../kernel/errors.js';

export interface SessionCaps {
  perCredential: number;
  total: number;
}

/** The defaults of `mcp.max_sessions_per_credential` and `mcp.max_sessions`: 500 × ~107 KB stays near 50 MB. */
export const DEFAULT_SESSION_CAPS: SessionCaps = Object.freeze({ perCredential: 50, total: 500 });

export interface OpenSessionLoad {
  id: string;
  /** The credential that opened it. */
  owner: string;
  /** Last request, ms since the epoch. */
  lastActiveAt: number;
  /** A request of it is being answered. */
  busy: boolean;
}

/**
 * The sessions to close so one more session of `owner` fits both caps, idle longest first.
 * Throws TOO_MANY_SESSIONS when the sessions that would have to go are all busy.
 */
export function sessionsToEvict(open: readonly OpenSessionLoad[], owner: string, caps: SessionCaps): string[] {
  const idle = open.filter((s) => !s.busy).sort((a, b) => a.lastActiveAt - b.lastActiveAt);
  const evicted = new Set<string>();
  const take = (candidates: readonly OpenSessionLoad[], count: number, refusal: () => SextantError) => {
    const chosen = candidates.filter((s) => !evicted.has(s.id)).slice(0, count);
    if (chosen.length < count) throw refusal();
    for (const s of chosen) evicted.add(s.id);
  };
  const mine = open.filter((s) => s.owner === owner).length;
  if (mine >= caps.perCredential) {
    take(
      idle.filter((s) => s.owner === owner),
      mine - caps.perCredential + 1,
      () =>
        new SextantError('TOO_MANY_SESSIONS', `this credential already has ${mine} sessions open, all busy (limit ${caps.perCredential})`, {
          hint: 'reuse an open session, or close one (HTTP DELETE with its Mcp-Session-Id) before opening another',
        }),
    );
  }
  const left = open.length - evicted.size;
  if (left >= caps.total) {
    take(
      idle,
      left - caps.total + 1,
      () =>
        new SextantError('TOO_MANY_SESSIONS', `the server holds its limit of ${caps.total} sessions, all busy`, {
          hint: 'retry in a moment, or raise mcp.max_sessions',
        }),
    );
  }
  return [...evicted];
}
