/**
 * @module adapters/connector/code/queries/sql-refs
 * Tables a file's SQL names: string literals and template strings that read like SQL (a
 * statement keyword, then FROM/INTO/UPDATE/JOIN; a migration's CREATE/ALTER/DROP TABLE by its
 * shape) are parsed with PostgreSQL's own parser (libpg-query; MySQL's backquoted names read as
 * double-quoted ones; `${…}` becomes a parameter, and so do `?`, `%s` and `:name` where the text
 * as written does not parse); where one does not parse, the names after FROM, JOIN, INTO and
 * UPDATE are taken as written. Leading SQL comments (sqlc's `-- name: X :one`) are read
 * past, Python's triple-quoted strings are literals too, literals joined by `+` or side by side are
 * one, and a `.sql` file is SQL throughout: each
 * of its statements (queries, migrations' CREATE/ALTER/DROP TABLE, REFERENCES) names tables, each table
 * once at the first statement that names it. Only names and line numbers are kept. Where the SQL
 * parses, each table reference also carries the columns the statement names for it (sql-columns),
 * and unqualified columns of a statement of several tables are kept with their candidate tables;
 * the pattern fallback names no column. In a `.sql` file a table named again is listed again at a
 * later statement only with columns not named before, or for what it does to the table (a CREATE
 * TABLE, then its INSERTs). Each reference says whether the SQL reads the table, writes it or
 * declares its schema (`TableAccess`). Known gap: plain lower-case SQL with no
 * clause beyond FROM (`select id from users`) reads as prose and is skipped.
 */
import { accessesOf, type TableAccess } from '../../../../ports/code.js';
import { joinedLiterals } from '../text/joined-literals.js';
import { lineAt } from '../text/lines.js';
import { statementColumns, type ColumnAccess, type StatementColumns } from './sql-columns.js';

export interface SqlTableRef {
  /** As written: `billing.invoice` or `invoice`, unquoted, lower case unless quoted. */
  table: string;
  /** 1-based line of the literal. */
  line: number;
  /** Columns the statement names for this table (parsed SQL only), as written, at most MAX_COLUMNS. */
  columns?: string[];
  /** What the statement does to it: read, write, schema (DDL). */
  access?: TableAccess[];
  /** The columns of `columns` the statement writes (`['write']`, or `['read', 'write']`); the others it reads. */
  columnAccess?: Record<string, TableAccess[]>;
}

/** Unqualified columns of a statement with several tables in scope: each is a column of one of `tables`. */
export interface SqlColumnChoice {
  columns: string[];
  tables: string[];
  line: number;
}

export interface SqlRefs {
  tables: SqlTableRef[];
  ambiguous: SqlColumnChoice[];
}

/** Columns kept per table reference and per ambiguous group. */
export const MAX_COLUMNS = 50;
/** Ambiguous groups kept per file. */
export const MAX_COLUMN_CHOICES = 200;

/** A literal's body: its text inside the quotes (three for a triple-quoted string), or a heredoc's or verbatim string's body. */
const literalBody = (m: RegExpMatchArray) => {
  if (m.groups?.body !== undefined) return m[0].startsWith('@"') ? m.groups.body.replaceAll('""', '"') : m.groups.body;
  const quote = m[0].startsWith('"""') || m[0].startsWith("'''") ? 3 : 1;
  return m[0].slice(quote, -quote);
};
const LITERAL = /"""[\s\S]*?"""|'''[\s\S]*?'''|`(?:\\[\s\S]|[^`\\])*`|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g;
/**
 * The string forms a language has besides quotes, where SQL is often written: Ruby's heredocs (`<<~SQL`; the rest of
 * the opening line is code), PHP's heredocs and nowdocs (`<<<SQL`, `<<<'SQL'`), C#'s verbatim strings (`@"…"`, `""` a quote).
 */
const OTHER_LITERALS: Readonly<Record<string, string>> = {
  ruby: String.raw`<<[~-]?(?<q>['"]?)(?<tag>[A-Za-z_]\w*)\k<q>[^\n]*\n(?<body>[\s\S]*?)\n[ \t]*\k<tag>(?!\w)`,
  php: String.raw`<<<[ \t]*(?<q>['"]?)(?<tag>[A-Za-z_]\w*)\k<q>\r?\n(?<body>[\s\S]*?)\r?\n[ \t]*\k<tag>(?!\w)`,
  csharp: String.raw`@"(?<body>(?:[^"]|"")*)"`,
};
const literalsOf = (language: string | undefined) => {
  const other = language && OTHER_LITERALS[language];
  return other ? new RegExp(`${other}|${LITERAL.source}`, 'g') : LITERAL;
};
/** Interpolations as a parse can take them: JavaScript's `${…}`, Ruby's `#{…}`. */
const INTERPOLATION = /\$\{[^}]*\}|#\{[^}]*\}/g;
const LOOKS_LIKE_SQL =
  /^\s*(select\b[\s\S]*\bfrom|(?:insert(?:\s+(?:ignore|low_priority|high_priority|delayed))*|replace)\s+into|update\s+\S+\s+set|delete\s+from|merge\s+into|with\b[\s\S]*\b(select|insert|update|delete|merge))\b/i;
