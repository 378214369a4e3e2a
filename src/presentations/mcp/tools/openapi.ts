/**
 * @module presentations/mcp/tools/openapi
 * `list_operations`: the REST operations of `openapi` sources, paged, filtered by tag and by
 * method and path prefix (`path: "GET /person"`). `describe` of an operation id gives its ready request and the operations
 * that yield the ids it takes.
 */
import { z } from 'zod';
import { operationNote, renderOperationPage } from '../../text/operation-text.js';
import { mcpHint } from '../remedy-hints.js';
import { defineTool } from '../tool-registry.js';
import { cursorArg } from './common.js';

/** `GET /person` → method GET and path prefix `/person`; `/person` or `GET` alone filter by one of them. */
function pathFilter(path: string | undefined): { method?: string; pathPrefix?: string } {
  const m = /^([A-Za-z]+)?\s*(\/\S*)?$/.exec(path?.trim() ?? '');
  if (!path || !m || (!m[1] && !m[2])) return path ? { pathPrefix: path.trim() } : {};
  return { ...(m[1] ? { method: m[1] } : {}), ...(m[2] ? { pathPrefix: m[2] } : {}) };
}

export const listOperationsTool = defineTool({
  name: 'list_operations',
  title: 'List REST operations',
  description: 'REST operations, paged; path "GET /pets" filters by method and path prefix.',
  access: 'read',
  input: {
    source: z.string().trim().min(1).max(200).optional(),
    path: z.string().trim().min(1).max(500).optional(),
    tag: z.string().trim().min(1).max(200).optional(),
    cursor: cursorArg,
    limit: z.number().int().min(1).max(200).default(50),
  },
  async run(args, ctx) {
    const page = await ctx.engine.listOperations({
      ...(args.source ? { source: args.source } : {}),
      ...(args.tag ? { tag: args.tag } : {}),
      ...pathFilter(args.path),
      ...(args.cursor ? { cursor: args.cursor } : {}),
      limit: args.limit,
    });
    // the note with what to do in an agent's words (no OpenAPI source: ask an administrator)
    const note = operationNote(page, mcpHint);
    return {
      structured: {
        items: page.items,
        count: page.items.length,
        total: page.total,
        next_cursor: page.nextCursor,
        truncated: page.nextCursor !== null,
        ...(note ? { note } : {}),
      },
      text: renderOperationPage(page, mcpHint),
    };
  },
});
