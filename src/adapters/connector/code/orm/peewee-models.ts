/**
 * @module adapters/connector/code/orm/peewee-models
 * Peewee's (Python) models across the project's files, as Peewee 3 names their tables.
 * - A model is a class whose base is Peewee's `Model` (`Model`, `peewee.Model`, `pw.Model`, a
 *   database's or `FlaskDB`'s `db.Model`, playhouse's `FTS5Model`…) in a file importing `peewee` or
 *   `playhouse`, or another model of the project (transitively, across files). A base other models
 *   extend that declares no field of its own (`class BaseModel(Model): class Meta: database = db`)
 *   has no table of its own.
 * - Its table: `class Meta: table_name = 'users'` (or the older `db_table`), else the class name
 *   lower-cased (`UserProfile`: `userprofile`), or in snake case (`user_profile`) under
 *   `legacy_table_names = False`; `legacy_table_names` and `schema` are inherited from the bases' Meta,
 *   `table_name` is not.
 * - Its fields: a `ForeignKeyField(User, backref=…)` (or `'self'`) holds `<field>_id` (its
 *   `column_name=` wins) referencing the target's primary key (`field=` names another); a
 *   `ManyToManyField(Tag)` without `through_model` maps Peewee's `<model>_<target>_through` table,
 *   keyed `<model>_id` and `<target>_id`. Its `backref=` names the attribute the target's rows
 *   reach the model's by.
 */
import { callArgs, topLevelArgs } from '../text/call-reading.js';
import { pythonClasses, pythonCode } from '../text/python-blocks.js';
import type { ProjectFile } from './orm-reader.js';

/** Peewee's own model classes, written as a base. */
const PEEWEE_BASE = /^(?:(?:\w+\.)+Model|Model|FTSModel|FTS5Model|VirtualModel|(?:\w+\.)+(?:FTS5?Model|VirtualModel))$/;
export const importsPeewee = (text: string) => /^\s*(?:from|import)\s+(?:peewee|playhouse|flask_peewee)\b/m.test(text);

export interface PeeweeField {
  name: string;
  kind: 'foreign' | 'many' | 'column';
  /** The target model's name (`'self'`: the model's own), for a relation. */
  target?: string;
  column: string;
  /** A foreign key's referenced field (`field='username'`). */
  field?: string;
  primary: boolean;
  /** A many-to-many field's `through_model`. */
  through?: string;
  /** The attribute a relation gives its target's rows (`backref='tweets'`). */
  backref?: string;
  index: number;
}

export interface PeeweeClass {
  name: string;
  bases: string[];
  path: string;
  text: string;
  index: number;
  fields: PeeweeField[];
  /** What its own `class Meta` says. */
  meta: { table?: string; legacy?: boolean; schema?: string; computed: boolean };
  /** Its class and static methods' bodies, by name (`@classmethod def public(cls): …`); a model's include those its bases give it. */
  classMethods: Map<string, string>;
  /** Declared in a file importing Peewee with one of Peewee's models as a base. */
  rooted: boolean;
  /** The names its file imports from modules other than Peewee's (`true`: any, through a `*`). */
  imported: ReadonlySet<string> | true;
}

export interface PeeweeModel {
  cls: PeeweeClass;
  table: string;
  /** The primary key's column. */
  key: string;
}

const STRING = String.raw`['"]([\w.]+)['"]`;
const kwarg = (args: readonly string[], name: string) => args.find((a) => new RegExp(String.raw`^${name}\s*=`).test(a))?.replace(/^\w+\s*=\s*/, '');
const literal = (arg: string | undefined) => (arg ? new RegExp(`^${STRING}$`).exec(arg)?.[1] : undefined);
const nameOf = (arg: string | undefined) => (arg ? /^(?:\w+\.)*(\w+)$/.exec(arg)?.[1] : undefined);

