/**
 * @module adapters/store/postgres/schema
 * The PostgreSQL store's tables (in the `sextant` schema of the database), its versioned
 * migrations and the checks that refuse a store of another version.
 *
 * - `ctext` (text with the "C" collation) on every key and sort column, so orders match the
 *   SQLite store (code-unit order) and ties break the same way.
 * - `chunks.lex` is a generated tsvector: name (B), comment (C), definition (D), context (A),
 *   over text whose punctuation became spaces (as FTS5's unicode61 tokenizer splits), stemmed by
 *   an English Snowball dictionary without stop words (identifiers like `to` and `from` stay).
 * - `change_counter` moves in every write transaction that readers can see: servers key their
 *   vector matrix and caches on it; version 2 adds the change log beside it (./change-log.ts).
 * - Version 3 adds `sessions.client`: the MCP client's name, so a server that takes a session
 *   over (and never sees its `initialize`) still knows it.
 */
import type { PoolClient } from 'pg';
import { SextantError } from '../../../kernel/errors.js';
import { CHANGE_LOG_SQL } from './change-log.js';

/** The PostgreSQL schema (namespace) every table lives in. */
export const PG_SCHEMA = 'sextant';

/** Bump when the DDL changes, with a {@link PgMigration} from the previous version. */
export const PG_SCHEMA_VERSION = 3;

export interface PgMigration {
  to: number;
  description: string;
  sql: string;
}

