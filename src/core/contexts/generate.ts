/**
 * @module core/contexts/generate
 * `sextant context generate`: a chat model drafts contexts for tables and views that have none,
 * most cryptic first. Each subject is read from the index (never from the database, so never
 * from rows), shown to the model as numbered facts, and the answer is judged: only grounded
 * drafts are stored, with origin `inferred` and the facts they cite; everything else is skipped
 * with its reason. Answers are cached in the index by model and prompt, so a re-run (or the run
 * after a `--dry-run`) asks nothing twice.
 */
import { isJoinEdge, withoutCopiedJoins } from '../catalog/join-edges.js';
import { RELATION_KINDS, type CatalogEdge, type CatalogObject } from '../../ports/catalog.js';
import type { Embedder } from '../../ports/embedder.js';
import type { LlmCache } from '../../ports/glossary.js';
import type { Llm, LlmSettings } from '../../ports/llm.js';
import type { CatalogStore, ChunkIndex } from '../../ports/store.js';
import { SextantError } from '../../kernel/errors.js';
import { sha256 } from '../../kernel/hash.js';
import type { ProgressFn } from '../../kernel/progress.js';
import { resolveObject } from '../catalog/resolve-object.js';
import type { KindRegistry } from '../kinds/registry.js';
import { requireSource } from '../sources.js';
import { refreshSourceChunks } from './contexts.js';
import { schemaOf } from './effective.js';
import { buildDraftPrompt, crypticScore, judgeDraftAnswer, type DraftNeighbour, type DraftSubject } from './draft-prompt.js';

export interface GenerateDeps {
  store: CatalogStore & ChunkIndex & LlmCache;
  kinds: KindRegistry;
  embedder: () => Promise<Embedder | null>;
  lexical?: (text: string) => string;
  llm: (settings?: LlmSettings) => Promise<Llm | null>;
}

export interface GenerateOptions {
  source?: string;
  /** One object (id or sextant:// URI) instead of a source's candidates. */
  object?: string;
  /** Objects to draft at most (default 20). */
  limit?: number;
  /** Print drafts, store nothing (answers are still cached). */
  dryRun?: boolean;
  /** Endpoint settings that override the configured llm.* ones. */
  llm?: LlmSettings;
  onProgress?: ProgressFn;
}

export interface DraftResult {
  objectId: string;
  kind: string;
  path: string;
  status: 'drafted' | 'stored' | 'skipped';
  context?: string;
  /** The cited facts, as shown to the model. */
  evidence?: string[];
  reason?: string;
  /** Answered from the index's LLM cache. */
  cached: boolean;
  contextId?: number;
}

export interface GenerateReport {
  model: string;
  dryRun: boolean;
  /** Objects without a context that could be drafted (before --limit). */
  candidates: number;
  requests: number;
  cached: number;
  stored: number;
  skipped: number;
  chunksUpdated: number;
  results: DraftResult[];
}

export const DEFAULT_DRAFT_LIMIT = 20;

