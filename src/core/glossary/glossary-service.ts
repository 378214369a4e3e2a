/**
 * @module core/glossary/glossary-service
 * The business glossary: terms per project, each with a defining SQL validated on its source
 * (a LIMIT 1 probe in a guarded read-only session), output columns captured, aliases, origin,
 * who changed it, and a change history. Terms are indexed as chunks so search finds them, and
 * their aliases feed query expansion. Expected failures are results, never throws. Each
 * operation is a module function of a {@link GlossaryContext}; createGlossaryService binds them.
 */
import { RELATION_KINDS, type CatalogObject } from '../../ports/catalog.js';
import type { AccessReport, Connector } from '../../ports/connector.js';
import { privilegeRefusal, sourceAcceptsExtraPrivileges } from '../access/privileges.js';
import type { Embedder } from '../../ports/embedder.js';
import type { ChangeActor, GlossaryChange, GlossaryStore, GlossaryTerm, LlmCache, TermFields, TermOrigin, TermValidation } from '../../ports/glossary.js';
import type { CatalogStore, ChunkIndex, EntityIndex, StoredSource } from '../../ports/store.js';
import { type ErrorCode, SextantError, isSextantError } from '../../kernel/errors.js';
import type { ProjectService } from '../projects/projects.js';
import { parseObjectId } from '../../kernel/ids.js';
import { redactText } from '../../kernel/redact.js';
import { closest } from '../../kernel/suggest.js';
import { cleanName, glossaryKey } from '../../kernel/text/glossary-key.js';
import { buildTermIndex } from './term-index.js';
import type {
  DeleteResult,
  GlossaryFailure,
  GlossaryFailureCode,
  GlossaryRemedy,
  ListFilter,
  LookupResult,
  RevalidationReport,
  SqlCheck,
  TermInput,
  TermPatch,
  TermResult,
} from './types.js';

export interface GlossaryDeps {
  /** The glossary's own store plus the catalog it validates against and the indexes it writes. */
  store: GlossaryStore & CatalogStore & ChunkIndex & EntityIndex & LlmCache;
  connectors: ReadonlyMap<string, Connector>;
  embedder: () => Promise<Embedder | null>;
  projects: ProjectService;
  lexical?: (text: string) => string;
  now?: () => Date;
}

export const MAX_TERM_LENGTH = 200;

function fail(code: GlossaryFailureCode, error: string, extra: Partial<GlossaryFailure> = {}): GlossaryFailure {
  return { success: false, code, error, ...extra };
}

/** Aliases as stored: cleaned, empty ones and repeats (case-insensitively) and the term's own name dropped. */
export function cleanAliases(aliases: readonly string[], term: string): string[] {
  const seen = new Set([glossaryKey(term)]);
  const out: string[] = [];
  for (const raw of aliases) {
    const alias = cleanName(String(raw));
    const key = glossaryKey(alias);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(alias);
  }
  return out;
}

/** SQLSTATEs of SQL naming a relation or column the source does not have (undefined_table, undefined_column). */
const UNDEFINED_NAME_STATES = new Set(['42P01', '42703']);

function sqlError(check: Extract<SqlCheck, { valid: false }>): GlossaryFailure {
  const where = check.position ? ` (at position ${check.position})` : '';
  const remedy: GlossaryRemedy | null =
    check.sqlState && UNDEFINED_NAME_STATES.has(check.sqlState) ? { action: 'describe-source', source: check.source } : null;
  return fail('SQL_INVALID', `SQL validation failed: ${check.error}${where}`, {
    position: check.position,
    ...(check.hint ? { hint: check.hint } : remedy ? { remedy } : {}),
  });
}

/** What the glossary's functions run with: the deps, the clock, and the alias map last built. */
export interface GlossaryContext extends GlossaryDeps {
  /** The current time as an ISO string (deps.now, or the clock). */
  stamp(): string;
  aliasCache: { key: string; map: ReadonlyMap<string, readonly string[]> } | null;
  /** Each source's last access check, reused for a minute (a revalidation checks many terms). */
  accessChecks: Map<string, { at: number; report: AccessReport }>;
}

const ACCESS_CHECK_TTL_MS = 60_000;

async function accessOf(ctx: GlossaryContext, connector: Connector, source: StoredSource): Promise<AccessReport> {
  const cached = ctx.accessChecks.get(source.name);
  if (cached && Date.now() - cached.at < ACCESS_CHECK_TTL_MS) return cached.report;
  const report = await connector.checkAccess(source);
  ctx.accessChecks.set(source.name, { at: Date.now(), report });
  return report;
}

