/**
 * @module core/store/copy-index
 * `sextant store copy`: moves a whole index from one store to another through the Store port
 * (so any pair of adapters works), then proves the copy by counts and content hashes computed the
 * same way on both sides.
 *
 * Copied: sources with their objects, edges, resource hashes and last outcome; chunks with their
 * vectors and entity links; effective and human contexts; projects; tokens (hashes); glossary
 * terms (ids, authors and dates kept) with their index rows and their whole change history;
 * sessions with their documents and the documents' chunks, vectors and entities; the LLM cache.
 * Not kept: a human context's id (the target numbers them anew).
 */
import { createHash } from 'node:crypto';
import { SextantError } from '../../kernel/errors.js';
import type { ProgressFn } from '../../kernel/progress.js';
import type { CatalogObject, ChunkWrite, EntityMention } from '../../ports/catalog.js';
import type { GlossaryTerm, TermIndexWrite } from '../../ports/glossary.js';
import type { Store } from '../../ports/store.js';
import { TERM_KIND, termObjectId } from '../glossary/term-index.js';

/** Chunks read, written and verified per batch. */
const BATCH = 500;

/**
 * What a copied source says until the whole copy is written: a copy killed halfway leaves a
 * target whose `status` shows it, which `store copy` names, and whose sources `update` reads
 * again in full (their hash matches no source).
 */
export const INCOMPLETE_COPY = 'incomplete: `sextant store copy` into this store did not finish';
const INCOMPLETE_HASH = 'incomplete-copy';

export interface IndexDigest {
  counts: Record<string, number>;
  /** sha256 per part, over a canonical, order-independent listing of its rows. */
  hashes: Record<string, string>;
}

/**
 * What a copy did. Its only counts are the two digests' (the target's is what arrived), so a
 * summary and the per-part table printed from them cannot disagree.
 */
export interface CopyReport {
  source: IndexDigest;
  target: IndexDigest;
  /** Parts whose count or hash differ (empty: the copy is verified). */
  mismatches: string[];
}

/** Counts and hashes of what a copy carries, read through the port. */
export async function digestIndex(store: Store): Promise<IndexDigest> {
  const parts: Record<string, string[]> = {
    sources: [],
    objects: [],
    edges: [],
    chunks: [],
    vectors: [],
    entities: [],
    contexts: [],
    projects: [],
    tokens: [],
    terms: [],
    termChunks: [],
    glossaryHistory: [],
    sessions: [],
    sessionDocuments: [],
    sessionChunks: [],
    llmCache: [],
  };
  const chunkRows = async (part: string[], ids: readonly string[]) => {
    const vectors = await store.vectorsOf(ids);
    const entities = await store.entitiesOf(ids);
    for (const c of await store.getChunks(ids)) part.push(JSON.stringify([c, vectorText(vectors.get(c.id)), entities.get(c.id) ?? []]));
  };
  for (const s of await store.listSources()) {
    parts.sources!.push(JSON.stringify([s.name, s.type, s.url, s.options, s.sourceHash]));
    for (const o of await store.sourceObjects(s.name)) parts.objects!.push(JSON.stringify(canonicalObject(o)));
    for (const e of await store.sourceEdges(s.name)) parts.edges!.push(JSON.stringify([e.fromId, e.toId, e.kind, e.resource, e.attributes]));
    for (const c of await store.listContexts(s.name))
      parts.contexts!.push(JSON.stringify([c.source, c.targetKind, c.target, c.text, c.origin, c.evidence ?? null, c.createdAt]));
    const ids = [...(await store.chunkHashes(s.name)).keys()];
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      for (const c of await store.getChunks(batch)) parts.chunks!.push(JSON.stringify(c));
      for (const [id, v] of await store.vectorsOf(batch)) parts.vectors!.push(`${id} ${vectorText(v)}`);
      for (const [id, links] of await store.entitiesOf(batch)) parts.entities!.push(JSON.stringify([id, links]));
    }
  }
  for (const p of await store.listProjects()) parts.projects!.push(JSON.stringify(p));
  for (const t of await store.listTokens()) parts.tokens!.push(JSON.stringify(t));
  const terms = await store.listTerms();
  for (const t of terms) parts.terms!.push(JSON.stringify(t));
  await chunkRows(
    parts.termChunks!,
    terms.map((t) => termObjectId(t.source, t.project, t.term)),
  );
  for (const c of await store.allGlossaryHistory()) parts.glossaryHistory!.push(JSON.stringify(c));
  for (const session of await store.listSessions()) {
    parts.sessions!.push(JSON.stringify(session));
    for (const d of await store.listSessionDocuments(session.id)) parts.sessionDocuments!.push(JSON.stringify(d));
    await chunkRows(parts.sessionChunks!, await store.sessionChunkIds(session.id));
  }
  for (const c of await store.listCachedCompletions()) parts.llmCache!.push(JSON.stringify(c));
  const counts: Record<string, number> = {};
  const hashes: Record<string, string> = {};
  for (const [name, rows] of Object.entries(parts)) {
    counts[name] = rows.length;
    hashes[name] = createHash('sha256').update(rows.sort().join('\n')).digest('hex');
  }
  return { counts, hashes };
}

