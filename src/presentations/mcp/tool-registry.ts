/**
 * @module presentations/mcp/tool-registry
 * How a tool is declared (name, agent-facing description, zod input, access class) and
 * registered on one session's McpServer: every call touches the session, runs the core call,
 * maps failures to `isError` results once, and logs tool, session, user, duration, outcome.
 *
 * Access classes:
 * - `read`: reads the shared index; always listed.
 * - `session`: changes only the calling session's own state (its documents, its active
 *   projects); always listed. `add_document` is one: nobody else sees what it adds.
 * - `write`: changes shared state (the glossary, contexts, …); listed and callable only while
 *   the served project's `developer_tools` setting is on and the caller's role allows writes.
 *   A toggle, or a credential presented with another role, reaches open sessions at their next
 *   call (with a tools/list_changed notification).
 * The role check itself is the core's (`ScopedEngine.requirePermission`); the list only hides
 * what the core would refuse.
 * Tools are served through the SDK's public request handlers (no patching of its internals).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Permission } from '../../core/auth/roles.js';
import type { RequestUser } from '../../core/auth/user.js';
import type { ScopedEngine } from '../../core/scope/scoped-engine.js';
import { SextantError } from '../../kernel/errors.js';
import type { ProgressFanOut, ProgressFn } from '../../kernel/progress.js';
import { progressNotifier } from './progress-notify.js';
import { logToolCall, type Logger } from './logging.js';
import { withShortParamErrors } from './request-params.js';
import { failure, success, type ToolOutput } from './tool-result.js';

export type ToolAccess = 'read' | 'session' | 'write';

/** What a tool runs with: the engine as this session may see it, and who is calling from which session of which project. */
export interface ToolContext {
  engine: ScopedEngine;
  /** The MCP session id (also the core session id). */
  session: string;
  /** The served project (`/mcp/{project}`, `--project`, or `default`). */
  project: string;
  user: RequestUser;
  logger: Logger;
  /** The MCP client as its initialize request named it (`name/version`), or null. */
  clientInfo?(): string | null;
  /** Kinds present in the index (cached), for argument checks. */
  /** The caller's bearer token on this call (HTTP), forwarded to GraphQL sources; absent on stdio. */
  userToken?(): string | null;
  /** Progress of the call's long work, sent to the client when it asked for it (a progress token); absent: not asked. */
  progress?: ProgressFn;
}

export interface ToolDefinition<S extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  access: ToolAccess;
  input: S;
  annotations?: ToolAnnotations;
  /** false: an old name kept callable for clients that use it, left out of tools/list (a generic tool does the same). */
  listed?: boolean;
  run(args: z.output<z.ZodObject<S>>, ctx: ToolContext): Promise<ToolOutput>;
}

/** Erases the input type so tools of different shapes share one list. */
export function defineTool<S extends z.ZodRawShape>(tool: ToolDefinition<S>): ToolDefinition {
  return tool as unknown as ToolDefinition;
}

/** The core permission each access class needs: a reader may read and change its own session. */
const PERMISSION: Record<ToolAccess, Permission> = { read: 'read', session: 'read', write: 'write' };

const DEFAULT_ANNOTATIONS: Record<ToolAccess, ToolAnnotations> = {
  read: { readOnlyHint: true, openWorldHint: false },
  session: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  write: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
};

export interface RegisteredTools {
  /** Lists or hides write tools to match the project's developer-tools setting and the caller's role; true when they are callable. */
  syncWriteTools(): Promise<boolean>;
}

export interface RegisterOptions {
  /** Runs before every call: keeps the session alive (or fails with SESSION_NOT_FOUND). */
  beforeCall(): Promise<void>;
  /** Runs each tool's work when the transport gives it a turn (HTTP: a few at once per credential); at once when absent. */
  schedule?<T>(work: () => Promise<T>): Promise<T>;
  /** The process's own progress, also told to a call that asked for progress while it runs. */
  background?: ProgressFanOut;
}

/**
 * Keys of the advertised JSON Schema that tell an agent nothing it needs to choose a call (the
 * size caps and closedness that zod enforces on every call anyway). Every tool pays for them in
 * the agent's context; they go from the list, never from validation.
 */
const ENFORCED_ONLY = new Set(['$schema', 'maxLength', 'maxItems', 'additionalProperties', 'propertyNames']);

/** zod's bounds of an integer nothing else bounds: any safe integer, which "integer" already says. */
function isSafeIntegerBound(key: string, value: unknown): boolean {
  return (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) || (key === 'maximum' && value === Number.MAX_SAFE_INTEGER);
}

function advertised(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(advertised);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ENFORCED_ONLY.has(key) || (key === 'minLength' && value === 1) || isSafeIntegerBound(key, value)) continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, prop]) => [name, advertised(prop)]))
        : advertised(value);
  }
  return out;
}

