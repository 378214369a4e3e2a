/**
 * @module presentations/mcp/compact-tool-list
 * Trims what the SDK adds to every tools/list entry without telling the agent anything: the
 * JSON Schema dialect URL, the default task-support flag, and an annotations title equal to
 * the tool's title. With about twenty tools that is some 400 tokens of every agent's context
 * (the tool list budget is 3,000). The entries keep their meaning; only defaults go.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

type Handler = (request: unknown, extra: unknown) => Promise<unknown>;

interface ListedTool {
  title?: string;
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  execution?: { taskSupport?: string };
}

export function compactTool(tool: ListedTool): ListedTool {
  const out: ListedTool = { ...tool };
  if (out.inputSchema && '$schema' in out.inputSchema) {
    const { $schema: _drop, ...rest } = out.inputSchema;
    out.inputSchema = rest;
  }
  if (out.outputSchema && '$schema' in out.outputSchema) {
    const { $schema: _drop, ...rest } = out.outputSchema;
    out.outputSchema = rest;
  }
  if (out.execution && Object.keys(out.execution).length === 1 && out.execution.taskSupport === 'forbidden') delete out.execution;
  if (out.annotations?.title !== undefined && out.annotations.title === out.title) {
    const { title: _drop, ...rest } = out.annotations;
    out.annotations = rest;
  }
  return out;
}

/**
 * Wraps the McpServer's tools/list handler (call after the tools are registered). The SDK keeps
 * handlers in a private map; when its shape changes this does nothing and the list stays as is.
 */
export function compactToolList(server: McpServer): void {
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, Handler> })._requestHandlers;
  const original = handlers?.get('tools/list');
  if (!handlers || !original) return;
  handlers.set('tools/list', async (request, extra) => {
    const result = (await original(request, extra)) as { tools?: ListedTool[] };
    return Array.isArray(result?.tools) ? { ...result, tools: result.tools.map(compactTool) } : result;
  });
}
