/**
 * @module adapters/store/postgres/glossary
 * Glossary terms, aliases, history and the LLM cache. Writes run inside the store's transaction
 * (after a transaction-level advisory lock per project, so two servers' checks of names and
 * aliases cannot interleave); the UNIQUE constraints refuse a second writer anyway.
 */
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
import { changeValues, historyValues, termValues, toChange, toTerm, type HistoryRow, type TermRow } from '../rows.js';
import { isUniqueViolation, type Db } from './db.js';
import { applyChunkChanges, upsertObjects } from './writes.js';

const TERM_SELECT = `SELECT t.*, coalesce((SELECT json_agg(a.alias ORDER BY a.position) FROM glossary_aliases a WHERE a.term_id = t.id), '[]'::json)::text AS aliases
FROM glossary_terms t`;

export async function listTerms(db: Db, project?: string): Promise<GlossaryTerm[]> {
  const rows =
    project === undefined
      ? await db.query<TermRow>(`${TERM_SELECT} ORDER BY t.project, t.term_key`)
      : await db.query<TermRow>(`${TERM_SELECT} WHERE t.project = $1 ORDER BY t.term_key`, [project]);
  return rows.rows.map(toTerm);
}

export async function termsOfSource(db: Db, source: string): Promise<GlossaryTerm[]> {
  return (await db.query<TermRow>(`${TERM_SELECT} WHERE t.source = $1 ORDER BY t.project, t.term_key`, [source])).rows.map(toTerm);
}

export async function findTerm(db: Db, project: string, nameOrAlias: string): Promise<GlossaryTerm | null> {
  const key = glossaryKey(nameOrAlias);
  const row =
    (await db.query<TermRow>(`${TERM_SELECT} WHERE t.project = $1 AND t.term_key = $2`, [project, key])).rows[0] ??
    (await db.query<TermRow>(`${TERM_SELECT} WHERE t.id = (SELECT term_id FROM glossary_aliases WHERE project = $1 AND alias_key = $2)`, [project, key]))
      .rows[0];
  return row ? toTerm(row) : null;
}

async function byId(db: Db, id: number): Promise<GlossaryTerm | null> {
  const row = (await db.query<TermRow>(`${TERM_SELECT} WHERE t.id = $1`, [id])).rows[0];
  return row ? toTerm(row) : null;
}

/** Every name the term would claim must be free in its project (or already its own). */
async function checkNames(db: Db, fields: TermFields, self: number | null): Promise<void> {
  const owner = async (table: 'glossary_terms' | 'glossary_aliases', key: string): Promise<number | undefined> => {
    const sql =
      table === 'glossary_terms'
        ? 'SELECT id FROM glossary_terms WHERE project = $1 AND term_key = $2'
        : 'SELECT term_id AS id FROM glossary_aliases WHERE project = $1 AND alias_key = $2';
    return (await db.query<{ id: number }>(sql, [fields.project, key])).rows[0]?.id;
  };
  const other = async (id: number): Promise<string> => (await byId(db, id))?.term ?? String(id);
  const key = glossaryKey(fields.term);
  const termOwner = await owner('glossary_terms', key);
  if (termOwner !== undefined && termOwner !== self) throw termExists(fields.term);
  const aliasOwner = await owner('glossary_aliases', key);
  if (aliasOwner !== undefined && aliasOwner !== self) {
    throw new SextantError('ALIAS_CONFLICT', `'${fields.term}' is already an alias of term '${await other(aliasOwner)}'`, {
      hint: 'a term name may not equal another term’s alias',
    });
  }
  for (const alias of fields.aliases) {
    const k = glossaryKey(alias);
    const asTerm = await owner('glossary_terms', k);
    if (asTerm !== undefined && asTerm !== self) {
      throw new SextantError('ALIAS_CONFLICT', `alias '${alias}' is the name of another term`, { hint: 'an alias may not equal another term' });
    }
    const asAlias = await owner('glossary_aliases', k);
    if (asAlias !== undefined && asAlias !== self) {
      throw new SextantError('ALIAS_CONFLICT', `alias '${alias}' already belongs to term '${await other(asAlias)}'`, {
        hint: 'aliases are unique in a project',
      });
    }
  }
}

