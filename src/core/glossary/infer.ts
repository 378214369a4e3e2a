/**
 * @module core/glossary/infer
 * `sextant glossary infer`: an optional chat model proposes business terms from schema signals
 * (relation and column names, comments, keys, references). Conservative on purpose: the model
 * is told to propose nothing without evidence in the schema, every proposal must name a base
 * table of the batch it was shown and cite its evidence, and only proposals whose SQL passes the
 * same validation as a person's are stored (origin `inferred`). Responses are cached in the
 * index by model and prompt, so a re-run costs no requests.
 */
import { isJoinEdge, withoutCopiedJoins } from '../catalog/join-edges.js';
import { RELATION_KINDS, type CatalogObject } from '../../ports/catalog.js';
import type { ChatMessage, Llm } from '../../ports/llm.js';
import type { LlmCache } from '../../ports/glossary.js';
import type { CatalogStore } from '../../ports/store.js';
import { SextantError } from '../../kernel/errors.js';
import { sha256 } from '../../kernel/hash.js';
import type { ProgressFn } from '../../kernel/progress.js';
import { glossaryError, type GlossaryCore } from './glossary-service.js';

export interface InferOptions {
  project: string;
  source?: string;
  /** Terms to add at most (default 10). */
  limit?: number;
  /** Relations to show the model at most (default 40), those with comments first. */
  maxTables?: number;
  onProgress?: ProgressFn;
}

export interface InferReport {
  model: string;
  source: string;
  tables: number;
  requests: number;
  /** Requests answered from the cache. */
  cached: number;
  proposed: number;
  created: Array<{ term: string; baseTable: string | null; sql: string }>;
  rejected: Array<{ term: string; reason: string }>;
}

export const TABLES_PER_REQUEST = 6;

export const INFER_SYSTEM_PROMPT = `You propose business glossary terms for a database, from its schema only.
Rules:
- Propose a term only when the schema clearly supports it: a table or column comment, or unambiguous names, keys and references. When in doubt, propose nothing.
- Each term needs: "term" (a business name, e.g. "Active Customers"), "definition" (one or two sentences), "sql" (ONE read-only SELECT statement computing it, using only the tables and columns listed), "base_table" (the schema-qualified table it is about, one of those listed), "aliases" (other names people use, may be empty) and "evidence" (the comments or column names it rests on).
- Never invent tables, columns or values that are not listed. No data-modifying statements. No comments in the SQL.
- At most 3 terms per table. Prefer measures and segments people ask about (counts, totals, statuses).
Answer with JSON only: {"terms": [ ... ]}. If nothing is clearly supported, answer {"terms": []}.`;

interface Proposal {
  term: string;
  definition: string;
  sql: string;
  base_table: string;
  aliases: string[];
  evidence: string;
}