const VERSION_1 = `
CREATE DOMAIN ctext AS text COLLATE "C";
CREATE TEXT SEARCH DICTIONARY sextant_stem (TEMPLATE = snowball, Language = english);
CREATE TEXT SEARCH CONFIGURATION sextant_lex (COPY = pg_catalog.simple);
ALTER TEXT SEARCH CONFIGURATION sextant_lex ALTER MAPPING
  FOR asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart WITH sextant_stem;
CREATE FUNCTION lex_words(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(coalesce(t, ''), '[^[:alnum:]]+', ' ', 'g') $$;
CREATE FUNCTION lex_vector(name text, comment text, definition text, context text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('sextant.sextant_lex'::regconfig, sextant.lex_words(name)), 'B')
            || setweight(to_tsvector('sextant.sextant_lex'::regconfig, sextant.lex_words(comment)), 'C')
            || setweight(to_tsvector('sextant.sextant_lex'::regconfig, sextant.lex_words(definition)), 'D')
            || setweight(to_tsvector('sextant.sextant_lex'::regconfig, sextant.lex_words(context)), 'A') $$;
CREATE FUNCTION lex_query(t text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT phraseto_tsquery('sextant.sextant_lex'::regconfig, sextant.lex_words(t)) $$;

CREATE TABLE meta (key ctext PRIMARY KEY, value text NOT NULL);
CREATE TABLE change_counter (id int PRIMARY KEY CHECK (id = 1), n bigint NOT NULL);
INSERT INTO change_counter VALUES (1, 0);
CREATE TABLE sources (
  name ctext PRIMARY KEY, type text NOT NULL, url text NOT NULL, options text NOT NULL DEFAULT '{}',
  created_at text NOT NULL, source_hash text, last_update text
);
CREATE TABLE resources (source ctext NOT NULL, resource ctext NOT NULL, hash text NOT NULL, PRIMARY KEY (source, resource));
CREATE TABLE objects (
  id ctext PRIMARY KEY, source ctext NOT NULL, kind ctext NOT NULL, path ctext NOT NULL, name ctext NOT NULL,
  parent_id ctext, resource ctext NOT NULL, comment text, definition text, attributes text NOT NULL DEFAULT '{}'
);
CREATE INDEX objects_source_kind ON objects (source, kind);
CREATE INDEX objects_parent ON objects (parent_id);
CREATE INDEX objects_source_resource ON objects (source, resource);
CREATE TABLE edges (
  from_id ctext NOT NULL, to_id ctext NOT NULL, kind ctext NOT NULL, resource ctext NOT NULL, source ctext NOT NULL,
  attributes ctext NOT NULL DEFAULT '{}'
);
CREATE INDEX edges_from ON edges (from_id);
CREATE INDEX edges_to ON edges (to_id);
CREATE INDEX edges_source_resource ON edges (source, resource);
CREATE TABLE contexts (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, source ctext NOT NULL,
  target_kind text NOT NULL CHECK (target_kind IN ('source', 'schema', 'object')), target text NOT NULL, text text NOT NULL, created_at text NOT NULL,
  origin text NOT NULL DEFAULT 'manual' CHECK (origin IN ('manual', 'inferred')), evidence text
);
CREATE INDEX contexts_source ON contexts (source);
CREATE TABLE effective_contexts (object_id ctext PRIMARY KEY, text text NOT NULL);
CREATE TABLE chunks (
  rid int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id ctext NOT NULL UNIQUE, object_id ctext NOT NULL, source ctext NOT NULL, kind ctext NOT NULL,
  name text NOT NULL, comment text NOT NULL, definition text NOT NULL, context text NOT NULL, text text NOT NULL, content_hash text NOT NULL,
  project ctext, session ctext,
  lex tsvector GENERATED ALWAYS AS (sextant.lex_vector(name, comment, definition, context)) STORED
);
CREATE INDEX chunks_source_kind ON chunks (source, kind);
CREATE INDEX chunks_object ON chunks (object_id);
CREATE INDEX chunks_lex ON chunks USING gin (lex);
CREATE INDEX chunks_scoped ON chunks (project, session) WHERE project IS NOT NULL OR session IS NOT NULL;
CREATE TABLE vectors (rid int PRIMARY KEY REFERENCES chunks (rid) ON DELETE CASCADE, vector bytea NOT NULL);
CREATE TABLE entities (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name ctext NOT NULL, display_name text NOT NULL,
  semantic_type ctext NOT NULL CHECK (semantic_type IN ('CONCEPT', 'ATTRIBUTE', 'ACTION', 'TERM')), ner_type text,
  UNIQUE (name, semantic_type)
);
CREATE TABLE chunk_entities (
  rid int NOT NULL REFERENCES chunks (rid) ON DELETE CASCADE, entity_id int NOT NULL REFERENCES entities (id),
  confidence double precision NOT NULL, PRIMARY KEY (rid, entity_id)
);
CREATE INDEX chunk_entities_entity ON chunk_entities (entity_id, rid);
CREATE TABLE projects (name ctext PRIMARY KEY, sources text NOT NULL DEFAULT '[]', settings text NOT NULL DEFAULT '{}', created_at text NOT NULL);
CREATE TABLE tokens (
  id ctext PRIMARY KEY, name ctext NOT NULL UNIQUE, hash ctext NOT NULL UNIQUE, projects text NOT NULL DEFAULT '[]',
  roles text NOT NULL DEFAULT '[]', created_at text NOT NULL
);
CREATE TABLE sessions (
  id ctext PRIMARY KEY, project ctext NOT NULL, user_name text NOT NULL, active_projects text NOT NULL DEFAULT '[]',
  created_at ctext NOT NULL, last_seen_at text NOT NULL, expires_at ctext NOT NULL
);
CREATE INDEX sessions_expires ON sessions (expires_at);
CREATE TABLE session_documents (
  session ctext NOT NULL, name ctext NOT NULL, object_id ctext NOT NULL, mime_type text NOT NULL, text text NOT NULL,
  chunks int NOT NULL, created_at text NOT NULL, PRIMARY KEY (session, name)
);
CREATE INDEX session_documents_object ON session_documents (session, object_id);
CREATE TABLE glossary_terms (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, project ctext NOT NULL, term text NOT NULL, term_key ctext NOT NULL,
  definition text NOT NULL, sql text NOT NULL, source ctext NOT NULL, base_table text, output_columns text NOT NULL DEFAULT '[]',
  origin text NOT NULL CHECK (origin IN ('inferred', 'manual', 'client')), validation text NOT NULL, object_id ctext NOT NULL,
  created_at text NOT NULL, created_by text, updated_at text NOT NULL, updated_by text,
  UNIQUE (project, term_key)
);
CREATE INDEX glossary_terms_source ON glossary_terms (source);
CREATE TABLE glossary_aliases (
  term_id int NOT NULL REFERENCES glossary_terms (id) ON DELETE CASCADE, project ctext NOT NULL, alias text NOT NULL,
  alias_key ctext NOT NULL, position int NOT NULL, PRIMARY KEY (project, alias_key)
);
CREATE INDEX glossary_aliases_term ON glossary_aliases (term_id);
CREATE TABLE glossary_history (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, project ctext NOT NULL, term_id int NOT NULL, term text NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete')), before text, after text,
  actor_user text, actor_client text, via text NOT NULL, at text NOT NULL
);
CREATE INDEX glossary_history_term ON glossary_history (project, term_id);
CREATE TABLE llm_cache (key ctext PRIMARY KEY, model text NOT NULL, response text NOT NULL, created_at text NOT NULL);
`;

