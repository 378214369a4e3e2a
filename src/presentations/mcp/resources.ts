/**
 * @module presentations/mcp/resources
 * Every indexed object as a resource: `sextant://{source}/{path}` (plus `?kind=` for kinds a
 * path does not identify: constraints, indexes, triggers). resources/list pages through
 * schemas, relations, routines and types with a cursor; resources/read returns the object's
 * full description as JSON. Registered on the low-level server because McpServer's resource
 * API cannot page a list.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { isSextantError } from '../../kernel/errors.js';
import { objectUri, parseTarget } from '../../kernel/ids.js';
import { redactText, redactValue } from '../../kernel/redact.js';
import type { CatalogObject } from '../../ports/catalog.js';
import { mcpHint } from './remedy-hints.js';
import { withShortParamErrors } from './request-params.js';
import type { ToolContext } from './tool-registry.js';

export const RESOURCE_TEMPLATE = 'sextant://{source}/{+path}';
const PAGE = 100;

/** `pathKinds`: kinds a path names on its own (engine.kinds(), pathResolvable); others get `?kind=`. */
export function resourceUri(o: Pick<CatalogObject, 'source' | 'kind' | 'path'>, pathKinds: ReadonlySet<string>): string {
  const base = objectUri(o.source, o.path);
  return pathKinds.has(o.kind) ? base : `${base}?kind=${encodeURIComponent(o.kind)}`;
}

/** `sextant://src/path?kind=k` → `src:k:path`; other URIs are resolved by the core as they are. */
function refOf(uri: string): string {
  const m = /^sextant:\/\/([^/\s]+)\/([^?]+)\?kind=([a-z_]+)$/.exec(uri);
  return m ? `${m[1]}:${m[3]}:${decodeURIComponent(m[2]!)}` : uri;
}

export function registerResources(server: McpServer, ctx: ToolContext): void {
  const low = server.server;
  low.registerCapabilities({ resources: {} });

  low.setRequestHandler(withShortParamErrors(ListResourceTemplatesRequestSchema), async () => ({
    resourceTemplates: [
      {
        uriTemplate: RESOURCE_TEMPLATE,
        name: 'object',
        title: 'Indexed object',
        description: 'Any indexed object by source and path, e.g. sextant://shop/public.orders (JSON description)',
        mimeType: 'application/json',
      },
    ],
  }));

  low.setRequestHandler(withShortParamErrors(ListResourcesRequestSchema), async (request) => {
    const cursor = request.params?.cursor;
    const kinds = ctx.engine.kinds().objectKinds;
    const pathKinds = new Set(kinds.filter((k) => k.pathResolvable).map((k) => k.kind));
    const page = await ctx.engine.listObjects({
      kinds: [...new Set(kinds.filter((k) => k.listed).map((k) => k.kind))],
      limit: PAGE,
      ...(cursor ? { cursor } : {}),
    });
    return {
      resources: page.items.map((o) => ({
        uri: resourceUri(o, pathKinds),
        name: o.id,
        title: `${o.kind} ${o.path}`,
        mimeType: 'application/json',
        ...(o.comment ? { description: o.comment.slice(0, 200) } : {}),
      })),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  });

  low.setRequestHandler(withShortParamErrors(ReadResourceRequestSchema), async (request) => {
    const uri = request.params.uri;
    const ref = refOf(uri);
    const target = parseTarget(ref);
    try {
      if (!target || target.kind === 'source') throw new McpError(ErrorCode.InvalidParams, `not an object URI: ${uri}; use sextant://{source}/{path}`);
      const description = await ctx.engine.describeObject(ref, 'full');
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(redactValue(description), null, 2) }] };
    } catch (err) {
      if (err instanceof McpError) throw err;
      // resources/read has no isError result: a missing object is the protocol's "resource not found".
      if (isSextantError(err)) {
        const hint = mcpHint(err);
        throw new McpError(-32002, redactText(err.message), { uri, ...(hint ? { hint: redactText(hint) } : {}) });
      }
      throw err;
    }
  });
}