async function requireProject(ctx: GlossaryContext, project: string) {
  return ctx.projects.get(project);
}

/** The source a term's SQL runs on: the one named, or the project's only source. */
export async function resolveSource(ctx: GlossaryContext, project: string, name: string | undefined): Promise<StoredSource | GlossaryFailure> {
  const record = await requireProject(ctx, project);
  const all = await ctx.store.listSources();
  const served = record.sources.length ? all.filter((s) => record.sources.includes(s.name)) : all;
  if (name) {
    const source = all.find((s) => s.name === name);
    const known = served.length ? { hint: `the sources of project '${project}': ${served.map((s) => s.name).join(', ')}` } : {};
    if (!source) return fail('SOURCE_NOT_FOUND', `source '${name}' not found`, known);
    if (!served.includes(source)) return fail('SOURCE_NOT_FOUND', `source '${name}' is not served by project '${project}'`, known);
    return source;
  }
  if (served.length === 1) return served[0]!;
  if (served.length === 0) return fail('SOURCE_NOT_FOUND', `project '${project}' has no sources`, { remedy: { action: 'add-source', project } });
  return fail(
    'INVALID_INPUT',
    `project '${project}' serves several sources (${served.map((s) => s.name).join(', ')}); say which one the SQL runs on with 'source'`,
  );
}

/** A relation of the source by path (`public.orders`), bare name (`orders`) or object id. */
async function resolveBaseTable(ctx: GlossaryContext, source: string, ref: string): Promise<CatalogObject | GlossaryFailure> {
  const text = ref.trim();
  const isRelation = (o: CatalogObject | null): o is CatalogObject => o !== null && o.source === source && RELATION_KINDS.includes(o.kind);
  if (text.startsWith(`${source}:`)) {
    const byId = await ctx.store.getObject(text);
    if (isRelation(byId)) return byId;
  }
  for (const kind of RELATION_KINDS) {
    const found = await ctx.store.getObject(`${source}:${kind}:${text}`);
    if (isRelation(found)) return found;
  }
  const ids = (await ctx.store.objectIds(source)).filter((id) => RELATION_KINDS.some((k) => id.startsWith(`${source}:${k}:`)));
  const paths = ids.map((id) => ({ id, path: id.split(':').slice(2).join(':') }));
  const want = text.toLowerCase();
  const matches = paths.filter((p) => p.path.toLowerCase() === want || p.path.toLowerCase().endsWith(`.${want}`));
  if (matches.length === 1) {
    const found = await ctx.store.getObject(matches[0]!.id);
    if (isRelation(found)) return found;
  }
  if (matches.length > 1) {
    return fail('BASE_TABLE_NOT_FOUND', `base table '${text}' is ambiguous in source '${source}': ${matches.map((m) => m.path).join(', ')}`);
  }
  const near = closest(
    text,
    paths.map((p) => p.path),
    3,
  );
  if (!near.length)
    return fail('BASE_TABLE_NOT_FOUND', `base table '${text}' not found in source '${source}'`, { remedy: { action: 'describe-source', source } });
  return fail('BASE_TABLE_NOT_FOUND', `base table '${text}' not found in source '${source}'; did you mean ${near.join(', ')}?`);
}

export async function checkSql(ctx: GlossaryContext, source: StoredSource, sql: string): Promise<SqlCheck> {
  const connector = ctx.connectors.get(source.type);
  if (!connector?.probeQuery) {
    return { valid: false, source: source.name, error: `sources of type '${source.type}' cannot validate SQL`, position: null, sqlState: null };
  }
  // The same privilege policy as `update`: SQL runs only through a read-only role, or one the
  // operator accepted for this source; a refused term is not run (revalidation marks it stale).
  if (!sourceAcceptsExtraPrivileges(source)) {
    const access = await accessOf(ctx, connector, source);
    if (!access.ok) {
      const refusal = privilegeRefusal(source.name, access, 'the SQL was not run');
      return { valid: false, source: source.name, error: refusal.message, ...(refusal.hint ? { hint: refusal.hint } : {}), position: null, sqlState: null };
    }
  }
  const probe = await connector.probeQuery(source, sql);
  return probe.ok
    ? { valid: true, source: source.name, outputColumns: probe.columns }
    : { valid: false, source: source.name, error: redactText(probe.error), position: probe.position, sqlState: probe.sqlState };
}