/** Every step from an empty schema to {@link PG_SCHEMA_VERSION}, in order. */
export const PG_MIGRATIONS: readonly PgMigration[] = Object.freeze([
  { to: 1, description: 'catalog, chunks, vectors, entities, scopes, glossary', sql: VERSION_1 },
  { to: 2, description: 'change log of chunks and vectors, stamped and notified at commit', sql: CHANGE_LOG_SQL },
  { to: 3, description: "sessions keep their MCP client's name", sql: 'ALTER TABLE sessions ADD COLUMN client text;' },
]);

/** Serialises schema creation and migration between processes (a transaction-level advisory lock). */
const MIGRATION_LOCK = 0x5e7a_0001;

/** The version recorded in the store, 0 when it has no Sextant schema yet. */
export async function storedVersion(client: PoolClient): Promise<number> {
  const exists = await client.query<{ present: boolean }>(`SELECT to_regclass('${PG_SCHEMA}.schema_version') IS NOT NULL AS present`);
  if (!exists.rows[0]!.present) return 0;
  const row = await client.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${PG_SCHEMA}.schema_version`);
  return row.rows[0]!.v ?? 0;
}

export interface MigrationResult {
  from: number;
  to: number;
  applied: Array<{ version: number; description: string }>;
}

/** Creates or upgrades the schema to `target` in one transaction; a newer store is refused. */
export async function migrate(
  client: PoolClient,
  upgradeCommand: string,
  target = PG_SCHEMA_VERSION,
  steps: readonly PgMigration[] = PG_MIGRATIONS,
): Promise<MigrationResult> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const from = await storedVersion(client);
    refuseNewer(from, target, upgradeCommand);
    const applied: MigrationResult['applied'] = [];
    if (from === 0) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${PG_SCHEMA}`);
      await client.query(`SET LOCAL search_path TO ${PG_SCHEMA}`);
      await client.query(`CREATE TABLE schema_version (version int PRIMARY KEY, applied_at text NOT NULL, description text NOT NULL)`);
    } else {
      await client.query(`SET LOCAL search_path TO ${PG_SCHEMA}`);
    }
    for (const step of steps) {
      if (step.to <= from || step.to > target) continue;
      await client.query(step.sql);
      await client.query('INSERT INTO schema_version (version, applied_at, description) VALUES ($1, $2, $3)', [
        step.to,
        new Date().toISOString(),
        step.description,
      ]);
      applied.push({ version: step.to, description: step.description });
    }
    await client.query('COMMIT');
    return { from, to: Math.max(from, target), applied };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

export function refuseNewer(stored: number, known: number, upgradeCommand: string): void {
  if (stored > known) {
    throw new SextantError('INDEX_VERSION_MISMATCH', `the store has schema version ${stored}; this Sextant knows up to version ${known}`, {
      hint: `upgrade Sextant on this machine (${upgradeCommand}); servers and updaters sharing a store must run the same version`,
    });
  }
}

export function refuseOlder(stored: number, known: number, migrateCommand: string): void {
  if (stored < known) {
    throw new SextantError('INDEX_VERSION_MISMATCH', `the store has schema version ${stored}; this Sextant needs version ${known}`, {
      hint: `run \`${migrateCommand}\` once (stop updaters first), then restart the servers`,
    });
  }
}
