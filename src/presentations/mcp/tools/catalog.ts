/**
 * @module presentations/mcp/tools/catalog
 * Stepwise discovery and state: `list_sources`, `list_schemas`, `list_objects`, `status`.
 */
import { z } from 'zod';
import { SextantError } from '../../../kernel/errors.js';
import { parseObjectId } from '../../../kernel/ids.js';
import type { ObjectPage } from '../../../ports/store.js';
import { defineTool } from '../tool-registry.js';
import type { ToolOutput } from '../tool-result.js';
import { checkKinds, clip, cursorArg, pageFooter } from './common.js';

const sourceArg = z.string().trim().min(1).max(100);

export const listSourcesTool = defineTool({
  name: 'list_sources',
  title: 'List sources',
  description: 'Connected systems with object counts and last update. Start here.',
  access: 'read',
  input: {},
  async run(_args, ctx) {
    const sources = await ctx.engine.listSources();
    const rows = [];
    for (const s of sources) {
      const objects = (await ctx.engine.listObjects({ source: s.name, limit: 1 })).total;
      rows.push({
        name: s.name,
        type: s.type,
        objects,
        last_update: s.lastUpdate
          ? { at: s.lastUpdate.at, ok: s.lastUpdate.ok, message: s.lastUpdate.message, ...(s.lastUpdate.hint ? { hint: s.lastUpdate.hint } : {}) }
          : null,
      });
    }
    const text = rows.length
      ? rows
          .map(
            (r) =>
              `${r.name} (${r.type}): ${r.objects} objects, last update ${r.last_update ? `${r.last_update.at}${r.last_update.ok ? '' : ` FAILED: ${r.last_update.message}`}` : 'never'}${r.last_update?.hint ? `\n  hint: ${r.last_update.hint}` : ''}`,
          )
          .join('\n')
      : 'no sources indexed yet (an administrator adds them with `sextant source add` and `sextant update`)';
    return { structured: { count: rows.length, sources: rows }, text };
  },
});

export const listSchemasTool = defineTool({
  name: 'list_schemas',
  title: 'List schemas',
  description: "A source's schemas with how many objects each holds (paged).",
  access: 'read',
  listed: false,
  input: { source: sourceArg, cursor: cursorArg },
  async run(args, ctx) {
    const page = await ctx.engine.listSchemas(args.source, args.cursor ? { cursor: args.cursor } : {});
    const lines = page.schemas.map((s) => `${s.name}: ${s.objects} objects${s.comment ? ` -- ${clip(s.comment, 120)}` : ''}`);
    lines.push(pageFooter(page.schemas.length, page.total, page.nextCursor));
    return {
      structured: { source: page.source, schemas: page.schemas, total: page.total, next_cursor: page.nextCursor, truncated: page.nextCursor !== null },
      text: lines.join('\n'),
    };
  },
});

export const listObjectsTool = defineTool({
  name: 'list_objects',
  title: 'List objects',
  description: 'Browse a source, paged: kind "schema" or "module" lists those; parent=<id> lists its members.',
  access: 'read',
  input: {
    source: sourceArg.optional(),
    parent: z.string().trim().min(1).max(1000).optional().describe('An id from a previous page'),
    schema: z.string().trim().min(1).max(200).optional(),
    kind: z.string().trim().min(1).max(50).optional(),
    cursor: cursorArg,
    limit: z.number().int().min(1).max(200).default(50),
  },
  async run(args, ctx) {
    const parent = args.parent ? parseObjectId(args.parent) : null;
    if (args.parent && !parent)
      throw new SextantError('USAGE', `parent must be an object id such as shop:schema:public, got '${args.parent}'`, { details: { field: 'parent' } });
    const source = args.source ?? parent?.source;
    if (!source) throw new SextantError('USAGE', 'name a source or a parent id', { hint: 'list_sources shows the sources', details: { field: 'source' } });
    if (args.kind) checkKinds(ctx, [args.kind]);
    const page = await ctx.engine.listObjects({
      source,
      ...(args.parent ? { parentId: args.parent } : {}),
      ...(args.schema ? { schema: args.schema } : {}),
      ...(args.kind ? { kinds: [args.kind] } : {}),
      ...(args.cursor ? { cursor: args.cursor } : {}),
      limit: args.limit,
    });
    const items = page.items.map((o) => ({ id: o.id, kind: o.kind, name: o.path, ...(o.comment ? { comment: clip(o.comment, 120) } : {}) }));
    return pageOutput(page, items, (o) => `${o.kind} ${o.id}${o.comment ? ` -- ${o.comment}` : ''}`, 'no objects match');
  },
});

