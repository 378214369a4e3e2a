/**
 * @module adapters/connector/code/kotlin-imports
 * Kotlin files read by tree-sitter, and their imports resolved to files of the tree, Java's too.
 *
 * A Kotlin file's `package` and the names it declares at top level (classes, interfaces, objects,
 * functions, properties, type aliases) are its fully qualified names; a file's name says nothing
 * of them (`Owners.kt` may declare `Owner` and `OwnerRepository`), and its folder need not match
 * its package. So:
 * - `import a.b.C` links the file declaring `a.b.C`; a longer name (`a.b.C.Inner`, `a.b.Registry.all`)
 *   the file declaring its longest declared prefix; a Java class of the tree resolves as Java does.
 * - `import a.b.*` links the files of package `a.b` (Kotlin or Java) declaring a name the file
 *   mentions, not the whole package.
 * - A package's names need no import: a name the file mentions that another file of its package
 *   declares is an edge (`same-package`), as for Java.
 * - Java sees Kotlin too: a Java import of a Kotlin class, a top-level function's file class
 *   (`OwnersKt`, or the name `@file:JvmName` gives), or a Kotlin class of the Java file's own package.
 *
 * The file's mentions are its type names and the names its calls and member accesses start with
 * (`listOwners()`, `Registry.all`), not every identifier: a local variable named like another
 * file's property makes no edge.
 */
import { posix } from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { ImportMap } from './import-graph.js';
import { link, type Parsed } from './import-links.js';
import type { CodeSymbol } from './outline.js';
import { all, lineOf, named, signature } from './syntax-nodes.js';
import type { ParsedFile, RawImport } from './tree-sitter.js';

const VISIBILITY_HIDDEN = /\b(?:private|protected|internal)\b/;

/** `class`, `interface`, `enum class`, `data class`… as the symbol's kind. */
function classKind(node: Node): string {
  if (node.type === 'object_declaration') return 'object';
  const modifiers = named(node).find((c) => c.type === 'modifiers')?.text ?? '';
  if (/\benum\b/.test(modifiers) || named(node).some((c) => c.type === 'enum_class_body')) return 'enum';
  return node.children.some((c) => c?.type === 'interface') ? 'interface' : 'class';
}

const nameOf = (node: Node, type: string) => named(node).find((c) => c.type === type)?.text ?? '';

/** A top-level declaration's name and kind (null for another node). */
function topLevel(node: Node): { name: string; kind: string; body: Node | null } | null {
  switch (node.type) {
    case 'class_declaration':
    case 'object_declaration':
      return { name: nameOf(node, 'type_identifier'), kind: classKind(node), body: named(node).find((c) => c.type.endsWith('class_body')) ?? null };
    case 'function_declaration':
      return { name: nameOf(node, 'simple_identifier'), kind: 'fun', body: named(node).find((c) => c.type === 'function_body') ?? null };
    case 'property_declaration': {
      const variable = named(node).find((c) => c.type === 'variable_declaration');
      const kind = /\bconst\b/.test(nameOf(node, 'modifiers')) ? 'const' : 'val';
      return { name: variable ? nameOf(variable, 'simple_identifier') : '', kind, body: null };
    }
    case 'type_alias':
      return { name: nameOf(node, 'type_identifier'), kind: 'typealias', body: null };
    default:
      return null;
  }
}

/** The name `@file:JvmName("…")` gives the file's class of top-level functions, else ''. */
function jvmName(root: Node): string {
  for (const a of named(root).filter((c) => c.type === 'file_annotation')) {
    const m = /JvmName\s*\(\s*"([^"]+)"/.exec(a.text);
    if (m) return m[1]!;
  }
  return '';
}

/** The names a call or a member access starts with (`listOwners()`, `Registry.all`, `Owner.of()`). */
function leadingNames(root: Node): string[] {
  const out: string[] = [];
  for (const n of all(root, ['call_expression', 'navigation_expression'])) {
    const first = n.namedChild(0);
    if (first?.type === 'simple_identifier') out.push(first.text);
  }
  for (const r of all(root, ['callable_reference'])) {
    const ids = named(r).filter((c) => c.type === 'simple_identifier' || c.type === 'type_identifier');
    if (ids.length === 1) out.push(ids[0]!.text); // `::listOwners`
  }
  return out;
}

