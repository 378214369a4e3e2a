/**
 * @module core/code/sql-copies
 * SQL files an onboarding plan treats apart from code. Dialect copies: spring-petclinic keeps one
 * schema as `db/h2/schema.sql`, `db/mysql/schema.sql` and `db/postgres/schema.sql`; the plan's data
 * step lists one of them and names the others' folders. Schema and data files (a `CREATE TABLE`
 * script, seed data, a migration): a request about behaviour does not start at them when code
 * ranks near them, since their table names repeat the request's words.
 */
import { folderOf } from '../../kernel/workspace-path.js';
import { USES_TABLE_EDGE_KIND } from '../kinds/code/code-links.js';
import type { DataUse, DataUsers } from './data-users.js';

/** What a code file does with the linked tables: which it names (`uses_table` targets) and whether it declares one. */
export interface FileTables {
  tables: ReadonlySet<string>;
  declares: boolean;
}

/** Per code file, the tables it names and whether it declares any, from a source's data users. */
export function fileTables(users: DataUsers): Map<string, FileTables> {
  const out = new Map<string, { tables: Set<string>; declares: boolean }>();
  for (const uses of users.values())
    for (const use of uses) {
      if (use.kind !== USES_TABLE_EDGE_KIND) continue;
      const entry = out.get(use.file) ?? { tables: new Set<string>(), declares: false };
      entry.tables.add(use.uses);
      if (use.access?.includes('schema')) entry.declares = true;
      out.set(use.file, entry);
    }
  return out;
}

/** Folder names that hold a database's dialect of SQL, by source type. */
const DIALECT_FOLDERS: Readonly<Record<string, readonly string[]>> = Object.freeze({ postgres: ['postgres', 'postgresql', 'pg'] });

/** The folder names of a source type's SQL dialect (`postgres` → postgres, postgresql, pg); none for another type. */
export function dialectFolders(sourceType: string): readonly string[] {
  return DIALECT_FOLDERS[sourceType] ?? [];
}

const isSql = (path: string) => /\.sql$/i.test(path);
const parts = (path: string) => path.split('/');
/** The folder above that (`db`), '' when there is none. */
const parentFolderOf = (path: string) => parts(path).slice(0, -2).join('/');

/**
 * The group a SQL file's dialect copies share, or null: two `.sql` files are copies when they
 * have the same base name, sit in sibling folders (folders with the same parent) and name the
 * same non-empty set of linked tables. The statements themselves may differ (types, quoting,
 * sequences): the dialects differ exactly there.
 */
function copyKey(file: string, tables: ReadonlyMap<string, FileTables>): string | null {
  const named = tables.get(file)?.tables;
  if (!isSql(file) || !named?.size || !folderOf(file)) return null;
  return [parentFolderOf(file), parts(file).at(-1)!.toLowerCase(), ...[...named].sort()].join('\n');
}

export interface CopiesFolded<T> {
  /** The uses, one per group of copies, in the order of each group's first member; a kept copy's `alsoIn` names the others. */
  uses: Array<T & { alsoIn?: string[] }>;
  /** Copies of `keep` that were left out (the seed's dialect copies). */
  keptAlsoIn: string[];
}

/**
 * Folds dialect copies among data users into one each: the copy whose folder is the linked
 * database's dialect (`dialects`: database source name → its folder names) when one is, else the
 * first by path. `keep` (the plan's seed) stands for its own group and is not among the uses.
 */
export function foldCopies<T extends Pick<DataUse, 'file' | 'uses'>>(
  uses: readonly T[],
  tables: ReadonlyMap<string, FileTables>,
  dialects: ReadonlyMap<string, readonly string[]>,
  keep?: string,
): CopiesFolded<T> {
  const groups = new Map<string, string[]>();
  for (const file of [...(keep ? [keep] : []), ...uses.map((u) => u.file)]) {
    const key = copyKey(file, tables);
    if (key) groups.set(key, [...new Set([...(groups.get(key) ?? []), file])]);
  }
  const database = (use: T) => use.uses.split(':')[0] ?? '';
  const chosen = new Map<string, string>();
  for (const [key, files] of groups) {
    const byPath = [...files].sort();
    const keptHere = keep && files.includes(keep) ? keep : undefined;
    const folders = new Set(uses.filter((u) => files.includes(u.file)).flatMap((u) => dialects.get(database(u)) ?? []));
    chosen.set(key, keptHere ?? byPath.find((f) => folders.has(parts(f).at(-2)!.toLowerCase())) ?? byPath[0]!);
  }
  const others = (key: string) =>
    groups
      .get(key)!
      .filter((f) => f !== chosen.get(key))
      .sort();
  const out: Array<T & { alsoIn?: string[] }> = [];
  const done = new Set<string>();
  for (const use of uses) {
    const key = copyKey(use.file, tables);
    if (!key || groups.get(key)!.length < 2) {
      out.push(use);
      continue;
    }
    if (done.has(key)) continue;
    done.add(key);
    const pick = chosen.get(key)!;
    if (pick === keep) continue;
    out.push({ ...uses.find((u) => u.file === pick)!, alsoIn: others(key) });
  }
  const keptKey = keep ? copyKey(keep, tables) : null;
  return { uses: out, keptAlsoIn: keptKey && groups.get(keptKey)!.length > 1 ? others(keptKey) : [] };
}

/** Base names and folders of SQL files that declare or load data: `schema.sql`, `data.sql`, `db/migration/V1__init.sql`. */
const SCHEMA_SQL_PATH =
  /(?:^|\/)(?:migrations?|migrate|changelog|seeds?|schemas?)\/|(?:^|\/)(?:[^/]*[._-])?(?:schema|data|seeds?|dump|init|ddl|structure|fixtures?)(?:[._-][^/]*)?\.sql$|(?:^|\/)v\d+(?:_\d+)*__[^/]*\.sql$/i;

/**
 * Whether a file is SQL that declares or loads the data (a schema, seed data, a migration) rather
 * than queries it: a `.sql` file that declares a linked table, or whose name or folder says so.
 */
export function isSchemaSql(path: string, tables: ReadonlyMap<string, FileTables>): boolean {
  return isSql(path) && (tables.get(path)?.declares === true || SCHEMA_SQL_PATH.test(path));
}

/** Words that make a request about the schema itself, where a schema file is a fair start. */
const SCHEMA_WORDS: ReadonlySet<string> = new Set([
  'schema',
  'schemas',
  'table',
  'tables',
  'column',
  'columns',
  'migration',
  'migrations',
  'migrate',
  'migrated',
  'ddl',
  'sql',
]);

/** Whether a request asks about the schema itself ("which tables hold visits", "how are migrations run"). */
export function aboutSchema(request: string): boolean {
  return (request.toLowerCase().match(/[a-z]+/g) ?? []).some((w) => SCHEMA_WORDS.has(w));
}
