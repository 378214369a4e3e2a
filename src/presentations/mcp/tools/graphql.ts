/**
 * @module presentations/mcp/tools/graphql
 * Stepwise discovery of GraphQL (Hugr) sources, sized for an agent: `list_data_sources`,
 * `list_modules` (one level, with counts), `list_data_objects` (a module's data objects and
 * functions), `describe` of a GraphQL object (through the shared describe tool), and
 * `graphql_query`, which runs with the caller's own token. Thin: every rule lives in core.
 */
import { z } from 'zod';
import type { GraphqlQueryResult } from '../../../core/graphql/graphql-service.js';
import { SextantError } from '../../../kernel/errors.js';
import { defineTool } from '../tool-registry.js';
import { clip } from './common.js';

const sourceArg = z.string().trim().min(1).max(100).optional().describe('GraphQL source; default all');

export const listDataSourcesTool = defineTool({
  name: 'list_data_sources',
  title: 'GraphQL data sources',
  description: 'Data sources behind GraphQL (Hugr) sources: engine, type-name prefix, as_module, read-only.',
  access: 'read',
  listed: false,
  input: { source: sourceArg },
  async run(args, ctx) {
    const items = await ctx.engine.graphql.listDataSources(args.source);
    const lines = items.map(
      (d) =>
        `${d.id}  ${d.engine}${d.prefix ? ` prefix=${d.prefix}` : ''}${d.asModule ? ' as_module' : ''}${d.readOnly ? ' read_only' : ''}${d.description ? ` -- ${clip(d.description, 160)}` : ''}`,
    );
    return { structured: { data_sources: items }, text: lines.join('\n') || 'no GraphQL data sources indexed' };
  },
});

export const listModulesTool = defineTool({
  name: 'list_modules',
  title: 'GraphQL modules',
  description: 'GraphQL modules one level at a time (top level, or children of parent) with counts of submodules, data objects, functions.',
  access: 'read',
  listed: false,
  input: { source: sourceArg, parent: z.string().trim().max(500).optional().describe('Module path, e.g. "analytics.finance"') },
  async run(args, ctx) {
    const items = await ctx.engine.graphql.listModules({ ...(args.source ? { source: args.source } : {}), ...(args.parent ? { parent: args.parent } : {}) });
    const lines = items.map(
      (m) =>
        `${m.id}  ${m.counts.submodules} submodules, ${m.counts.dataObjects} data objects, ${m.counts.functions} functions${m.description ? ` -- ${clip(m.description, 160)}` : ''}`,
    );
    return { structured: { parent: args.parent ?? null, modules: items }, text: lines.join('\n') || `no modules under ${args.parent ?? 'the top level'}` };
  },
});

export const listDataObjectsTool = defineTool({
  name: 'list_data_objects',
  title: 'Module members',
  description: 'Data objects (tables, views) and functions directly in one GraphQL module ("" = root), with paths.',
  access: 'read',
  listed: false,
  input: { source: sourceArg, module: z.string().trim().max(500).describe('Module path, e.g. "crm"') },
  async run(args, ctx) {
    const r = await ctx.engine.graphql.listDataObjects({ module: args.module, ...(args.source ? { source: args.source } : {}) });
    const lines = [
      ...r.dataObjects.map((o) => `data_object ${o.id}  ${o.graphqlPath ?? ''}${o.description ? ` -- ${clip(o.description, 160)}` : ''}`),
      ...r.functions.map(
        (f) => `${f.mutating ? 'mutating function' : 'function'} ${f.id}  ${f.graphqlPath ?? ''}${f.description ? ` -- ${clip(f.description, 160)}` : ''}`,
      ),
    ];
    return {
      structured: r as unknown as Record<string, unknown>,
      text: lines.join('\n') || `module '${args.module}' has no data objects or functions of its own; try list_modules with parent "${args.module}"`,
    };
  },
});

function ranAsText(ranAs: GraphqlQueryResult['ranAs']): string | null {
  if (!ranAs) return null;
  return 'unknown' in ranAs ? `ran as: not reported (${ranAs.unknown})` : `ran as: ${ranAs.userName || ranAs.userId} (role ${ranAs.role}, ${ranAs.authType})`;
}

function renderResult(r: GraphqlQueryResult): string {
  const lines: string[] = [];
  const who = ranAsText(r.ranAs);
  if (who) lines.push(who);
  for (const note of r.notes ?? []) lines.push(`note: ${note}`);
  for (const t of r.tables) {
    const total = `${t.atLeast ? 'at least ' : ''}${t.total}`;
    lines.push(`${t.path}: ${t.rows.length} of ${total} rows${t.truncated ? ' [truncated: raise row_limit or narrow the filter]' : ''}`);
    lines.push(`  ${t.columns.join(' | ')}`);
    for (const row of t.rows) lines.push(`  ${row.map((v) => (v === null ? '∅' : String(v))).join(' | ')}`);
  }
  for (const v of r.values) lines.push(`${v.path}: ${JSON.stringify(v.value)}`);
  return r.tables.length || r.values.length ? lines.join('\n') : [...lines, 'no data'].join('\n');
}

export const graphqlQueryTool = defineTool({
  name: 'graphql_query',
  title: 'GraphQL query',
  description: 'Run a GraphQL operation as the calling user (validated first); compact tables with totals. Mutations need developer tools.',
  access: 'read',
  annotations: { readOnlyHint: false, openWorldHint: true },
  input: {
    source: z.string().trim().min(1).max(100),
    query: z.string().min(1).max(100_000),
    variables: z.record(z.string(), z.unknown()).optional(),
    operation_name: z.string().max(200).optional(),
    format: z.enum(['json', 'arrow']).default('json').describe('arrow: Hugr /ipc'),
    row_limit: z.number().int().min(1).max(1000).default(50),
  },
  async run(args, ctx) {
    const result = await ctx.engine.graphql.query({
      source: args.source,
      query: args.query,
      ...(args.variables ? { variables: args.variables } : {}),
      ...(args.operation_name ? { operationName: args.operation_name } : {}),
      format: args.format,
      rowLimit: args.row_limit,
      userToken: ctx.userToken?.() ?? null,
    });
    if (result.ranAs) ctx.logger.info({ tool: 'graphql_query', source: args.source, session: ctx.session, ranAs: result.ranAs }, 'graphql query identity');
    if (!result.success) {
      // a failed operation is a tool error the agent can act on: what failed, the hints, nearest names
      const what = result.failedAt === 'validation' ? 'invalid GraphQL operation (nothing ran)' : 'the server refused the GraphQL operation';
      const hints = result.errors.map((e) => e.hint).filter(Boolean);
      throw new SextantError(result.failedAt === 'validation' ? 'USAGE' : 'UPSTREAM_FAILED', `${what}: ${result.errors.map((e) => e.message).join('; ')}`, {
        ...(hints.length ? { hint: hints.join('; ') } : { hint: 'fix the operation (describe gives a ready one), then retry' }),
        details: { suggestions: result.errors.flatMap((e) => e.suggestions ?? []) },
      });
    }
    return { structured: result as unknown as Record<string, unknown>, text: renderResult(result) };
  },
});

export const GRAPHQL_TOOLS = [listDataSourcesTool, listModulesTool, listDataObjectsTool, graphqlQueryTool] as const;
