/**
 * @module core/ingest/update-source
 * The ingest pipeline for one source: introspect → plan (two-level hashes) → chunks with
 * effective contexts → embed changed chunks and extract their entities → one atomic store write. A failure at any step
 * leaves the previous index untouched.
 */
import type { CatalogObject, Chunk } from '../../ports/catalog.js';
import type { SourceKind } from '../../ports/source-kind.js';
import type { Connector } from '../../ports/connector.js';
import type { Embedder } from '../../ports/embedder.js';
import type { CatalogStore, ChunkChanges, ChunkIndex, ChunkWrite, StoredSource, UpdateOutcome } from '../../ports/store.js';
import { buildChunks } from '../chunks/build-chunks.js';
import { resolveEffectiveContexts } from '../contexts/effective.js';
import { chunkEntityExtractor } from '../entities/chunk-entities.js';
import { SextantError } from '../../kernel/errors.js';
import type { ProgressFn } from '../../kernel/progress.js';
import { historyAttributesOf, planUpdate, readerAttributesOf } from './plan-update.js';

export interface UpdateReport {
  source: string;
  status: 'unchanged' | 'updated' | 'failed';
  added: number;
  /** Resources whose content changed: anything but their history attributes. */
  changed: number;
  /** Resources whose only change is in their history attributes (a code file another commit moved in the log): rewritten, not counted in `changed`. */
  history: number;
  /** Resources re-read by another reader version (a code file after a release changed the code scan, or after a downgrade) from unchanged inputs: rewritten, not counted in `changed`. */
  rescanned: number;
  removed: number;
  objects: number;
  chunksEmbedded: number;
  durationMs: number;
  message: string;
  /** A failed update's hint: what to do (the message says what failed). */
  hint?: string;
  /** What the connector said of this run (documents read, skipped and why). */
  notes?: string[];
}

export interface UpdateDeps {
  store: CatalogStore & ChunkIndex;
  connector: Connector;
  /** The family of the source's type: its object kinds and chunk texts. */
  family: SourceKind;
  embedder: Embedder | null;
  lexical?: (text: string) => string;
  onProgress?: ProgressFn;
  signal?: AbortSignal;
}

const EMBED_BATCH = 256;

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new SextantError('INTERRUPTED', 'update interrupted', { hint: 'the previous index is unchanged; run `sextant update` again' });
}

/** Embeds chunks in batches with progress; returns one vector per chunk, in order. */
export async function embedChunks(
  embedder: Embedder,
  chunks: readonly Chunk[],
  source: string,
  onProgress?: ProgressFn,
  signal?: AbortSignal,
): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
    checkAborted(signal);
    const batch = chunks.slice(i, i + EMBED_BATCH);
    out.push(...(await embedder.embed(batch.map((c) => c.text))));
    onProgress?.({ source, phase: 'embed', done: Math.min(i + EMBED_BATCH, chunks.length), total: chunks.length });
  }
  return out;
}

/** Chunks between progress events while extracting entities (and yields to the event loop). */
const ENTITY_BATCH = 1024;

/**
 * Builds every chunk of a source from canonical objects and current contexts and returns the
 * changes against the stored chunks (by content hash), each changed chunk with its vector and
 * entities. Used by update and by context changes.
 */
