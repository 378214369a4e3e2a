/**
 * @module adapters/store/postgres/writes
 * The write paths (a source's new state, chunk changes with their entity links, vectors, source
 * removal) as set-based statements over arrays, so an update of 100k chunks is a handful of
 * round trips. Every function runs inside the caller's transaction.
 */
import { SextantError } from '../../../kernel/errors.js';
import type { CatalogObject, EntityMention } from '../../../ports/catalog.js';
import type { ChunkChanges, ChunkWrite, EmbeddingModelInfo, SourceUpdate } from '../../../ports/store.js';
import { encodeVector } from '../vector-matrix.js';
import type { Db } from './db.js';

const SEMANTIC_TYPES: ReadonlySet<string> = new Set(['CONCEPT', 'ATTRIBUTE', 'ACTION', 'TERM']);

export function sourceNotFound(name: string): SextantError {
  return new SextantError('SOURCE_NOT_FOUND', `no source named ${JSON.stringify(name)}`, {
    hint: 'check the name against the registered sources',
    remedy: { action: 'list-sources' },
  });
}

export async function readModel(db: Db): Promise<EmbeddingModelInfo | null> {
  const rows = await db.query<{ key: string; value: string }>("SELECT key, value FROM meta WHERE key IN ('embedding_model_id', 'embedding_dimension')");
  const meta = new Map(rows.rows.map((r) => [r.key, r.value]));
  const modelId = meta.get('embedding_model_id');
  const dimension = Number(meta.get('embedding_dimension'));
  return modelId === undefined || !Number.isInteger(dimension) ? null : { modelId, dimension };
}

function checkDimension(chunkId: string, vector: Float32Array, model: EmbeddingModelInfo | null): void {
  if (!model) {
    throw new SextantError('INTERNAL', `vector for chunk ${chunkId} written before an embedding model was recorded`, { hint: 'call setEmbeddingModel first' });
  }
  if (vector.length !== model.dimension) {
    throw new SextantError('INTERNAL', `vector for chunk ${chunkId} has dimension ${vector.length}, the index model ${model.modelId} has ${model.dimension}`, {
      hint: 'record the new model with setEmbeddingModel (it drops the old vectors), then re-embed',
    });
  }
}

/** Everything of {@link SourceUpdate}; deletes of all touched resources run before any insert. */
export async function applySourceUpdate(db: Db, update: SourceUpdate): Promise<void> {
  const { source } = update;
  const state = await db.query('UPDATE sources SET source_hash = $1, last_update = $2 WHERE name = $3', [
    update.sourceHash,
    JSON.stringify(update.outcome),
    source,
  ]);
  if (state.rowCount === 0) throw sourceNotFound(source);
  const touched = [...update.changed.map((w) => w.resource), ...update.removedResources];
  await db.query('DELETE FROM objects WHERE source = $1 AND resource = ANY($2::text[])', [source, touched]);
  await db.query('DELETE FROM edges WHERE source = $1 AND resource = ANY($2::text[])', [source, touched]);
  await db.query('DELETE FROM resources WHERE source = $1 AND resource = ANY($2::text[])', [source, update.removedResources]);
  const objects = update.changed.flatMap((write) =>
    write.objects.map((o) => {
      if (o.source !== source) throw new SextantError('INTERNAL', `object ${o.id} belongs to source ${o.source}, not ${source}`);
      if (o.resource !== write.resource) throw new SextantError('INTERNAL', `object ${o.id} belongs to resource ${o.resource}, not ${write.resource}`);
      return o;
    }),
  );
  await upsertObjects(db, objects, false);
  const edges = update.changed.flatMap((write) => write.edges.map((e) => ({ ...e, resource: write.resource })));
  if (edges.length > 0) {
    await db.query(
      `INSERT INTO edges (from_id, to_id, kind, resource, source, attributes)
       SELECT f, t, k, r, $6, a FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS x(f, t, k, r, a)`,
      [
        edges.map((e) => e.fromId),
        edges.map((e) => e.toId),
        edges.map((e) => e.kind),
        edges.map((e) => e.resource),
        edges.map((e) => JSON.stringify(e.attributes ?? {})),
        source,
      ],
    );
  }
  if (update.changed.length > 0) {
    await db.query(
      `INSERT INTO resources (source, resource, hash) SELECT $1, r, h FROM unnest($2::text[], $3::text[]) AS x(r, h)
       ON CONFLICT (source, resource) DO UPDATE SET hash = excluded.hash`,
      [source, update.changed.map((w) => w.resource), update.changed.map((w) => w.hash)],
    );
  }
  await applyChunkChanges(db, source, update.chunks);
}