/** A table name as DDL writes it: bare, double-quoted or backquoted, with its schema or not (`\x60` is a backquote). */
const DDL_NAME = String.raw`(?:[a-z_][\w$]*|"[^"\n]+"|\x60[^\x60\n]+\x60)(?:\.(?:[a-z_][\w$]*|"[^"\n]+"|\x60[^\x60\n]+\x60))?`;
/**
 * A migration's DDL in a string (`queryRunner.query('CREATE TABLE "user" (…)')`, `this.addSql('alter table
 * article add …')` with the name backquoted, `cursor.execute("DROP TABLE IF EXISTS t")`): read by its shape, since its words
 * are prose's too ("create table failed"): a name, then a column list, a change, or the statement's end.
 */
const LOOKS_LIKE_DDL = new RegExp(
  String.raw`^\s*(?:create\s+(?:(?:global\s+|local\s+)?temp(?:orary)?\s+|unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?${DDL_NAME}\s*\(|` +
    String.raw`alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${DDL_NAME}\s+(?:add|drop|alter|rename|modify|change|owner|set|enable|disable)\b|` +
    String.raw`drop\s+table\s+(?:if\s+exists\s+)?${DDL_NAME}\s*(?:;|cascade\b|restrict\b|$))`,
  'i',
);
/**
 * A clause built apart and spliced into a query (`and exists (select 1 from event_data …)`, `join (select * from
 * events …) e on …`): no statement, but its subquery names the tables it reads.
 */
const SUBQUERY_FRAGMENT =
  /^(?:and|or|where|having|on|(?:any\s+)?(?:(?:left|right|full|inner|cross)\s+(?:outer\s+)?)?join)\b[\s\S]*?\(\s*select\b[\s\S]*?\bfrom\b/i;
/** Prose can read as SQL ("select your plan from the list" parses): upper-case keywords, SQL punctuation or clause words are asked for too. */
const SQL_MARKS = /\b(SELECT|FROM|INSERT|UPDATE|DELETE|MERGE|JOIN)\b|[*=?$]|\b(where|join|values|set|group by|order by|limit)\b/;
/** `INSERT INTO t (…) VALUES …`: its one table and its column list, read without the parser. */
const PLAIN_INSERT = /^insert\s+into\s+((?:"[^"]+"|[a-z_][\w$]*)(?:\.(?:"[^"]+"|[a-z_][\w$]*))?)(?=[\s(])\s*(\([^()]*\))?/i;
/**
 * MySQL's, SQLite's and BigQuery's identifiers in backquotes as standard SQL's double quotes ("user"), one character for
 * one so lines and offsets hold: PostgreSQL's parser and the patterns below read only the latter.
 */
const backquotedAsDoubleQuoted = (sql: string) => (sql.includes('`') ? sql.replace(/`([^`"\n]+)`/g, '"$1"') : sql);
const NAMED_AFTER =
  /\b(?:from|join|into|update|table|references)\s+(?:only\s+|if\s+(?:not\s+)?exists\s+)?((?:"[^"]+"|[a-z_][\w$]*)(?:\.(?:"[^"]+"|[a-z_][\w$]*))?)/gi;

type Parse = (sql: string) => Promise<unknown>;
let parser: Promise<Parse | null> | null = null;

/** The parser's WASM module, loaded on the first SQL literal; null when it cannot load (the pattern fallback then serves). */
function loadParser(): Promise<Parse | null> {
  parser ??= import('libpg-query')
    .then(async (m) => {
      await m.loadModule();
      return (sql: string) => m.parse(sql);
    })
    .catch(() => null);
  return parser;
}

/** Statements whose `relation` they change; their other relations (a USING, a subquery) they read. */
const WRITES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);
/** Statements that change rows without being DML's `relation` (COPY only when FROM). */
const ALL_WRITTEN = new Set(['TruncateStmt']);
/** Statements that read: the rest of the `…Stmt` kinds declare schema (CREATE, ALTER, COMMENT, GRANT, …). */
const READS = new Set(['SelectStmt', 'ExplainStmt', 'DeclareCursorStmt', 'PrepareStmt', 'ExecuteStmt', 'CopyStmt', ...WRITES, ...ALL_WRITTEN]);

type Accesses = Map<string, Set<TableAccess>>;

/**
 * Every relation of a parse tree (a RangeVar, wrapped in a node or bare in a typed field such as
 * UPDATE's `relation`) with what the statement around it does to it, and the names its WITH
 * clauses give (`ctes`: `FROM gone` then names no table).
 */
function relationAccess(tree: unknown, out: Accesses, access: TableAccess, ctes: Set<string>): void {
  if (Array.isArray(tree)) return tree.forEach((t) => relationAccess(t, out, access, ctes));
  if (!tree || typeof tree !== 'object') return;
  const node = tree as { schemaname?: unknown; relname?: unknown; ctename?: unknown };
  if (typeof node.relname === 'string') {
    const name = typeof node.schemaname === 'string' ? `${node.schemaname}.${node.relname}` : node.relname;
    out.set(name, (out.get(name) ?? new Set()).add(access));
  }
  if (typeof node.ctename === 'string') ctes.add(node.ctename);
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    if (access !== 'schema' && WRITES.has(key) && value && typeof value === 'object') {
      const { relation, ...rest } = value as Record<string, unknown>;
      relationAccess(relation, out, 'write', ctes);
      relationAccess(rest, out, 'read', ctes);
    } else relationAccess(value, out, access, ctes);
  }
}

