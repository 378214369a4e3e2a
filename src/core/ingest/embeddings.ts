/**
 * @module core/ingest/embeddings
 * Keeps vectors consistent with the configured model: a model change drops every vector and
 * re-embeds all chunks with progress, never mixing two models in one index.
 */
import type { Embedder } from '../../ports/embedder.js';
import type { ChunkIndex } from '../../ports/store.js';
import type { ProgressFn } from '../../kernel/progress.js';

/** Records the embedder's model; returns true when the stored vectors were dropped. */
export async function syncEmbeddingModel(store: ChunkIndex, embedder: Embedder): Promise<boolean> {
  const current = await store.embeddingModel();
  if (current && current.modelId === embedder.modelId && current.dimension === embedder.dimension) return false;
  await store.setEmbeddingModel({ modelId: embedder.modelId, dimension: embedder.dimension });
  return current !== null;
}

/** Embeds every chunk that has no vector yet. Returns how many were embedded. */
export async function embedMissingVectors(store: ChunkIndex, embedder: Embedder, onProgress?: ProgressFn, signal?: AbortSignal): Promise<number> {
  let done = 0;
  const batchSize = 512;
  for (;;) {
    if (signal?.aborted) break;
    const batch = await store.chunksWithoutVectors(batchSize);
    if (batch.length === 0) break;
    const vectors = await embedder.embed(batch.map((c) => c.text));
    await store.putVectors(batch.map((c, i) => ({ chunkId: c.id, vector: vectors[i]! })));
    done += batch.length;
    onProgress?.({ source: '*', phase: 'reembed', done, total: done + (batch.length === batchSize ? batchSize : 0) });
    if (batch.length < batchSize) break;
  }
  return done;
}
