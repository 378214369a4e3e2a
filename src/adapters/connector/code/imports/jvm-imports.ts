/**
 * @module adapters/connector/code/imports/jvm-imports
 * Kotlin and Scala files read by tree-sitter, and their imports resolved to files of the tree, Java's too.
 *
 * A Kotlin or Scala file's `package` and the names it declares at top level (classes, interfaces,
 * traits, objects, functions, properties, type aliases) are its fully qualified names; a file's
 * name says nothing of them (`Owners.kt` may declare `Owner` and `OwnerRepository`), and its
 * folder need not match its package. So:
 * - `import a.b.C` links the file declaring `a.b.C`; a longer name (`a.b.C.Inner`, `a.b.Registry.all`)
 *   the file declaring its longest declared prefix; a Java class of the tree resolves as Java does.
 *   Scala's `import a.b.{C, D => E}` is `a.b.C` and `a.b.D`, and a Scala import may be relative to
 *   the file's enclosing packages (`import util.Strings` in `com.shop.model` is `com.shop.util.Strings`).
 * - `import a.b.*` (Scala's `a.b._`) links the files of package `a.b` (Kotlin, Scala or Java)
 *   declaring a name the file mentions, not the whole package.
 * - A package's names need no import: a name the file mentions that another file of its package
 *   declares is an edge (`same-package`), as for Java.
 * - A Scala `package object util` in package `a.b` declares its members in package `a.b.util`:
 *   `import a.b.util._`, `import a.b.util.slug` and the package's own files' mentions link its file.
 * - Kotlin Multiplatform: a file's `actual` declaration links the file declaring its `expect`
 *   (same fully qualified name; src/jvmMain's `actual class Clock` → src/commonMain's
 *   `expect class Clock`), as an edge of its own kind, `actual`.
 * - Java sees Kotlin and Scala too: a Java import of their classes, a Kotlin top-level function's
 *   file class (`OwnersKt`, or the name `@file:JvmName` gives), or a class of the Java file's own package.
 *
 * The file's mentions are its type names and the names its calls and member accesses start with
 * (`listOwners()`, `Registry.all`), not every identifier: a local variable named like another
 * file's property makes no edge.
 */
import { posix } from 'node:path';
import type { ImportMap } from './import-graph.js';
import { sharedFolders } from '../../../../kernel/workspace-path.js';
import { factsOf, link, type Parsed } from './import-links.js';

/** Kotlin and Scala sources: what this module resolves (Java's own classes are lang-imports'). */
const JVM_SOURCE = /\.(?:kt|scala)$/;

/** Where the JVM names of the tree are declared: Kotlin's top-level names and Java's classes. */
interface JvmNames {
  /** Fully qualified name → declaring files. */
  byName: Map<string, string[]>;
  /** Package → its files' declared simple names → files. */
  packages: Map<string, Map<string, string[]>>;
}

function declare(names: JvmNames, pkg: string, simple: string, file: string): void {
  const fqn = pkg ? `${pkg}.${simple}` : simple;
  names.byName.set(fqn, [...(names.byName.get(fqn) ?? []), file]);
  const members = names.packages.get(pkg) ?? new Map<string, string[]>();
  names.packages.set(pkg, members);
  members.set(simple, [...(members.get(simple) ?? []), file]);
}

function jvmNames(parsed: Parsed, sources: readonly string[], javaFiles: readonly string[]): JvmNames {
  const names: JvmNames = { byName: new Map(), packages: new Map() };
  for (const f of sources) {
    const { packageName, declares } = parsed.get(f)!;
    for (const d of declares) {
      if (d.startsWith('@file:')) continue;
      // a Scala package object's member (`util.slug`) is a name of the package it is
      const dot = d.lastIndexOf('.');
      if (dot < 0) declare(names, packageName, d, f);
      else declare(names, [packageName, d.slice(0, dot)].filter(Boolean).join('.'), d.slice(dot + 1), f);
    }
    if (!f.endsWith('.kt')) continue;
    const fileClass = declares.find((d) => d.startsWith('@file:'))?.slice('@file:'.length) ?? `${posix.basename(f, '.kt')}Kt`;
    declare(names, packageName, fileClass, f);
  }
  for (const f of javaFiles) declare(names, parsed.get(f)!.packageName, posix.basename(f, '.java'), f);
  return names;
}