/** DROP's kinds of relation: its `objects` are name lists (`[schema, ]name`), not RangeVars. */
const DROPPED_RELATIONS = new Set(['OBJECT_TABLE', 'OBJECT_VIEW', 'OBJECT_MATVIEW', 'OBJECT_FOREIGN_TABLE']);

/** The relations a DROP TABLE (VIEW, …) names: a migration's down file that drops a table declares its schema as its up file does. */
function droppedRelations(body: unknown, out: Accesses): void {
  const drop = body as { removeType?: unknown; objects?: Array<{ List?: { items?: Array<{ String?: { sval?: unknown } }> } }> };
  if (!DROPPED_RELATIONS.has(String(drop.removeType))) return;
  for (const object of drop.objects ?? []) {
    const parts = (object.List?.items ?? []).map((i) => i.String?.sval);
    if (parts.length && parts.every((p): p is string => typeof p === 'string')) out.set(parts.join('.'), new Set(['schema']));
  }
}

/** A parse's relations with their access, statement by statement (`{stmts: [{stmt: {InsertStmt: …}}]}`). */
function parsedAccess(tree: unknown): Accesses {
  const out: Accesses = new Map();
  const stmts = (tree as { stmts?: Array<{ stmt?: Record<string, unknown> }> }).stmts ?? [];
  for (const { stmt } of stmts) {
    const [kind, body] = Object.entries(stmt ?? {})[0] ?? [];
    if (!kind) continue;
    const copyFrom = kind === 'CopyStmt' && (body as { is_from?: unknown }).is_from === true;
    const own: Accesses = new Map();
    const ctes = new Set<string>();
    relationAccess(stmt, own, ALL_WRITTEN.has(kind) || copyFrom ? 'write' : READS.has(kind) ? 'read' : 'schema', ctes);
    if (kind === 'DropStmt') droppedRelations(body, own);
    for (const [name, access] of own) if (!ctes.has(name)) out.set(name, new Set([...(out.get(name) ?? []), ...access]));
  }
  return out;
}

/** Without a parse: the first name a DML statement names is written, the rest read; DDL's names are schema. */
function patternAccess(sql: string): Accesses {
  const out: Accesses = new Map();
  const first = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? '';
  const writes = ['insert', 'replace', 'update', 'delete', 'merge', 'truncate'].includes(first);
  const ddl = ['create', 'alter', 'drop', 'comment', 'grant', 'revoke'].includes(first);
  for (const [i, n] of [...sql.matchAll(NAMED_AFTER)].entries()) {
    const name = unquote(n[1]!);
    out.set(name, (out.get(name) ?? new Set()).add(ddl ? 'schema' : writes && i === 0 ? 'write' : 'read'));
  }
  return out;
}

const unquote = (name: string) =>
  name
    .split('.')
    .map((p) => (p.startsWith('"') ? p.slice(1, -1) : p.toLowerCase()))
    .join('.');

/** The text after any leading blank lines and SQL comments (`-- name: GetUser :one`, block comments). */
const pastComments = (sql: string) => sql.replace(/^(?:\s+|--[^\n]*|\/\*[\s\S]*?\*\/)*/, '');