/** Inserts objects; `replace` updates an object of the same id (glossary terms) instead of failing. */
export async function upsertObjects(db: Db, objects: readonly CatalogObject[], replace: boolean): Promise<void> {
  if (objects.length === 0) return;
  const col = <T>(f: (o: (typeof objects)[number]) => T): T[] => objects.map(f);
  await db.query(
    `INSERT INTO objects (id, source, kind, path, name, parent_id, resource, comment, definition, attributes)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
     ${
       replace
         ? `ON CONFLICT (id) DO UPDATE SET source = excluded.source, kind = excluded.kind, path = excluded.path, name = excluded.name,
            parent_id = excluded.parent_id, resource = excluded.resource, comment = excluded.comment, definition = excluded.definition, attributes = excluded.attributes`
         : ''
     }`,
    [
      col((o) => o.id),
      col((o) => o.source),
      col((o) => o.kind),
      col((o) => o.path),
      col((o) => o.name),
      col((o) => o.parentId),
      col((o) => o.resource),
      col((o) => o.comment),
      col((o) => o.definition),
      col((o) => JSON.stringify(o.attributes ?? {})),
    ],
  );
}

/**
 * Removals first, then upserts (so an id in both ends up upserted), then effective contexts.
 * Each upsert replaces the chunk's entity links; entities left without links are deleted.
 */
export async function applyChunkChanges(db: Db, source: string, changes: ChunkChanges): Promise<void> {
  const maybeOrphans = new Set<number>();
  if (changes.remove.length > 0) {
    const linked = await db.query<{ entity_id: number }>(
      'SELECT DISTINCT ce.entity_id FROM chunk_entities ce JOIN chunks c ON c.rid = ce.rid WHERE c.id = ANY($1::text[]) AND c.source = $2',
      [changes.remove, source],
    );
    for (const r of linked.rows) maybeOrphans.add(r.entity_id);
    await db.query('DELETE FROM chunks WHERE id = ANY($1::text[]) AND source = $2', [changes.remove, source]);
  }
  const upserts = lastWins(changes.upsert);
  if (upserts.length > 0) {
    const model = await readModel(db);
    for (const { chunk, vector } of upserts) {
      if (chunk.source !== source) throw new SextantError('INTERNAL', `chunk ${chunk.id} belongs to source ${chunk.source}, not ${source}`);
      if (vector) checkDimension(chunk.id, vector, model);
    }
    const ids = upserts.map((w) => w.chunk.id);
    const old = await db.query<{ entity_id: number }>(
      'SELECT DISTINCT ce.entity_id FROM chunk_entities ce JOIN chunks c ON c.rid = ce.rid WHERE c.id = ANY($1::text[])',
      [ids],
    );
    for (const r of old.rows) maybeOrphans.add(r.entity_id);
    const col = <T>(f: (w: ChunkWrite) => T): T[] => upserts.map(f);
    const written = await db.query<{ rid: number; id: string }>(
      `INSERT INTO chunks (id, object_id, source, kind, name, comment, definition, context, text, content_hash, project, session)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
       ON CONFLICT (id) DO UPDATE SET object_id = excluded.object_id, source = excluded.source, kind = excluded.kind, name = excluded.name,
         comment = excluded.comment, definition = excluded.definition, context = excluded.context, text = excluded.text,
         content_hash = excluded.content_hash, project = excluded.project, session = excluded.session
       RETURNING rid, id`,
      [
        ids,
        col((w) => w.chunk.objectId),
        col((w) => w.chunk.source),
        col((w) => w.chunk.kind),
        col((w) => w.chunk.name),
        col((w) => w.chunk.comment),
        col((w) => w.chunk.definition),
        col((w) => w.chunk.context),
        col((w) => w.chunk.text),
        col((w) => w.chunk.contentHash),
        col((w) => w.chunk.project),
        col((w) => w.chunk.session),
      ],
    );
    const ridOf = new Map(written.rows.map((r) => [r.id, r.rid]));
    const rids = ids.map((id) => ridOf.get(id)!);
    await db.query('DELETE FROM chunk_entities WHERE rid = ANY($1::int[])', [rids]);
    // a chunk written without a vector loses its old one: it no longer describes the text
    const withVector = upserts.filter((w) => w.vector);
    await db.query('DELETE FROM vectors WHERE rid = ANY($1::int[])', [upserts.filter((w) => !w.vector).map((w) => ridOf.get(w.chunk.id)!)]);
    await putVectorRows(
      db,
      withVector.map((w) => ridOf.get(w.chunk.id)!),
      withVector.map((w) => w.vector!),
    );
    await writeLinks(
      db,
      upserts.map((w) => ({ rid: ridOf.get(w.chunk.id)!, mentions: w.entities ?? [] })),
    );
  }
  const clear = changes.effectiveContexts.filter((e) => e.text === '').map((e) => e.objectId);
  const put = lastWinsBy(
    changes.effectiveContexts.filter((e) => e.text !== ''),
    (e) => e.objectId,
  );
  if (clear.length > 0) await db.query('DELETE FROM effective_contexts WHERE object_id = ANY($1::text[])', [clear]);
  if (put.length > 0) {
    await db.query(
      `INSERT INTO effective_contexts (object_id, text) SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT (object_id) DO UPDATE SET text = excluded.text`,
      [put.map((e) => e.objectId), put.map((e) => e.text)],
    );
  }
  if (maybeOrphans.size > 0) {
    await db.query('DELETE FROM entities e WHERE e.id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM chunk_entities ce WHERE ce.entity_id = e.id)', [
      [...maybeOrphans],
    ]);
  }
}