/** The files declaring the longest declared prefix of a dotted name (`a.b.C.Inner` → `a.b.C`'s). */
function declaring(names: JvmNames, dotted: string): string[] {
  const parts = dotted.split('.');
  for (let n = parts.length; n > 0; n--) {
    const files = names.byName.get(parts.slice(0, n).join('.'));
    if (files) return files;
  }
  return [];
}

/** The packages a Scala import may be relative to: the file's own and each enclosing one, innermost first. */
const enclosing = (pkg: string): string[] => pkg.split('.').map((_, i, parts) => parts.slice(0, parts.length - i).join('.'));

/**
 * Kotlin and Scala files' imports and same-package names, and Java files' imports of their
 * classes (Java's own classes lang-imports resolves).
 */
export function jvmImports(parsed: Parsed, map: ImportMap): void {
  const files = [...parsed.keys()];
  const sources = files.filter((p) => JVM_SOURCE.test(p));
  if (!sources.length) return;
  const javaFiles = files.filter((p) => p.endsWith('.java'));
  const names = jvmNames(parsed, sources, javaFiles);
  const isSource = (f: string) => JVM_SOURCE.test(f);
  for (const file of [...sources, ...javaFiles]) {
    const own = parsed.get(file)!;
    // a name the file declares itself is its own (an `expect` and its `actual` declare one name in two files)
    const ownNames = new Set(isSource(file) ? own.declares : []);
    const mentioned = (pkg: string) => own.mentions.flatMap((m) => (pkg === own.packageName && ownNames.has(m) ? [] : (names.packages.get(pkg)?.get(m) ?? [])));
    const scala = file.endsWith('.scala');
    // a Java file's imports of Java classes are lang-imports' own
    const wanted = isSource(file) ? () => true : isSource;
    const resolve = (module: string, wildcard: boolean): string[] => {
      const bases = scala && own.packageName ? ['', ...enclosing(own.packageName)] : [''];
      for (const base of bases) {
        const full = base ? `${base}.${module}` : module;
        const found = wildcard ? mentioned(full) : declaring(names, full);
        if (found.length || (wildcard && names.packages.has(full))) return found;
      }
      return [];
    };
    for (const imp of own.imports) {
      const modules = imp.names.length ? imp.names.map((n) => `${imp.module}.${n}`) : [imp.module];
      for (const module of modules) for (const target of resolve(module, imp.wildcard).filter(wanted)) link(map, file, target, 'import');
    }
    for (const target of mentioned(own.packageName).filter(wanted)) link(map, file, target, 'same-package');
  }
  expectActual(parsed, map);
}

/** Kotlin Multiplatform: each `actual` declaration's file → the file declaring its `expect` (the same fully qualified name; of several, those sharing most folders with it). */
function expectActual(parsed: Parsed, map: ImportMap): void {
  const platform = factsOf(parsed, 'kotlin');
  const expected = new Map<string, string[]>();
  const fqn = (file: string, name: string) => [parsed.get(file)!.packageName, name].filter(Boolean).join('.');
  for (const [file, f] of platform) for (const name of f.expects) expected.set(fqn(file, name), [...(expected.get(fqn(file, name)) ?? []), file]);
  for (const [file, f] of platform) {
    for (const name of f.actuals) {
      const files = expected.get(fqn(file, name)) ?? [];
      const best = Math.max(...files.map((e) => sharedFolders(e, file)));
      for (const target of files.filter((e) => sharedFolders(e, file) === best)) link(map, file, target, 'actual');
    }
  }
}