/** A template's text past the interpolations it starts with (`${withEvents} select …`: a WITH clause or a prefix written elsewhere). */
const pastLeadingInterpolations = (sql: string) => pastComments(sql.replace(/^(?:\$\{[^}]*\}\s*)+/, ''));

/** The SQL without its comments (`-- Dumped from database …` names no table). */
const withoutComments = (sql: string) => sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ');

/** A dump's COPY rows (`COPY t (…) FROM stdin;` up to `\.`) blanked, lines kept: they are data, not SQL. */
const withoutCopyRows = (text: string) =>
  text.replace(/(\bFROM\s+stdin\s*;[^\n]*\n)([\s\S]*?)^\\\.$/gim, (_, copy: string, rows: string) => copy + rows.replace(/[^\n]/g, ''));

/** A quoted string: `''` inside it, and a backslash escape as MySQL's dumps write them. */
const QUOTED = /'(?:[^'\\]|\\[\s\S]|'')*'|"(?:[^"\\]|\\[\s\S]|"")*"/g;

/**
 * A SQL file without its rows (a seed file's or a dump's values are data: they never enter the
 * index): COPY rows blanked, and the quoted strings of each INSERT, UPDATE, MERGE or REPLACE,
 * whether VALUES or a SELECT gives them, blanked to the `;` that ends the statement's line.
 * Other statements keep theirs (`COMMENT ON … IS '…'` documents, a CHECK's list names states);
 * lines are kept.
 */
export const withoutRowValues = (text: string) =>
  withoutCopyRows(text).replace(/^[ \t]*(?:INSERT|UPDATE|MERGE|REPLACE)\b[\s\S]*?(?:;[ \t]*$|(?![\s\S]))/gim, (statement) =>
    statement.replace(QUOTED, (quoted) => quoted.replace(/[^\n]/g, ' ')),
  );

interface Parsed {
  /** Each table with what the SQL does to it. */
  tables: Accesses;
  /** Absent where the parser refused the text. */
  columns?: StatementColumns;
}

/**
 * Other drivers' bind parameters as PostgreSQL's: JDBC's and MySQL's `?`, psycopg's `%s` and
 * `%(name)s`, named `:name` (not a `::cast`). Tried only where the text as written does not parse
 * (PostgreSQL's jsonb has a `?` operator).
 */
const asPgParameters = (sql: string) =>
  sql
    .replace(/%\([a-z_]\w*\)s|%s\b/gi, '$1')
    .replace(/(?<![:\w]):[a-z_]\w*/gi, '$1')
    .replace(/\?/g, '$1');

/** The tables of one piece of SQL: its parse (and the columns it names), else the names after FROM/JOIN/INTO/UPDATE. */
async function tablesOf(written: string): Promise<Parsed> {
  const sql = backquotedAsDoubleQuoted(written);
  const parse = await loadParser();
  let tree: unknown;
  try {
    if (!parse) throw new Error('no parser');
    tree = await parse(sql).catch(() => (/[?%:]/.test(sql) ? parse(asPgParameters(sql)) : Promise.reject(new Error('no parse'))));
  } catch {
    return { tables: patternAccess(withoutComments(sql)) };
  }
  return { tables: parsedAccess(tree), columns: statementColumns(tree) };
}

/**
 * A `.sql` file's statements with the line each starts on (past its leading comments): split where
 * a line ends in `;`, which keeps a statement PostgreSQL refuses (another dialect, a psql command)
 * from hiding the others.
 */
function statements(text: string): Array<{ sql: string; line: number }> {
  const out = [];
  let start = 0;
  let line = 1; // the line `start` is on, counted as the statements go (not from the top each time)
  const newlines = (from: string) => from.split('\n').length - 1;
  for (const m of [...text.matchAll(/;[ \t]*(?:--[^\n]*)?(?:\n|$)/g), { index: text.length, 0: '' }]) {
    const end = m.index + m[0].length;
    const sql = text.slice(start, end);
    const body = pastComments(sql);
    if (body.trim()) out.push({ sql, line: line + newlines(sql.slice(0, sql.length - body.length)) });
    line += newlines(sql);
    start = end;
  }
  return out;
}

/** The tables named by SQL in the file's string literals (in a `.sql` file, by its statements), each (table, line) once. */
export async function sqlTableRefs(text: string, language?: string): Promise<SqlTableRef[]> {
  return (await sqlRefs(text, language)).tables;
}