/** One tools/list entry: name, description, compact input schema, behaviour hints (the title is for people: the CLI and UI show it; the name says as much to an agent). */
export function listedTool(tool: ToolDefinition): Tool {
  const inputSchema = advertised(z.toJSONSchema(z.object(tool.input), { io: 'input' })) as Record<string, unknown>;
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: inputSchema as Tool['inputSchema'],
    annotations: { ...DEFAULT_ANNOTATIONS[tool.access], ...tool.annotations },
  };
}

function invalidArguments(tool: ToolDefinition, error: z.ZodError): CallToolResult {
  const message = error.issues
    .map((i) =>
      i.code === 'unrecognized_keys' && !i.path.length
        ? `unknown argument${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `'${k}'`).join(', ')} (it takes ${Object.keys(tool.input).join(', ')})`
        : `${i.path.join('.') || '(arguments)'}: ${i.message}`,
    )
    .join('; ');
  return {
    isError: true,
    content: [{ type: 'text', text: `error USAGE: invalid arguments for ${tool.name}: ${message}` }],
    structuredContent: { error: { code: 'USAGE', message: `invalid arguments for ${tool.name}: ${message}` } },
  };
}

/**
 * Serves tools/list and tools/call on the session's server through the SDK's public request
 * handlers: tools marked `listed: false` (old names kept for clients that call them) answer
 * calls but stay out of the list, and write tools are listed only while developer tools are on.
 */
export function registerTools(server: McpServer, tools: readonly ToolDefinition[], ctx: ToolContext, options: RegisterOptions): RegisteredTools {
  const low = server.server;
  const byName = new Map(tools.map((t) => [t.name, t]));
  // closed: an argument the tool does not take is refused, not dropped (an agent that sends `limit` to a tool taking `top_k` learns so)
  const schemas = new Map(tools.map((t) => [t.name, z.strictObject(t.input)]));
  const hasWriteTools = tools.some((t) => t.access === 'write');
  let writeToolsOn = false;

  async function writeToolsCallable(): Promise<boolean> {
    return ctx.engine.permits('write') && (await ctx.engine.servedProject()).settings.developerTools;
  }

  async function syncWriteTools(): Promise<boolean> {
    if (!hasWriteTools) return false;
    const on = await writeToolsCallable();
    if (on !== writeToolsOn) {
      writeToolsOn = on;
      if (low.transport) await low.sendToolListChanged().catch(() => undefined);
    }
    return on;
  }

  low.registerCapabilities({ tools: { listChanged: true } });
  low.setRequestHandler(withShortParamErrors(ListToolsRequestSchema), async () => {
    // read afresh, without a list_changed notification: the client is reading the list already
    const writable = hasWriteTools && (await writeToolsCallable());
    writeToolsOn = writable;
    return {
      tools: tools.filter((t) => t.listed !== false && ctx.engine.permits(PERMISSION[t.access]) && (t.access !== 'write' || writable)).map(listedTool),
    };
  });

  low.setRequestHandler(withShortParamErrors(CallToolRequestSchema), async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool '${request.params.name}'`);
    const started = performance.now();
    let outcome: 'ok' | 'error' | 'fault' = 'ok';
    let code: string | undefined;
    try {
      const parsed = schemas.get(tool.name)!.safeParse(request.params.arguments ?? {});
      if (!parsed.success) {
        code = 'USAGE';
        outcome = 'error';
        return invalidArguments(tool, parsed.error);
      }
      await options.beforeCall();
      ctx.engine.requirePermission(PERMISSION[tool.access], `${tool.name}`);
      if (tool.access === 'write' && !(await syncWriteTools())) {
        throw new SextantError('FORBIDDEN', `${tool.name} changes shared state and developer tools are off for project '${ctx.project}'`, {
          // worded for the agent from MCP's table (asking the user or an administrator), as any core remedy is
          remedy: { action: 'turn-on-setting', project: ctx.project, setting: 'developer-tools' },
        });
      } else if (tool.access !== 'write') {
        await syncWriteTools();
      }
      const token = extra.authInfo?.token;
      const progressToken = request.params._meta?.progressToken;
      const progress =
        progressToken === undefined
          ? undefined
          : progressNotifier(
              (note) => void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, ...note } }).catch(() => undefined),
            );
      const callCtx: ToolContext = { ...ctx, ...(token ? { userToken: () => token } : {}), ...(progress ? { progress } : {}) };
      const work = () => tool.run(parsed.data as never, callCtx);
      const unsubscribe = progress && options.background ? options.background.subscribe(progress) : null;
      try {
        return success(await (options.schedule ? options.schedule(work) : work()));
      } finally {
        unsubscribe?.();
      }
    } catch (err) {
      const f = failure(err);
      code = f.code;
      outcome = f.code === 'INTERNAL' ? 'fault' : 'error';
      if (outcome === 'fault') ctx.logger.error({ err, tool: tool.name, session: ctx.session }, 'tool fault');
      return f.result;
    } finally {
      logToolCall(ctx.logger, {
        tool: tool.name,
        session: ctx.session,
        user: ctx.user.subject,
        project: ctx.project,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        outcome,
        ...(code ? { code } : {}),
      });
    }
  });
  return { syncWriteTools };
}
