/**
 * @module adapters/connector/code/orm/sqlalchemy-bases
 * The tables of SQLAlchemy classes that name none themselves but inherit a rule that does: a base or
 * mixin of the project with `@declared_attr` (or SQLAlchemy 2.0's `@declared_attr.directive`) on
 * `def __tablename__(cls)`, whose body derives the name from the class's (`cls.__name__.lower()`, a
 * helper of its file that snake-cases it: `python-name-rule` says which forms are read). A class is
 * mapped when one of its ancestors is a declarative base (`class Base(DeclarativeBase)`, an
 * `@as_declarative()` class, `Base = declarative_base(cls=…)`) and it is not `__abstract__`; the rule
 * is the first ancestor's that defines `__tablename__`, left to right and depth first, so a subclass
 * of a mapped class gets its own (joined) table too. Bases are found by name in the class's file,
 * else in the files it imports (and the files those re-export it from). A rule not read exactly, or
 * a literal `__tablename__` inherited, gives no table.
 */
import type { ImportMap } from '../imports/import-graph.js';
import { NAME_STRING } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { pythonClasses } from '../text/python-blocks.js';
import { evaluateNameRule, pythonHelpers, type PythonHelpers } from '../text/python-name-rule.js';
import type { OrmTableRef } from './orm-reader.js';

/** A class (or a name `declarative_base()` gives) as the rule's reading needs it. */
interface PyClass {
  path: string;
  name: string;
  bases: string[];
  index: number;
  /** `__tablename__` in its own body: a literal, a rule (`@declared_attr`), or neither. */
  tablename: 'literal' | { param: string; body: string } | undefined;
  declarative: boolean;
  abstract: boolean;
  schema: string | undefined;
}

/** `@declared_attr` (`.directive`, `sa.orm.declared_attr`) on `def __tablename__(cls)`: the parameter (1) and the body's indentation (2). */
const DECLARED_TABLENAME =
  /^[ \t]*@(?:[\w.]*\.)?declared_attr(?:\.directive)?[ \t]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*def[ \t]+__tablename__[ \t]*\([ \t]*(\w+)[^)]*\)[^:\n]*:[ \t]*\n/m;
const DECLARATIVE_BASES = /^(?:DeclarativeBase|DeclarativeBaseNoMeta|MappedAsDataclass)$/;

/** The rule's body: the lines after the `def` indented more than it. */
function ruleBody(body: string, at: number): string {
  const rest = body.slice(at);
  const indent = /^[ \t]*/.exec(rest)![0].length;
  const end = new RegExp(String.raw`\n[ \t]{0,${Math.max(0, indent - 1)}}(?=\S)`).exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}

function fileClasses(path: string, text: string): PyClass[] {
  const out: PyClass[] = [];
  for (const c of pythonClasses(text)) {
    const rule = DECLARED_TABLENAME.exec(c.body);
    const literal = new RegExp(String.raw`^[ \t]+__tablename__\s*(?::[^=\n]*)?=`, 'm').test(c.body);
    const decorators = text.slice(Math.max(0, text.lastIndexOf('\n', c.index - 2) - 200), c.index);
    out.push({
      path,
      name: c.name,
      bases: c.bases
        .split(',')
        .map((b) => b.trim())
        .filter((b) => /^[A-Za-z_][\w.]*$/.test(b)),
      index: c.index,
      tablename: rule ? { param: rule[1]!, body: ruleBody(c.body, rule.index + rule[0].length) } : literal ? 'literal' : undefined,
      declarative:
        c.bases.split(',').some((b) => DECLARATIVE_BASES.test(b.trim().split('.').at(-1)!)) || /@(?:[\w.]*\.)?as_declarative\s*\([^)]*\)\s*$/.test(decorators),
      abstract: /^[ \t]+__abstract__\s*=\s*True\b/m.test(c.body),
      schema: new RegExp(String.raw`['"]schema['"]\s*:\s*${NAME_STRING}`).exec(c.body)?.[1],
    });
  }
  // `Base = declarative_base()`, `Base = declarative_base(cls=TableNamed)`: a declarative base, the class given its own base
  for (const m of text.matchAll(/^(\w+)\s*(?::[^=\n]*)?=\s*(?:[\w.]*\.)?declarative_base\s*\(([^)]*)\)/gm)) {
    const cls = /\bcls\s*=\s*([A-Za-z_][\w.]*)/.exec(m[2]!)?.[1];
    out.push({ path, name: m[1]!, bases: cls ? [cls] : [], index: m.index, tablename: undefined, declarative: true, abstract: true, schema: undefined });
  }
  return out;
}

