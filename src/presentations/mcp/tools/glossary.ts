/**
 * @module presentations/mcp/tools/glossary
 * Glossary tools (seed 002): `list_glossary`, `get_glossary_sql`, `find_related_terms`,
 * `find_matching_clusters` (read, always listed) and `create_glossary_term`,
 * `update_glossary_term`, `delete_glossary_term` (write: listed only with developer tools on).
 * Thin: the core validates and stores; these map arguments and shape responses. User-fixable
 * failures come back as `{ success: false, error, code, hint? }` results, as the seed specifies.
 */
import { z } from 'zod';
import type { ChangeActor, GlossaryFailure, GlossaryTerm } from '../../../core/glossary/index.js';
import { defineTool, type ToolContext } from '../tool-registry.js';
import type { ToolOutput } from '../tool-result.js';
import { mcpHint } from '../remedy-hints.js';
import { clip } from './common.js';

/** The seed's term shape (`get_glossary_sql` and the write tools' `term`), plus status and origin. */
export function termView(t: GlossaryTerm): Record<string, unknown> {
  return {
    term: t.term,
    definition: t.definition,
    defining_sql: t.sql,
    output_columns: t.outputColumns,
    aliases: t.aliases,
    base_table: t.baseTable,
    source: t.source,
    origin: t.origin,
    status: t.validation.status,
    ...staleView(t),
  };
}

/** A stale term's error, and what to do apart from it when there is something. */
function staleView(t: GlossaryTerm): Record<string, unknown> {
  if (t.validation.status !== 'stale') return {};
  return { error: t.validation.error, ...(t.validation.hint ? { hint: t.validation.hint } : {}) };
}

function termLines(t: GlossaryTerm): string {
  const lines = [
    `${t.term}${t.aliases.length ? ` (also: ${t.aliases.join(', ')})` : ''} [${t.origin}, source ${t.source}${t.validation.status === 'stale' ? ', STALE' : ''}]`,
    `definition: ${t.definition}`,
  ];
  if (t.validation.status === 'stale') lines.push(`stale: the SQL no longer runs: ${t.validation.error ?? ''}`);
  if (t.validation.status === 'stale' && t.validation.hint) lines.push(`hint: ${t.validation.hint}`);
  lines.push(`sql: ${t.sql}`);
  if (t.outputColumns.length) lines.push(`output columns: ${t.outputColumns.map((c) => `${c.name} ${c.type}`).join(', ')}`);
  return lines.join('\n');
}

/**
 * A failure result: what failed (`error`, `code`), and what to do about it apart (`hint`, and a
 * `hint:` line in the text), worded for an agent: these tools, never a command line. A term not
 * found also names the closest terms (`suggestions`).
 */
function failed(result: GlossaryFailure): ToolOutput {
  const hint = mcpHint(result);
  return {
    structured: {
      success: false,
      error: result.error,
      code: result.code,
      ...(result.position ? { position: result.position } : {}),
      ...(hint ? { hint } : {}),
      ...(result.suggestions?.length ? { suggestions: result.suggestions } : {}),
    },
    text: `failed: ${result.error}${hint ? `\nhint: ${hint}` : ''}`,
  };
}

/** Who is calling: the token/OIDC subject (null when anonymous) and the MCP client's name/version. */
function actorOf(ctx: ToolContext): ChangeActor {
  return { user: ctx.user.via === 'anonymous' ? null : ctx.user.subject, client: ctx.clientInfo?.() ?? null, via: 'mcp' };
}

const termArg = z.string().max(200).describe('Term name or one of its aliases (case-insensitive)');
const aliasesArg = z.array(z.string().min(1).max(200)).max(50);

export const listGlossaryTool = defineTool({
  name: 'list_glossary',
  title: 'List glossary terms',
  description: "Business terms: definitions, aliases, origin, stale flag. related_to: a term's cluster; topic: clusters close to a question.",
  access: 'read',
  input: {
    origin: z.enum(['inferred', 'manual', 'client']).optional(),
    text: z.string().max(200).optional().describe('Name, alias or definition contains'),
    related_to: termArg.optional().describe('A term name or alias'),
    topic: z.string().min(1).max(1000).optional(),
  },
  async run(args, ctx) {
    if (args.related_to) return findRelatedTermsTool.run({ term: args.related_to, limit: 10 }, ctx);
    if (args.topic) return findMatchingClustersTool.run({ query: args.topic, limit: 3 }, ctx);
    const terms = await ctx.engine.glossary.list({ ...(args.origin ? { origin: args.origin } : {}), ...(args.text ? { text: args.text } : {}) });
    const text = terms.length
      ? terms
          .map(
            (t) =>
              `- ${t.term}${t.aliases.length ? ` (also: ${t.aliases.join(', ')})` : ''} [${t.origin}${t.validation.status === 'stale' ? ', STALE' : ''}]: ${clip(t.definition, 200)}`,
          )
          .join('\n')
      : 'no glossary terms match';
    return {
      structured: {
        count: terms.length,
        terms: terms.map((t) => ({
          term: t.term,
          definition: t.definition,
          aliases: t.aliases,
          origin: t.origin,
          base_table: t.baseTable,
          source: t.source,
          status: t.validation.status,
          ...staleView(t),
        })),
      },
      text,
    };
  },
});

export const getGlossarySqlTool = defineTool({
  name: 'get_glossary_sql',
  title: 'Get a term’s SQL',
  description: "A term's validated defining SQL, output columns and definition; by name or alias.",
  access: 'read',
  input: { term: termArg },
  async run(args, ctx) {
    const found = await ctx.engine.glossary.lookup(args.term);
    if (!found.success) return failed(found);
    const term = found.term;
    return { structured: { success: true, ...termView(term) }, text: termLines(term) };
  },
});

