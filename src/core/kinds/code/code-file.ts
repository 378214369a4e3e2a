/**
 * @module core/kinds/code/code-file
 * A `code_file` object's attributes (ports/code.ts) as the core reads them: each checked for its
 * type, absent or malformed ones read as empty, so an index written by an older release (or a
 * hand-edited one) plans with fewer facts instead of failing; and the lines of its git history
 * that `get` shows.
 */
import { isRecord } from '../../../kernel/guards.js';
import type { CatalogObject } from '../../../ports/catalog.js';
import type { ObjectEdges, ObjectFact } from '../../../ports/source-kind.js';
import {
  CALLS_ROUTE_EDGE_KIND,
  CODE_SCAN_VERSION,
  type CoChangePartner,
  type HttpRoute,
  type FieldUse,
  type FileImport,
  type RecentChange,
  type TableUse,
  accessesOf,
  type ColumnChoice,
  type DeclaredJoin,
} from '../../../ports/code.js';

export interface CodeFileFacts {
  language: string;
  imports: FileImport[];
  symbols: string[];
  words: Readonly<Record<string, number>>;
  /** Words the body says once (`onceWords`). */
  once: string[];
  /** Those its doc comments say (`docWords`), which search reads. */
  docWords: string[];
  /** Lines of doc comments and docstrings. */
  docLines: number;
  coChanged: CoChangePartner[];
  churn: number;
  commits: number;
  subjects: string[];
  /** When the file first and last changed (null: no history read). */
  span: { first: number; last: number } | null;
  /** Latest commits, newest first (null: not in this index; see `current`). */
  recent: RecentChange[] | null;
  tables: TableUse[];
  fields: FieldUse[];
  /** The package names the file is imported by (ports/code.ts `importNames`). */
  importNames: string[];
  /** Its leading comment says a tool wrote it (CodeFileAttributes.generated). */
  generated: boolean;
  /** Written by this release's scan; false: the next `sextant update` rescans it. */
  current: boolean;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/** The elements of `value` that pass `is` (not an array: none). */
function listOf<T>(value: unknown, is: (item: unknown) => item is T): T[] {
  return Array.isArray(value) ? value.filter(is) : [];
}

const isImport = (v: unknown): v is FileImport => isRecord(v) && isString(v.path) && Array.isArray(v.kinds);
const isPartner = (v: unknown): v is CoChangePartner => isRecord(v) && isString(v.path) && isNumber(v.weight);
const isRecent = (v: unknown): v is RecentChange => isRecord(v) && isNumber(v.ago) && isNumber(v.files);
const isTable = (v: unknown): v is TableUse => isRecord(v) && isString(v.table) && isNumber(v.line);
const isChoice = (v: unknown): v is ColumnChoice => isRecord(v) && Array.isArray(v.columns) && Array.isArray(v.tables) && isNumber(v.line);
const isField = (v: unknown): v is FieldUse => isRecord(v) && isString(v.path) && isNumber(v.line);
const isRoute = (v: unknown): v is HttpRoute => isRecord(v) && isString(v.method) && isString(v.path) && isNumber(v.line);

/** A file's word counts; the record itself when every count is a number (as the scan writes it), a copy of those that are when not. */
function wordsOf(value: unknown): Readonly<Record<string, number>> {
  if (!isRecord(value)) return {};
  const counts = Object.values(value);
  if (counts.every(isNumber)) return value as Record<string, number>;
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, number] => isNumber(e[1])));
}

type Attributes = Pick<CatalogObject, 'attributes'>;

/** Whether the scan marked a code file, or a symbol of one, generated. */
export const isGeneratedCode = ({ attributes: a }: Attributes): boolean => a.generated === true;

/** What a file's chunk reads (no history): read alone, as chunking runs for every file of every update. */
export function codeFileText({ attributes: a }: Attributes): Pick<CodeFileFacts, 'language' | 'symbols' | 'words' | 'docWords'> {
  return {
    language: isString(a.language) ? a.language : 'code',
    symbols: listOf(a.symbols, isString),
    words: wordsOf(a.words),
    docWords: listOf(a.docWords, isString),
  };
}

/** The tables a file's SQL and ORM models name, SQL's first; `columns` kept only as a list of strings, `columnAccess` only as accesses. */
export const codeFileTables = ({ attributes: a }: Attributes): TableUse[] =>
  [...listOf(a.sqlTables, isTable), ...listOf(a.ormTables, isTable)].map(({ columns, access, columnAccess, ...ref }) => {
    const accesses = accessesOf(access);
    const written = Object.entries(isRecord(columnAccess) ? columnAccess : {})
      .map(([column, how]) => [column, accessesOf(how)] as const)
      .filter(([, how]) => how.length);
    return {
      ...ref,
      ...(Array.isArray(columns) && columns.length ? { columns: listOf(columns, isString) } : {}),
      ...(accesses.length ? { access: accesses } : {}),
      ...(written.length ? { columnAccess: Object.fromEntries(written) } : {}),
    };
  });

/** Unqualified columns of the file's SQL with their candidate tables. */
export const codeFileColumnChoices = ({ attributes: a }: Attributes): ColumnChoice[] =>
  listOf(a.sqlColumnChoices, isChoice).map((c) => ({ columns: listOf(c.columns, isString), tables: listOf(c.tables, isString), line: c.line }));

const isJoin = (v: unknown): v is DeclaredJoin =>
  isRecord(v) && isString(v.table) && isString(v.references) && Array.isArray(v.columns) && Array.isArray(v.referencedColumns) && isNumber(v.line);