function termExists(term: string): SextantError {
  return new SextantError('TERM_EXISTS', `term '${term}' already exists`, { hint: 'update it instead, or pick another name' });
}

/** Serialises glossary writes of one project across processes until the transaction ends. */
async function lockProject(db: Db, project: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('sextant-glossary:' || $1))", [project]);
}

async function putAliases(db: Db, id: number, fields: TermFields): Promise<void> {
  await db.query('DELETE FROM glossary_aliases WHERE term_id = $1', [id]);
  if (fields.aliases.length === 0) return;
  await db.query(
    'INSERT INTO glossary_aliases (term_id, project, alias, alias_key, position) SELECT $1, $2, a, k, p - 1 FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS x(a, k, p)',
    [id, fields.project, fields.aliases, fields.aliases.map(glossaryKey)],
  );
}

async function putIndex(db: Db, index: TermIndexWrite, previous: { object_id: string; source: string } | null): Promise<void> {
  if (previous && previous.object_id !== index.object.id) await dropIndex(db, previous.object_id, previous.source);
  await upsertObjects(db, [index.object], true);
  await applyChunkChanges(db, index.chunk.chunk.source, { upsert: [index.chunk], remove: [], effectiveContexts: [] });
}

async function dropIndex(db: Db, objectId: string, source: string): Promise<void> {
  await applyChunkChanges(db, source, { upsert: [], remove: [objectId], effectiveContexts: [] });
  await db.query('DELETE FROM objects WHERE id = $1', [objectId]);
  await db.query('DELETE FROM effective_contexts WHERE object_id = $1', [objectId]);
}

