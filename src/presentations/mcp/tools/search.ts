/**
 * @module presentations/mcp/tools/search
 * `search` (lexical, BM25) and `deep_search` (hybrid: BM25 + vectors fused with RRF, optional
 * rerank, related chunks, and per-table column ranking). Thin: the core runs the pipeline.
 */
import { mcpHint } from '../remedy-hints.js';
import { spellingLine } from '../../text/spelling-text.js';
import { z } from 'zod';
import type { RankedField, SearchHit, SearchResult } from '../../../core/search/types.js';
import { defineTool, type ToolContext } from '../tool-registry.js';
import type { ToolOutput } from '../tool-result.js';
import { checkKinds, kindsArg, sourcesArg } from './common.js';

export const MAX_TOP_K = 50;

interface HitView {
  id: string;
  kind: string;
  source: string;
  name: string;
  score: number;
  snippet: string;
  related?: true;
  /** Generated code (a tool wrote it): ranked after hand-written hits of comparable score. */
  generated?: true;
  chunk?: string;
  fields?: RankedField[];
}

function view(hit: SearchHit, fields?: RankedField[]): HitView {
  return {
    id: hit.objectId,
    kind: hit.kind,
    source: hit.source,
    name: hit.name,
    score: hit.score,
    snippet: hit.snippet,
    ...(hit.related ? { related: true as const } : {}),
    ...(hit.generated ? { generated: true as const } : {}),
    ...(hit.id !== hit.objectId ? { chunk: hit.id } : {}),
    ...(fields?.length ? { fields } : {}),
  };
}

function render(result: SearchResult, hits: HitView[], topK: number, truncated: boolean): string {
  const lines = hits.map((h, i) => {
    const head = `${i + 1}. ${h.score.toFixed(3)} ${h.kind} ${h.id}${h.related ? ' (related)' : ''}${h.generated ? ' (generated)' : ''}`;
    const fields = h.fields?.length ? `\n   fields: ${h.fields.map((f) => `${f.name} ${f.score.toFixed(2)}`).join(', ')}` : '';
    return `${head}\n   ${h.snippet}${fields}`;
  });
  const spelling = spellingLine(result, 'the query in double quotes');
  if (spelling) lines.unshift(spelling);
  if (!hits.length) lines.push(result.notice ?? `no results for "${result.query}"; try other words, fewer filters, or deep_search`);
  const hint = !hits.length && result.remedy ? mcpHint({ remedy: result.remedy }) : undefined;
  if (hint) lines.push(`hint: ${hint}`);
  if (truncated) lines.push(`[truncated: more than ${topK} hits; raise top_k (max ${MAX_TOP_K}) or narrow with kinds/sources]`);
  if (result.rerank?.error) lines.push(`rerank hook failed, fused order kept: ${result.rerank.error}`);
  return lines.join('\n');
}

interface SearchArgs {
  query: string;
  top_k: number;
  kinds?: string[] | undefined;
  sources?: string[] | undefined;
  min_score?: number | undefined;
  fields_query?: string | undefined;
  include_related?: boolean | undefined;
}

async function runSearch(mode: 'lexical' | 'hybrid', args: SearchArgs, ctx: ToolContext): Promise<ToolOutput> {
  checkKinds(ctx, args.kinds);
  const options = {
    limit: args.top_k + 1,
    ...(args.sources?.length ? { sources: args.sources } : {}),
    ...(args.kinds?.length ? { kinds: args.kinds } : {}),
    ...(args.min_score !== undefined ? { minScore: args.min_score } : {}),
    ...(args.include_related ? { includeRelated: true } : {}),
    ...(args.fields_query ? { fieldsQuery: args.fields_query } : {}),
  };
  const result = mode === 'lexical' ? await ctx.engine.search(args.query, options) : await ctx.engine.query(args.query, options);
  const direct = result.hits.filter((h) => !h.related);
  const truncated = direct.length > args.top_k;
  const kept = [...direct.slice(0, args.top_k), ...result.hits.filter((h) => h.related)];
  const hits = kept.map((h) => view(h, h.fields));
  return {
    structured: {
      query: result.query,
      mode: result.mode,
      count: hits.length,
      truncated,
      hits,
      ...(result.confidence !== null ? { confidence: result.confidence } : {}),
      ...(result.notice ? { notice: result.notice } : {}),
      ...(result.remedy ? { hint: mcpHint({ remedy: result.remedy }) } : {}),
      ...(result.suggestion ? { suggestion: result.suggestion } : {}),
      ...(result.correctedFrom ? { corrected_from: result.correctedFrom } : {}),
      ...(result.rerank ? { rerank: result.rerank } : {}),
      took_ms: result.tookMs,
    },
    text: render(result, hits, args.top_k, truncated),
  };
}

const queryArg = z.string().trim().min(1).max(1000).describe('What to find, in words or identifiers');
const minScoreArg = z.number().min(0).max(1).optional();

export const searchTool = defineTool({
  name: 'search',
  title: 'Lexical search',
  description: "Exact keyword (BM25) search over object names, comments, definitions, contexts and this session's documents. deep_search also matches meaning.",
  access: 'read',
  listed: false,
  input: {
    query: queryArg,
    top_k: z.number().int().min(1).max(MAX_TOP_K).default(10).describe('Hits to return'),
    kinds: kindsArg,
    sources: sourcesArg,
    min_score: minScoreArg,
  },
  run: (args, ctx) => runSearch('lexical', args, ctx),
});

export const deepSearchTool = defineTool({
  name: 'deep_search',
  title: 'Hybrid search',
  description: 'Best first move: keywords and meaning over every kind (tables, columns, GraphQL, API, documents, code, terms).',
  access: 'read',
  input: {
    query: queryArg,
    top_k: z.number().int().min(1).max(MAX_TOP_K).default(5),
    min_score: minScoreArg,
    kinds: kindsArg,
    sources: sourcesArg,
    fields_query: z.string().trim().min(1).max(500).optional().describe("Ranks each table hit's columns"),
    include_related: z.boolean().optional().describe('Add objects sharing entities'),
    mode: z.enum(['hybrid', 'lexical']).default('hybrid'),
  },
  run: (args, ctx) => runSearch(args.mode, args, ctx),
});