/** The joins a file's ORM relations declare (each with as many columns on both sides). */
export const codeFileJoins = ({ attributes: a }: Attributes): DeclaredJoin[] =>
  listOf(a.declaredJoins, isJoin)
    .map((j) => ({
      ...j,
      columns: listOf(j.columns, isString),
      referencedColumns: listOf(j.referencedColumns, isString),
      via: isString(j.via) ? j.via : 'orm',
      tableAlternatives: listOf(j.tableAlternatives, isString),
      referencesAlternatives: listOf(j.referencesAlternatives, isString),
    }))
    .filter((j) => j.columns.length && j.columns.length === j.referencedColumns.length);

/** The GraphQL fields a file's operations select. */
export const codeFileFields = ({ attributes: a }: Attributes): FieldUse[] => listOf(a.graphqlFields, isField);

/** What the onboarding plan reads of a file: its history and words, not its imports, tables or fields (the source's edges hold those). */
export type CodeFilePlanFacts = Omit<CodeFileFacts, 'language' | 'imports' | 'docWords' | 'tables' | 'fields'>;

/** A file's `CodeFilePlanFacts` alone: a plan reads every file of its source, so it skips checking what it does not read. */
export function codeFilePlanFacts(object: Attributes): CodeFilePlanFacts {
  const a = object.attributes;
  return {
    symbols: listOf(a.symbols, isString),
    words: wordsOf(a.words),
    once: listOf(a.onceWords, isString),
    docLines: isNumber(a.docLines) ? a.docLines : 0,
    coChanged: listOf(a.coChanged, isPartner),
    churn: isNumber(a.churn) ? a.churn : 0,
    commits: isNumber(a.commits) ? a.commits : 0,
    subjects: listOf(a.subjects, isString),
    span: isNumber(a.firstChanged) && isNumber(a.lastChanged) ? { first: a.firstChanged, last: a.lastChanged } : null,
    recent: Array.isArray(a.recentChanges) ? listOf(a.recentChanges, isRecent) : null,
    importNames: listOf(a.importNames, isString),
    generated: isGeneratedCode(object),
    current: a.scan === CODE_SCAN_VERSION,
  };
}

export function codeFileFacts(object: Attributes): CodeFileFacts {
  const { language, docWords } = codeFileText(object);
  return {
    language,
    docWords,
    ...codeFilePlanFacts(object),
    imports: listOf(object.attributes.imports, isImport),
    tables: codeFileTables(object),
    fields: codeFileFields(object),
  };
}

/** Partners `get` names; the stored list keeps more (the fused order reads them). */
const PARTNERS_SHOWN = 5;
const SUBJECT_SHOWN = 160;

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Routes and callers `get` names on one line. */
const ROUTES_SHOWN = 8;

const listed = (items: readonly string[]) =>
  `${items.slice(0, ROUTES_SHOWN).join(', ')}${items.length > ROUTES_SHOWN ? ` (+${items.length - ROUTES_SHOWN} more)` : ''}`;

/** What `get` shows of a file's HTTP routes: those it serves, the files calling them, and the files whose routes it calls. */
export function codeFileRoutes({ attributes: a }: Attributes, edges?: ObjectEdges): ObjectFact[] {
  const facts: ObjectFact[] = [];
  const routes = listOf(a.routes, isRoute);
  if (routes.length) facts.push({ label: 'serves routes', value: listed(routes.map((r) => `${r.method} ${r.prefixed === true ? '…' : ''}${r.path}`)) });
  const path = (id: string) => id.split(':').slice(2).join(':');
  const line = (e: { attributes: Record<string, unknown> }) => (isNumber(e.attributes.line) ? ` (line ${e.attributes.line})` : '');
  const callers = (edges?.incoming ?? []).filter((e) => e.kind === CALLS_ROUTE_EDGE_KIND);
  if (callers.length) facts.push({ label: 'called over HTTP by', value: listed(callers.map((e) => `${path(e.fromId)}${line(e)}`)) });
  const called = (edges?.outgoing ?? []).filter((e) => e.kind === CALLS_ROUTE_EDGE_KIND);
  if (called.length) facts.push({ label: 'calls routes of', value: listed(called.map((e) => `${path(e.toId)}${line(e)}`)) });
  return facts;
}

/** What `get` shows of a file: whether a tool wrote it, its git history, then its HTTP routes. */
export const codeFileDetail = (object: Attributes, edges?: ObjectEdges): ObjectFact[] => [...codeFileShown(object), ...codeFileRoutes(object, edges)];

/** What `get` shows of a file: whether a tool wrote it; its git history: how often and when it changed, with what, and its latest subject. */
export function codeFileShown(object: Attributes): ObjectFact[] {
  const f = codeFileFacts(object);
  const facts: ObjectFact[] = f.generated ? [{ label: 'generated', value: 'yes' }] : [];
  if (f.commits || f.span) {
    const count = f.commits ? `${f.commits} commit${f.commits === 1 ? '' : 's'}` : '';
    const when = f.span ? (f.span.first === f.span.last ? `changed ${day(f.span.last)}` : `first ${day(f.span.first)}, last ${day(f.span.last)}`) : '';
    facts.push({ label: 'history', value: [count, when].filter(Boolean).join(', ') });
  }
  if (f.coChanged.length) {
    const shown = f.coChanged.slice(0, PARTNERS_SHOWN).map((p) => p.path);
    const more = f.coChanged.length - shown.length;
    facts.push({ label: 'changed with', value: `${shown.join(', ')}${more > 0 ? ` (+${more} more)` : ''}` });
  }
  const subject = f.subjects[0];
  if (subject) facts.push({ label: 'last commit', value: subject.length > SUBJECT_SHOWN ? `${subject.slice(0, SUBJECT_SHOWN - 1)}…` : subject });
  return facts;
}
