/**
 * @module presentations/mcp/server
 * Builds the McpServer of one session: {project, session, user} fixed, the engine scoped to it
 * (tools and resources never see the unscoped one), the tool set registered
 * (write tools gated by the project's developer-tools setting), the guide prompt and the object
 * resources. Transports (stdio.ts, http.ts) create one per MCP session.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestUser } from '../../core/auth/user.js';
import type { Engine } from '../../core/engine.js';
import { createScopedEngine, type ScopedEngine } from '../../core/scope/scoped-engine.js';
import type { Logger } from './logging.js';
import { registerGuidePrompt } from './prompt.js';
import { registerResources } from './resources.js';
import { registerTools, type RegisteredTools, type RegisterOptions, type ToolDefinition } from './tool-registry.js';
import { TOOLS } from './tools/index.js';
import type { ProgressFanOut } from '../../kernel/progress.js';

export const SERVER_NAME = 'sextant';
export const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS =
  'Sextant indexes the metadata of databases, GraphQL and REST APIs, documents and code repositories (never row values). Start with deep_search for a question, or list_sources to browse; use describe before writing SQL, onboarding_plan to find where to start in a code repository. The sextant_guide prompt has the workflow.';

/** What every session of one process shares. */
export interface ServerServices {
  engine: Engine;
  logger: Logger;
  tools: readonly ToolDefinition[];
  /** Progress of the process's own work (the word-vector cache's first build), which a call may be waiting on. */
  background?: ProgressFanOut;
}

/** `extraTools` are for tests (e.g. a tiny write tool to exercise gating). */
export function createServices(engine: Engine, logger: Logger, extraTools: readonly ToolDefinition[] = [], background?: ProgressFanOut): ServerServices {
  return { engine, logger, tools: [...TOOLS, ...extraTools], ...(background ? { background } : {}) };
}

export interface SessionIdentity {
  session: string;
  project: string;
  user: RequestUser;
  /**
   * The client's `name/version` as the session's `initialize` gave it, for a session this
   * server takes over: its own McpServer never sees that `initialize`.
   */
  client?: string | null;
}

/** Longest client label kept: a name is the client's to choose, the store and logs are not. */
const MAX_CLIENT_LABEL = 200;

/** `name/version` of an `initialize` request's clientInfo (at most 200 characters); null without one. */
export function clientLabel(info: { name: string; version: string } | undefined): string | null {
  return info ? `${info.name}/${info.version}`.slice(0, MAX_CLIENT_LABEL) : null;
}

export interface SessionServer extends RegisteredTools {
  server: McpServer;
  /** The engine as this session sees it; HTTP presents each request's credential to it. */
  engine: ScopedEngine;
}

export async function createSessionServer(services: ServerServices, identity: SessionIdentity, options: RegisterOptions): Promise<SessionServer> {
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { instructions: INSTRUCTIONS, capabilities: { logging: {} } });
  const clientInfo = (): string | null => clientLabel(server.server.getClientVersion()) ?? identity.client ?? null;
  const engine = createScopedEngine(services.engine, identity);
  const ctx = { engine, logger: services.logger, clientInfo, ...identity };
  const registered = registerTools(server, services.tools, ctx, services.background ? { ...options, background: services.background } : options);
  registerGuidePrompt(server);
  registerResources(server, ctx);
  await registered.syncWriteTools();
  return { server, engine, ...registered };
}
