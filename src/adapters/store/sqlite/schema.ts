/**
 * @module adapters/store/sqlite/schema
 * The index file's DDL, its schema version, the `meta` marker that tells our files from foreign
 * ones, and the migration steps between versions.
 */
import type { Database } from 'better-sqlite3';
import { ENTITY_TABLES_DDL } from './entities.js';
import { FTS_TABLE_DDL } from './lexical.js';
import { SCOPE_TABLES_DDL } from './scope-tables.js';
import { GLOSSARY_TABLES_DDL } from './glossary-tables.js';

/** Bump when the DDL changes; add a {@link Migration} from the previous version when possible. */
export const SCHEMA_VERSION = 1;

/** Value of `meta.app` in every Sextant index: a SQLite file without it is foreign. */
export const APP_MARKER = 'sextant-index';

/** Keys of the `meta` table. */
export const META = Object.freeze({
  app: 'app',
  schemaVersion: 'schema_version',
  createdAt: 'created_at',
  embeddingModelId: 'embedding_model_id',
  embeddingDimension: 'embedding_dimension',
});

/** DDL of the vectors table under another name (repair rebuilds into it, then swaps). */
export function vectorsTableDdl(name: string): string {
  return `CREATE TABLE ${name} (
  rid    INTEGER PRIMARY KEY REFERENCES chunks (rid) ON DELETE CASCADE,
  vector BLOB NOT NULL
);`;
}

/**
 * Tables of schema version 1.
 * - `chunks.rid` is an explicit INTEGER PRIMARY KEY (a rowid alias), so VACUUM never renumbers
 *   it: the FTS rows and vectors are keyed by it. AUTOINCREMENT keeps a deleted chunk's rid from
 *   being reused, so a stray FTS row can never attach itself to a newer chunk.
 * - Text primary keys are NOT NULL explicitly (SQLite otherwise allows NULL in them, which would
 *   make the `NOT IN (SELECT id …)` orphan checks of cleanup silently match nothing).
 * - No foreign keys to `sources`: `cleanup()` removes orphans instead, so a write never fails
 *   because of the order the core registers things in. Vectors cascade with their chunk.
 */
const TABLES_DDL = `
CREATE TABLE meta (
  key   TEXT NOT NULL PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE migrations (
  version     INTEGER PRIMARY KEY,
  applied_at  TEXT NOT NULL,
  description TEXT NOT NULL
);
CREATE TABLE sources (
  name        TEXT NOT NULL PRIMARY KEY,
  type        TEXT NOT NULL,
  url         TEXT NOT NULL,
  options     TEXT NOT NULL DEFAULT '{}',
  created_at  TEXT NOT NULL,
  source_hash TEXT,
  last_update TEXT
);
CREATE TABLE resources (
  source   TEXT NOT NULL,
  resource TEXT NOT NULL,
  hash     TEXT NOT NULL,
  PRIMARY KEY (source, resource)
);
CREATE TABLE objects (
  id         TEXT NOT NULL PRIMARY KEY,
  source     TEXT NOT NULL,
  kind       TEXT NOT NULL,
  path       TEXT NOT NULL,
  name       TEXT NOT NULL,
  parent_id  TEXT,
  resource   TEXT NOT NULL,
  comment    TEXT,
  definition TEXT,
  attributes TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX objects_source_kind ON objects (source, kind);
CREATE INDEX objects_parent ON objects (parent_id);
CREATE INDEX objects_source_resource ON objects (source, resource);
CREATE INDEX objects_kind ON objects (kind, id);
CREATE TABLE edges (
  from_id    TEXT NOT NULL,
  to_id      TEXT NOT NULL,
  kind       TEXT NOT NULL,
  resource   TEXT NOT NULL,
  source     TEXT NOT NULL,
  attributes TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX edges_from ON edges (from_id);
CREATE INDEX edges_to ON edges (to_id);
CREATE INDEX edges_source_resource ON edges (source, resource);
CREATE TABLE contexts (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  source      TEXT NOT NULL,
  target_kind TEXT NOT NULL CHECK (target_kind IN ('source', 'schema', 'object')),
  target      TEXT NOT NULL,
  text        TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  origin      TEXT NOT NULL DEFAULT 'manual' CHECK (origin IN ('manual', 'inferred')),
  evidence    TEXT
);
CREATE INDEX contexts_source ON contexts (source);
CREATE TABLE effective_contexts (
  object_id TEXT NOT NULL PRIMARY KEY,
  text      TEXT NOT NULL
);
CREATE TABLE chunks (
  rid          INTEGER PRIMARY KEY AUTOINCREMENT,
  id           TEXT NOT NULL UNIQUE,
  object_id    TEXT NOT NULL,
  source       TEXT NOT NULL,
  kind         TEXT NOT NULL,
  name         TEXT NOT NULL,
  comment      TEXT NOT NULL,
  definition   TEXT NOT NULL,
  context      TEXT NOT NULL,
  text         TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  project      TEXT,
  session      TEXT
);
CREATE INDEX chunks_source_kind ON chunks (source, kind);
CREATE INDEX chunks_object ON chunks (object_id);
${vectorsTableDdl('vectors')}
`;