function fieldsOf(body: string, at: number): PeeweeField[] {
  const out: PeeweeField[] = [];
  for (const m of body.matchAll(/^[ \t]+(\w+)\s*=\s*(?:\w+\.)?(\w*Field|CompositeKey)\s*\(/gm)) {
    const [, name, type] = m as unknown as [string, string, string];
    const args = topLevelArgs(callArgs(body, m.index + m[0].length - 1));
    const positional = args[0] && !/^\w+\s*=/.test(args[0]) ? args[0] : undefined;
    const index = at + m.index + m[0].search(/\S/);
    const primary = /^(?:True)$/.test(kwarg(args, 'primary_key') ?? '') || /^(?:AutoField|BigAutoField|PrimaryKeyField)$/.test(type);
    const given = literal(kwarg(args, 'column_name') ?? kwarg(args, 'db_column'));
    const backref = literal(kwarg(args, 'backref') ?? kwarg(args, 'related_name'));
    const back = backref ? { backref } : {};
    if (type === 'ForeignKeyField' || type === 'DeferredForeignKey') {
      const target = literal(positional) === 'self' ? 'self' : (nameOf(kwarg(args, 'model') ?? positional) ?? literal(positional));
      const field = literal(kwarg(args, 'field') ?? kwarg(args, 'to_field')) ?? nameOf(kwarg(args, 'field'))?.replace(/^.*\./, '');
      out.push({
        name,
        kind: 'foreign',
        ...(target ? { target } : {}),
        column: given ?? (name.endsWith('_id') ? name : `${name}_id`),
        ...(field ? { field } : {}),
        ...back,
        primary,
        index,
      });
    } else if (type === 'ManyToManyField') {
      const target = literal(positional) === 'self' ? 'self' : nameOf(kwarg(args, 'model') ?? positional);
      const through = nameOf(kwarg(args, 'through_model'));
      out.push({ name, kind: 'many', ...(target ? { target } : {}), column: name, primary, ...(through ? { through } : {}), ...back, index });
    } else if (type !== 'CompositeKey') out.push({ name, kind: 'column', column: given ?? name, primary, index });
  }
  return out;
}

/** The bodies of a class body's `@classmethod` and `@staticmethod` functions, by name. */
function classMethods(body: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of body.matchAll(/^([ \t]+)@(?:classmethod|staticmethod)\s*\n[ \t]*(?:async\s+)?def\s+(\w+)[^\n]*\n/gm)) {
    const rest = body.slice(m.index + m[0].length);
    const end = new RegExp(String.raw`\n[ \t]{0,${m[1]!.length}}(?=\S)`).exec(rest);
    out.set(m[2]!, end ? rest.slice(0, end.index) : rest);
  }
  return out;
}

/** The names a Python file imports from modules other than Peewee's, `true` when it imports one's `*`. */
function projectImports(code: string): ReadonlySet<string> | true {
  const out = new Set<string>();
  for (const m of code.matchAll(/^[ \t]*from\s+([\w.]+)\s+import\s+(\([^)]*\)|[^\n]+)/gm)) {
    if (/^(?:peewee|playhouse)\b/.test(m[1]!)) continue;
    const names = m[2]!.replace(/[()]/g, '');
    if (names.trim() === '*') return true;
    for (const n of names.split(',')) {
      const name = /(\w+)\s*$/.exec(n.trim())?.[1];
      if (name) out.add(name);
    }
  }
  return out;
}

