/** Test helper: an MCP SDK Client connected in memory to one session of an engine (project and user fixed). */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { localUser } from '../../src/core/auth/user.js';
import type { Engine } from '../../src/core/engine.js';
import { createLogger } from '../../src/presentations/mcp/logging.js';
import { createServices, createSessionServer } from '../../src/presentations/mcp/server.js';
import type { ToolDefinition } from '../../src/presentations/mcp/tool-registry.js';
import type { ProgressFanOut } from '../../src/kernel/progress.js';

/** `extraTools` and `background` as `createServices` takes them. */
export interface InMemoryOptions {
  extraTools?: readonly ToolDefinition[];
  background?: ProgressFanOut;
}

export async function connectInMemory(engine: Engine, project: string, options: InMemoryOptions = {}): Promise<Client> {
  const session = await engine.sessions.open({ project, user: localUser('test') });
  const { server } = await createSessionServer(
    createServices(engine, createLogger({ level: 'silent' }), options.extraTools, options.background),
    { session: session.id, project, user: localUser('test') },
    { beforeCall: async () => undefined },
  );
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(b);
  return client;
}