/** One step between schema versions, run inside the repair transaction. */
export interface Migration {
  from: number;
  to: number;
  description: string;
  up(db: Database): void;
}

/** Known steps. Version 1 is the first schema, so there is nothing to migrate from yet. */
export const MIGRATIONS: readonly Migration[] = Object.freeze([]);

/**
 * Adds `contexts.origin` and `contexts.evidence` to an index created before contexts recorded
 * who wrote them (same schema version 1; additive, so older contexts read as `manual`). Cheap
 * when they exist (no write is made).
 */
export function ensureContextColumns(db: Database): void {
  const columns = db.prepare<[], string>("SELECT name FROM pragma_table_info('contexts')").pluck().all();
  if (!columns.includes('origin')) db.exec("ALTER TABLE contexts ADD COLUMN origin TEXT NOT NULL DEFAULT 'manual' CHECK (origin IN ('manual', 'inferred'))");
  if (!columns.includes('evidence')) db.exec('ALTER TABLE contexts ADD COLUMN evidence TEXT');
}

/**
 * Adds the `objects (kind, id)` index to an index created without it (same schema version;
 * additive). Every hybrid search counts the databases (`kind = 'schema'` across sources): without
 * it that count read every object row, 85 ms a search on 105k objects. Cheap when it exists.
 */
export function ensureObjectKindIndex(db: Database): void {
  const present = db.prepare<[], number>("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'objects_kind'").pluck().get();
  if (present !== 1) db.exec('CREATE INDEX IF NOT EXISTS objects_kind ON objects (kind, id)');
}

/** The chain of migrations from `from` to `to`, or null when there is none. */
export function migrationPath(from: number, to: number, migrations: readonly Migration[] = MIGRATIONS): Migration[] | null {
  const steps: Migration[] = [];
  let at = from;
  while (at !== to) {
    const next = migrations.find((m) => m.from === at && m.to > at && m.to <= to);
    if (!next) return null;
    steps.push(next);
    at = next.to;
  }
  return steps;
}

/** Creates every table of {@link SCHEMA_VERSION} and writes the marker. Call inside a transaction. */
export function createSchema(db: Database, now: string): void {
  db.exec(TABLES_DDL);
  db.exec(FTS_TABLE_DDL);
  db.exec(ENTITY_TABLES_DDL);
  db.exec(SCOPE_TABLES_DDL);
  db.exec(GLOSSARY_TABLES_DDL);
  const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  put.run(META.app, APP_MARKER);
  put.run(META.schemaVersion, String(SCHEMA_VERSION));
  put.run(META.createdAt, now);
  db.prepare('INSERT INTO migrations (version, applied_at, description) VALUES (?, ?, ?)').run(
    SCHEMA_VERSION,
    now,
    `created at schema version ${SCHEMA_VERSION}`,
  );
}

/** What a file holds, judged without writing to it. */
export type IndexState = { kind: 'empty' } | { kind: 'ours'; version: number } | { kind: 'foreign'; reason: string };

/** Reads the marker. Throws the driver's error when the file is not SQLite at all. */
export function inspectIndex(db: Database): IndexState {
  const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'").pluck().all();
  if (tables.length === 0) return { kind: 'empty' };
  if (!tables.includes('meta')) return { kind: 'foreign', reason: 'it has tables but no Sextant marker' };
  let rows: Array<{ key: unknown; value: unknown }>;
  try {
    rows = db.prepare<[], { key: unknown; value: unknown }>('SELECT key, value FROM meta').all();
  } catch {
    return { kind: 'foreign', reason: 'its meta table is not a Sextant one' };
  }
  const meta = new Map(rows.map((r) => [String(r.key), String(r.value)]));
  if (meta.get(META.app) !== APP_MARKER) return { kind: 'foreign', reason: 'it has no Sextant marker' };
  const version = Number(meta.get(META.schemaVersion));
  if (!Number.isInteger(version)) return { kind: 'foreign', reason: 'it records no schema version' };
  return { kind: 'ours', version };
}

export function readMeta(db: Database, key: string): string | null {
  const value = db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck().get(key);
  return value ?? null;
}

export function writeMeta(db: Database, key: string, value: string | null): void {
  if (value === null) db.prepare('DELETE FROM meta WHERE key = ?').run(key);
  else db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}
