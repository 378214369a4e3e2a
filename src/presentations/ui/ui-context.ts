/**
 * @module presentations/ui/ui-context
 * What every page handler receives (Hono bindings): the caller's scoped engine and nothing
 * wider, the browser session's CSRF token for its forms, the posted form, the update jobs.
 */
import type { ChangeActor } from '../../core/glossary/index.js';
import type { ScopedEngine } from '../../core/scope/scoped-engine.js';
import type { UpdateJobs } from './update-jobs.js';

export interface UiContext {
  scoped: ScopedEngine;
  csrf: string;
  /** Fields of a posted form by name; empty for a GET. */
  form: Record<string, string>;
  jobs: UpdateJobs;
  /** The credential (or client address): owner of the update jobs it starts. */
  owner: string;
  actor: ChangeActor;
  /** Signed in through the sign-in page (a Sign out button is shown). */
  signedIn: boolean;
  /** MCP sessions with a live transport in this process, when the UI runs beside `/mcp`. */
  mcpSessionCount: (() => number) | null;
}

export type UiEnv = { Bindings: UiContext };