/** Reads one relation's subject from the index: its columns, constraints and neighbours' names and comments. */
export async function draftSubject(store: CatalogStore, object: CatalogObject): Promise<DraftSubject> {
  const children = (await store.listObjects({ parentId: object.id, limit: 5000 })).items;
  const columns = children
    .filter((c) => c.kind === 'column')
    .sort((a, b) => Number(a.attributes.position ?? 0) - Number(b.attributes.position ?? 0))
    .map((c) => ({
      name: c.name,
      dataType: String(c.attributes.dataType ?? ''),
      nullable: c.attributes.nullable !== false,
      primaryKey: c.attributes.isPrimaryKey === true,
      references: typeof c.attributes.references === 'string' ? c.attributes.references.split(':').slice(2).join(':') : null,
      comment: c.comment,
    }));
  const constraints = children
    .filter((c) => c.kind === 'constraint' && c.definition && !['primary_key', 'foreign_key'].includes(String(c.attributes.type)))
    .map((c) => `${c.name}: ${c.definition}`);
  // a join the code declares where the database has no foreign key (an ORM relation) is a reference all the same
  const edges = await store.edgesOf(object.id);
  const outgoing = withoutCopiedJoins(edges.outgoing);
  const incoming = withoutCopiedJoins(edges.incoming);
  const neighbours: DraftNeighbour[] = [];
  const seen = new Set<string>();
  const add = async (edge: CatalogEdge, otherId: string, relation: DraftNeighbour['relation']) => {
    // two keys to one table (created_by, updated_by) are two facts
    const key = `${relation} ${otherId} ${keyColumns(edge, relation) ?? ''}`;
    if (seen.has(key) || otherId === object.id) return;
    seen.add(key);
    const other = await store.getObject(otherId);
    if (!other) return;
    neighbours.push({ relation, kind: other.kind, path: other.path, columns: keyColumns(edge, relation), comment: other.comment });
  };
  for (const e of outgoing) if (isJoinEdge(e) || e.kind === 'depends_on') await add(e, e.toId, isJoinEdge(e) ? 'references' : 'reads from');
  for (const e of incoming) if (isJoinEdge(e) || e.kind === 'depends_on') await add(e, e.fromId, isJoinEdge(e) ? 'referenced by' : 'read by');
  const schema = schemaOf(object);
  const inherited = (await store.listContexts(object.source))
    .filter((c) => c.origin === 'manual' && (c.targetKind === 'source' || (c.targetKind === 'schema' && c.target === schema)))
    .map((c) => `on ${c.targetKind} ${c.target}: ${c.text}`);
  return {
    id: object.id,
    source: object.source,
    kind: object.kind,
    path: object.path,
    name: object.name,
    comment: object.comment,
    definition: object.kind.includes('view') ? object.definition : null,
    columns,
    constraints,
    neighbours,
    ...(inherited.length ? { inherited } : {}),
  };
}

function keyColumns(edge: CatalogEdge, relation: DraftNeighbour['relation']): string | null {
  const from = edge.attributes.columns;
  const to = edge.attributes.referencedColumns;
  if (!Array.isArray(from) || !Array.isArray(to)) return null;
  return relation === 'references' ? `${from.join(', ')} → ${to.join(', ')}` : `${to.join(', ')} ← ${from.join(', ')}`;
}

async function candidates(deps: GenerateDeps, options: GenerateOptions): Promise<{ subjects: DraftSubject[]; total: number }> {
  const contexts = await deps.store.listContexts(options.source);
  const described = new Set(contexts.filter((c) => c.targetKind === 'object').map((c) => c.target));
  if (options.object) {
    const object = await resolveObject(deps.store, options.object, deps.kinds);
    if (!RELATION_KINDS.includes(object.kind)) {
      throw new SextantError('USAGE', `context generate drafts tables and views; ${object.id} is a ${object.kind}`, {
        hint: 'pass a table or view, or --source to draft every one without a context',
      });
    }
    if (options.source && object.source !== options.source) throw new SextantError('USAGE', `${object.id} is not in source '${options.source}'`);
    const own = (await deps.store.listContexts(object.source)).find((c) => c.targetKind === 'object' && c.target === object.id);
    if (own) {
      throw new SextantError('USAGE', `${object.id} already has a context (#${own.id}, ${own.origin})`, {
        hint: `remove it first with \`sextant context rm ${own.id}\` to draft a new one`,
      });
    }
    return { subjects: [await draftSubject(deps.store, object)], total: 1 };
  }
  const sources = options.source ? [(await requireSource(deps.store, options.source)).name] : (await deps.store.listSources()).map((s) => s.name);
  const scored: Array<{ object: CatalogObject; score: number }> = [];
  for (const source of sources) {
    const relations = (await deps.store.listObjects({ source, kinds: RELATION_KINDS, limit: 100_000 })).items.filter((r) => !described.has(r.id));
    const columns = new Map<string, CatalogObject[]>();
    for (const c of (await deps.store.listObjects({ source, kinds: ['column'], limit: 1_000_000 })).items) {
      const list = columns.get(c.parentId ?? '');
      if (list) list.push(c);
      else columns.set(c.parentId ?? '', [c]);
    }
    for (const object of relations) {
      const own = (columns.get(object.id) ?? []).map((c) => ({ name: c.name, comment: c.comment }));
      scored.push({ object, score: crypticScore({ name: object.name, comment: object.comment, columns: own }) });
    }
  }
  scored.sort((a, b) => b.score - a.score || (a.object.id < b.object.id ? -1 : 1));
  const limit = Math.max(1, Math.floor(options.limit ?? DEFAULT_DRAFT_LIMIT));
  const subjects: DraftSubject[] = [];
  for (const { object } of scored.slice(0, limit)) subjects.push(await draftSubject(deps.store, object));
  return { subjects, total: scored.length };
}