function vectorText(v: Float32Array | undefined): string | null {
  return v ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') : null;
}

function canonicalObject(o: CatalogObject): unknown[] {
  return [o.id, o.source, o.kind, o.path, o.name, o.parentId, o.resource, o.comment, o.definition, o.attributes];
}

function toMention(link: {
  name: string;
  displayName: string;
  semanticType: EntityMention['semanticType'];
  nerType: EntityMention['nerType'];
  confidence: number;
}): EntityMention {
  return { name: link.name, displayName: link.displayName, semanticType: link.semanticType, nerType: link.nerType, confidence: link.confidence };
}

/** Chunk writes (with vectors and entities) of the given ids. */
async function chunkWrites(from: Store, ids: readonly string[]): Promise<ChunkWrite[]> {
  const vectors = await from.vectorsOf(ids);
  const entities = await from.entitiesOf(ids);
  return (await from.getChunks(ids)).map((chunk) => ({
    chunk,
    vector: vectors.get(chunk.id) ?? null,
    entities: (entities.get(chunk.id) ?? []).map(toMention),
  }));
}

/** Copies everything of `from` into the empty store `to`, then verifies it. */
export async function copyIndex(from: Store, to: Store, onProgress?: ProgressFn): Promise<CopyReport> {
  const present = await to.listSources();
  if (present.some((s) => s.lastUpdate?.message === INCOMPLETE_COPY)) {
    throw new SextantError('USAGE', 'the target store holds an earlier copy that did not finish', {
      hint: 'drop that database (or delete that SQLite file) and copy again into an empty one; nothing was written',
    });
  }
  if (present.length > 0 || (await to.listTerms()).length > 0 || (await to.allGlossaryHistory()).length > 0 || (await to.listSessions()).length > 0) {
    throw new SextantError('USAGE', 'the target store is not empty', { hint: 'copy into a new database (or an empty SQLite file); nothing was written' });
  }
  const copying = { ok: false, message: INCOMPLETE_COPY, added: 0, changed: 0, removed: 0, durationMs: 0 };
  const model = await from.embeddingModel();
  if (model) await to.setEmbeddingModel(model);
  const sources = await from.listSources();
  for (const [n, source] of sources.entries()) {
    onProgress?.({ source: source.name, phase: 'write', done: n, total: sources.length, detail: 'copying' });
    await to.addSource({ name: source.name, type: source.type, url: source.url, options: source.options, createdAt: source.createdAt });
    // marked at once, so a copy stopped from here on shows in `status` and is refused as unfinished
    // (a source never updated holds nothing to half-copy, and no outcome could be put back on it)
    if (source.sourceHash !== null || source.lastUpdate) await to.recordOutcome(source.name, { ...copying, at: new Date().toISOString() });
    for (const c of await from.listContexts(source.name))
      await to.addContext({
        source: c.source,
        targetKind: c.targetKind,
        target: c.target,
        text: c.text,
        origin: c.origin,
        createdAt: c.createdAt,
        ...(c.evidence ? { evidence: c.evidence } : {}),
      });
    const all = await from.sourceObjects(source.name);
    // glossary objects are written with their terms, below
    const catalog = all.filter((o) => o.kind !== TERM_KIND);
    const edges = await from.sourceEdges(source.name);
    const hashes = await from.resourceHashes(source.name);
    const resources = new Set([...hashes.keys(), ...catalog.map((o) => o.resource)]);
    const changed = [...resources].map((resource) => ({
      resource,
      hash: hashes.get(resource) ?? '',
      objects: catalog.filter((o) => o.resource === resource),
      edges: edges.filter((e) => e.resource === resource),
    }));
    const effectiveContexts: Array<{ objectId: string; text: string }> = [];
    for (const o of catalog) {
      const text = await from.effectiveContext(o.id);
      if (text !== null) effectiveContexts.push({ objectId: o.id, text });
    }
    const ids = [...(await from.chunkHashes(source.name)).keys()];
    let next = 0;
    if (source.sourceHash !== null) {
      next = BATCH;
      // the source's own hash and outcome are written last, once everything else is
      await to.applySourceUpdate({
        source: source.name,
        sourceHash: INCOMPLETE_HASH,
        changed,
        removedResources: [],
        chunks: { upsert: await chunkWrites(from, ids.slice(0, BATCH)), remove: [], effectiveContexts },
        outcome: { ...copying, at: new Date().toISOString() },
      });
    }
    for (let i = next; i < ids.length; i += BATCH) {
      await to.applyChunkChanges(source.name, { upsert: await chunkWrites(from, ids.slice(i, i + BATCH)), remove: [], effectiveContexts: [] });
      onProgress?.({
        source: source.name,
        phase: 'write',
        done: n,
        total: sources.length,
        detail: `${Math.min(i + BATCH, ids.length)} of ${ids.length} chunks`,
      });
    }
  }
  for (const p of await from.listProjects()) await to.putProject(p);
  for (const t of await from.listTokens()) await to.addToken(t);
  const terms = await from.listTerms();
  const glossary: Array<{ term: GlossaryTerm; index: TermIndexWrite }> = [];
  for (const term of terms) {
    const id = termObjectId(term.source, term.project, term.term);
    const [object] = await from.getObjects([id]);
    const [chunk] = await chunkWrites(from, [id]);
    if (!object || !chunk) {
      throw new SextantError('INTERNAL', `glossary term '${term.term}' of project ${term.project} has no index rows in the source store`, {
        hint: 'run `sextant repair` on the source store, then copy again',
      });
    }
    glossary.push({ term, index: { object, chunk } });
  }
  const history = await from.allGlossaryHistory();
  if (glossary.length || history.length) await to.restoreGlossary(glossary, history);
  onProgress?.({ source: '*', phase: 'write', done: sources.length, total: sources.length, detail: 'sessions and LLM cache' });
  const sessions = await from.listSessions();
  for (const session of sessions) {
    await to.putSession(session);
    const writes = await chunkWrites(from, await from.sessionChunkIds(session.id));
    for (const document of await from.listSessionDocuments(session.id)) {
      await to.putSessionDocument(
        document,
        writes.filter((w) => w.chunk.objectId === document.objectId),
      );
    }
  }
  const cached = await from.listCachedCompletions();
  for (const c of cached) await to.putCachedCompletion(c.key, c.model, c.response, c.createdAt);
  for (const source of sources) {
    if (source.sourceHash === null) {
      if (source.lastUpdate) await to.recordOutcome(source.name, source.lastUpdate);
      continue;
    }
    await to.applySourceUpdate({
      source: source.name,
      sourceHash: source.sourceHash,
      changed: [],
      removedResources: [],
      chunks: { upsert: [], remove: [], effectiveContexts: [] },
      outcome: source.lastUpdate ?? { at: new Date().toISOString(), ok: true, message: 'copied', added: 0, changed: 0, removed: 0, durationMs: 0 },
    });
  }
  onProgress?.({ source: '*', phase: 'write', done: sources.length, total: sources.length, detail: 'verifying' });
  const source = await digestIndex(from);
  const target = await digestIndex(to);
  const mismatches = Object.keys(source.counts).filter((k) => source.counts[k] !== target.counts[k] || source.hashes[k] !== target.hashes[k]);
  return { source, target, mismatches };
}