/** One relation as the model sees it: name, comment, columns with types, keys and references. */
export function describeRelation(relation: CatalogObject, children: readonly CatalogObject[], references: readonly string[]): string {
  const lines = [`table ${relation.path}${relation.comment ? ` -- ${relation.comment}` : ''}`];
  const columns = children.filter((c) => c.kind === 'column').sort((a, b) => Number(a.attributes.position ?? 0) - Number(b.attributes.position ?? 0));
  for (const c of columns) {
    const a = c.attributes;
    const flags = [
      a.isPrimaryKey ? 'primary key' : '',
      typeof a.references === 'string' ? `references ${a.references.split(':').pop()}` : '',
      Array.isArray(a.values) ? `values ${(a.values as string[]).join('|')}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(`  ${c.name} ${String(a.dataType ?? '')}${flags ? ` (${flags})` : ''}${c.comment ? ` -- ${c.comment}` : ''}`);
  }
  for (const r of references) lines.push(`  references ${r}`);
  return lines.join('\n');
}

function parseProposals(text: string): Proposal[] {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch {
    return [];
  }
  const terms = (parsed as { terms?: unknown }).terms;
  if (!Array.isArray(terms)) return [];
  return terms.flatMap((t): Proposal[] => {
    if (!t || typeof t !== 'object') return [];
    const o = t as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    return [
      {
        term: str(o.term),
        definition: str(o.definition),
        sql: str(o.sql),
        base_table: str(o.base_table),
        aliases: Array.isArray(o.aliases) ? o.aliases.filter((a): a is string => typeof a === 'string') : [],
        evidence: Array.isArray(o.evidence) ? o.evidence.map(String).join('; ') : str(o.evidence),
      },
    ];
  });
}

export async function inferTerms(
  deps: { store: CatalogStore & LlmCache; glossary: GlossaryCore; llm: () => Promise<Llm | null> },
  options: InferOptions,
): Promise<InferReport> {
  const llm = await deps.llm();
  if (!llm) {
    throw new SextantError('LLM_NOT_CONFIGURED', 'no LLM is configured, so no terms were inferred', {
      hint: 'set llm.url and llm.model (or SEXTANT_LLM_URL and SEXTANT_LLM_MODEL) to an OpenAI-compatible chat endpoint',
    });
  }
  const source = await deps.glossary.resolveSource(options.project, options.source);
  if ('success' in source) throw glossaryError(source);
  const limit = Math.max(1, Math.floor(options.limit ?? 10));
  const maxTables = Math.max(1, Math.floor(options.maxTables ?? 40));

  const relations = (await deps.store.listObjects({ source: source.name, kinds: RELATION_KINDS, limit: 10_000 })).items
    .sort((a, b) => Number(Boolean(b.comment)) - Number(Boolean(a.comment)) || (a.path < b.path ? -1 : 1))
    .slice(0, maxTables);
  const report: InferReport = {
    model: llm.modelId,
    source: source.name,
    tables: relations.length,
    requests: 0,
    cached: 0,
    proposed: 0,
    created: [],
    rejected: [],
  };

  for (let i = 0; i < relations.length && report.created.length < limit; i += TABLES_PER_REQUEST) {
    const batch = relations.slice(i, i + TABLES_PER_REQUEST);
    const described: string[] = [];
    for (const relation of batch) {
      const children = (await deps.store.listObjects({ parentId: relation.id, limit: 2000 })).items;
      const { outgoing } = await deps.store.edgesOf(relation.id);
      described.push(
        describeRelation(
          relation,
          children,
          // the joins an ORM declares where the database has no foreign key count as references too
          [
            ...new Set(
              withoutCopiedJoins(outgoing)
                .filter(isJoinEdge)
                .map((e) => e.toId.split(':').slice(2).join(':')),
            ),
          ],
        ),
      );
    }
    const messages: ChatMessage[] = [
      { role: 'system', content: INFER_SYSTEM_PROMPT },
      { role: 'user', content: `Schema of source "${source.name}":\n\n${described.join('\n\n')}` },
    ];
    const key = sha256(JSON.stringify({ model: llm.modelId, messages }));
    let answer = await deps.store.getCachedCompletion(key);
    report.requests += 1;
    if (answer !== null) report.cached += 1;
    else {
      answer = await llm.complete(messages, { json: true });
      await deps.store.putCachedCompletion(key, llm.modelId, answer);
    }
    options.onProgress?.({
      source: source.name,
      phase: 'model',
      done: Math.min(i + TABLES_PER_REQUEST, relations.length),
      total: relations.length,
      detail: 'inferring glossary terms',
    });

    const allowed = new Map(batch.map((r) => [r.path.toLowerCase(), r]));
    for (const p of parseProposals(answer)) {
      if (report.created.length >= limit) break;
      report.proposed += 1;
      const name = p.term || '(unnamed)';
      const table = allowed.get(p.base_table.toLowerCase()) ?? [...allowed.values()].find((r) => r.name.toLowerCase() === p.base_table.toLowerCase());
      const reason =
        !p.term || !p.definition || !p.sql
          ? 'incomplete proposal'
          : !p.evidence
            ? 'no evidence in the schema cited'
            : !table
              ? `base table '${p.base_table}' is not one of the tables shown`
              : null;
      if (reason) {
        report.rejected.push({ term: name, reason });
        continue;
      }
      const result = await deps.glossary.create(
        options.project,
        { term: p.term, definition: p.definition, sql: p.sql, source: source.name, baseTable: table!.path, aliases: p.aliases },
        { user: null, client: llm.modelId, via: 'infer' },
        'inferred',
      );
      if (result.success) report.created.push({ term: result.term.term, baseTable: result.term.baseTable, sql: result.term.sql });
      else report.rejected.push({ term: name, reason: result.error });
    }
  }
  return report;
}