function validation(ctx: GlossaryContext, result: SqlCheck): TermValidation {
  if (result.valid) return { status: 'valid', checkedAt: ctx.stamp(), error: null };
  return { status: 'stale', checkedAt: ctx.stamp(), error: result.error, ...(result.hint ? { hint: result.hint } : {}) };
}

function required(input: Record<string, unknown>, fields: string[]): GlossaryFailure | null {
  for (const field of fields) {
    const value = input[field];
    if (typeof value !== 'string' || value.trim() === '') return fail('INVALID_INPUT', `field '${field}' is required`);
  }
  return null;
}

function checkName(term: string): GlossaryFailure | null {
  if ([...term].length > MAX_TERM_LENGTH) return fail('INVALID_INPUT', `field 'term' is longer than ${MAX_TERM_LENGTH} characters`);
  return null;
}

async function write(
  ctx: GlossaryContext,
  existing: GlossaryTerm | null,
  fields: TermFields,
  baseObjectId: string | null,
  actor: ChangeActor,
): Promise<TermResult> {
  const index = await buildTermIndex(ctx, fields, baseObjectId);
  try {
    const term = existing
      ? await ctx.store.updateTerm(existing.id, fields, index, actor, ctx.stamp(), existing)
      : await ctx.store.createTerm(fields, index, actor, ctx.stamp());
    return { success: true, term, changed: true };
  } catch (err) {
    if (isSextantError(err) && (err.code === 'TERM_EXISTS' || err.code === 'ALIAS_CONFLICT' || err.code === 'TERM_NOT_FOUND')) {
      return fail(err.code, err.message, err.hint ? { hint: err.hint } : {});
    }
    throw err;
  }
}

export async function list(ctx: GlossaryContext, project: string, filter: ListFilter = {}): Promise<GlossaryTerm[]> {
  await requireProject(ctx, project);
  const needle = filter.text?.trim().toLowerCase();
  const base = filter.baseTable ? parseObjectId(filter.baseTable) : null;
  if (filter.baseTable && !base) return [];
  return (await ctx.store.listTerms(project)).filter(
    (t) =>
      (!filter.origin || t.origin === filter.origin) &&
      (!filter.source || t.source === filter.source) &&
      (!filter.stale || t.validation.status === 'stale') &&
      (!base || (t.source === base.source && t.baseTable === base.path)) &&
      (!needle || [t.term, t.definition, ...t.aliases].some((s) => s.toLowerCase().includes(needle))),
  );
}

/** The term named or aliased `nameOrAlias`, or TERM_NOT_FOUND with the names closest to it. */
export async function lookup(ctx: GlossaryContext, project: string, nameOrAlias: string): Promise<LookupResult> {
  await requireProject(ctx, project);
  const term = await ctx.store.findTerm(project, nameOrAlias);
  return term ? { success: true, term } : missingTerm(ctx, project, nameOrAlias);
}

/** The term named or aliased `nameOrAlias`; TERM_NOT_FOUND (with suggestions) thrown when absent. */
export async function get(ctx: GlossaryContext, project: string, nameOrAlias: string): Promise<GlossaryTerm> {
  const found = await lookup(ctx, project, nameOrAlias);
  if (found.success) return found.term;
  throw glossaryError(found);
}

/** TERM_NOT_FOUND as a result: "did you mean" the closest names and aliases, or (none close) the remedy of listing the terms. */
async function missingTerm(ctx: GlossaryContext, project: string, nameOrAlias: string): Promise<GlossaryFailure> {
  const names = (await ctx.store.listTerms(project)).flatMap((t) => [t.term, ...t.aliases]);
  const near = closest(nameOrAlias, names, 3);
  const error = `term '${nameOrAlias}' not found`;
  if (!near.length) return fail('TERM_NOT_FOUND', error, { remedy: { action: 'list-terms' } });
  return fail('TERM_NOT_FOUND', error, { hint: `did you mean ${near.map((n) => `'${n}'`).join(', ')}?`, suggestions: near });
}

/** The error code a glossary failure is thrown with. */
const ERROR_CODES: Record<GlossaryFailureCode, ErrorCode> = {
  INVALID_INPUT: 'USAGE',
  TERM_EXISTS: 'TERM_EXISTS',
  ALIAS_CONFLICT: 'ALIAS_CONFLICT',
  TERM_NOT_FOUND: 'TERM_NOT_FOUND',
  SQL_INVALID: 'SQL_INVALID',
  BASE_TABLE_NOT_FOUND: 'OBJECT_NOT_FOUND',
  SOURCE_NOT_FOUND: 'SOURCE_NOT_FOUND',
};