export async function diffChunks(
  deps: Pick<UpdateDeps, 'store' | 'embedder' | 'family' | 'lexical' | 'onProgress' | 'signal'>,
  source: string,
  objects: Parameters<typeof buildChunks>[0]['objects'],
  edges: Parameters<typeof buildChunks>[0]['edges'],
): Promise<{ changes: ChunkChanges; embedded: number }> {
  const contexts = await deps.store.listContexts(source);
  const effective = resolveEffectiveContexts(objects, contexts);
  const indexed = resolveEffectiveContexts(objects, contexts, { marked: false });
  const chunks = buildChunks({ objects, edges, effectiveContexts: indexed, family: deps.family, ...(deps.lexical ? { lexical: deps.lexical } : {}) });
  const stored = await deps.store.chunkHashes(source);
  const changedChunks = chunks.filter((c) => stored.get(c.id) !== c.contentHash);
  const keep = new Set(chunks.map((c) => c.id));
  const remove = [...stored.keys()].filter((id) => !keep.has(id)).sort();

  let vectors: Array<Float32Array | null> = changedChunks.map(() => null);
  if (deps.embedder && changedChunks.length > 0) {
    vectors = await embedChunks(deps.embedder, changedChunks, source, deps.onProgress, deps.signal);
  }
  const passageKinds = new Set(deps.family.objectKinds.filter((k) => k.passages).map((k) => k.kind));
  const entitiesOf = chunkEntityExtractor(objects, indexed, passageKinds);
  if (changedChunks.length > 0) deps.onProgress?.({ source, phase: 'entities', done: 0, total: changedChunks.length });
  const upsert: ChunkWrite[] = [];
  for (let i = 0; i < changedChunks.length; i++) {
    if (i > 0 && i % ENTITY_BATCH === 0) {
      checkAborted(deps.signal);
      deps.onProgress?.({ source, phase: 'entities', done: i, total: changedChunks.length });
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (i % ENTITY_BATCH === 0) entitiesOf.prime(changedChunks.slice(i, i + ENTITY_BATCH));
    const chunk = changedChunks[i]!;
    upsert.push({ chunk, vector: vectors[i] ?? null, entities: entitiesOf(chunk) });
  }
  if (changedChunks.length > 0) deps.onProgress?.({ source, phase: 'entities', done: changedChunks.length, total: changedChunks.length });
  const effectiveContexts = objects.map((o) => ({ objectId: o.id, text: effective.get(o.id) ?? '' }));
  return { changes: { upsert, remove, effectiveContexts }, embedded: deps.embedder ? changedChunks.length : 0 };
}

export async function updateSource(deps: UpdateDeps, source: StoredSource): Promise<UpdateReport> {
  const started = Date.now();
  const progress = deps.onProgress;
  progress?.({ source: source.name, phase: 'introspect', done: 0, total: 1 });
  // read once, by the connector (a code scan reuses what it read before) and by the plan (which reader wrote what)
  let storedObjects: Promise<CatalogObject[]> | undefined;
  const stored = () => (storedObjects ??= deps.store.sourceObjects(source.name));
  const snapshot = await deps.connector.introspect(source, {
    ...(deps.signal ? { signal: deps.signal } : {}),
    onProgress: (step, done, total) => progress?.({ source: source.name, phase: 'introspect', done, total, detail: step }),
    stored,
  });
  checkAborted(deps.signal);

  const storedHashes = await deps.store.resourceHashes(source.name);
  const readers = readerAttributesOf(deps.family);
  const plan = planUpdate(snapshot, storedHashes, historyAttributesOf(deps.family), {
    readers,
    stored: readers.size && storedHashes.size ? await stored() : [],
  });
  const notes = Array.isArray(snapshot.info.notes) ? snapshot.info.notes.filter((n): n is string => typeof n === 'string') : [];
  const base = { source: source.name, objects: snapshot.objects.length, ...(notes.length ? { notes } : {}) };

  if (plan.sourceHash === source.sourceHash && storedHashes.size > 0) {
    const outcome: UpdateOutcome = {
      at: new Date().toISOString(),
      ok: true,
      message: 'unchanged',
      added: 0,
      changed: 0,
      history: 0,
      rescanned: 0,
      removed: 0,
      durationMs: Date.now() - started,
    };
    await deps.store.recordOutcome(source.name, outcome);
    return {
      ...base,
      status: 'unchanged',
      added: 0,
      changed: 0,
      history: 0,
      rescanned: 0,
      removed: 0,
      chunksEmbedded: 0,
      durationMs: outcome.durationMs,
      message: 'unchanged',
    };
  }

  progress?.({ source: source.name, phase: 'chunk', done: 0, total: snapshot.objects.length });
  const { changes, embedded } = await diffChunks(deps, source.name, snapshot.objects, snapshot.edges);
  checkAborted(deps.signal);

  const outcome: UpdateOutcome = {
    at: new Date().toISOString(),
    ok: true,
    message: 'updated',
    added: plan.added.length,
    changed: plan.changed.length,
    history: plan.history.length,
    rescanned: plan.rescanned.length,
    removed: plan.removed.length,
    durationMs: Date.now() - started,
  };
  progress?.({ source: source.name, phase: 'write', done: 0, total: 1 });
  await deps.store.applySourceUpdate({
    source: source.name,
    sourceHash: plan.sourceHash,
    changed: [...plan.added, ...plan.changed, ...plan.history, ...plan.rescanned],
    removedResources: plan.removed,
    chunks: changes,
    outcome,
  });
  progress?.({ source: source.name, phase: 'write', done: 1, total: 1 });
  return {
    ...base,
    status: 'updated',
    added: outcome.added,
    changed: outcome.changed,
    history: plan.history.length,
    rescanned: plan.rescanned.length,
    removed: outcome.removed,
    chunksEmbedded: embedded,
    durationMs: Date.now() - started,
    message: 'updated',
  };
}
