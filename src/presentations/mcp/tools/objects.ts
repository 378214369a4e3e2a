/**
 * @module presentations/mcp/tools/objects
 * `get` (one object's record; a session document's text) and `describe` (what SQL needs: a
 * source's schemas, a schema's objects, a relation's columns, keys and joins).
 */
import { z } from 'zod';
import type { CatalogObject } from '../../../ports/catalog.js';
import type { ObjectDetail } from '../../../core/catalog/describe-object.js';
import { documentNameOf } from '../../../core/sessions/session-documents.js';
import { defineTool, type ToolContext } from '../tool-registry.js';
import { renderAnyDescription } from '../../text/describe-text.js';
import { edgeColumns, edgeNote } from '../../text/edge-note.js';
import type { ToolOutput } from '../tool-result.js';
import { clip, cursorArg, detailArg } from './common.js';

const CHILD_CAP = { brief: 0, full: 200 } as const;
const EDGE_CAP = 100;
const DOCUMENT_CHARS = { brief: 2000, full: 50_000 } as const;

const objectArg = z.string().trim().min(1).max(1000).describe('Object id or sextant:// URI, as search returns');

function brief(o: CatalogObject): Record<string, unknown> {
  return { id: o.id, kind: o.kind, name: o.name, ...(o.comment ? { comment: clip(o.comment, 200) } : {}) };
}

function capped<T>(items: readonly T[], cap: number): { items: T[]; total: number; truncated: boolean } {
  return { items: items.slice(0, cap), total: items.length, truncated: items.length > cap };
}

/** Edges by kind and direction (`← uses_table`), with how many of each. */
function edgeCounts(edges: readonly { kind: string }[], arrow: '→' | '←'): [string, number][] {
  const counts = new Map<string, number>();
  for (const e of edges) counts.set(`${arrow} ${e.kind}`, (counts.get(`${arrow} ${e.kind}`) ?? 0) + 1);
  return [...counts];
}

function objectOutput(d: ObjectDetail, detail: 'brief' | 'full'): ToolOutput {
  const o = d.object;
  const counts = {
    columns: d.columns.length,
    constraints: d.constraints.length,
    indexes: d.indexes.length,
    triggers: d.triggers.length,
    children: d.childrenTotal,
  };
  const structured: Record<string, unknown> = {
    id: o.id,
    uri: d.uri,
    kind: o.kind,
    source: o.source,
    path: o.path,
    parent: o.parentId,
    comment: o.comment,
    context: d.effectiveContext,
    attributes: o.attributes,
    counts,
  };
  const lines = [`${o.kind} ${o.id} (${d.uri})`];
  if (o.comment) lines.push(`comment: ${clip(o.comment, detail === 'full' ? 2000 : 300)}`);
  if (d.effectiveContext) lines.push(`context: ${clip(d.effectiveContext, detail === 'full' ? 2000 : 300)}`);
  if (o.parentId) lines.push(`parent: ${o.parentId}`);
  for (const f of d.facts ?? []) lines.push(`${f.label}: ${f.value}`);
  const attrs = Object.entries(o.attributes).filter(([, v]) => v !== null && v !== undefined && v !== '' && typeof v !== 'object');
  if (attrs.length) lines.push(`attributes: ${attrs.map(([k, v]) => `${k}=${String(v)}`).join(', ')}`);
  if (d.passages) {
    const shown = d.passages.slice(0, detail === 'full' ? 200 : 30);
    structured.passages = shown;
    lines.push(`passages (${d.passages.length}):`, ...shown.map((p) => `  ${p.id} -- ${p.heading} (${p.chars} chars)`));
    if (shown.length < d.passages.length)
      lines.push(`  [truncated: ${d.passages.length - shown.length} more${detail === 'brief' ? '; use detail "full"' : ''}]`);
  }
  if (detail === 'brief') {
    if (d.columns.length)
      lines.push(
        `columns (${d.columns.length}): ${d.columns
          .map((c) => `${c.name} ${String(c.attributes.dataType ?? '')}`.trim())
          .slice(0, 60)
          .join(', ')}${d.columns.length > 60 ? ', … [truncated: use detail "full" or describe]' : ''}`,
      );
    const other = Object.entries(counts)
      .filter(([k, n]) => k !== 'columns' && n > 0)
      .map(([k, n]) => `${n} ${k}`);
    // the links each way by kind (a table's foreign keys, the code that uses it), so a brief answer says they are there
    const links = [...edgeCounts(d.outgoing, '→'), ...edgeCounts(d.incoming, '←')];
    if (links.length) structured.links = Object.fromEntries(links);
    const also = [...other, ...links.map(([k, n]) => `${k} ${n}`)];
    if (also.length) lines.push(`also: ${also.join(', ')} (detail "full" lists them)`);
    if (o.definition) lines.push(`definition: ${clip(o.definition, 300)}`);
    structured.columns = d.columns.slice(0, 60).map((c) => ({ name: c.name, type: c.attributes.dataType ?? null }));
    return { structured, text: lines.join('\n') };
  }
  structured.definition = o.definition;
  const groups = { columns: d.columns, constraints: d.constraints, indexes: d.indexes, triggers: d.triggers, children: d.children } as const;
  for (const [name, items] of Object.entries(groups)) {
    const page = capped(items, CHILD_CAP.full);
    structured[name] = page.items.map((c) => ({ ...brief(c), attributes: c.attributes, ...(c.definition ? { definition: c.definition } : {}) }));
    if (page.items.length) {
      lines.push(`${name} (${items.length}):`);
      for (const c of page.items)
        lines.push(
          `  ${c.name}${c.attributes.dataType ? ` ${String(c.attributes.dataType)}` : ''}${c.definition ? `: ${clip(c.definition, 160)}` : ''}${c.comment ? ` -- ${clip(c.comment, 120)}` : ''}`,
        );
      if (page.truncated) lines.push(`  [truncated: ${items.length - page.items.length} more; use list_objects with the parent's schema]`);
    }
  }
  const edges = { outgoing: capped(d.outgoing, EDGE_CAP), incoming: capped(d.incoming, EDGE_CAP) };
  structured.outgoing = edges.outgoing.items;
  structured.incoming = edges.incoming.items;
  structured.contexts = d.contexts.map((c) => ({
    id: c.id,
    target: c.target,
    text: c.text,
    origin: c.origin,
    ...(c.evidence ? { evidence: c.evidence } : {}),
  }));
  for (const e of edges.outgoing.items) lines.push(`→ ${e.kind} ${e.toId}${edgeColumns(e.attributes)}${edgeNote(e.attributes)}`);
  for (const e of edges.incoming.items) lines.push(`← ${e.kind} ${e.fromId}${edgeColumns(e.attributes)}${edgeNote(e.attributes)}`);
  if (edges.outgoing.truncated || edges.incoming.truncated) lines.push(`[truncated: first ${EDGE_CAP} edges each way]`);
  if (o.definition) lines.push(`definition:\n${o.definition.slice(0, 8000)}`);
  return { structured, text: lines.join('\n') };
}