/**
 * The tables and columns named by SQL in the file's string literals (in a `.sql` file, by its statements), and by the SQL
 * the file runs that is written elsewhere (`runs`, each at the offset that runs it: a named native query's), read as SQL whatever it looks like.
 */
export async function sqlRefs(text: string, language?: string, runs: ReadonlyArray<{ sql: string; at: number }> = []): Promise<SqlRefs> {
  const out: SqlRefs = { tables: [], ambiguous: [] };
  const refs = new Map<string, SqlTableRef>();
  const addTable = (table: string, line: number, access: Iterable<TableAccess>, columns: Iterable<[string, ReadonlySet<ColumnAccess>]> = []) => {
    let ref = refs.get(`${table}@${line}`);
    if (!ref) {
      ref = { table, line };
      refs.set(`${table}@${line}`, ref);
      out.tables.push(ref);
    }
    const accesses = accessesOf([...(ref.access ?? []), ...access]);
    if (accesses.length) ref.access = accesses;
    for (const [column, how] of columns) {
      if (!ref.columns?.includes(column)) {
        if ((ref.columns?.length ?? 0) >= MAX_COLUMNS) break;
        (ref.columns ??= []).push(column);
      }
      const known = ref.columnAccess?.[column] ?? [];
      if (how.has('write') || known.length) (ref.columnAccess ??= {})[column] = accessesOf([...known, ...how]);
    }
  };
  const addChoices = (parsed: Parsed, line: number, fresh: (tables: string[], column: string) => boolean = () => true) => {
    for (const group of parsed.columns?.ambiguous ?? []) {
      const columns = [...group.columns].filter((c) => fresh(group.tables, c)).slice(0, MAX_COLUMNS);
      if (!columns.length || out.ambiguous.length >= MAX_COLUMN_CHOICES) continue;
      out.ambiguous.push({ columns, tables: group.tables, line });
    }
  };
  if (language === 'sql') {
    // each table once, at its first statement (again later only for columns not named before): a seed file of thousands of INSERTs names one table thousands of times
    const named = new Map<string, Set<string>>();
    const done = new Map<string, Set<TableAccess>>();
    const chosen = new Set<string>();
    const inserts = new Set<string>();
    for (const s of statements(backquotedAsDoubleQuoted(withoutCopyRows(text)))) {
      const into = PLAIN_INSERT.exec(pastComments(s.sql));
      const insert = into && `${unquote(into[1]!)} ${(into[2] ?? '').replace(/\s+/g, '')}`;
      if (insert && inserts.has(insert) && !/\bselect\b/i.test(s.sql)) continue; // the same table and columns again: nothing new, not worth a parse
      if (insert) inserts.add(insert);
      const parsed = await tablesOf(s.sql);
      for (const [table, access] of parsed.tables) {
        const known = named.get(table);
        // a column again only for what this statement does to it that an earlier one did not
        const columns = [...(parsed.columns?.byTable.get(table) ?? [])].filter(([c, how]) => [...how].some((a) => !known?.has(`${c}\0${a}`)));
        const fresh = [...access].filter((a) => !done.get(table)?.has(a));
        if (known && !columns.length && !fresh.length) continue;
        addTable(table, s.line, access, columns);
        named.set(table, new Set([...(known ?? []), ...columns.flatMap(([c, how]) => [...how].map((a) => `${c}\0${a}`))]));
        done.set(table, new Set([...(done.get(table) ?? []), ...access]));
      }
      addChoices(parsed, s.line, (tables, column) => {
        const key = `${tables.join('\n')}\n${column}`; // each unqualified column of the same tables once, as each table is
        if (chosen.has(key)) return false;
        chosen.add(key);
        return true;
      });
    }
    return out;
  }
  const read = async (sql: string, index: number) => {
    const parsed = await tablesOf(sql);
    const line = lineAt(text, index);
    for (const [table, access] of parsed.tables) addTable(table, line, access, parsed.columns?.byTable.get(table));
    addChoices(parsed, line);
  };
  // a mapping file's quotes are XML attributes, not literals: its SQL comes as `runs` (mybatis-xml)
  if (language !== 'xml')
    for (const { body, index } of joinedLiterals(text, literalsOf(language), literalBody)) {
      const sql = pastLeadingInterpolations(pastComments(body));
      if (((LOOKS_LIKE_SQL.test(sql) || SUBQUERY_FRAGMENT.test(sql)) && SQL_MARKS.test(sql)) || LOOKS_LIKE_DDL.test(sql))
        await read(sql.replace(INTERPOLATION, '$1'), index);
    }
  for (const { sql, at } of runs) await read(pastComments(sql), at);
  return out;
}
