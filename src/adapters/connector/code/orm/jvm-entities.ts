/**
 * @module adapters/connector/code/orm/jvm-entities
 * Which entity class a simple name stands for in a Java or Kotlin file, when the project declares
 * several of that name (JPA's `@Entity`, a Hibernate `hbm.xml`, a JPA `orm.xml`). Each declaration
 * is known by its fully qualified class name and the module holding it (the folders before its
 * `src`, or a build's copy of it). From a file, in order: the classes it sees (the one it imports
 * by name, else its own package's, else one of a package it imports whole), then those of its own
 * module; of one class, a mapping file's table wins over the class's annotation, as JPA's `orm.xml`
 * overrides annotations. The name stands for the one table left, else for none: two different
 * classes nothing tells apart stay ambiguous.
 */
import type { OrmTableRef, ProjectFile } from './orm-reader.js';
import { qualify } from '../text/call-reading.js';
import { oncePerText } from '../text/scan-memo.js';

/** One declaration of an entity class. */
export interface JvmEntity {
  ref: OrmTableRef;
  /** `org.shop.Order`; a class of no package by its simple name. */
  qualified: string;
  /** The file declaring it. */
  path: string;
  /** Declared by a mapping file (`hbm.xml`, `orm.xml`) rather than by the class's annotation. */
  mapping: boolean;
}

/** The folders a build writes sources or their copies under: a module's files are in the folders before one of them. */
const SOURCE_FOLDERS = new Set(['src', 'bin', 'target', 'build', 'out', 'WebContent', 'WEB-INF']);

/** The folder of the module holding a file: the path before its first source folder (`''` for none). */
export function moduleRoot(path: string): string {
  const parts = path.split('/');
  const at = parts.findIndex((p) => SOURCE_FOLDERS.has(p));
  return at < 0 ? '' : parts.slice(0, at).join('/');
}

/** A Java or Kotlin file's package (`''` for none). */
export const jvmPackage = (text: string): string => /^\s*package\s+([\w.]+)/m.exec(text)?.[1] ?? '';

/** The class names a Java or Kotlin file imports one by one (by the name it calls each, Kotlin's `as` too) and the packages it imports whole. */
export const jvmClassImports = oncePerText((text: string): { named: ReadonlyMap<string, string>; packages: readonly string[] } => {
  const named = new Map<string, string>();
  const packages: string[] = [];
  for (const m of text.matchAll(/^\s*import\s+(?!static\b)([\w.]+?)(\.\*)?(?:\s+as\s+(\w+))?\s*;?\s*$/gm)) {
    if (m[2]) packages.push(m[1]!);
    else named.set(m[3] ?? m[1]!.split('.').at(-1)!, m[1]!);
  }
  return { named, packages };
});

/**
 * Of the declarations of one simple name, the table it stands for from a file: `sees`, the
 * qualified names the file can mean by it, in order (the first that some declaration has wins;
 * none: any); `from`, the file's path. Undefined when nothing declares it, null when two tables remain.
 */
export function rankEntities(declared: readonly JvmEntity[], from: string, sees: readonly string[]): OrmTableRef | null | undefined {
  let left = [...declared];
  if (!left.length) return undefined;
  const seen = sees.find((q) => left.some((e) => e.qualified === q));
  if (seen) left = left.filter((e) => e.qualified === seen);
  const module = moduleRoot(from);
  const near = left.filter((e) => moduleRoot(e.path) === module);
  if (near.length) left = near;
  const mapped = new Set(left.filter((e) => e.mapping).map((e) => e.qualified));
  left = left.filter((e) => e.mapping || !mapped.has(e.qualified));
  return new Set(left.map((e) => e.ref.table)).size === 1 ? left[0]!.ref : null;
}

/** The qualified names a simple name may mean in a Java or Kotlin file: the class it imports, else its package's, else those of the packages it imports whole. */
export function classesSeen(text: string): (name: string) => string[] {
  const { named, packages } = jvmClassImports(text);
  const pkg = jvmPackage(text);
  return (name) => {
    const imported = named.get(name);
    return imported ? [imported] : [qualify(pkg, name), ...packages.map((p) => qualify(p, name))];
  };
}

/**
 * The project's entity classes by simple name, of the Java and Kotlin files' `@Entity` models
 * (`declared`, each file's refs) and of the mapping files (`mapped`: each class with its qualified
 * name); returns, for a file, the table a name it uses stands for, for the names declared more than once.
 */
export function jvmEntities(
  files: readonly ProjectFile[],
  declared: ReadonlyMap<string, readonly OrmTableRef[]>,
  mapped: (file: ProjectFile) => ReadonlyArray<{ ref: OrmTableRef; qualified: string }>,
): (file: ProjectFile) => ((name: string) => OrmTableRef | null | undefined) | undefined {
  const byName = new Map<string, JvmEntity[]>();
  const add = (e: JvmEntity) => byName.set(e.ref.model!, [...(byName.get(e.ref.model!) ?? []), e]);
  for (const f of files) {
    if (f.language === 'xml') for (const { ref, qualified } of mapped(f)) add({ ref, qualified, path: f.path, mapping: true });
    else if (f.language === 'java' || f.language === 'kotlin') {
      const pkg = jvmPackage(f.text);
      for (const ref of declared.get(f.path) ?? [])
        if (ref.via === 'jpa' && ref.model && ref.access?.includes('schema')) add({ ref, qualified: qualify(pkg, ref.model), path: f.path, mapping: false });
    }
  }
  const shared = new Map([...byName].filter(([, list]) => list.length > 1));
  if (!shared.size) return () => undefined;
  return (file) => {
    if (file.language !== 'java' && file.language !== 'kotlin') return undefined;
    let sees: ((name: string) => string[]) | undefined;
    return (name) => {
      const list = shared.get(name);
      // the file's own declaration is no use of it
      return (
        list &&
        rankEntities(
          list.filter((e) => e.path !== file.path),
          file.path,
          (sees ??= classesSeen(file.text))(name),
        )
      );
    };
  };
}