/** What the project's SQLAlchemy classes inherit: the tables a `__tablename__` rule gives them, and each class's ancestors. */
export interface SqlalchemyInheritance {
  /** The tables classes take from an inherited rule, by the path of the file declaring each class (`via: 'sqlalchemy'`, the class as its model). */
  tables: Map<string, OrmTableRef[]>;
  /** The class a name stands for in a file: its own, else the one the files it imports declare, when one alone does. */
  classAt: (path: string, name: string) => DeclaredClass | undefined;
  /** The ancestors of the class a file declares by that name (when it declares one alone), left to right and depth first. */
  ancestorsAt: (path: string, name: string) => readonly DeclaredClass[];
  /** The declarative base of the class a file declares by that name (its registry, within which a relationship's string names a class), when one alone is. */
  baseAt: (path: string, name: string) => DeclaredClass | undefined;
}

/** A class as declared: the file, and its name there. */
export interface DeclaredClass {
  path: string;
  name: string;
}

/** Reads the project's Python classes once: the tables inherited rules give them, and their ancestors. */
export function sqlalchemyInheritance(files: ReadonlyArray<{ path: string; text: string; language: string }>, imports: ImportMap): SqlalchemyInheritance {
  const tables = new Map<string, OrmTableRef[]>();
  const python = files.filter((f) => f.language === 'python');
  if (!python.some((f) => /\bdeclared_attr\b|\brelationship\s*\(/.test(f.text)))
    return { tables, classAt: () => undefined, ancestorsAt: () => [], baseAt: () => undefined };
  const textOf = new Map(python.map((f) => [f.path, f.text]));
  const byPath = new Map<string, { classes: PyClass[]; text: string; helpers?: PythonHelpers }>();
  for (const f of python) if (/\bclass\s|declarative_base/.test(f.text)) byPath.set(f.path, { classes: fileClasses(f.path, f.text), text: f.text });
  const resolved = new Map<string, PyClass | undefined>();
  /** The class a name stands for in a file: its own, else the one a file it imports declares (or re-exports), when one alone does. */
  const resolve = (path: string, written: string, depth = 0): PyClass | undefined => {
    const name = written.split('.').at(-1)!;
    const key = `${path}\0${name}\0${depth}`;
    if (resolved.has(key)) return resolved.get(key);
    resolved.set(key, undefined);
    const own = byPath.get(path)?.classes.filter((c) => c.name === name) ?? [];
    let found: PyClass | undefined;
    if (own.length) found = own.length === 1 ? own[0] : undefined;
    else if (depth <= 3) {
      const text = textOf.get(path) ?? '';
      if (new RegExp(String.raw`\bimport\b[^\n]*\b${name}\b|\bimport\s*\([^)]*\b${name}\b`).test(text) || written.includes('.')) {
        const candidates = new Set<PyClass>();
        for (const i of imports.get(path) ?? []) {
          const c = resolve(i.path, name, depth + 1);
          if (c) candidates.add(c);
        }
        found = candidates.size === 1 ? [...candidates][0] : undefined;
      }
    }
    resolved.set(key, found);
    return found;
  };
  // each class's ancestors, left to right and depth first
  const ancestors = (c: PyClass, seen = new Set<PyClass>()): PyClass[] => {
    const list: PyClass[] = [];
    for (const b of c.bases) {
      const base = resolve(c.path, b);
      if (!base || seen.has(base)) continue;
      seen.add(base);
      list.push(base, ...ancestors(base, seen));
    }
    return list;
  };
  for (const [path, { classes, text }] of byPath)
    for (const c of classes) {
      if (c.tablename || c.abstract || c.declarative) continue;
      const line = ancestors(c);
      if (!line.some((a) => a.declarative)) continue;
      const holder = line.find((a) => a.tablename);
      if (!holder || holder.tablename === 'literal' || !holder.tablename) continue;
      const held = byPath.get(holder.path)!;
      held.helpers ??= pythonHelpers(held.text);
      const table = evaluateNameRule(holder.tablename.body, holder.tablename.param, c.name, held.helpers);
      if (!table) continue;
      const ref: OrmTableRef = {
        table: c.schema ? `${c.schema}.${table}` : table,
        line: lineAt(text, c.index),
        via: 'sqlalchemy',
        model: c.name,
        access: ['schema'],
      };
      tables.set(path, [...(tables.get(path) ?? []), ref]);
    }
  const declared = (c: PyClass): DeclaredClass => ({ path: c.path, name: c.name });
  return {
    tables,
    classAt: (path, name) => {
      const found = resolve(path, name);
      return found && declared(found);
    },
    ancestorsAt: (path, name) => {
      const own = byPath.get(path)?.classes.filter((c) => c.name === name) ?? [];
      return own.length === 1 ? ancestors(own[0]!).map(declared) : [];
    },
    baseAt: (path, name) => {
      const own = byPath.get(path)?.classes.filter((c) => c.name === name) ?? [];
      const base = own.length === 1 ? ancestors(own[0]!).find((a) => a.declarative) : undefined;
      return base && declared(base);
    },
  };
}
