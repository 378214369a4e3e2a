/**
 * @module adapters/store/sqlite/glossary-tables
 * The business glossary in the index file: terms, aliases, change history, LLM response cache.
 * `IF NOT EXISTS` because an index created before these tables existed (same schema version 1)
 * gets them when opened. A term's object and chunk are written in the same transaction as the
 * term, through the index writer.
 */
import type { Database, Statement } from 'better-sqlite3';
import { SextantError } from '../../../kernel/errors.js';
import { glossaryKey } from '../../../kernel/text/glossary-key.js';
import type {
  CachedCompletion,
  ChangeActor,
  GlossaryChange,
  GlossaryTerm,
  OutputColumn,
  TermFields,
  TermIndexWrite,
  TermValidation,
} from '../../../ports/glossary.js';
import { sameTermVersion, termChanged } from '../../../ports/glossary.js';
import { changeValues, historyValues, objectParams, termValues, toChange, toTerm, type HistoryRow, type TermRow } from '../rows.js';
import type { IndexWriter } from './writes.js';

/**
 * - `(project, term_key)` and `(project, alias_key)` are unique: the database refuses a second
 *   writer even if two processes passed the core's checks at once. That an alias never equals
 *   another term's name is checked inside the same IMMEDIATE transaction.
 * - `object_id` remembers the term's catalog object so a rename or a source change removes it.
 * - History keeps whole before/after records (JSON) and is never pruned by term deletion.
 */