/**
 * A failure as an error (`get`, `history`, `testSql` and `infer` throw it; the CLI reports a result
 * so): its hint and remedy as they are, and as data in `details` a term not found's suggestions.
 */
export function glossaryError(failure: GlossaryFailure): SextantError {
  return new SextantError(ERROR_CODES[failure.code], failure.error, {
    ...(failure.hint ? { hint: failure.hint } : {}),
    ...(failure.remedy ? { remedy: failure.remedy } : {}),
    details: {
      ...(failure.position ? { position: failure.position } : {}),
      ...(failure.code === 'TERM_NOT_FOUND' ? { suggestions: failure.suggestions ?? [] } : {}),
    },
  });
}

export async function create(ctx: GlossaryContext, project: string, input: TermInput, actor: ChangeActor, origin: TermOrigin): Promise<TermResult> {
  await requireProject(ctx, project);
  const missing = required(input as unknown as Record<string, unknown>, ['term', 'definition', 'sql']);
  if (missing) return missing;
  const term = cleanName(input.term);
  const badName = checkName(term);
  if (badName) return badName;
  const existing = await ctx.store.findTerm(project, term);
  if (existing) {
    return glossaryKey(existing.term) === glossaryKey(term)
      ? fail('TERM_EXISTS', `term '${term}' already exists`, { remedy: { action: 'edit-term', term: existing.term, taken: 'name' } })
      : fail('ALIAS_CONFLICT', `'${term}' is already an alias of term '${existing.term}'`, {
          remedy: { action: 'edit-term', term: existing.term, taken: 'alias' },
        });
  }
  const source = await resolveSource(ctx, project, input.source);
  if ('success' in source) return source;
  let base: CatalogObject | null = null;
  if (input.baseTable && input.baseTable.trim()) {
    const resolved = await resolveBaseTable(ctx, source.name, input.baseTable);
    if ('success' in resolved) return resolved;
    base = resolved;
  }
  const check = await checkSql(ctx, source, input.sql);
  if (!check.valid) return sqlError(check);
  const fields: TermFields = {
    project,
    term,
    definition: input.definition.trim(),
    sql: input.sql.trim(),
    source: source.name,
    baseTable: base?.path ?? null,
    outputColumns: check.outputColumns,
    origin,
    aliases: cleanAliases(input.aliases ?? [], term),
    validation: validation(ctx, check),
  };
  return write(ctx, null, fields, base?.id ?? null, actor);
}

export async function update(
  ctx: GlossaryContext,
  project: string,
  lookup: string,
  patch: TermPatch,
  actor: ChangeActor,
  origin: TermOrigin,
): Promise<TermResult> {
  await requireProject(ctx, project);
  if (typeof lookup !== 'string' || !lookup.trim()) return fail('INVALID_INPUT', "field 'term' is required");
  let existing = await ctx.store.findTerm(project, lookup);
  for (let attempt = 1; ; attempt++) {
    if (!existing) return missingTerm(ctx, project, lookup);
    try {
      return await patchTerm(ctx, project, existing, patch, actor, origin);
    } catch (err) {
      // another writer changed the term since it was read: apply the patch to its new version
      if (!isSextantError(err) || err.code !== 'TERM_CHANGED' || attempt >= UPDATE_ATTEMPTS) throw err;
      const id = existing.id;
      existing = (await ctx.store.listTerms(project)).find((t) => t.id === id) ?? null;
    }
  }
}

/** How often an update is prepared again when other writers keep changing its term. */
const UPDATE_ATTEMPTS = 5;

