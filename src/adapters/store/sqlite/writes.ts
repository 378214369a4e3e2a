/**
 * @module adapters/store/sqlite/writes
 * The write paths of the index: a source's new state, chunk changes (with their entity links),
 * vectors, source removal.
 * Callers wrap each call in one transaction; statements are prepared once per connection.
 */
import type { Database, Statement } from 'better-sqlite3';
import { SextantError } from '../../../kernel/errors.js';
import type { ChunkChanges, EmbeddingModelInfo, SourceUpdate } from '../../../ports/store.js';
import type { EntityIndex } from './entities.js';
import type { LexicalIndex } from './lexical.js';
import { chunkParams, objectParams } from '../rows.js';
import { encodeVector } from './vectors.js';

type Run = Statement<unknown[]>;

export class IndexWriter {
  readonly #db: Database;
  readonly #lexical: LexicalIndex;
  readonly #entities: EntityIndex;
  readonly #model: () => EmbeddingModelInfo | null;
  readonly #s: Record<
    | 'setSourceState'
    | 'deleteObjects'
    | 'deleteEdges'
    | 'deleteResource'
    | 'upsertResource'
    | 'insertObject'
    | 'insertEdge'
    | 'insertChunk'
    | 'updateChunk'
    | 'deleteChunk'
    | 'putVector'
    | 'deleteVector'
    | 'putEffective'
    | 'deleteEffective',
    Run
  >;
  readonly #chunkRef: Statement<[string], { rid: number; source: string }>;

