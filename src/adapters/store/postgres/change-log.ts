/**
 * @module adapters/store/postgres/change-log
 * The change log that keeps every server's in-memory vectors fresh without reloading them all.
 *
 * - `chunk_changes` holds, per chunk id, the source and the change counter value (`seq`) of the
 *   last write transaction that touched the chunk or its vector (a deleted chunk stays as a
 *   tombstone until `cleanup`). Statement-level triggers on `chunks` and `vectors` fill it, so
 *   every write path (updates, contexts, glossary, session documents, cleanup) is logged.
 * - Inside the transaction a row carries `-txid` (pending); `stamp_changes()`, the last statement
 *   of every visible write, moves the change counter and gives the pending rows its new value.
 *   Writers queue on the counter row from that moment to their commit, so counter values commit
 *   in order: a snapshot that sees counter n sees every change with seq ≤ n.
 * - `stamp_changes()` also sends `NOTIFY sextant_changes, '<n>'`, delivered at commit: servers
 *   LISTEN and refresh the changed rows only (see ./vector-cache.ts).
 * - `meta.change_log_floor`: tombstones older than it were pruned; a server whose vectors are
 *   older reloads them whole.
 */
import type { Db } from './db.js';
import type { MatrixRow } from '../vector-matrix.js';

/** The channel servers LISTEN on. */
export const CHANGE_CHANNEL = 'sextant_changes';

/** Schema step 2: the change log, its triggers and the stamp function. */
export const CHANGE_LOG_SQL = `
CREATE TABLE chunk_changes (chunk_id ctext PRIMARY KEY, source ctext NOT NULL, seq bigint NOT NULL);
CREATE INDEX chunk_changes_seq ON chunk_changes (seq);
INSERT INTO meta (key, value) SELECT 'change_log_floor', n::text FROM change_counter WHERE id = 1;
INSERT INTO chunk_changes (chunk_id, source, seq) SELECT id, source, (SELECT n FROM change_counter WHERE id = 1) FROM chunks;

CREATE FUNCTION log_chunk_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sextant.chunk_changes (chunk_id, source, seq)
    SELECT DISTINCT ON (id) id, source, -txid_current() FROM changed ORDER BY id
  ON CONFLICT (chunk_id) DO UPDATE SET source = excluded.source, seq = excluded.seq;
  RETURN NULL;
END $$;
CREATE FUNCTION log_vector_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sextant.chunk_changes (chunk_id, source, seq)
    SELECT DISTINCT ON (c.id) c.id, c.source, -txid_current() FROM changed v JOIN sextant.chunks c ON c.rid = v.rid ORDER BY c.id
  ON CONFLICT (chunk_id) DO UPDATE SET source = excluded.source, seq = excluded.seq;
  RETURN NULL;
END $$;
CREATE TRIGGER chunks_log_insert AFTER INSERT ON chunks REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION log_chunk_changes();
CREATE TRIGGER chunks_log_update AFTER UPDATE ON chunks REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION log_chunk_changes();
CREATE TRIGGER chunks_log_delete AFTER DELETE ON chunks REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION log_chunk_changes();
CREATE TRIGGER vectors_log_insert AFTER INSERT ON vectors REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION log_vector_changes();
CREATE TRIGGER vectors_log_update AFTER UPDATE ON vectors REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION log_vector_changes();
CREATE TRIGGER vectors_log_delete AFTER DELETE ON vectors REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION log_vector_changes();

CREATE FUNCTION stamp_changes() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE stamp bigint;
BEGIN
  UPDATE sextant.change_counter SET n = n + 1 WHERE id = 1 RETURNING n INTO stamp;
  UPDATE sextant.chunk_changes SET seq = stamp WHERE seq = -txid_current();
  PERFORM pg_notify('${CHANGE_CHANNEL}', stamp::text);
  RETURN stamp;
END $$;
`;

/** What changed after `since`, read in the caller's snapshot. */
export interface ChangeSet {
  /** The counter value the snapshot sees. */
  at: number;
  /** True when the log cannot tell (pruned past `since`): reload everything. */
  whole: boolean;
  /** Changed chunks with their vector now (null: no vector any more, or no chunk). */
  rows: Array<MatrixRow | { id: string; vector: null }>;
}

/** Changes after `since`; `whole` instead of rows when they are more than `limit` or pruned. */
export async function readChanges(db: Db, since: number, limit: number): Promise<ChangeSet> {
  const head = await db.query<{ at: string; floor: string | null; n: number }>(
    `SELECT (SELECT n FROM change_counter WHERE id = 1)::text AS at,
            (SELECT value FROM meta WHERE key = 'change_log_floor') AS floor,
            (SELECT count(*)::int FROM chunk_changes WHERE seq > $1) AS n`,
    [since],
  );
  const { at, floor, n } = head.rows[0]!;
  if (since < Number(floor ?? 0) || n > limit) return { at: Number(at), whole: true, rows: [] };
  const rows = await db.query<{ id: string; source: string; kind: string; project: string | null; session: string | null; vector: Buffer | null }>(
    `SELECT cc.chunk_id AS id, c.source, c.kind, c.project, c.session, v.vector
     FROM chunk_changes cc LEFT JOIN chunks c ON c.id = cc.chunk_id LEFT JOIN vectors v ON v.rid = c.rid
     WHERE cc.seq > $1 ORDER BY cc.chunk_id`,
    [since],
  );
  return {
    at: Number(at),
    whole: false,
    rows: rows.rows.map((r) =>
      r.vector === null ? { id: r.id, vector: null } : { id: r.id, source: r.source, kind: r.kind, project: r.project, session: r.session, vector: r.vector },
    ),
  };
}

/** Drops tombstones (chunks gone) and raises the floor to the counter now; in the caller's transaction. */
export async function pruneChangeLog(db: Db): Promise<number> {
  const pruned = await db.query('DELETE FROM chunk_changes cc WHERE cc.seq >= 0 AND NOT EXISTS (SELECT 1 FROM chunks c WHERE c.id = cc.chunk_id)');
  await db.query(`UPDATE meta SET value = (SELECT n::text FROM change_counter WHERE id = 1) WHERE key = 'change_log_floor'`);
  return pruned.rowCount ?? 0;
}