/** One history row; `values` from historyValues (../rows.ts). */
async function record(db: Db, values: ReturnType<typeof historyValues>): Promise<void> {
  await db.query(
    `INSERT INTO glossary_history (project, term_id, term, action, before, after, actor_user, actor_client, via, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [...values],
  );
}

async function indexRef(db: Db, id: number): Promise<{ object_id: string; source: string }> {
  return (await db.query<{ object_id: string; source: string }>('SELECT object_id, source FROM glossary_terms WHERE id = $1', [id])).rows[0]!;
}

/** Call inside one transaction. */
export async function createTerm(db: Db, fields: TermFields, index: TermIndexWrite, actor: ChangeActor, at: string): Promise<GlossaryTerm> {
  await lockProject(db, fields.project);
  await checkNames(db, fields, null);
  let id: number;
  try {
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO glossary_terms (project, term, term_key, definition, sql, source, base_table, output_columns, origin, validation, object_id,
         created_at, created_by, updated_at, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [...termValues(fields, index.object.id), at, actor.user, at, actor.user],
    );
    id = inserted.rows[0]!.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw termExists(fields.term);
    throw err;
  }
  await putAliases(db, id, fields);
  await putIndex(db, index, null);
  const created = (await byId(db, id))!;
  await record(db, historyValues(created, 'create', null, created, actor, at));
  return created;
}

/** Call inside one transaction. */
export async function updateTerm(
  db: Db,
  id: number,
  fields: TermFields,
  index: TermIndexWrite,
  actor: ChangeActor,
  at: string,
  seen?: GlossaryTerm,
): Promise<GlossaryTerm> {
  await lockProject(db, fields.project);
  const before = await byId(db, id);
  if (!before) throw new SextantError('TERM_NOT_FOUND', `term #${id} not found`);
  if (seen && !sameTermVersion(before, seen)) throw termChanged(before);
  const previous = await indexRef(db, id);
  await checkNames(db, fields, id);
  await db.query(
    `UPDATE glossary_terms SET project = $1, term = $2, term_key = $3, definition = $4, sql = $5, source = $6, base_table = $7, output_columns = $8,
       origin = $9, validation = $10, object_id = $11, updated_at = $12, updated_by = $13 WHERE id = $14`,
    [...termValues(fields, index.object.id), at, actor.user, id],
  );
  await putAliases(db, id, fields);
  await putIndex(db, index, previous);
  const after = (await byId(db, id))!;
  await record(db, historyValues(after, 'update', before, after, actor, at));
  return after;
}

/** Call inside one transaction. */
export async function deleteTerm(db: Db, id: number, actor: ChangeActor, at: string): Promise<GlossaryTerm | null> {
  const before = await byId(db, id);
  if (!before) return null;
  const previous = await indexRef(db, id);
  await dropIndex(db, previous.object_id, previous.source);
  await db.query('DELETE FROM glossary_aliases WHERE term_id = $1', [id]);
  await db.query('DELETE FROM glossary_terms WHERE id = $1', [id]);
  await record(db, historyValues(before, 'delete', before, null, actor, at));
  return before;
}

export async function setTermValidation(db: Db, id: number, validation: TermValidation, outputColumns?: OutputColumn[]): Promise<void> {
  if (outputColumns)
    await db.query('UPDATE glossary_terms SET validation = $1, output_columns = $2 WHERE id = $3', [
      JSON.stringify(validation),
      JSON.stringify(outputColumns),
      id,
    ]);
  else await db.query('UPDATE glossary_terms SET validation = $1 WHERE id = $2', [JSON.stringify(validation), id]);
}

export async function glossaryHistory(db: Db, project: string, termId?: number): Promise<GlossaryChange[]> {
  const rows =
    termId === undefined
      ? await db.query<HistoryRow>('SELECT * FROM glossary_history WHERE project = $1 ORDER BY id', [project])
      : await db.query<HistoryRow>('SELECT * FROM glossary_history WHERE project = $1 AND term_id = $2 ORDER BY id', [project, termId]);
  return rows.rows.map(toChange);
}

export async function glossaryAliases(db: Db): Promise<Array<{ project: string; alias: string; term: string }>> {
  return (
    await db.query<{ project: string; alias: string; term: string }>(
      'SELECT a.project, a.alias, t.term FROM glossary_aliases a JOIN glossary_terms t ON t.id = a.term_id ORDER BY a.project, a.alias_key',
    )
  ).rows;
}

export async function allGlossaryHistory(db: Db): Promise<GlossaryChange[]> {
  return (await db.query<HistoryRow>('SELECT * FROM glossary_history ORDER BY id')).rows.map(toChange);
}

/** Call inside one transaction: terms, aliases, index rows and history as given (see GlossaryStore.restoreGlossary). */
export async function restoreGlossary(
  db: Db,
  terms: ReadonlyArray<{ term: GlossaryTerm; index: TermIndexWrite }>,
  history: readonly GlossaryChange[],
): Promise<void> {
  const held = await db.query<{ n: number }>('SELECT ((SELECT count(*) FROM glossary_terms) + (SELECT count(*) FROM glossary_history))::int AS n');
  if (held.rows[0]!.n > 0) throw new SextantError('USAGE', 'the target store already has glossary terms or history', { hint: 'restore into an empty store' });
  for (const { term, index } of terms) {
    await db.query(
      `INSERT INTO glossary_terms (project, term, term_key, definition, sql, source, base_table, output_columns, origin, validation, object_id,
         created_at, created_by, updated_at, updated_by, id) OVERRIDING SYSTEM VALUE
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [...termValues(term, index.object.id), term.createdAt, term.createdBy, term.updatedAt, term.updatedBy, term.id],
    );
    await putAliases(db, term.id, term);
    await putIndex(db, index, null);
  }
  for (const change of history) {
    await db.query(
      `INSERT INTO glossary_history (project, term_id, term, action, before, after, actor_user, actor_client, via, at, id) OVERRIDING SYSTEM VALUE
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [...changeValues(change)],
    );
  }
  // identities continue after the restored ids
  for (const table of ['glossary_terms', 'glossary_history']) {
    await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), max(id)) FROM ${table} HAVING count(*) > 0`);
  }
}

export async function listCachedCompletions(db: Db): Promise<CachedCompletion[]> {
  return (await db.query<CachedCompletion>('SELECT key, model, response, created_at AS "createdAt" FROM llm_cache ORDER BY key')).rows;
}
