/**
 * @module core/contexts/contexts
 * Adding and removing human contexts; each change re-chunks the affected source from stored
 * objects (no re-introspection) so search sees it at once.
 */
import type { ContextRecord, NewContext } from '../../ports/catalog.js';
import type { Embedder } from '../../ports/embedder.js';
import type { CatalogStore, ChunkIndex } from '../../ports/store.js';
import { SextantError } from '../../kernel/errors.js';
import { parseTarget } from '../../kernel/ids.js';
import type { KindRegistry } from '../kinds/registry.js';
import { diffChunks } from '../ingest/update-source.js';
import { requireSource } from '../sources.js';
import { resolveObject } from '../catalog/resolve-object.js';

export interface ContextDeps {
  store: CatalogStore & ChunkIndex;
  embedder: Embedder | null;
  lexical?: (text: string) => string;
  kinds: KindRegistry;
}

export interface ContextChange {
  context: ContextRecord;
  chunksUpdated: number;
}

/** Re-chunks one source from stored objects and applies the difference. */
export async function refreshSourceChunks(deps: ContextDeps, source: string): Promise<number> {
  const record = await deps.store.getSource(source);
  const objects = record ? await deps.store.sourceObjects(source) : [];
  if (!record || objects.length === 0) return 0;
  const edges = await deps.store.sourceEdges(source);
  const { changes } = await diffChunks({ ...deps, family: deps.kinds.familyOf(record.type) }, source, objects, edges);
  await deps.store.applyChunkChanges(source, changes);
  return changes.upsert.length + changes.remove.length;
}

export async function addContext(deps: ContextDeps, targetRef: string, text: string): Promise<ContextChange> {
  const clean = text.trim();
  if (!clean) throw new SextantError('USAGE', 'context text is empty', { hint: 'say what the object means, e.g. "One row per checkout"' });
  const target = parseTarget(targetRef);
  if (!target) {
    throw new SextantError('INVALID_TARGET', `'${targetRef}' is not a context target`, {
      hint: 'use sextant://<source>, sextant://<source>/<schema>, sextant://<source>/<schema>.<object> or an object id',
    });
  }
  await requireSource(deps.store, target.source);
  let record: NewContext;
  if (target.kind === 'source') record = { source: target.source, targetKind: 'source', target: target.source, text: clean };
  else if (target.kind === 'schema') {
    const schema = await deps.store.getObject(`${target.source}:schema:${target.schema}`);
    if (!schema) {
      const page = await deps.store.listObjects({ source: target.source, kinds: ['schema'], limit: 50 });
      throw new SextantError('OBJECT_NOT_FOUND', `no schema '${target.schema}' in source '${target.source}'`, {
        hint: page.items.length ? `schemas: ${page.items.map((s) => s.path).join(', ')}` : 'run `sextant update` first',
      });
    }
    record = { source: target.source, targetKind: 'schema', target: target.schema, text: clean };
  } else {
    const object = await resolveObject(deps.store, targetRef, deps.kinds);
    record = { source: object.source, targetKind: 'object', target: object.id, text: clean };
  }
  const context = await deps.store.addContext(record);
  const chunksUpdated = await refreshSourceChunks(deps, context.source);
  return { context, chunksUpdated };
}

export async function removeContext(deps: ContextDeps, id: number): Promise<ContextChange> {
  const removed = await deps.store.removeContext(id);
  if (!removed) {
    throw new SextantError('CONTEXT_NOT_FOUND', `no context with id ${id}`, { hint: 'list them with `sextant context list`' });
  }
  const chunksUpdated = await refreshSourceChunks(deps, removed.source);
  return { context: removed, chunksUpdated };
}
