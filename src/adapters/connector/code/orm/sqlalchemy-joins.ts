/**
 * @module adapters/connector/code/orm/sqlalchemy-joins
 * The joins SQLAlchemy's and SQLModel's foreign keys declare, whether or not the database holds them:
 * - a mapped class's column with `ForeignKey('users.id')` (`Column`, `mapped_column`) or SQLModel's
 *   `Field(foreign_key='users.id')` joins the class's table (`__tablename__`, SQLModel's class name in
 *   lower case) on that column (`Column`'s name argument, else the attribute) to the table and column
 *   it names (Flask-SQLAlchemy's `db.Model` without one: the class in snake case); `ForeignKey(User.id)` names a mapped class's attribute, `ForeignKey(users.c.id)` a
 *   `Table`'s column;
 * - a `Table('post_tags', Base.metadata, Column('post_id', ForeignKey('posts.id')), …)` (an
 *   association table) joins on each of its columns with a foreign key;
 * - `ForeignKeyConstraint(['a', 'b'], ['t.x', 't.y'])` in a class's `__table_args__` or a `Table`
 *   joins on its columns together.
 * - a mixin's `@declared_attr` returning such a column (`def project_id(cls): return Column(ForeignKey('project.id'))`)
 *   joins each mapped class using it, at the class's declaration.
 * A target may be a module-level constant of the file (`USER_ID = 'users.id'`, `ForeignKey(USER_ID)`).
 * A SQLModel class's joins say `via: 'sqlmodel'`, the others `sqlalchemy`. A target naming a class or
 * `Table` the project lacks is left out.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, NAME_STRING } from '../text/call-reading.js';
import { joinsByFile } from './declared-joins.js';
import { pythonConstant } from '../text/module-strings.js';
import { flaskModelTable } from './orm-refs.js';
import { OPTIONAL_DOCSTRING, pythonClasses } from '../text/python-blocks.js';
import { lineAt } from '../text/lines.js';
import type { OrmTableRef } from './orm-reader.js';

/** A foreign key's target as written: a `'schema.t.c'` string, or a `User.id` / `users.c.id` name. */
type Target = { string: string } | { name: string };

/** A foreign key as written: its columns, and their targets. */
interface ForeignKey {
  columns: string[];
  targets: Target[];
  index: number;
}

interface Declaring {
  table: string;
  relations: ForeignKey[];
  path: string;
  text: string;
  via: string;
}