/** The classes of a Python file that may be Peewee models: each class with a base, its fields and its Meta. */
export function peeweeClasses(file: ProjectFile): PeeweeClass[] {
  if (!file.text.includes('class')) return [];
  const code = pythonCode(file.text);
  const rooted = importsPeewee(code);
  const imported = projectImports(code);
  return pythonClasses(code).flatMap((c) => {
    const bases = topLevelArgs(c.bases)
      .filter((b) => b && !/=/.test(b))
      .map((b) => b.trim());
    if (!bases.length) return [];
    const bodyAt = code.indexOf(c.body, c.index);
    const meta = pythonClasses(c.body).find((inner) => inner.name === 'Meta')?.body ?? '';
    const setting = (name: string) => new RegExp(String.raw`^[ \t]+${name}\s*=\s*([^\n]+)`, 'm').exec(meta)?.[1]?.trim();
    const table = literal(setting('table_name') ?? setting('db_table'));
    const legacy = setting('legacy_table_names');
    const schema = literal(setting('schema'));
    return [
      {
        name: c.name,
        bases,
        path: file.path,
        text: file.text,
        index: c.index,
        // the Meta's own lines are no fields
        fields: fieldsOf(
          c.body.replace(meta, (s) => s.replace(/[^\n]/g, ' ')),
          bodyAt,
        ),
        classMethods: classMethods(c.body),
        meta: {
          ...(table ? { table } : {}),
          ...(legacy ? { legacy: legacy !== 'False' } : {}),
          ...(schema ? { schema } : {}),
          computed: !!setting('table_function'),
        },
        rooted: rooted && bases.some((b) => PEEWEE_BASE.test(b)),
        imported,
      },
    ];
  });
}

/** Peewee's `make_snake_case`: `UserProfile`: `user_profile`, `HTTPServer`: `http_server`. */
export const peeweeSnake = (name: string) =>
  name
    .replace(/(.)_*([A-Z][a-z]+)/g, '$1_$2')
    .replace(/([a-z0-9])_*([A-Z])/g, '$1_$2')
    .toLowerCase();

/** Of the classes named `name` in the file at `path` (besides `not`), the last declared before `index` (a test may declare one per function). */
export function nearest<T extends Pick<PeeweeClass, 'path' | 'name' | 'index'>>(
  classes: readonly T[],
  path: string,
  name: string,
  index: number,
  not?: T,
): T | undefined {
  return classes.filter((k) => k.path === path && k.name === name && k !== not && k.index < index).at(-1);
}

/** The project's models, each with its table and key. A base is the class of that name in its own file, else the project's. */
export function peeweeModels(classes: readonly PeeweeClass[]): PeeweeModel[] {
  const byName = new Map<string, PeeweeClass>();
  for (const c of classes) if (!byName.has(c.name) || c.rooted) byName.set(c.name, c);
  // another file's class only by a name the file imports
  const baseOf = (c: PeeweeClass, name: string) =>
    nearest(classes, c.path, name, c.index, c) ?? (c.imported === true || c.imported.has(name) ? byName.get(name) : undefined);
  const lineage = (c: PeeweeClass, depth = 0): PeeweeClass[] | undefined => {
    if (c.rooted) return [c];
    if (depth > 6) return undefined;
    for (const b of c.bases) {
      const base = baseOf(c, nameOf(b) ?? '');
      const up = base && base !== c ? lineage(base, depth + 1) : undefined;
      if (up) return [c, ...up];
    }
    return undefined;
  };
  const extended = new Set(classes.flatMap((c) => c.bases.map((b) => baseOf(c, nameOf(b) ?? ''))));
  const out: PeeweeModel[] = [];
  for (const c of classes) {
    const chain = lineage(c);
    if (!chain || c.meta.computed || (extended.has(c) && !c.fields.length)) continue;
    const legacy = chain.find((k) => k.meta.legacy !== undefined)?.meta.legacy ?? true;
    const schema = chain.find((k) => k.meta.schema)?.meta.schema;
    const table = c.meta.table ?? (legacy ? c.name.toLowerCase() : peeweeSnake(c.name));
    const fields = chain.flatMap((k) => k.fields);
    const key = fields.find((f) => f.primary)?.column ?? 'id';
    // the class methods its bases give it, its own and its nearest base's first
    const classMethods = new Map(chain.toReversed().flatMap((k) => [...k.classMethods]));
    out.push({ cls: { ...c, fields, classMethods }, table: schema ? `${schema}.${table}` : table, key });
  }
  return out;
}
