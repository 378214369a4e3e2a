/**
 * @module adapters/connector/code/orm/jpa-inheritance
 * JPA's class hierarchies, read over the project's Java and Kotlin files. An `@Entity` or a
 * `@MappedSuperclass` names the class it extends (`extends Base`, Kotlin's `: Base()`), found as
 * jvm-entities finds a simple name: the class the file imports (none of the project's when it
 * imports another), else its package's, else one of a package it imports whole, else the one of
 * its module, else the only one. The strategy of an
 * entity extending another is its root entity's `@Inheritance(strategy)`, `SINGLE_TABLE` by default:
 * a `SINGLE_TABLE` subclass without a `@Table(name)` of its own maps the root's table; a `JOINED`
 * one maps its own and reads and writes those of the entities above it too (its rows are split
 * over them); a `TABLE_PER_CLASS` one maps its own alone.
 */
import { callArgs } from '../text/call-reading.js';
import { blankComments } from '../text/script-blocks.js';
import { classesSeen, jvmClassImports, jvmPackage, moduleRoot } from './jvm-entities.js';
import type { OrmTableRef, ProjectFile } from './orm-reader.js';
import { annotatedClasses } from '../text/annotated-class.js';

/** An `@Entity` or `@MappedSuperclass` class of a file. */
export interface JpaClass {
  name: string;
  /** `org.shop.Order`; a class of no package by its simple name. */
  qualified: string;
  path: string;
  /** An `@Entity`, else a `@MappedSuperclass`. */
  entity: boolean;
  /** The `@Entity(name)` argument (`''` for none). */
  entityArgs: string;
  /** Where its annotations start (its `@Entity` or `@MappedSuperclass`). */
  at: number;
  /** The class it extends as written (`Base`, `org.shop.Base`). */
  extends?: string;
  /** Its annotations: the text before `class` back to the previous class of the file. */
  header: string;
  /** Where its body starts (after its name) in the file's text with comments blanked. */
  body: number;
  /** The file's text with comments blanked. */
  text: string;
  /** The qualified names a simple name may mean in its file. */
  sees: (name: string) => string[];
}

export type InheritanceStrategy = 'SINGLE_TABLE' | 'JOINED' | 'TABLE_PER_CLASS';

