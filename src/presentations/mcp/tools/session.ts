/**
 * @module presentations/mcp/tools/session
 * Session tools: documents visible to this session only, and the projects active in it.
 * They change nothing anyone else sees, so they are not write tools (see tool-registry.ts).
 */
import { z } from 'zod';
import { DOCUMENT_MIME_TYPES, MAX_DOCUMENT_CHARS } from '../../../core/sessions/session-documents.js';
import { SextantError } from '../../../kernel/errors.js';
import { defineTool } from '../tool-registry.js';

const nameArg = z.string().min(1).max(200).describe('Document name, e.g. "runbook.md" (the same name replaces)');

export const addDocumentTool = defineTool({
  name: 'add_document',
  title: 'Add document',
  description: "Session-only document from text, path or url (name: its file's by default); same name replaces; remove: true drops it.",
  access: 'session',
  annotations: { idempotentHint: true },
  input: {
    name: z.string().min(1).max(200).optional(),
    text: z.string().min(1).max(MAX_DOCUMENT_CHARS).optional(),
    path: z.string().optional(),
    url: z.string().optional(),
    mime_type: z.enum(DOCUMENT_MIME_TYPES).optional(),
    remove: z.boolean().optional(),
  },
  async run(args, ctx) {
    if (args.remove) return removeDocumentTool.run({ name: args.name ?? missingName('remove: true') }, ctx);
    const given = [args.text, args.path, args.url].filter((v) => v !== undefined).length;
    if (given !== 1)
      throw new SextantError('USAGE', given ? 'give one of text, path or url' : 'text, path or url is required to add a document', {
        hint: 'pass text (or a path or url), or remove: true to drop the document',
        details: { field: 'text' },
      });
    const doc = args.text
      ? await ctx.engine.documents.add({ name: args.name ?? missingName('text'), text: args.text, ...(args.mime_type ? { mimeType: args.mime_type } : {}) })
      : // without a name, core names the document by its file's name (`guides/ledger.pdf` → ledger.pdf)
        await ctx.engine.documents.addFrom({
          ...(args.name ? { name: args.name } : {}),
          ...(args.path ? { path: args.path } : {}),
          ...(args.url ? { url: args.url } : {}),
        });
    return {
      structured: { document: { name: doc.name, id: doc.objectId, mime_type: doc.mimeType, chars: doc.chars, chunks: doc.chunks } },
      text: `added ${doc.name} (${doc.mimeType}, ${doc.chars} chars) as ${doc.chunks} chunk${doc.chunks === 1 ? '' : 's'}, visible to this session only; id ${doc.objectId}`,
    };
  },
});

/** Text has no file name to fall back on, and a removal must say what it drops. */
function missingName(withWhat: string): never {
  throw new SextantError('USAGE', `name is required with ${withWhat}`, {
    hint: 'pass name, e.g. "runbook.md"; with a path or url it defaults to the file\'s name',
    details: { field: 'name' },
  });
}

export const removeDocumentTool = defineTool({
  name: 'remove_document',
  title: 'Remove document',
  description: 'Remove a document added to this session, with its chunks.',
  access: 'session',
  listed: false,
  annotations: { destructiveHint: true },
  input: { name: nameArg },
  async run(args, ctx) {
    const doc = await ctx.engine.documents.remove(args.name);
    return { structured: { removed: { name: doc.name, chunks: doc.chunks } }, text: `removed ${doc.name} (${doc.chunks} chunks)` };
  },
});

export const setActiveProjectsTool = defineTool({
  name: 'set_active_projects',
  title: 'Set active projects',
  description: 'Projects whose sources and terms this session searches; the served project stays active.',
  access: 'session',
  annotations: { idempotentHint: true },
  input: { projects: z.array(z.string().min(1).max(63)).max(50).describe('Project names') },
  async run(args, ctx) {
    const session = await ctx.engine.setActiveProjects(args.projects);
    const sources = await ctx.engine.visibleSources();
    return {
      structured: { active_projects: session.activeProjects, sources: sources ?? 'all' },
      text: `active projects: ${session.activeProjects.join(', ')}; sources: ${sources ? sources.join(', ') || 'none' : 'all'}`,
    };
  },
});
