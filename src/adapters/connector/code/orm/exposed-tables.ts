/**
 * @module adapters/connector/code/orm/exposed-tables
 * JetBrains Exposed's (Kotlin) table objects and DAO entities as a file declares them.
 * - A table is an object extending one of Exposed's tables (`object Users : Table("users")`,
 *   `IntIdTable("cities")`, `LongIdTable`, `UUIDTable`…) in a file importing Exposed, or a class of the
 *   project that does (`object Users : BaseTable("users")`, known once the project is read). Its name
 *   is the constructor's, else `override val tableName`, else Exposed's default (`Table.tableName`):
 *   the object's name with a trailing `Table` removed, `UsersTable` is `Users`.
 * - Its columns by property (`val cityId = integer("city_id")`), its id column (an id table's
 *   `columnName`, else `id`; a plain table's `primaryKey` of one column), and the columns that
 *   reference another table: `reference("city_id", Cities)`, `optReference`, `reference("c", Cities.code)`,
 *   `integer("city_id").references(Cities.id)`.
 * - An entity class names its table in its companion: `companion object : IntEntityClass<User>(Users)`;
 *   its relations to other entities are its delegated properties (exposed-relations).
 */
import { callArgs, chainAfter, topLevelArgs } from '../text/call-reading.js';
import { blankComments, scriptBlocks } from '../text/script-blocks.js';
import { oncePerText } from '../text/scan-memo.js';
import { exposedRelations, type ExposedRelation } from './exposed-relations.js';
import { jvmPackage } from './jvm-entities.js';

/** Exposed's own table classes, by simple name. */
export const EXPOSED_TABLES = /^(?:Table|IdTable|IntIdTable|LongIdTable|UIntIdTable|ULongIdTable|UUIDTable|UuidTable|CompositeIdTable)$/;

/** A column of a table that references another table's column (its name, or the table's id column). */
export interface ExposedReference {
  column: string;
  /** The referenced table object's name as written, its qualifier dropped. */
  target: string;
  /** The referenced property (`Cities.code`: `code`); none for the table's id. */
  property?: string;
  index: number;
}

/** An object or class extending a table: an object is a table, a class a base tables extend. */
export interface ExposedTable {
  kind: 'object' | 'class';
  name: string;
  qualified: string;
  /** The base's simple name: one of Exposed's tables, or a class of the project. */
  base: string;
  /** The table's name as the object gives it (`undefined`: the base's or Exposed's default; `null`: a value not read). */
  given: string | null | undefined;
  /** An id table's id column as given (`columnName`), else its `id` property's or its one primary key's column. */
  idColumn?: string;
  columns: Map<string, string>;
  references: ExposedReference[];
  index: number;
}

export interface ExposedEntity {
  name: string;
  qualified: string;
  /** The table object its companion names. */
  table: string;
  /** Its delegated relation properties (exposed-relations). */
  relations: ExposedRelation[];
}