export async function generateContexts(deps: GenerateDeps, options: GenerateOptions = {}): Promise<GenerateReport> {
  const llm = await deps.llm(options.llm);
  if (!llm) {
    throw new SextantError('LLM_NOT_CONFIGURED', 'no chat model is configured, so no contexts were drafted', {
      hint: 'pass --base-url and --model (and --api-key-env), or set llm.url and llm.model (SEXTANT_LLM_URL, SEXTANT_LLM_MODEL)',
    });
  }
  const { subjects, total } = await candidates(deps, options);
  const dryRun = Boolean(options.dryRun);
  const report: GenerateReport = {
    model: llm.modelId,
    dryRun,
    candidates: total,
    requests: 0,
    cached: 0,
    stored: 0,
    skipped: 0,
    chunksUpdated: 0,
    results: [],
  };
  const touched = new Set<string>();
  try {
    for (const [i, subject] of subjects.entries()) {
      report.results.push(await draftOne(deps, llm, subject, dryRun, report));
      const last = report.results.at(-1)!;
      if (last.status === 'stored') touched.add(subject.source);
      options.onProgress?.({ source: subject.source, phase: 'model', done: i + 1, total: subjects.length, detail: `drafting contexts: ${subject.path}` });
    }
  } finally {
    if (touched.size > 0) {
      const embedder = await deps.embedder();
      const contextDeps = { store: deps.store, kinds: deps.kinds, embedder, ...(deps.lexical ? { lexical: deps.lexical } : {}) };
      for (const source of touched) report.chunksUpdated += await refreshSourceChunks(contextDeps, source);
    }
  }
  report.skipped = report.results.filter((r) => r.status === 'skipped').length;
  report.stored = report.results.filter((r) => r.status === 'stored').length;
  return report;
}

async function draftOne(deps: GenerateDeps, llm: Llm, subject: DraftSubject, dryRun: boolean, report: GenerateReport): Promise<DraftResult> {
  const base = { objectId: subject.id, kind: subject.kind, path: subject.path };
  if (subject.columns.length === 0 && !subject.comment && !subject.definition) {
    return { ...base, status: 'skipped', reason: 'nothing to go on: no columns, comment or definition', cached: false };
  }
  const { messages, facts } = buildDraftPrompt(subject);
  const key = sha256(JSON.stringify({ task: 'context-draft', model: llm.modelId, messages }));
  let answer = await deps.store.getCachedCompletion(key);
  const cached = answer !== null;
  report.requests += 1;
  if (cached) report.cached += 1;
  else {
    answer = await llm.complete(messages, { json: true });
    await deps.store.putCachedCompletion(key, llm.modelId, answer);
  }
  const verdict = judgeDraftAnswer(answer!, facts);
  if (verdict.status === 'skipped') return { ...base, status: 'skipped', reason: verdict.reason, cached };
  const evidence = verdict.evidence.map((f) => f.text);
  if (dryRun) return { ...base, status: 'drafted', context: verdict.context, evidence, cached };
  const stored = await deps.store.addContext({
    source: subject.source,
    targetKind: 'object',
    target: subject.id,
    text: verdict.context,
    origin: 'inferred',
    evidence,
  });
  return { ...base, status: 'stored', context: verdict.context, evidence, cached, contextId: stored.id };
}