/** Applies `patch` to `existing` as read; the store refuses it (TERM_CHANGED) when the term changed since. */
async function patchTerm(
  ctx: GlossaryContext,
  project: string,
  existing: GlossaryTerm,
  patch: TermPatch,
  actor: ChangeActor,
  origin: TermOrigin,
): Promise<TermResult> {
  const given = Object.entries(patch).filter(([, v]) => v !== undefined);
  if (given.length === 0) return { success: true, term: existing, changed: false };
  for (const field of ['definition', 'sql'] as const) {
    if (patch[field] !== undefined && patch[field]!.trim() === '')
      return fail('INVALID_INPUT', `field '${field === 'sql' ? 'defining_sql' : field}' may not be empty`);
  }
  const term = patch.term !== undefined ? cleanName(patch.term) : existing.term;
  if (!term) return fail('INVALID_INPUT', "field 'term' may not be empty");
  const badName = checkName(term);
  if (badName) return badName;

  let source: StoredSource | GlossaryFailure;
  if (patch.source !== undefined) source = await resolveSource(ctx, project, patch.source);
  else {
    const kept = await ctx.store.getSource(existing.source);
    source = kept ?? fail('SOURCE_NOT_FOUND', `source '${existing.source}' of term '${existing.term}' no longer exists; pass a source`);
  }
  if ('success' in source) return source;

  let baseTable = existing.baseTable;
  let baseObjectId: string | null = null;
  const baseRef = patch.baseTable !== undefined ? patch.baseTable : existing.baseTable;
  if (baseRef && baseRef.trim()) {
    // re-resolved whenever it or the source changes; an unchanged base table that vanished is kept (the term goes stale instead)
    const resolved = await resolveBaseTable(ctx, source.name, baseRef);
    if ('success' in resolved) {
      if (patch.baseTable !== undefined || patch.source !== undefined) return resolved;
    } else {
      baseTable = resolved.path;
      baseObjectId = resolved.id;
    }
  } else baseTable = null;

  const sql = patch.sql !== undefined ? patch.sql.trim() : existing.sql;
  let outputColumns = existing.outputColumns;
  let checked = existing.validation;
  if (sql !== existing.sql || source.name !== existing.source) {
    const check = await checkSql(ctx, source, sql);
    if (!check.valid) return sqlError(check);
    outputColumns = check.outputColumns;
    checked = validation(ctx, check);
  }
  const fields: TermFields = {
    project,
    term,
    definition: patch.definition !== undefined ? patch.definition.trim() : existing.definition,
    sql,
    source: source.name,
    baseTable,
    outputColumns,
    origin,
    aliases: patch.aliases !== undefined ? cleanAliases(patch.aliases, term) : cleanAliases(existing.aliases, term),
    validation: checked,
  };
  return write(ctx, existing, fields, baseObjectId, actor);
}

export async function remove(ctx: GlossaryContext, project: string, lookup: string, actor: ChangeActor): Promise<DeleteResult> {
  await requireProject(ctx, project);
  if (typeof lookup !== 'string' || !lookup.trim()) return fail('INVALID_INPUT', "field 'term' is required");
  const existing = await ctx.store.findTerm(project, lookup);
  if (!existing) return missingTerm(ctx, project, lookup);
  const deleted = await ctx.store.deleteTerm(existing.id, actor, ctx.stamp());
  if (!deleted) return missingTerm(ctx, project, lookup);
  return { success: true, message: `Term '${deleted.term}' deleted successfully`, term: deleted };
}

export async function history(ctx: GlossaryContext, project: string, lookup?: string): Promise<GlossaryChange[]> {
  await requireProject(ctx, project);
  if (lookup === undefined) return ctx.store.glossaryHistory(project);
  const current = await ctx.store.findTerm(project, lookup);
  if (current) return ctx.store.glossaryHistory(project, current.id);
  // a deleted term: its changes under that name
  const key = glossaryKey(lookup);
  const all = await ctx.store.glossaryHistory(project);
  const ids = new Set(all.filter((c) => glossaryKey(c.term) === key || (c.before?.aliases ?? []).some((a) => glossaryKey(a) === key)).map((c) => c.termId));
  if (ids.size === 0) throw glossaryError(await missingTerm(ctx, project, lookup));
  return all.filter((c) => ids.has(c.termId));
}

export async function testSql(ctx: GlossaryContext, project: string, sql: string, sourceName?: string): Promise<SqlCheck> {
  const source = await resolveSource(ctx, project, sourceName);
  if ('success' in source) throw glossaryError(source);
  if (!sql.trim()) return { valid: false, source: source.name, error: 'the SQL is empty', position: null, sqlState: null };
  return checkSql(ctx, source, sql);
}

/**
 * Re-runs the SQL of every term on the sources named (all when omitted): after a schema change
 * a term that no longer runs is flagged `stale` with the database's error; one that runs again
 * is valid again, with its output columns refreshed. An unreachable source leaves its terms as
 * they were and says so.
 */
