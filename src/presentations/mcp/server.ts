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
import { DOCUMENT_KIND } from '../../core/sessions/session-documents.js';
import type { Logger } from './logging.js';
import { registerGuidePrompt } from './prompt.js';
import { registerResources } from './resources.js';
import { registerTools, type RegisteredTools, type ToolDefinition } from './tool-registry.js';
import { TOOLS } from './tools/index.js';

export const SERVER_NAME = 'sextant';
export const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS =
  'Sextant indexes database metadata (never row values). Start with deep_search for a question, or list_sources to browse; use describe before writing SQL. The sextant_guide prompt has the workflow.';

/** What every session of one process shares. */
export interface ServerServices {
  engine: Engine;
  logger: Logger;
  tools: readonly ToolDefinition[];
  knownKinds(): Promise<ReadonlySet<string>>;
}

/** `extraTools` are for tests (e.g. a tiny write tool to exercise gating). */
export function createServices(engine: Engine, logger: Logger, extraTools: readonly ToolDefinition[] = []): ServerServices {
  // Keyed by the store's change counter: right after an update in this process or another, never stale.
  let kinds: { set: ReadonlySet<string>; version: number } | null = null;
  return {
    engine,
    logger,
    tools: [...TOOLS, ...extraTools],
    async knownKinds() {
      const version = await engine.changeCounter();
      if (!kinds || kinds.version !== version) {
        const { index } = await engine.status();
        kinds = { set: new Set([...Object.keys(index.countsByKind), DOCUMENT_KIND]), version };
      }
      return kinds.set;
    },
  };
}

export interface SessionIdentity {
  session: string;
  project: string;
  user: RequestUser;
}

export interface SessionServer extends RegisteredTools {
  server: McpServer;
}

export async function createSessionServer(
  services: ServerServices,
  identity: SessionIdentity,
  options: { beforeCall(): Promise<void> },
): Promise<SessionServer> {
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { instructions: INSTRUCTIONS, capabilities: { logging: {} } });
  const clientInfo = (): string | null => {
    const client = server.server.getClientVersion();
    return client ? `${client.name}/${client.version}` : null;
  };
  const ctx = { engine: services.engine.scoped(identity), logger: services.logger, knownKinds: services.knownKinds, clientInfo, ...identity };
  const registered = registerTools(server, services.tools, ctx, options);
  registerGuidePrompt(server);
  registerResources(server, ctx);
  await registered.syncWriteTools();
  return { server, ...registered };
}