/** One page of listed items: a line each, the page footer, and the cursor to go on. */
export function pageOutput<T>(page: ObjectPage, items: T[], line: (item: T) => string, empty: string): ToolOutput {
  const lines = items.map(line);
  if (!items.length) lines.push(empty);
  lines.push(pageFooter(items.length, page.total, page.nextCursor));
  return {
    structured: { items, count: items.length, total: page.total, next_cursor: page.nextCursor, truncated: page.nextCursor !== null },
    text: lines.join('\n'),
  };
}

/** Kept out of tools/list (list_objects with kind "document" is the listed way); callable by name. */
export const listDocumentsTool = defineTool({
  name: 'list_documents',
  title: 'List documents',
  description: "A docs source's documents, paged: title, type, size, origin.",
  access: 'read',
  listed: false,
  input: { source: sourceArg, cursor: cursorArg, limit: z.number().int().min(1).max(200).default(50) },
  async run(args, ctx) {
    const page = await ctx.engine.listObjects({ source: args.source, kinds: ['document'], ...(args.cursor ? { cursor: args.cursor } : {}), limit: args.limit });
    const items = page.items.map((o) => ({
      id: o.id,
      name: o.path,
      title: String(o.attributes.title ?? o.path),
      type: String(o.attributes.type ?? ''),
      size: Number(o.attributes.size ?? 0),
      origin: String(o.attributes.origin ?? ''),
    }));
    return pageOutput(page, items, (d) => `${d.id} -- ${d.title} (${d.type}, ${d.size} bytes)`, `no documents in ${args.source}`);
  },
});

export const statusTool = defineTool({
  name: 'status',
  title: 'Status',
  description: 'Index counts and this session: projects, documents, write tools on or off.',
  access: 'read',
  input: {},
  async run(_args, ctx) {
    const status = await ctx.engine.status();
    const { session, documents, project, availableProjects: projects } = status;
    const i = status.index;
    const structured = {
      index: {
        schema_version: i.schemaVersion,
        objects_by_kind: i.countsByKind,
        chunks: i.chunks,
        vectors: i.vectors,
        embedding_model: i.embeddingModel,
        vector_backend: i.vectorBackend,
      },
      sources: status.sources.length,
      session: {
        project: session.project,
        active_projects: session.activeProjects,
        available_projects: projects,
        documents: documents.map((d) => ({ name: d.name, chars: d.chars, chunks: d.chunks })),
        expires_at: session.expiresAt,
      },
      developer_tools: project.settings.developerTools,
      user: ctx.user.subject,
      role: status.role,
    };
    const kinds = Object.entries(i.countsByKind)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    const text = [
      `index: ${kinds || 'empty'}; ${i.chunks} chunks, ${i.vectors} vectors (${i.embeddingModel ? i.embeddingModel.modelId : 'no embedding model'})`,
      `sources: ${status.sources.length}`,
      `project: ${session.project}; active: ${session.activeProjects.join(', ')}; available: ${projects.join(', ')}`,
      `documents in this session: ${documents.length ? documents.map((d) => `${d.name} (${d.chunks} chunks)`).join(', ') : 'none'}`,
      `write tools: ${project.settings.developerTools ? 'on' : 'off'}; role: ${status.role}`,
    ].join('\n');
    return { structured, text };
  },
});
