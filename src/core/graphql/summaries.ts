/**
 * @module core/graphql/summaries
 * Optional business-friendly long descriptions of GraphQL elements (data sources, modules, data
 * objects and their fields), written by the configured chat model and attached as
 * `attributes.summary`, which the chunks index. Answers are cached by a hash of the prompt, and
 * the prompt is built from the element's own content: an unchanged element gets its stored
 * summary back without a model call (and keeps its resource hash), a changed one gets a new one,
 * and single-element updates keep the summaries of everything else.
 */
import type { CatalogObject, SourceSnapshot } from '../../ports/catalog.js';
import type { Connector } from '../../ports/connector.js';
import type { ChatMessage, Llm } from '../../ports/llm.js';
import type { LlmCache } from '../../ports/glossary.js';

import { sha256 } from '../../kernel/hash.js';
import type { ProgressFn } from '../../kernel/progress.js';

const SYSTEM = `You write short business-friendly descriptions of data-API elements for analysts and AI agents.
Say what the element holds or does and when to use it, in plain words, 1-3 sentences. Use only the facts given; never invent values.
Answer JSON: {"summary": "..."} and, when fields are listed, also "fields": {"<field name>": "<one sentence>"}.`;

const CONCURRENCY = 4;

export interface SummaryStats {
  requested: number;
  cached: number;
  failed: number;
}

function describeObject(o: CatalogObject, children: readonly CatalogObject[]): string {
  const a = o.attributes;
  const lines = [`${o.kind.replace('_', ' ')} "${o.path}"${o.comment ? `: ${o.comment}` : ''}`];
  if (o.kind === 'data_source') lines.push(`engine ${String(a.engine ?? '')}${a.readOnly ? ', read only' : ''}`);
  if (o.kind === 'data_object')
    lines.push(`GraphQL type ${String(a.typeName)}, original name ${String(a.originalName)}, ${String(a.objectKind)} of data source ${String(a.dataSource)}`);
  const fields = children.filter((c) => c.kind === 'graphql_field');
  if (fields.length) lines.push('fields:', ...fields.map((f) => `- ${f.name}: ${String(f.attributes.dataType ?? '')}${f.comment ? ` -- ${f.comment}` : ''}`));
  const members = children.filter((c) => c.kind !== 'graphql_field' && c.kind !== 'graphql_query');
  if (members.length) lines.push(`contains: ${members.map((m) => `${m.kind.replace('_', ' ')} ${m.name}`).join(', ')}`);
  return lines.join('\n');
}

function parseAnswer(text: string): { summary: string; fields: Record<string, string> } | null {
  try {
    const v = JSON.parse(text.replace(/^```(json)?\s*|\s*```$/g, '')) as { summary?: unknown; fields?: unknown };
    if (typeof v.summary !== 'string' || !v.summary.trim()) return null;
    const fields: Record<string, string> = {};
    if (v.fields && typeof v.fields === 'object') for (const [k, x] of Object.entries(v.fields)) if (typeof x === 'string' && x.trim()) fields[k] = x.trim();
    return { summary: v.summary.trim(), fields };
  } catch {
    return null;
  }
}

/** Attaches summaries to the summarisable objects in place. Never throws for a model failure. */
export async function attachSummaries(
  objects: CatalogObject[],
  llm: Llm,
  store: LlmCache,
  onProgress?: (done: number, total: number) => void,
): Promise<SummaryStats> {
  const children = new Map<string, CatalogObject[]>();
  for (const o of objects) if (o.parentId) (children.get(o.parentId) ?? children.set(o.parentId, []).get(o.parentId)!).push(o);
  const targets = objects.filter((o) => o.kind === 'data_source' || o.kind === 'module' || o.kind === 'data_object');
  const stats: SummaryStats = { requested: 0, cached: 0, failed: 0 };
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < targets.length) {
      const o = targets[next++]!;
      const kids = children.get(o.id) ?? [];
      const messages: ChatMessage[] = [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: describeObject(o, kids) },
      ];
      const key = sha256(JSON.stringify({ purpose: 'graphql-summary', model: llm.modelId, messages }));
      stats.requested++;
      let answer = await store.getCachedCompletion(key);
      if (answer !== null) stats.cached++;
      else {
        try {
          answer = await llm.complete(messages, { json: true });
          if (parseAnswer(answer)) await store.putCachedCompletion(key, llm.modelId, answer);
        } catch {
          answer = null;
        }
      }
      const parsed = answer === null ? null : parseAnswer(answer);
      if (!parsed) stats.failed++;
      else {
        o.attributes = { ...o.attributes, summary: parsed.summary };
        for (const f of kids) if (f.kind === 'graphql_field' && parsed.fields[f.name]) f.attributes = { ...f.attributes, summary: parsed.fields[f.name] };
      }
      onProgress?.(++done, targets.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, targets.length) }, worker));
  return stats;
}

/** Wraps a GraphQL connector so full and single-element snapshots carry summaries when a model is configured. */
export function withSummaries(
  connector: Connector,
  deps: { store: LlmCache; llm?: () => Promise<Llm | null>; onProgress?: ProgressFn; source: string },
): Connector {
  if (!deps.llm) return connector;
  const llmOf = deps.llm;
  const progress = (done: number, total: number) =>
    deps.onProgress?.({ source: deps.source, phase: 'model', done, total, detail: 'summarising GraphQL elements' });
  const summarise = async (objects: CatalogObject[]) => {
    const llm = await llmOf();
    if (llm) await attachSummaries(objects, llm, deps.store, progress);
  };
  return {
    ...connector,
    async introspect(source, options) {
      const snapshot: SourceSnapshot = await connector.introspect(source, options);
      await summarise(snapshot.objects);
      return snapshot;
    },
    ...(connector.introspectElement
      ? {
          async introspectElement(source, element, stored, options) {
            const part = await connector.introspectElement!(source, element, stored, options);
            await summarise(part.objects);
            return part;
          },
        }
      : {}),
  };
}