/** Skips a balanced `<…>` (type parameters) at `at`; returns the offset after it. */
function skipAngles(text: string, at: number): number {
  if (text[at] !== '<') return at;
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === '<') depth++;
    else if (text[i] === '>' && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The class a class declaration extends, from just after its name: Java's `extends Base<T>`, Kotlin's `(…) : Base(…)`. */
function extendedClass(text: string, from: number): string | undefined {
  let at = from + (/^\s*/.exec(text.slice(from))?.[0].length ?? 0);
  at = skipAngles(text, at);
  const rest = text.slice(at, at + 400);
  const java = /^\s*extends\s+([\w.]+)/.exec(rest);
  if (java) return java[1];
  // Kotlin: a primary constructor, then the supertypes; the class is the one called (`Base()`)
  const ctor = /^\s*(?:(?:public|protected|private|internal)\s+)?(?:constructor\s*)?\(/.exec(rest);
  const after = ctor ? at + ctor[0].length + callArgs(text, at + ctor[0].length - 1).length + 1 : at;
  const supertypes = /^\s*:\s*([^{\n]*)/.exec(text.slice(after, after + 400))?.[1] ?? '';
  return (/([\w.]+)\s*(?:<[^>]*>)?\s*\(/.exec(supertypes) ?? /^\s*([\w.]+)/.exec(supertypes))?.[1];
}

/** The `@Entity` and `@MappedSuperclass` classes of a Java or Kotlin file. */
export function jpaClasses(file: ProjectFile): JpaClass[] {
  if (!file.text.includes('@Entity') && !file.text.includes('@MappedSuperclass')) return [];
  const text = blankComments(file.text);
  const pkg = jvmPackage(text);
  const sees = classesSeen(text);
  const out: JpaClass[] = [];
  let previous = 0;
  for (const { match: m, name, end: body } of annotatedClasses(text, /@(Entity|MappedSuperclass)\b(?:\s*\(([^)]*)\))?/g)) {
    const extended = extendedClass(text, body);
    out.push({
      name,
      qualified: pkg ? `${pkg}.${name}` : name,
      path: file.path,
      at: m.index,
      entity: m[1] === 'Entity',
      entityArgs: m[2] ?? '',
      ...(extended ? { extends: extended } : {}),
      header: text.slice(previous, body),
      body,
      text,
      sees,
    });
    previous = body;
  }
  return out;
}

/** The project's JPA classes with, for each, the classes above it. */
export interface JpaHierarchy {
  classes: readonly JpaClass[];
  /** The classes a class extends, nearest first, as far as the project declares them. */
  ancestors(c: JpaClass): JpaClass[];
  /** An entity's root entity's strategy, for an entity extending another (undefined for a root, or a mapped superclass). */
  strategy(c: JpaClass): InheritanceStrategy | undefined;
}

export function jpaHierarchy(files: readonly ProjectFile[]): JpaHierarchy {
  const classes = files.filter((f) => f.language === 'java' || f.language === 'kotlin').flatMap(jpaClasses);
  const byName = new Map<string, JpaClass[]>();
  for (const c of classes) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
  const parentOf = (c: JpaClass): JpaClass | undefined => {
    if (!c.extends) return undefined;
    const simple = c.extends.split('.').at(-1)!;
    const sees = c.extends.includes('.') ? [c.extends] : c.sees(simple);
    const named = byName.get(simple) ?? [];
    const seen = sees.find((q) => named.some((o) => o.qualified === q));
    // a class written qualified or imported by name is that one, else none of the project's
    if (!seen && (c.extends.includes('.') || jvmClassImports(c.text).named.has(simple))) return undefined;
    // of the classes it may be, the one of its module (each example of a collection declares its own `Employee`)
    const found = seen ? named.filter((o) => o.qualified === seen) : named;
    const near = found.filter((o) => moduleRoot(o.path) === moduleRoot(c.path));
    return near.length === 1 ? near[0] : found.length === 1 ? found[0] : undefined;
  };
  const ancestors = (c: JpaClass): JpaClass[] => {
    const out: JpaClass[] = [];
    for (let p = parentOf(c); p && p !== c && !out.includes(p); p = parentOf(p)) out.push(p);
    return out;
  };
  return {
    classes,
    ancestors,
    strategy(c) {
      const root = ancestors(c)
        .filter((a) => a.entity)
        .at(-1);
      if (!c.entity || !root) return undefined;
      return (/@Inheritance\s*\([^)]*\b(SINGLE_TABLE|JOINED|TABLE_PER_CLASS)\b/.exec(root.header)?.[1] as InheritanceStrategy | undefined) ?? 'SINGLE_TABLE';
    },
  };
}

/** A key of an entity's table ref, the same for its copies. */
export const entityKey = (ref: OrmTableRef) => `${ref.model} ${ref.table}`;

/**
 * The tables of the project's entity hierarchies: `declared` (each file's refs, as orm-refs reads
 * them) with a `SINGLE_TABLE` subclass's table the root's, and the tables of the entities above
 * each `JOINED` subclass, by its ref's `entityKey`.
 */
export function jpaInheritedTables(
  files: readonly ProjectFile[],
  declared: ReadonlyMap<string, readonly OrmTableRef[]>,
): { declared: Map<string, readonly OrmTableRef[]>; joined: Map<string, OrmTableRef[]> } {
  const out = new Map(declared);
  const joined = new Map<string, OrmTableRef[]>();
  const hierarchy = jpaHierarchy(files);
  const refOf = (c: JpaClass) => (out.get(c.path) ?? []).find((r) => r.via === 'jpa' && r.model === c.name && r.access?.includes('schema'));
  const entities = hierarchy.classes.filter((c) => hierarchy.strategy(c));
  for (const c of entities) {
    const above = hierarchy.ancestors(c).filter((a) => a.entity);
    const strategy = hierarchy.strategy(c);
    const ref = refOf(c);
    if (!ref) continue;
    if (strategy === 'SINGLE_TABLE' && !/@(?:(?:javax|jakarta)\.persistence\.)?Table\s*\([^)]*\bname\s*=/.test(c.header)) {
      const root = refOf(above.at(-1)!);
      if (!root) continue;
      const { alternatives: _, ...own } = ref;
      const mapped: OrmTableRef = { ...own, table: root.table, ...(root.alternatives ? { alternatives: root.alternatives } : {}) };
      out.set(
        c.path,
        out.get(c.path)!.map((r) => (r === ref ? mapped : r)),
      );
    } else if (strategy === 'JOINED') {
      const parents = above.flatMap((a) => refOf(a) ?? []);
      if (parents.length) joined.set(entityKey(ref), parents);
    }
  }
  return { declared: out, joined };
}