export const createGlossaryTermTool = defineTool({
  name: 'create_glossary_term',
  title: 'Create a glossary term',
  description:
    'Adds a business term with its defining SQL (one read-only SELECT). The SQL is run once as a LIMIT 1 probe in a read-only session before anything is stored; output columns are captured from it. Fails (success false) on a duplicate name, invalid SQL or a missing field.',
  access: 'write',
  input: {
    term: z.string().max(200).describe('Term name (required), unique in the project'),
    definition: z.string().max(4000).describe('What it means (required)'),
    defining_sql: z.string().max(20000).describe('One read-only SQL query that computes it (required)'),
    base_table: z.string().max(500).optional().describe('The relation it is about, e.g. "public.orders"'),
    aliases: aliasesArg.optional().describe('Other names for it, unique in the project'),
    source: z.string().max(100).optional().describe('Source the SQL runs on (needed when the project has several)'),
  },
  async run(args, ctx) {
    const result = await ctx.engine.glossary.create(
      {
        term: args.term,
        definition: args.definition,
        sql: args.defining_sql,
        ...(args.base_table ? { baseTable: args.base_table } : {}),
        ...(args.aliases ? { aliases: args.aliases } : {}),
        ...(args.source ? { source: args.source } : {}),
      },
      actorOf(ctx),
      'client',
    );
    if (!result.success) return failed(result);
    return { structured: { success: true, term: termView(result.term) }, text: `created\n${termLines(result.term)}` };
  },
});

export const updateGlossaryTermTool = defineTool({
  name: 'update_glossary_term',
  title: 'Update a glossary term',
  description:
    'Changes a term found by name or alias: only the fields given change; aliases, when given, replace the whole list. A new SQL is validated first. The term’s origin becomes "client". No fields: nothing changes.',
  access: 'write',
  input: {
    term: termArg,
    definition: z.string().max(4000).optional(),
    defining_sql: z.string().max(20000).optional(),
    base_table: z.string().max(500).optional().describe('"" clears it'),
    aliases: aliasesArg.optional().describe('Replaces every alias'),
    source: z.string().max(100).optional(),
  },
  async run(args, ctx) {
    const result = await ctx.engine.glossary.update(
      args.term,
      {
        ...(args.definition !== undefined ? { definition: args.definition } : {}),
        ...(args.defining_sql !== undefined ? { sql: args.defining_sql } : {}),
        ...(args.base_table !== undefined ? { baseTable: args.base_table.trim() === '' ? null : args.base_table } : {}),
        ...(args.aliases !== undefined ? { aliases: args.aliases } : {}),
        ...(args.source !== undefined ? { source: args.source } : {}),
      },
      actorOf(ctx),
      'client',
    );
    if (!result.success) return failed(result);
    return {
      structured: { success: true, term: termView(result.term) },
      text: `${result.changed ? 'updated' : 'nothing to change'}\n${termLines(result.term)}`,
    };
  },
});

export const deleteGlossaryTermTool = defineTool({
  name: 'delete_glossary_term',
  title: 'Delete a glossary term',
  description: 'Deletes a term found by name or alias, with its aliases. Any term may be deleted, whatever its origin.',
  access: 'write',
  input: { term: termArg },
  async run(args, ctx) {
    const result = await ctx.engine.glossary.remove(args.term, actorOf(ctx));
    if (!result.success) return failed(result);
    return { structured: { success: true, message: result.message }, text: result.message };
  },
});

export const findRelatedTermsTool = defineTool({
  name: 'find_related_terms',
  title: 'Find related glossary terms',
  description: 'Terms in the same cluster (KMeans over term meanings) as the term named or aliased, most similar first.',
  access: 'read',
  listed: false,
  input: { term: termArg, limit: z.number().int().min(1).max(50).default(10) },
  async run(args, ctx) {
    const found = await ctx.engine.glossary.lookup(args.term);
    if (!found.success) return failed(found);
    const related = await ctx.engine.glossary.relatedTerms(found.term.term, args.limit);
    const text = related.related.length
      ? `${related.term} (cluster "${related.cluster.label}"): ${related.related.map((r) => `${r.term} ${r.similarity.toFixed(2)}`).join(', ')}`
      : `${related.term} has no related terms yet`;
    return { structured: { success: true, ...related }, text };
  },
});

export const findMatchingClustersTool = defineTool({
  name: 'find_matching_clusters',
  title: 'Find glossary clusters for a question',
  description: 'Clusters of glossary terms whose meaning is close to the query, with their terms: a quick way to the business vocabulary of a topic.',
  access: 'read',
  listed: false,
  input: { query: z.string().min(1).max(1000), limit: z.number().int().min(1).max(20).default(3) },
  async run(args, ctx) {
    const result = await ctx.engine.glossary.matchingClusters(args.query, args.limit);
    const text = result.clusters.length
      ? result.clusters.map((c) => `${c.score.toFixed(2)} "${c.label}": ${c.terms.map((t) => t.term).join(', ')}`).join('\n')
      : `no glossary cluster matches "${args.query}"`;
    return { structured: { count: result.clusters.length, clusters: result.clusters }, text };
  },
});

export const GLOSSARY_TOOLS = [
  listGlossaryTool,
  getGlossarySqlTool,
  findRelatedTermsTool,
  findMatchingClustersTool,
  createGlossaryTermTool,
  updateGlossaryTermTool,
  deleteGlossaryTermTool,
] as const;