async function putVectorRows(db: Db, rids: number[], vectors: Float32Array[]): Promise<void> {
  if (rids.length === 0) return;
  await db.query(
    `INSERT INTO vectors (rid, vector) SELECT * FROM unnest($1::int[], $2::bytea[])
     ON CONFLICT (rid) DO UPDATE SET vector = excluded.vector`,
    [rids, vectors.map(encodeVector)],
  );
}

/** Entity rows (one per name and semantic type) and the links of freshly unlinked chunks. */
async function writeLinks(db: Db, chunks: ReadonlyArray<{ rid: number; mentions: readonly EntityMention[] }>): Promise<void> {
  const entities = new Map<string, { name: string; display: string; type: string; ner: string | null }>();
  const links = new Map<string, { rid: number; key: string; confidence: number }>();
  for (const { rid, mentions } of chunks) {
    for (const m of mentions) {
      const name = m.name.trim();
      if (name === '' || !SEMANTIC_TYPES.has(m.semanticType)) continue;
      const key = `${m.semanticType}:${name}`;
      const known = entities.get(key);
      if (!known) entities.set(key, { name, display: m.displayName.trim() || name, type: m.semanticType, ner: m.nerType });
      else if (known.ner === null && m.nerType !== null) known.ner = m.nerType;
      const confidence = Number.isFinite(m.confidence) ? Math.min(1, Math.max(0, m.confidence)) : 0;
      const linkKey = `${rid}\u0000${key}`;
      const link = links.get(linkKey);
      if (!link || link.confidence < confidence) links.set(linkKey, { rid, key, confidence });
    }
  }
  if (entities.size === 0) return;
  const list = [...entities.values()];
  const ids = await db.query<{ id: number; name: string; semantic_type: string }>(
    `INSERT INTO entities (name, display_name, semantic_type, ner_type) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT (name, semantic_type) DO UPDATE SET ner_type = coalesce(entities.ner_type, excluded.ner_type)
     RETURNING id, name, semantic_type`,
    [list.map((e) => e.name), list.map((e) => e.display), list.map((e) => e.type), list.map((e) => e.ner)],
  );
  const idOf = new Map(ids.rows.map((r) => [`${r.semantic_type}:${r.name}`, r.id]));
  const rows = [...links.values()];
  await db.query('INSERT INTO chunk_entities (rid, entity_id, confidence) SELECT * FROM unnest($1::int[], $2::int[], $3::float8[])', [
    rows.map((l) => l.rid),
    rows.map((l) => idOf.get(l.key)!),
    rows.map((l) => l.confidence),
  ]);
}

/** Stores vectors of existing chunks; ids no longer in the index are skipped. */
export async function putVectors(db: Db, vectors: ReadonlyArray<{ chunkId: string; vector: Float32Array }>): Promise<void> {
  if (vectors.length === 0) return;
  const model = await readModel(db);
  for (const { chunkId, vector } of vectors) checkDimension(chunkId, vector, model);
  const last = lastWinsBy(vectors, (v) => v.chunkId);
  const rows = await db.query<{ rid: number; id: string }>('SELECT rid, id FROM chunks WHERE id = ANY($1::text[])', [last.map((v) => v.chunkId)]);
  const ridOf = new Map(rows.rows.map((r) => [r.id, r.rid]));
  const known = last.filter((v) => ridOf.has(v.chunkId));
  await putVectorRows(
    db,
    known.map((v) => ridOf.get(v.chunkId)!),
    known.map((v) => v.vector),
  );
}

/** Deletes the source row and everything indexed from it; true when the source existed. */
export async function removeSource(db: Db, name: string): Promise<boolean> {
  await db.query('DELETE FROM effective_contexts WHERE object_id IN (SELECT id FROM objects WHERE source = $1) OR left(object_id, $2) = $3', [
    name,
    name.length + 1,
    `${name}:`,
  ]);
  const linked = await db.query<{ entity_id: number }>(
    'SELECT DISTINCT ce.entity_id FROM chunk_entities ce JOIN chunks c ON c.rid = ce.rid WHERE c.source = $1',
    [name],
  );
  for (const table of ['chunks', 'edges', 'objects', 'resources', 'contexts']) await db.query(`DELETE FROM ${table} WHERE source = $1`, [name]);
  await db.query('DELETE FROM entities e WHERE e.id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM chunk_entities ce WHERE ce.entity_id = e.id)', [
    linked.rows.map((r) => r.entity_id),
  ]);
  return ((await db.query('DELETE FROM sources WHERE name = $1', [name])).rowCount ?? 0) > 0;
}

function lastWins(writes: readonly ChunkWrite[]): ChunkWrite[] {
  return lastWinsBy(writes, (w) => w.chunk.id);
}

/** One item per key, the last given (a set-based upsert may touch a row only once). */
function lastWinsBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    byKey.delete(k);
    byKey.set(k, item);
  }
  return [...byKey.values()];
}