export async function revalidate(ctx: GlossaryContext, sourceNames?: readonly string[]): Promise<RevalidationReport[]> {
  const sources = await ctx.store.listSources();
  const names = sourceNames ?? [...new Set((await ctx.store.listTerms()).map((t) => t.source))].sort();
  const reports: RevalidationReport[] = [];
  for (const name of names) {
    const terms = await ctx.store.termsOfSource(name);
    if (terms.length === 0) continue;
    const report: RevalidationReport = { source: name, checked: 0, broke: [], fixed: [], error: null };
    reports.push(report);
    const source = sources.find((s) => s.name === name);
    for (const term of terms) {
      let check: SqlCheck;
      if (!source) check = { valid: false, source: name, error: `source '${name}' no longer exists`, position: null, sqlState: null };
      else {
        try {
          check = await checkSql(ctx, source, term.sql);
        } catch (err) {
          report.error = redactText((err as Error).message);
          if (isSextantError(err) && err.hint) report.hint = redactText(err.hint);
          break;
        }
      }
      report.checked += 1;
      const was = term.validation.status;
      if (check.valid) {
        await ctx.store.setTermValidation(term.id, validation(ctx, check), check.outputColumns);
        if (was === 'stale') report.fixed.push({ project: term.project, term: term.term });
      } else {
        await ctx.store.setTermValidation(term.id, validation(ctx, check));
        if (was === 'valid') report.broke.push({ project: term.project, term: term.term, error: check.error, ...(check.hint ? { hint: check.hint } : {}) });
      }
    }
  }
  return reports;
}

/** alias → names of the terms it stands for (every project), for query expansion. Same map object while unchanged. */
export async function aliasMap(ctx: GlossaryContext): Promise<ReadonlyMap<string, readonly string[]>> {
  const rows = await ctx.store.glossaryAliases();
  const key = JSON.stringify(rows);
  if (ctx.aliasCache?.key === key) return ctx.aliasCache.map;
  const map = new Map<string, string[]>();
  for (const row of rows) {
    const list = map.get(row.alias) ?? [];
    if (!list.includes(row.term)) list.push(row.term);
    map.set(row.alias, list);
  }
  ctx.aliasCache = { key, map };
  return map;
}

/** The glossary's operations bound to one set of deps (what the engine exposes as `engine.glossary`'s core). */
export interface GlossaryCore {
  list(project: string, filter?: ListFilter): Promise<GlossaryTerm[]>;
  get(project: string, nameOrAlias: string): Promise<GlossaryTerm>;
  lookup(project: string, nameOrAlias: string): Promise<LookupResult>;
  find(project: string, nameOrAlias: string): Promise<GlossaryTerm | null>;
  create(project: string, input: TermInput, actor: ChangeActor, origin: TermOrigin): Promise<TermResult>;
  update(project: string, lookup: string, patch: TermPatch, actor: ChangeActor, origin: TermOrigin): Promise<TermResult>;
  remove(project: string, lookup: string, actor: ChangeActor): Promise<DeleteResult>;
  history(project: string, lookup?: string): Promise<GlossaryChange[]>;
  testSql(project: string, sql: string, sourceName?: string): Promise<SqlCheck>;
  revalidate(sourceNames?: readonly string[]): Promise<RevalidationReport[]>;
  aliasMap(): Promise<ReadonlyMap<string, readonly string[]>>;
  resolveSource(project: string, name: string | undefined): Promise<StoredSource | GlossaryFailure>;
  checkSql(source: StoredSource, sql: string): Promise<SqlCheck>;
}

export function createGlossaryService(deps: GlossaryDeps): GlossaryCore {
  const ctx: GlossaryContext = { ...deps, stamp: () => (deps.now ? deps.now() : new Date()).toISOString(), aliasCache: null, accessChecks: new Map() };
  return {
    list: (project, filter) => list(ctx, project, filter),
    get: (project, nameOrAlias) => get(ctx, project, nameOrAlias),
    lookup: (project, nameOrAlias) => lookup(ctx, project, nameOrAlias),
    find: (project, nameOrAlias) => ctx.store.findTerm(project, nameOrAlias),
    create: (project, input, actor, origin) => create(ctx, project, input, actor, origin),
    update: (project, lookup, patch, actor, origin) => update(ctx, project, lookup, patch, actor, origin),
    remove: (project, lookup, actor) => remove(ctx, project, lookup, actor),
    history: (project, lookup) => history(ctx, project, lookup),
    testSql: (project, sql, sourceName) => testSql(ctx, project, sql, sourceName),
    revalidate: (sourceNames) => revalidate(ctx, sourceNames),
    aliasMap: () => aliasMap(ctx),
    resolveSource: (project, name) => resolveSource(ctx, project, name),
    checkSql: (source, sql) => checkSql(ctx, source, sql),
  };
}