export const GLOSSARY_TABLES_DDL = `
CREATE TABLE IF NOT EXISTS glossary_terms (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  project        TEXT NOT NULL,
  term           TEXT NOT NULL,
  term_key       TEXT NOT NULL,
  definition     TEXT NOT NULL,
  sql            TEXT NOT NULL,
  source         TEXT NOT NULL,
  base_table     TEXT,
  output_columns TEXT NOT NULL DEFAULT '[]',
  origin         TEXT NOT NULL CHECK (origin IN ('inferred', 'manual', 'client')),
  validation     TEXT NOT NULL,
  object_id      TEXT NOT NULL,
  created_at     TEXT NOT NULL,
  created_by     TEXT,
  updated_at     TEXT NOT NULL,
  updated_by     TEXT,
  UNIQUE (project, term_key)
);
CREATE INDEX IF NOT EXISTS glossary_terms_source ON glossary_terms (source);
CREATE TABLE IF NOT EXISTS glossary_aliases (
  term_id   INTEGER NOT NULL REFERENCES glossary_terms (id) ON DELETE CASCADE,
  project   TEXT NOT NULL,
  alias     TEXT NOT NULL,
  alias_key TEXT NOT NULL,
  position  INTEGER NOT NULL,
  PRIMARY KEY (project, alias_key)
);
CREATE INDEX IF NOT EXISTS glossary_aliases_term ON glossary_aliases (term_id);
CREATE TABLE IF NOT EXISTS glossary_history (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  project      TEXT NOT NULL,
  term_id      INTEGER NOT NULL,
  term         TEXT NOT NULL,
  action       TEXT NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  before       TEXT,
  after        TEXT,
  actor_user   TEXT,
  actor_client TEXT,
  via          TEXT NOT NULL,
  at           TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS glossary_history_term ON glossary_history (project, term_id);
CREATE TABLE IF NOT EXISTS llm_cache (
  key        TEXT NOT NULL PRIMARY KEY,
  model      TEXT NOT NULL,
  response   TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;

const TABLES = ['glossary_terms', 'glossary_aliases', 'glossary_history', 'llm_cache'];

/** Creates the tables when missing. Cheap when they exist (no write is made). */
export function ensureGlossaryTables(db: Database): void {
  const present = db
    .prepare<[string], number>("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (SELECT value FROM json_each(?))")
    .pluck()
    .get(JSON.stringify(TABLES));
  if (present !== TABLES.length) db.exec(GLOSSARY_TABLES_DDL);
}

const TERM_SELECT = `SELECT t.*, COALESCE((SELECT json_group_array(alias) FROM (SELECT alias FROM glossary_aliases a WHERE a.term_id = t.id ORDER BY position)), '[]') AS aliases
FROM glossary_terms t`;

export class GlossaryTables {
  readonly #writer: IndexWriter;
  readonly #s: Record<string, Statement<unknown[]>>;

  constructor(db: Database, writer: IndexWriter) {
    this.#writer = writer;
    const p = (sql: string): Statement<unknown[]> => db.prepare(sql);
    this.#s = {
      all: p(`${TERM_SELECT} ORDER BY t.project, t.term_key`),
      ofProject: p(`${TERM_SELECT} WHERE t.project = ? ORDER BY t.term_key`),
      ofSource: p(`${TERM_SELECT} WHERE t.source = ? ORDER BY t.project, t.term_key`),
      byId: p(`${TERM_SELECT} WHERE t.id = ?`),
      byKey: p(`${TERM_SELECT} WHERE t.project = ? AND t.term_key = ?`),
      byAlias: p(`${TERM_SELECT} WHERE t.id = (SELECT term_id FROM glossary_aliases WHERE project = ? AND alias_key = ?)`),
      termKeyOwner: p('SELECT id FROM glossary_terms WHERE project = ? AND term_key = ?'),
      indexRef: p('SELECT object_id, source FROM glossary_terms WHERE id = ?'),
      aliasKeyOwner: p('SELECT term_id AS id FROM glossary_aliases WHERE project = ? AND alias_key = ?'),
      insertTerm: p(
        `INSERT INTO glossary_terms (project, term, term_key, definition, sql, source, base_table, output_columns, origin, validation, object_id,
           created_at, created_by, updated_at, updated_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      ),
      updateTerm: p(
        `UPDATE glossary_terms SET project = ?, term = ?, term_key = ?, definition = ?, sql = ?, source = ?, base_table = ?, output_columns = ?,
           origin = ?, validation = ?, object_id = ?, updated_at = ?, updated_by = ? WHERE id = ?`,
      ),
      deleteTerm: p('DELETE FROM glossary_terms WHERE id = ?'),
      deleteAliases: p('DELETE FROM glossary_aliases WHERE term_id = ?'),
      insertAlias: p('INSERT INTO glossary_aliases (term_id, project, alias, alias_key, position) VALUES (?, ?, ?, ?, ?)'),
      setValidation: p('UPDATE glossary_terms SET validation = ? WHERE id = ?'),
      setValidationColumns: p('UPDATE glossary_terms SET validation = ?, output_columns = ? WHERE id = ?'),
      insertChange: p(
        `INSERT INTO glossary_history (project, term_id, term, action, before, after, actor_user, actor_client, via, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      history: p('SELECT * FROM glossary_history WHERE project = ? ORDER BY id'),
      allHistory: p('SELECT * FROM glossary_history ORDER BY id'),
      restoreTerm: p(
        `INSERT INTO glossary_terms (project, term, term_key, definition, sql, source, base_table, output_columns, origin, validation, object_id,
           created_at, created_by, updated_at, updated_by, id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      restoreChange: p(
        `INSERT INTO glossary_history (project, term_id, term, action, before, after, actor_user, actor_client, via, at, id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      glossaryRows: p('SELECT (SELECT count(*) FROM glossary_terms) + (SELECT count(*) FROM glossary_history) AS n'),
      listCache: p('SELECT key, model, response, created_at AS createdAt FROM llm_cache ORDER BY key'),
      termHistory: p('SELECT * FROM glossary_history WHERE project = ? AND term_id = ? ORDER BY id'),
      aliases: p(`SELECT a.project, a.alias, t.term FROM glossary_aliases a JOIN glossary_terms t ON t.id = a.term_id ORDER BY a.project, a.alias_key`),
      putObject: p(
        `INSERT INTO objects (id, source, kind, path, name, parent_id, resource, comment, definition, attributes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET source = excluded.source, kind = excluded.kind, path = excluded.path, name = excluded.name,
           parent_id = excluded.parent_id, resource = excluded.resource, comment = excluded.comment, definition = excluded.definition,
           attributes = excluded.attributes`,
      ),
      deleteObject: p('DELETE FROM objects WHERE id = ?'),
      deleteEffective: p('DELETE FROM effective_contexts WHERE object_id = ?'),
      getCache: p('SELECT response FROM llm_cache WHERE key = ?'),
      putCache: p(
        'INSERT INTO llm_cache (key, model, response, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET response = excluded.response, created_at = excluded.created_at',
      ),
    };
  }

  list(project?: string): GlossaryTerm[] {
    const rows = (project === undefined ? this.#s.all!.all() : this.#s.ofProject!.all(project)) as TermRow[];
    return rows.map(toTerm);
  }

  ofSource(source: string): GlossaryTerm[] {
    return (this.#s.ofSource!.all(source) as TermRow[]).map(toTerm);
  }

  find(project: string, nameOrAlias: string): GlossaryTerm | null {
    const key = glossaryKey(nameOrAlias);
    const row = (this.#s.byKey!.get(project, key) ?? this.#s.byAlias!.get(project, key)) as TermRow | undefined;
    return row ? toTerm(row) : null;
  }

  #byId(id: number): GlossaryTerm | null {
    const row = this.#s.byId!.get(id) as TermRow | undefined;
    return row ? toTerm(row) : null;
  }

  /** Every name the term would claim must be free in its project (or already its own). */
  #checkNames(fields: TermFields, self: number | null): void {
    const key = glossaryKey(fields.term);
    const owner = (sql: 'termKeyOwner' | 'aliasKeyOwner', k: string) => (this.#s[sql]!.get(fields.project, k) as { id: number } | undefined)?.id;
    const termOwner = owner('termKeyOwner', key);
    if (termOwner !== undefined && termOwner !== self) {
      throw new SextantError('TERM_EXISTS', `term '${fields.term}' already exists`, { hint: 'update it instead, or pick another name' });
    }
    const aliasOwner = owner('aliasKeyOwner', key);
    if (aliasOwner !== undefined && aliasOwner !== self) {
      const other = this.#byId(aliasOwner);
      throw new SextantError('ALIAS_CONFLICT', `'${fields.term}' is already an alias of term '${other?.term ?? aliasOwner}'`, {
        hint: 'a term name may not equal another term’s alias',
      });
    }
    for (const alias of fields.aliases) {
      const k = glossaryKey(alias);
      const asTerm = owner('termKeyOwner', k);
      if (asTerm !== undefined && asTerm !== self) {
        throw new SextantError('ALIAS_CONFLICT', `alias '${alias}' is the name of another term`, { hint: 'an alias may not equal another term' });
      }
      const asAlias = owner('aliasKeyOwner', k);
      if (asAlias !== undefined && asAlias !== self) {
        const other = this.#byId(asAlias);
        throw new SextantError('ALIAS_CONFLICT', `alias '${alias}' already belongs to term '${other?.term ?? asAlias}'`, {
          hint: 'aliases are unique in a project',
        });
      }
    }
  }

  #putAliases(id: number, fields: TermFields): void {
    this.#s.deleteAliases!.run(id);
    fields.aliases.forEach((alias, i) => this.#s.insertAlias!.run(id, fields.project, alias, glossaryKey(alias), i));
  }

  #putIndex(index: TermIndexWrite, previousObjectId: string | null, previousSource: string | null): void {
    if (previousObjectId !== null && previousSource !== null && previousObjectId !== index.object.id) this.#dropIndex(previousObjectId, previousSource);
    this.#s.putObject!.run(...objectParams(index.object));
    this.#writer.applyChunkChanges(index.chunk.chunk.source, { upsert: [index.chunk], remove: [], effectiveContexts: [] });
  }

  #dropIndex(objectId: string, source: string): void {
    this.#writer.applyChunkChanges(source, { upsert: [], remove: [objectId], effectiveContexts: [] });
    this.#s.deleteObject!.run(objectId);
    this.#s.deleteEffective!.run(objectId);
  }

  #record(term: GlossaryTerm, action: GlossaryChange['action'], before: GlossaryTerm | null, after: GlossaryTerm | null, actor: ChangeActor, at: string): void {
    this.#s.insertChange!.run(...historyValues(term, action, before, after, actor, at));
  }

  /** Call inside one IMMEDIATE transaction. */
  create(fields: TermFields, index: TermIndexWrite, actor: ChangeActor, at: string): GlossaryTerm {
    this.#checkNames(fields, null);
    let id: number;
    try {
      id = (this.#s.insertTerm!.get(...termValues(fields, index.object.id), at, actor.user, at, actor.user) as { id: number }).id;
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw new SextantError('TERM_EXISTS', `term '${fields.term}' already exists`, { hint: 'update it instead, or pick another name' });
      }
      throw err;
    }
    this.#putAliases(id, fields);
    this.#putIndex(index, null, null);
    const created = this.#byId(id)!;
    this.#record(created, 'create', null, created, actor, at);
    return created;
  }

  /** Call inside one IMMEDIATE transaction. */
  update(id: number, fields: TermFields, index: TermIndexWrite, actor: ChangeActor, at: string, seen?: GlossaryTerm): GlossaryTerm {
    const before = this.#byId(id);
    if (!before) throw new SextantError('TERM_NOT_FOUND', `term #${id} not found`);
    if (seen && !sameTermVersion(before, seen)) throw termChanged(before);
    const previous = this.#s.indexRef!.get(id) as { object_id: string; source: string };
    this.#checkNames(fields, id);
    this.#s.updateTerm!.run(...termValues(fields, index.object.id), at, actor.user, id);
    this.#putAliases(id, fields);
    this.#putIndex(index, previous.object_id, previous.source);
    const after = this.#byId(id)!;
    this.#record(after, 'update', before, after, actor, at);
    return after;
  }

  /** Call inside one IMMEDIATE transaction. */
  delete(id: number, actor: ChangeActor, at: string): GlossaryTerm | null {
    const before = this.#byId(id);
    if (!before) return null;
    const previous = this.#s.indexRef!.get(id) as { object_id: string; source: string };
    this.#dropIndex(previous.object_id, previous.source);
    this.#s.deleteAliases!.run(id);
    this.#s.deleteTerm!.run(id);
    this.#record(before, 'delete', before, null, actor, at);
    return before;
  }

  setValidation(id: number, validation: TermValidation, outputColumns?: OutputColumn[]): void {
    if (outputColumns) this.#s.setValidationColumns!.run(JSON.stringify(validation), JSON.stringify(outputColumns), id);
    else this.#s.setValidation!.run(JSON.stringify(validation), id);
  }

  history(project: string, termId?: number): GlossaryChange[] {
    const rows = (termId === undefined ? this.#s.history!.all(project) : this.#s.termHistory!.all(project, termId)) as HistoryRow[];
    return rows.map(toChange);
  }

  allHistory(): GlossaryChange[] {
    return (this.#s.allHistory!.all() as HistoryRow[]).map(toChange);
  }

  /** Call inside one IMMEDIATE transaction: terms, aliases, index rows and history as given (see GlossaryStore.restoreGlossary). */
  restore(terms: ReadonlyArray<{ term: GlossaryTerm; index: TermIndexWrite }>, history: readonly GlossaryChange[]): void {
    if ((this.#s.glossaryRows!.get() as { n: number }).n > 0) {
      throw new SextantError('USAGE', 'the target store already has glossary terms or history', { hint: 'restore into an empty store' });
    }
    for (const { term, index } of terms) {
      this.#s.restoreTerm!.run(...termValues(term, index.object.id), term.createdAt, term.createdBy, term.updatedAt, term.updatedBy, term.id);
      this.#putAliases(term.id, term);
      this.#putIndex(index, null, null);
    }
    for (const c of history) {
      this.#s.restoreChange!.run(...changeValues(c));
    }
  }

  listCachedCompletions(): CachedCompletion[] {
    return this.#s.listCache!.all() as CachedCompletion[];
  }

  aliases(): Array<{ project: string; alias: string; term: string }> {
    return this.#s.aliases!.all() as Array<{ project: string; alias: string; term: string }>;
  }

  getCachedCompletion(key: string): string | null {
    return (this.#s.getCache!.get(key) as { response: string } | undefined)?.response ?? null;
  }

  putCachedCompletion(key: string, model: string, response: string, at: string): void {
    this.#s.putCache!.run(key, model, response, at);
  }
}
