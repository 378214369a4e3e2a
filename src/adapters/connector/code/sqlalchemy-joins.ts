/**
 * @module adapters/connector/code/sqlalchemy-joins
 * The joins SQLAlchemy and SQLModel declare with foreign keys, whether or not the database holds them:
 * - a mapped class's column, `Column(ForeignKey('users.id'))`, `mapped_column(…)` or SQLModel's
 *   `Field(foreign_key='user.id')`, joins the class's table (`__tablename__`, SQLModel's class name in
 *   lower case) on that column (`Column`'s name argument, else the attribute) to the one named: a
 *   string `'schema.table.column'`, or the column itself, `ForeignKey(User.id)` (a class of the project,
 *   the attribute's column) or `ForeignKey(users.c.id)` (a `Table` variable);
 * - a `Table('post_tags', metadata, Column('post_id', ForeignKey('posts.id')), …)`, an association table
 *   or any Core table, joins on each such column;
 * - `ForeignKeyConstraint(['a', 'b'], ['t.x', 't.y'])` in a class's `__table_args__` or a `Table(…)`
 *   joins on the columns in order.
 * A join names the ORM: `sqlmodel` for a SQLModel class, else `sqlalchemy`. A name the project does not
 * declare is left out.
 */
import type { DeclaredJoin } from '../../../ports/code.js';
import { callArgs, NAME_STRING, qualify } from './call-reading.js';
import { joinsByFile } from './declared-joins.js';
import { pythonClasses } from './orm-refs.js';

/** A foreign key's target as written: a string `'users.id'`, or an expression `User.id`, `users.c.id`. */
interface Target {
  written: string;
  quoted: boolean;
}

interface Mapped {
  /** The class or `Table` variable other code names it by. */
  name: string;
  table: string;
  /** Attribute → its column. */
  columns: Map<string, string>;
  via: 'sqlalchemy' | 'sqlmodel';
  /** Foreign keys as written: the columns, what they reference (a string or an expression), where. */
  keys: Array<{ columns: string[]; targets: Target[]; index: number }>;
  path: string;
  text: string;
}