/** A Python file's column attributes: `owner_id = Column(…)`, `owner_id: Mapped[int] = mapped_column(…)`, `owner_id: UUID = Field(…)`. */
const PY_COLUMN = /^[ \t]+(\w+)[ \t]*(?::[^=\n]*)?=[ \t]*(?:\w+\.)?(Column|mapped_column|Field)[ \t]*\(/gm;
const FIRST_STRING = new RegExp(String.raw`^\s*${NAME_STRING}`);
/**
 * `ForeignKey('users.id')`, `ForeignKey(User.id)` or `ForeignKey(users.c.id)`, `ForeignKey(USER_ID)`: the string (1),
 * the name (2) or a constant (3).
 */
const FOREIGN_KEY = new RegExp(String.raw`\bForeignKey\s*\(\s*(?:${NAME_STRING}|([A-Za-z_]\w*(?:\.\w+)+)|([A-Za-z_]\w*)(?![\w.]|\s*\())`);
/** SQLModel's `Field(foreign_key='users.id')` (1), or a constant (2). */
const FIELD_KEY = new RegExp(String.raw`\bforeign_key\s*=\s*(?:${NAME_STRING}|([A-Za-z_]\w*)(?![\w.]|\s*\())`);
const listOfStrings = (written: string) => [...written.matchAll(new RegExp(NAME_STRING, 'g'))].map((m) => m[1]!);
/** A foreign key's target: its string, the name it writes, or the string of the module's constant it names (`USER_ID = 'users.id'`). */
const target = (m: RegExpExecArray, text: string): Target | undefined => {
  const held = m[3] ? pythonConstant(text, m[3]) : undefined;
  return m[1] ? { string: m[1] } : m[2] ? { name: m[2] } : held ? { string: held } : undefined;
};

/** `ForeignKeyConstraint(['a', 'b'], ['t.x', 't.y'])` calls in `text`, offsets from `at`. */
function constraints(text: string, at: number): ForeignKey[] {
  const out: ForeignKey[] = [];
  for (const m of text.matchAll(/\bForeignKeyConstraint\s*\(/g)) {
    const args = callArgs(text, m.index + m[0].length - 1);
    const lists = [...args.matchAll(/\[([^\]]*)\]|\(([^()]*)\)/g)].slice(0, 2).map((l) => l[1] ?? l[2]!);
    if (lists.length < 2) continue;
    const columns = listOfStrings(lists[0]!);
    const targets = lists[1]!.split(',').flatMap((t): Target[] => {
      const written = t.trim();
      const quoted = new RegExp(`^${NAME_STRING}$`).exec(written)?.[1];
      return quoted ? [{ string: quoted }] : /^[A-Za-z_]\w*(?:\.\w+)+$/.test(written) ? [{ name: written }] : [];
    });
    if (columns.length && columns.length === targets.length) out.push({ columns, targets, index: at + m.index });
  }
  return out;
}

type Mapped = { table: string; columns: Map<string, string> };

/**
 * The project's mapped classes (name → table, attribute → column) and `Table` variables (name →
 * table): each file's own, and the project's by a name one file alone declares (null: two do).
 */
interface Names {
  classes: Map<string, Mapped | null>;
  tables: Map<string, string | null>;
  own: Map<string, { classes: Map<string, Mapped>; tables: Map<string, string> }>;
}

/**
 * A mixin's `@declared_attr def project_id(cls): return Column(Integer, ForeignKey("project.id"))` (or
 * `mapped_column(…)`; a docstring between): the attribute (1) and the call's `(` at the match's end.
 */
const DECLARED_COLUMN = new RegExp(
  String.raw`^[ \t]*@(?:[\w.]*\.)?declared_attr\b[^\n]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*def[ \t]+(\w+)[ \t]*\([ \t]*cls[ \t]*\)[^:\n]*:[^\n]*\n${OPTIONAL_DOCSTRING}[ \t]*return[ \t]+(?:[\w.]*\.)?(?:Column|mapped_column)[ \t]*\(`,
  'gm',
);

/** A foreign key column a mixin gives each mapped class using it. */
interface MixinKey {
  attribute: string;
  column: string;
  target: Target;
}

/** The foreign key columns the project's unmapped classes (mixins) declare with `@declared_attr`, by `path\0class`. */
function mixinKeys(files: ReadonlyArray<{ path: string; text: string }>): Map<string, MixinKey[]> {
  const out = new Map<string, MixinKey[]>();
  for (const { path, text } of files) {
    if (!/\bdeclared_attr\b/.test(text)) continue;
    for (const c of pythonClasses(text)) {
      if (/^[ \t]+__tablename__\s*(?::[^=\n]*)?=/m.test(c.body)) continue;
      const keys: MixinKey[] = [];
      for (const m of c.body.matchAll(DECLARED_COLUMN)) {
        const args = callArgs(c.body, m.index + m[0].length - 1);
        const found = FOREIGN_KEY.exec(args);
        const key = found && target(found, text);
        if (key) keys.push({ attribute: m[1]!, column: FIRST_STRING.exec(args)?.[1] ?? m[1]!, target: key });
      }
      if (keys.length) out.set(`${path}\0${c.name}`, keys);
    }
  }
  return out;
}

/**
 * The joins each Python file's SQLAlchemy or SQLModel classes and tables declare with their foreign keys,
 * by the file's path; `ancestorsAt` gives a class's bases and mixins, whose `@declared_attr` foreign keys it has.
 */
export function sqlalchemyJoins(
  files: ReadonlyArray<{ path: string; text: string }>,
  inherited: ReadonlyMap<string, readonly OrmTableRef[]> = new Map(),
  ancestorsAt: (path: string, name: string) => ReadonlyArray<{ path: string; name: string }> = () => [],
): Map<string, DeclaredJoin[]> {
  const names: Names = { classes: new Map(), tables: new Map(), own: new Map() };
  const declaring: Declaring[] = [];
  if (!files.some((f) => /\b(?:ForeignKey|foreign_key)\b/.test(f.text))) return new Map();
  const mixins = mixinKeys(files);
  for (const { path, text } of files) {
    // a file without foreign keys still maps the classes others name (`ForeignKey(User.id)`)
    const named = inherited.get(path) ?? [];
    if (!named.length && !/\b(?:ForeignKey|foreign_key|Table|__tablename__)\b|\btable\s*=\s*True\b|\bdb\.Model\b/.test(text)) continue;
    const own = { classes: new Map<string, Mapped>(), tables: new Map<string, string>() };
    names.own.set(path, own);
    for (const c of pythonClasses(text)) {
      const tablename = new RegExp(String.raw`__tablename__\s*=\s*${NAME_STRING}`).exec(c.body)?.[1];
      const sqlmodel = /\btable\s*=\s*True\b/.test(c.bases);
      const name = tablename ?? (sqlmodel ? c.name.toLowerCase() : flaskModelTable(c));
      const schema = new RegExp(String.raw`['"]schema['"]\s*:\s*${NAME_STRING}`).exec(c.body)?.[1];
      // a table a base class's rule names is given whole (`sqlalchemy-bases`)
      const table = name ? (schema ? `${schema}.${name}` : name) : named.find((r) => r.model === c.name && r.line === lineAt(text, c.index))?.table;
      if (!table) continue;
      const bodyAt = text.indexOf(c.body, c.index);
      const columns = new Map<string, string>();
      const relations: ForeignKey[] = [];
      for (const m of c.body.matchAll(PY_COLUMN)) {
        const args = callArgs(c.body, m.index + m[0].length - 1);
        const column = (m[2] === 'Field' ? undefined : FIRST_STRING.exec(args)?.[1]) ?? m[1]!;
        columns.set(m[1]!, column);
        const field = m[2] === 'Field' ? FIELD_KEY.exec(args) : undefined;
        const written = field?.[1] ?? (field?.[2] ? pythonConstant(text, field[2]) : undefined);
        const found = m[2] === 'Field' ? undefined : FOREIGN_KEY.exec(args);
        const key = written ? { string: written } : found && target(found, text);
        if (key) relations.push({ columns: [column], targets: [key], index: bodyAt + m.index + m[0].search(/\S/) });
      }
      // a mixin's declared foreign key, unless the class declares the attribute itself: joined where the class is declared
      if (mixins.size)
        for (const a of ancestorsAt(path, c.name))
          for (const k of mixins.get(`${a.path}\0${a.name}`) ?? [])
            if (!columns.has(k.attribute) && !relations.some((r) => r.columns.includes(k.column))) {
              columns.set(k.attribute, k.column);
              relations.push({ columns: [k.column], targets: [k.target], index: c.index });
            }
      const tableArgs = /__table_args__\s*=/.exec(c.body);
      if (tableArgs) relations.push(...constraints(c.body.slice(tableArgs.index), bodyAt + tableArgs.index));
      own.classes.set(c.name, { table, columns });
      names.classes.set(c.name, names.classes.has(c.name) ? null : { table, columns });
      if (relations.length) declaring.push({ table, relations, path, text, via: sqlmodel ? 'sqlmodel' : 'sqlalchemy' });
    }
    // `users = Table('users', metadata, Column('id', …), …, schema='auth')`, assigned or not
    for (const m of text.matchAll(/(?:^|\n)[ \t]*(?:(\w+)[ \t]*=[ \t]*)?(?:sa\.|db\.)?Table[ \t]*\(/g)) {
      const args = callArgs(text, m.index + m[0].length - 1);
      const argsAt = m.index + m[0].length;
      const name = FIRST_STRING.exec(args)?.[1];
      if (!name) continue;
      const schema = new RegExp(String.raw`\bschema\s*=\s*${NAME_STRING}`).exec(args)?.[1];
      const table = schema ? `${schema}.${name}` : name;
      if (m[1]) {
        own.tables.set(m[1], table);
        names.tables.set(m[1], names.tables.has(m[1]) ? null : table);
      }
      const relations: ForeignKey[] = [];
      for (const c of args.matchAll(/\b(?:sa\.|db\.)?Column[ \t]*\(/g)) {
        const column = callArgs(args, c.index + c[0].length - 1);
        const found = FOREIGN_KEY.exec(column);
        const key = found && target(found, text);
        const named = FIRST_STRING.exec(column)?.[1];
        if (key && named) relations.push({ columns: [named], targets: [key], index: argsAt + c.index });
      }
      relations.push(...constraints(args, argsAt));
      if (relations.length) declaring.push({ table, relations, path, text, via: 'sqlalchemy' });
    }
  }
  // a target: `'schema.table.column'`, `User.id` (a class's attribute) or `users.c.id` (a Table's column)
  const resolve = (t: Target, path: string): [string, string] | undefined => {
    if ('string' in t) {
      const parts = t.string.split('.');
      return parts.length >= 2 ? [parts.slice(0, -1).join('.'), parts.at(-1)!] : undefined;
    }
    const parts = t.name.split('.');
    // the declaring file's own class or Table first, else the one the project declares once
    const own = names.own.get(path);
    const cls = parts.length === 2 ? (own?.classes.get(parts[0]!) ?? names.classes.get(parts[0]!)) : undefined;
    if (cls) return [cls.table, cls.columns.get(parts[1]!) ?? parts[1]!];
    const table = parts.length === 3 && parts[1] === 'c' ? (own?.tables.get(parts[0]!) ?? names.tables.get(parts[0]!)) : undefined;
    return table ? [table, parts[2]!] : undefined;
  };
  const out = new Map<string, DeclaredJoin[]>();
  for (const via of ['sqlalchemy', 'sqlmodel'])
    for (const [path, list] of joinsByFile(
      declaring.filter((d) => d.via === via),
      via,
      (d, r) => {
        const targets = r.targets.map((t) => resolve(t, d.path));
        const tables = new Set(targets.map((t) => t?.[0]));
        if (targets.some((t) => !t) || tables.size !== 1) return null;
        return { references: targets[0]![0], columns: r.columns, referencedColumns: targets.map((t) => t![1]), index: r.index };
      },
    ))
      out.set(
        path,
        [...(out.get(path) ?? []), ...list].sort((a, b) => a.line - b.line),
      );
  return out;
}
