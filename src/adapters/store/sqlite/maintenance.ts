/**
 * @module adapters/store/sqlite/maintenance
 * cleanup (orphans, then VACUUM) and repair (rebuild FTS rows and the vectors table).
 */
import type { Database } from 'better-sqlite3';
import type { EmbeddingModelInfo } from '../../../ports/store.js';
import type { LexicalIndex } from './lexical.js';
import { vectorsTableDdl } from './schema.js';
import { LIVE_SESSION_DOCUMENT } from './scope-tables.js';

const NO_SOURCE = 'source NOT IN (SELECT name FROM sources)';
/** Chunks of a live session document have no source row or object: they are not orphans. */
const ORPHAN_CHUNK = `NOT ${LIVE_SESSION_DOCUMENT} AND (${NO_SOURCE} OR object_id NOT IN (SELECT id FROM objects))`;

/**
 * Deletes rows whose owner is gone, in dependency order: rows of missing sources, then chunks of
 * missing objects (with their FTS rows and vectors), effective contexts of missing objects,
 * vectors of missing chunks, FTS rows of missing chunks. Call inside one transaction.
 */
export function deleteOrphans(db: Database, lexical: LexicalIndex): Record<string, number> {
  const run = (sql: string): number => db.prepare(sql).run().changes;
  const counts: Record<string, number> = {};
  counts.objects = run(`DELETE FROM objects WHERE ${NO_SOURCE}`);
  counts.edges = run(`DELETE FROM edges WHERE ${NO_SOURCE}`);
  counts.resources = run(`DELETE FROM resources WHERE ${NO_SOURCE}`);
  counts.contexts = run(`DELETE FROM contexts WHERE ${NO_SOURCE}`);
  counts.vectors = run(`DELETE FROM vectors WHERE rid IN (SELECT rid FROM chunks WHERE ${ORPHAN_CHUNK})`);
  counts.ftsRows = lexical.deleteWhere(ORPHAN_CHUNK);
  counts.chunks = run(`DELETE FROM chunks WHERE ${ORPHAN_CHUNK}`);
  counts.effectiveContexts = run('DELETE FROM effective_contexts WHERE object_id NOT IN (SELECT id FROM objects)');
  counts.vectors += run('DELETE FROM vectors WHERE rid NOT IN (SELECT rid FROM chunks)');
  counts.ftsRows += lexical.deleteOrphans();
  return counts;
}

/** VACUUM, then fold the WAL back into the file so the freed pages really leave the disk. */
export function vacuum(db: Database): void {
  db.exec('VACUUM');
  db.pragma('wal_checkpoint(TRUNCATE)');
}

/**
 * Rebuilds the derived tables from canonical rows: every FTS row from `chunks`, and the vectors
 * table from the vectors that still have a chunk and the model's dimension. Call inside one
 * transaction.
 */
export function rebuildDerived(db: Database, lexical: LexicalIndex, model: EmbeddingModelInfo | null): Record<string, number> {
  const ftsRows = lexical.rebuild();
  const before = db.prepare<[], number>('SELECT count(*) FROM vectors').pluck().get() ?? 0;
  db.exec(vectorsTableDdl('vectors_rebuild'));
  const kept = db
    .prepare(
      `INSERT INTO vectors_rebuild (rid, vector)
       SELECT v.rid, v.vector FROM vectors v JOIN chunks c ON c.rid = v.rid
       WHERE length(v.vector) = ? ORDER BY v.rid`,
    )
    .run(model ? model.dimension * 4 : -1).changes;
  db.exec('DROP TABLE vectors; ALTER TABLE vectors_rebuild RENAME TO vectors;');
  return { ftsRows, vectors: kept, vectorsDropped: before - kept };
}