/** A column attribute: `owner_id = Column(…)`, `owner_id: Mapped[int] = mapped_column(…)`, `owner_id: UUID = Field(…)`. */
const PY_COLUMN = /^[ \t]+(\w+)[ \t]*(?::[^=\n]*)?=[ \t]*(?:\w+\.)?(Column|mapped_column|Field)[ \t]*\(/gm;
/** `users = Table('users', metadata, …)` (also `sa.Table`, `db.Table`). */
const CORE_TABLE = /^[ \t]*(\w+)[ \t]*(?::[^=\n]*)?=[ \t]*(?:\w+\.)?Table[ \t]*\(/gm;
/** A foreign key's target: a string, or an expression `User.id`, `users.c.id`, `User.__table__.c.id`. */
const FOREIGN_KEY = new RegExp(String.raw`\bForeignKey\s*\(\s*(?:${NAME_STRING}|([A-Za-z_][\w.]*))`);
const strings = (list: string) => [...list.matchAll(new RegExp(NAME_STRING, 'g'))].map((m) => m[1]!);
const foreignKey = (args: string): Target | undefined => {
  const m = FOREIGN_KEY.exec(args);
  return m ? { written: (m[1] ?? m[2])!, quoted: m[1] !== undefined } : undefined;
};

/** `ForeignKeyConstraint([…], […])` calls in `text`, from `at` on. */
function constraints(text: string, at: number): Mapped['keys'] {
  const out: Mapped['keys'] = [];
  for (const m of text.matchAll(/\bForeignKeyConstraint\s*\(\s*\[([^\]]*)\]\s*,\s*\[([^\]]*)\]/g)) {
    const columns = strings(m[1]!);
    const targets = strings(m[2]!);
    if (columns.length && columns.length === targets.length)
      out.push({ columns, targets: targets.map((written) => ({ written, quoted: true })), index: at + m.index });
  }
  return out;
}

function mappedClasses(path: string, text: string): Mapped[] {
  const out: Mapped[] = [];
  for (const c of pythonClasses(text)) {
    const tablename = new RegExp(String.raw`__tablename__\s*=\s*${NAME_STRING}`).exec(c.body)?.[1];
    const sqlmodel = /\btable\s*=\s*True\b/.test(c.bases);
    const table = tablename ?? (sqlmodel ? c.name.toLowerCase() : undefined);
    if (!table) continue;
    const schema = new RegExp(String.raw`['"]schema['"]\s*:\s*${NAME_STRING}`).exec(c.body)?.[1];
    const bodyAt = text.indexOf(c.body, c.index);
    const mapped: Mapped = { name: c.name, table: qualify(schema, table), columns: new Map(), via: sqlmodel ? 'sqlmodel' : 'sqlalchemy', keys: [], path, text };
    for (const m of c.body.matchAll(PY_COLUMN)) {
      const args = callArgs(c.body, m.index + m[0].length - 1);
      const column = (m[2] === 'Field' ? undefined : new RegExp(String.raw`^\s*${NAME_STRING}`).exec(args)?.[1]) ?? m[1]!;
      mapped.columns.set(m[1]!, column);
      const field = m[2] === 'Field' ? new RegExp(String.raw`\bforeign_key\s*=\s*${NAME_STRING}`).exec(args)?.[1] : undefined;
      const target = field ? { written: field, quoted: true } : m[2] === 'Field' ? undefined : foreignKey(args);
      if (target) mapped.keys.push({ columns: [column], targets: [target], index: bodyAt + m.index + m[0].search(/\S/) });
    }
    mapped.keys.push(...constraints(c.body, bodyAt));
    out.push(mapped);
  }
  return out;
}

function coreTables(path: string, text: string): Mapped[] {
  const out: Mapped[] = [];
  for (const m of text.matchAll(CORE_TABLE)) {
    const open = m.index + m[0].length - 1;
    const args = callArgs(text, open);
    const name = new RegExp(String.raw`^\s*${NAME_STRING}`).exec(args)?.[1];
    if (!name) continue;
    const schema = new RegExp(String.raw`\bschema\s*=\s*${NAME_STRING}`).exec(args)?.[1];
    const table: Mapped = { name: m[1]!, table: qualify(schema, name), columns: new Map(), via: 'sqlalchemy', keys: [], path, text };
    for (const c of args.matchAll(/\bColumn\s*\(/g)) {
      const columnArgs = callArgs(args, c.index + c[0].length - 1);
      const column = new RegExp(String.raw`^\s*${NAME_STRING}`).exec(columnArgs)?.[1];
      if (!column) continue;
      table.columns.set(column, column);
      const target = foreignKey(columnArgs);
      if (target) table.keys.push({ columns: [column], targets: [target], index: open + 1 + c.index });
    }
    table.keys.push(...constraints(args, open + 1));
    out.push(table);
  }
  return out;
}

/** The joins each Python file's SQLAlchemy or SQLModel tables declare with their foreign keys, by the file's path. */
export function sqlalchemyJoins(files: ReadonlyArray<{ path: string; text: string }>): Map<string, DeclaredJoin[]> {
  const mapped: Mapped[] = [];
  // a file without foreign keys still declares the tables others reference (`ForeignKey(User.id)`)
  if (!files.some((f) => /ForeignKey|foreign_key/.test(f.text))) return new Map();
  for (const { path, text } of files)
    if (/__tablename__|table\s*=\s*True|Table\s*\(/.test(text)) mapped.push(...mappedClasses(path, text), ...coreTables(path, text));
  // a name two files declare means neither
  const named = new Map<string, Mapped | null>();
  for (const m of mapped) named.set(m.name, named.has(m.name) ? null : m);
  /** A target as the table and column it names: `'shop.users.id'`, `User.id`, `users.c.id`, `User.__table__.c.id`. */
  const resolve = ({ written, quoted }: Target): [string, string] | undefined => {
    const parts = written.split('.');
    if (parts.length < 2) return undefined;
    const column = parts.at(-1)!;
    if (quoted) return [parts.slice(0, -1).join('.'), column];
    const owner = named.get(parts[0]!);
    if (!owner) return undefined;
    // `.c.id` names the column itself; `User.id` the attribute, whose column may be named otherwise
    return [owner.table, parts.includes('c') ? column : (owner.columns.get(column) ?? column)];
  };
  const joins = new Map<string, DeclaredJoin[]>();
  for (const via of ['sqlalchemy', 'sqlmodel'] as const) {
    const declaring = mapped.filter((m) => m.via === via).map((m) => ({ ...m, relations: m.keys }));
    const found = joinsByFile(declaring, via, (_m, key) => {
      const resolved = key.targets.map(resolve);
      const table = resolved[0]?.[0];
      if (!table || resolved.some((r) => !r || r[0] !== table)) return null;
      return { references: table, columns: key.columns, referencedColumns: resolved.map((r) => r![1]), index: key.index };
    });
    for (const [path, list] of found)
      joins.set(
        path,
        [...(joins.get(path) ?? []), ...list].sort((a, b) => a.line - b.line),
      );
  }
  return joins;
}