const HEADER =
  /^[ \t]*(?:(?:internal|public|private|protected|open|abstract|data|sealed)\s+)*(object|class)\s+(\w+)(?:\s*<[^>{]*>)?(?:\s*\([^()]*(?:\([^()]*\)[^()]*)*\))?\s*:\s*(?:\w+\.)*(\w+)(?:\s*<[^>{(]*>)?\s*\(/gm;

/** A string argument, by position or by its name: `"users"`, `name = "users"`. */
function stringArg(args: readonly string[], position: number, name: string, constants: ReadonlyMap<string, string>): string | null | undefined {
  const named = args.find((a) => new RegExp(String.raw`^${name}\s*=`).test(a));
  const arg = named ? named.replace(/^\w+\s*=\s*/, '') : args[position] && !/^\w+\s*=/.test(args[position]) ? args[position] : undefined;
  if (!arg) return undefined;
  const literal = /^"([^"$\\]*)"$/.exec(arg);
  if (literal) return literal[1];
  return constants.get(arg) ?? null;
}

/** The file's `const val NAME = "…"` strings, by name. */
const stringConstants = (code: string) => new Map([...code.matchAll(/\bconst\s+val\s+(\w+)(?:\s*:\s*String)?\s*=\s*"([^"$\\]*)"/g)].map((m) => [m[1]!, m[2]!]));

const COLUMN = /(?:^|[\s;])(?:override\s+)?va[lr]\s+(\w+)(?:\s*:[^=\n]+)?\s*=\s*(\w+)\s*(?:<[^>()]*>)?\s*\(/g;

/** The referenced table and property of an argument written `Cities`, `Cities.id`, `schema.Cities.id`. */
function referenced(arg: string | undefined): { target: string; property?: string } | undefined {
  const m = arg && /^(?:\w+\.)*?([A-Z]\w*)(?:\.([a-z_]\w*))?$/.exec(arg.replace(/^\w+\s*=\s*/, '').trim());
  return m ? { target: m[1]!, ...(m[2] ? { property: m[2] } : {}) } : undefined;
}

/** The columns a table's body declares, by property, and those referencing other tables. */
function columnsOf(code: string, start: number, end: number): { columns: Map<string, string>; references: ExposedReference[] } {
  const columns = new Map<string, string>();
  const references: ExposedReference[] = [];
  const body = code.slice(start, end);
  for (const m of body.matchAll(COLUMN)) {
    const open = start + m.index + m[0].length - 1;
    const args = topLevelArgs(callArgs(code, open));
    const column = /^(?:name\s*=\s*)?"([^"$\\]+)"$/.exec(args[0] ?? '')?.[1];
    if (!column) continue;
    columns.set(m[1]!, column);
    const index = start + m.index + m[0].search(/va[lr]/);
    if (/^(?:opt)?[Rr]eference$/.test(m[2]!)) {
      const target = referenced(args.find((a) => /^(?:foreign|refColumn)\s*=/.test(a)) ?? args[1]);
      if (target) references.push({ column, ...target, index });
      continue;
    }
    const chained = chainAfter(code, open).find((c) => c.method === 'references');
    const target = chained && referenced(topLevelArgs(callArgs(code, chained.open))[0]);
    if (target) references.push({ column, ...target, index });
  }
  return { columns, references };
}

/** The table objects and base classes, and the entities, a Kotlin file declares (read once per text while a scan is remembered: its reader's `declared` and `project` both ask). */
export const exposedDeclarations = oncePerText((text: string): { tables: readonly ExposedTable[]; entities: readonly ExposedEntity[] } => {
  if (!/(?:Table|EntityClass)\b/.test(text)) return { tables: [], entities: [] };
  const code = blankComments(text);
  const blocks = scriptBlocks(code);
  const pkg = jvmPackage(code);
  const qualify = (name: string) => (pkg ? `${pkg}.${name}` : name);
  const constants = stringConstants(code);
  const tables: ExposedTable[] = [];
  for (const m of code.matchAll(HEADER)) {
    const open = m.index + m[0].length - 1;
    const args = topLevelArgs(callArgs(code, open));
    const close = open + callArgs(code, open).length + 1;
    const brace = /^[^{}\n]*\{/.exec(code.slice(close + 1));
    const block = brace ? blocks.find((b) => b.start === close + 1 + brace[0].length - 1) : undefined;
    const { columns, references } = block ? columnsOf(code, block.start, block.end) : { columns: new Map<string, string>(), references: [] };
    const body = block ? code.slice(block.start, block.end) : '';
    const override = /\boverride\s+val\s+tableName\b[^=\n]*(?:=|get\s*\(\s*\)\s*=)\s*"([^"$\\]*)"/.exec(body)?.[1];
    const base = m[3]!;
    const id = /^(?:Int|Long|UInt|ULong)IdTable$|^UUIDTable$|^UuidTable$/.test(base) ? stringArg(args, 1, 'columnName', constants) : undefined;
    const primary = /\boverride\s+val\s+primaryKey\b[^=\n]*=\s*PrimaryKey\s*\(\s*(\w+)\s*[,)]/.exec(body)?.[1];
    const idColumn = (typeof id === 'string' ? id : undefined) ?? columns.get('id') ?? (primary ? columns.get(primary) : undefined);
    tables.push({
      kind: m[1] as 'object' | 'class',
      name: m[2]!,
      qualified: qualify(m[2]!),
      base,
      given: override ?? stringArg(args, 0, 'name', constants),
      ...(idColumn ? { idColumn } : {}),
      columns,
      references,
      index: m.index + m[0].search(/\S/),
    });
  }
  const entities: ExposedEntity[] = [];
  for (const m of code.matchAll(/\bcompanion\s+object\s*(?:\w+\s*)?:\s*(?:\w+\.)*\w*EntityClass\s*<[^()]*>\s*\(/g)) {
    const table = referenced(topLevelArgs(callArgs(code, m.index + m[0].length - 1))[0])?.target;
    const owner = blocks.filter((b) => b.start < m.index && m.index < b.end).sort((a, b) => b.start - a.start)[0];
    const name = owner && /\bclass\s+(\w+)[^{}]*$/.exec(code.slice(Math.max(0, owner.start - 400), owner.start))?.[1];
    if (table && name) entities.push({ name, qualified: qualify(name), table, relations: exposedRelations(code.slice(owner.start, owner.end)) });
  }
  return { tables, entities };
});

/** The name Exposed gives a table object that names none (`Table.tableName`): its simple name, a trailing `Table` removed. */
export const defaultTableName = (object: string) => object.replace(/Table$/, '') || object;