  constructor(db: Database, lexical: LexicalIndex, model: () => EmbeddingModelInfo | null, entities: EntityIndex) {
    this.#db = db;
    this.#lexical = lexical;
    this.#entities = entities;
    this.#model = model;
    const p = (sql: string): Run => db.prepare(sql);
    this.#s = {
      setSourceState: p('UPDATE sources SET source_hash = ?, last_update = ? WHERE name = ?'),
      deleteObjects: p('DELETE FROM objects WHERE source = ? AND resource = ?'),
      deleteEdges: p('DELETE FROM edges WHERE source = ? AND resource = ?'),
      deleteResource: p('DELETE FROM resources WHERE source = ? AND resource = ?'),
      upsertResource: p('INSERT INTO resources (source, resource, hash) VALUES (?, ?, ?) ON CONFLICT (source, resource) DO UPDATE SET hash = excluded.hash'),
      insertObject: p(
        'INSERT INTO objects (id, source, kind, path, name, parent_id, resource, comment, definition, attributes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      insertEdge: p('INSERT INTO edges (from_id, to_id, kind, resource, source, attributes) VALUES (?, ?, ?, ?, ?, ?)'),
      insertChunk: p(
        `INSERT INTO chunks (id, object_id, source, kind, name, comment, definition, context, text, content_hash, project, session)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      updateChunk: p(
        `UPDATE chunks SET object_id = ?, source = ?, kind = ?, name = ?, comment = ?, definition = ?, context = ?, text = ?,
         content_hash = ?, project = ?, session = ? WHERE rid = ?`,
      ),
      deleteChunk: p('DELETE FROM chunks WHERE rid = ?'),
      putVector: p('INSERT INTO vectors (rid, vector) VALUES (?, ?) ON CONFLICT (rid) DO UPDATE SET vector = excluded.vector'),
      deleteVector: p('DELETE FROM vectors WHERE rid = ?'),
      putEffective: p('INSERT INTO effective_contexts (object_id, text) VALUES (?, ?) ON CONFLICT (object_id) DO UPDATE SET text = excluded.text'),
      deleteEffective: p('DELETE FROM effective_contexts WHERE object_id = ?'),
    };
    this.#chunkRef = db.prepare('SELECT rid, source FROM chunks WHERE id = ?');
  }

  /** Everything of {@link SourceUpdate}; deletes of all touched resources run before any insert. */
  applySourceUpdate(update: SourceUpdate): void {
    const { source } = update;
    const s = this.#s;
    const state = s.setSourceState.run(update.sourceHash, JSON.stringify(update.outcome), source);
    if (state.changes === 0) throw sourceNotFound(source);
    for (const resource of [...update.changed.map((w) => w.resource), ...update.removedResources]) {
      s.deleteObjects.run(source, resource);
      s.deleteEdges.run(source, resource);
    }
    for (const resource of update.removedResources) s.deleteResource.run(source, resource);
    for (const write of update.changed) {
      for (const object of write.objects) {
        if (object.source !== source) {
          throw new SextantError('INTERNAL', `object ${object.id} belongs to source ${object.source}, not ${source}`);
        }
        if (object.resource !== write.resource) {
          throw new SextantError('INTERNAL', `object ${object.id} belongs to resource ${object.resource}, not ${write.resource}`);
        }
        s.insertObject.run(...objectParams(object));
      }
      for (const edge of write.edges) {
        s.insertEdge.run(edge.fromId, edge.toId, edge.kind, write.resource, source, JSON.stringify(edge.attributes ?? {}));
      }
      s.upsertResource.run(source, write.resource, write.hash);
    }
    this.applyChunkChanges(source, update.chunks);
  }

  /**
   * Removals first, then upserts (so an id in both ends up upserted), then effective contexts.
   * Each upsert replaces the chunk's entity links; entities left without links are deleted.
   */
  applyChunkChanges(source: string, changes: ChunkChanges): void {
    const s = this.#s;
    const links = this.#entities.batch();
    for (const id of changes.remove) {
      const ref = this.#chunkRef.get(id);
      if (!ref || ref.source !== source) continue;
      links.forget(ref.rid);
      this.#lexical.delete(ref.rid);
      s.deleteVector.run(ref.rid);
      s.deleteChunk.run(ref.rid);
    }
    const model = this.#model();
    for (const { chunk, vector, entities } of changes.upsert) {
      if (chunk.source !== source) {
        throw new SextantError('INTERNAL', `chunk ${chunk.id} belongs to source ${chunk.source}, not ${source}`);
      }
      if (vector) checkDimension(chunk.id, vector, model);
      const ref = this.#chunkRef.get(chunk.id);
      let rid: number;
      if (ref) {
        rid = ref.rid;
        s.updateChunk.run(...chunkParams(chunk), rid);
        this.#lexical.delete(rid);
      } else {
        rid = Number(s.insertChunk.run(chunk.id, ...chunkParams(chunk)).lastInsertRowid);
      }
      this.#lexical.insert(rid, chunk);
      links.replace(rid, entities, ref !== undefined);
      // A chunk written without a vector loses its old one: it no longer describes the text.
      if (vector) s.putVector.run(rid, encodeVector(vector));
      else if (ref) s.deleteVector.run(rid);
    }
    for (const { objectId, text } of changes.effectiveContexts) {
      if (text === '') s.deleteEffective.run(objectId);
      else s.putEffective.run(objectId, text);
    }
    links.finish();
  }

  /** Stores vectors of existing chunks; ids no longer in the index are skipped. */
  putVectors(vectors: ReadonlyArray<{ chunkId: string; vector: Float32Array }>): void {
    const model = this.#model();
    for (const { chunkId, vector } of vectors) {
      checkDimension(chunkId, vector, model);
      const ref = this.#chunkRef.get(chunkId);
      if (ref) this.#s.putVector.run(ref.rid, encodeVector(vector));
    }
  }

  /** Deletes the source row and everything indexed from it; true when the source existed. */
  removeSource(name: string): boolean {
    const db = this.#db;
    db.prepare(
      `DELETE FROM effective_contexts
       WHERE object_id IN (SELECT id FROM objects WHERE source = ?) OR substr(object_id, 1, ?) = ?`,
    ).run(name, name.length + 1, `${name}:`);
    this.#lexical.deleteWhere('source = ?', name);
    this.#entities.removeSource(name);
    db.prepare('DELETE FROM vectors WHERE rid IN (SELECT rid FROM chunks WHERE source = ?)').run(name);
    for (const table of ['chunks', 'edges', 'objects', 'resources', 'contexts']) {
      db.prepare(`DELETE FROM ${table} WHERE source = ?`).run(name);
    }
    return db.prepare('DELETE FROM sources WHERE name = ?').run(name).changes > 0;
  }
}

export function sourceNotFound(name: string): SextantError {
  return new SextantError('SOURCE_NOT_FOUND', `no source named ${JSON.stringify(name)}`, {
    hint: 'check the name against the registered sources',
    remedy: { action: 'list-sources' },
  });
}

function checkDimension(chunkId: string, vector: Float32Array, model: EmbeddingModelInfo | null): void {
  if (!model) {
    throw new SextantError('INTERNAL', `vector for chunk ${chunkId} written before an embedding model was recorded`, {
      hint: 'call setEmbeddingModel first',
    });
  }
  if (vector.length !== model.dimension) {
    throw new SextantError('INTERNAL', `vector for chunk ${chunkId} has dimension ${vector.length}, the index model ${model.modelId} has ${model.dimension}`, {
      hint: 'record the new model with setEmbeddingModel (it drops the old vectors), then re-embed',
    });
  }
}