/** One Kotlin file as the connector needs it. */
export function kotlinFile(root: Node, text: string): ParsedFile {
  const header = named(root).find((c) => c.type === 'package_header');
  const packageName = header ? nameOf(header, 'identifier').replace(/\s+/g, '') : '';
  const imports: RawImport[] = [];
  for (const h of all(root, ['import_header'])) {
    const module = nameOf(h, 'identifier').replace(/\s+/g, '');
    if (module) imports.push({ module, level: 0, names: [], wildcard: named(h).some((c) => c.type === 'wildcard_import'), isStatic: false, line: lineOf(h) });
  }
  const symbols: CodeSymbol[] = [];
  const declares: string[] = [];
  for (const top of named(root)) {
    const decl = topLevel(top);
    if (!decl?.name) continue;
    declares.push(decl.name);
    if (VISIBILITY_HIDDEN.test(nameOf(top, 'modifiers'))) continue;
    symbols.push({ name: decl.name, kind: decl.kind, line: lineOf(top), signature: signature(text, top, decl.body) });
    if (top.type !== 'class_declaration' && top.type !== 'object_declaration') continue;
    for (const fn of named(decl.body).filter((c) => c.type === 'function_declaration')) {
      const name = nameOf(fn, 'simple_identifier');
      if (!name || VISIBILITY_HIDDEN.test(nameOf(fn, 'modifiers'))) continue;
      const body = named(fn).find((c) => c.type === 'function_body') ?? null;
      symbols.push({ name: `${decl.name}.${name}`, kind: 'method', line: lineOf(fn), signature: signature(text, fn, body) });
    }
  }
  const fileClass = jvmName(root);
  const mentions = [...new Set([...all(root, ['type_identifier']).map((n) => n.text), ...leadingNames(root)])];
  return {
    imports,
    symbols,
    packageName,
    mentions,
    declares: fileClass ? [...declares, `@file:${fileClass}`] : declares,
    selected: new Map(),
    // the grammar marks Kotlin's optional semicolons as missing: its errors say nothing of what was read
    syntaxErrors: false,
  };
}

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

function jvmNames(parsed: Parsed, kotlinFiles: readonly string[], javaFiles: readonly string[]): JvmNames {
  const names: JvmNames = { byName: new Map(), packages: new Map() };
  for (const f of kotlinFiles) {
    const { packageName, declares } = parsed.get(f)!;
    const fileClass = declares.find((d) => d.startsWith('@file:'))?.slice('@file:'.length) ?? `${posix.basename(f, '.kt')}Kt`;
    for (const d of declares) if (!d.startsWith('@file:')) declare(names, packageName, d, f);
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

/**
 * Kotlin files' imports and same-package names, and Java files' imports of Kotlin (Java's own
 * classes lang-imports resolves).
 */
export function kotlinImports(parsed: Parsed, map: ImportMap): void {
  const files = [...parsed.keys()];
  const kotlinFiles = files.filter((p) => p.endsWith('.kt'));
  if (!kotlinFiles.length) return;
  const javaFiles = files.filter((p) => p.endsWith('.java'));
  const names = jvmNames(parsed, kotlinFiles, javaFiles);
  const isKotlin = (f: string) => f.endsWith('.kt');
  for (const file of [...kotlinFiles, ...javaFiles]) {
    const own = parsed.get(file)!;
    const mentioned = (pkg: string) => own.mentions.flatMap((m) => names.packages.get(pkg)?.get(m) ?? []);
    // a Java file's imports of Java classes are lang-imports' own
    const wanted = isKotlin(file) ? () => true : isKotlin;
    for (const imp of own.imports) {
      const targets = imp.wildcard ? mentioned(imp.module) : declaring(names, imp.module);
      for (const target of targets.filter(wanted)) link(map, file, target, 'import');
    }
    for (const target of mentioned(own.packageName).filter(wanted)) link(map, file, target, 'same-package');
  }
}