async function documentOutput(ctx: ToolContext, name: string, detail: 'brief' | 'full'): Promise<ToolOutput> {
  const doc = await ctx.engine.documents.get(name);
  const cap = DOCUMENT_CHARS[detail];
  const truncated = doc.text.length > cap;
  const text = doc.text.slice(0, cap);
  return {
    structured: { id: doc.objectId, kind: 'document', name: doc.name, mime_type: doc.mimeType, chars: doc.text.length, chunks: doc.chunks, text, truncated },
    text: `document ${doc.name} (${doc.mimeType}, ${doc.text.length} chars, ${doc.chunks} chunk${doc.chunks === 1 ? '' : 's'}, this session only)\n${text}${truncated ? `\n[truncated at ${cap} characters${detail === 'brief' ? '; use detail "full"' : ''}]` : ''}`,
  };
}

export const getTool = defineTool({
  name: 'get',
  title: 'Get object',
  description: 'One object or session document by id or URI; detail "full" adds columns, constraints, indexes, children, edges.',
  access: 'read',
  input: { object: objectArg, detail: detailArg },
  async run(args, ctx) {
    const docName = documentNameOf(args.object);
    if (docName !== null) return documentOutput(ctx, docName, args.detail);
    return objectOutput(await ctx.engine.get(args.object), args.detail);
  },
});

export const describeTool = defineTool({
  name: 'describe',
  title: 'Describe for SQL',
  description:
    "What a query needs: a source's schemas, a schema's objects (paged), a table's columns, keys and joins, a GraphQL object's fields, arguments and ready operation.",
  access: 'read',
  input: {
    object: z.string().trim().min(1).max(1000).describe('Source, sextant:// URI or object id'),
    detail: detailArg,
    cursor: cursorArg,
    fields_query: z.string().trim().max(500).optional(),
  },
  async run(args, ctx) {
    const d = await ctx.engine.describe(args.object, {
      detail: args.detail,
      ...(args.cursor ? { cursor: args.cursor } : {}),
      ...(args.fields_query ? { fieldsQuery: args.fields_query } : {}),
    });
    return { structured: d.description as unknown as Record<string, unknown>, text: renderAnyDescription(d) };
  },
});
