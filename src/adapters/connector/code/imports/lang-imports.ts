/**
 * @module adapters/connector/code/imports/lang-imports
 * Python, Go and Java imports (parsed by tree-sitter) resolved to files of the tree (Kotlin's and Scala's in
 * jvm-imports.ts); an import
 * that names no file of the tree (the standard library, a third-party package) is no edge.
 *
 * - Python: `import a.b` is `a/b.py` or `a/b/__init__.py` under a search root: the repository
 *   root, `src/`, the folder above each top-level package (a folder with `__init__.py` whose parent
 *   has none), and last the importer's own folder (scripts run from there). `from m import n`
 *   links to the submodule `m/n` when there is one, else to `m`. Relative imports (`from .x`,
 *   `from .. import y`) start at the importer's package.
 * - Go: an import path under a `go.mod`'s module path is that module's package folder (the package
 *   most of its non-test files declare). The graph's nodes are files, so the importer links the
 *   package's files it uses: those declaring, at package level, an exported function, type,
 *   variable or constant it names through the import (`store.New()`, `*store.Order`,
 *   `store.List[int]`, in a closure too). The import's name is its alias, else the package's
 *   `package` clause, which may differ from the path (`db/sqlc` is often `package db`). A method is
 *   reached through a value (`s.Save()`), never through the import's name: the file declaring its
 *   type stands for it, as Go readers take it, even when the method is declared in another file. A
 *   dot import makes the package's exported names the file's own: it links the files declaring one
 *   the file mentions, as for files of one package. A `_` import only runs the package's `init()`
 *   functions: it links the files declaring one, else every file. An importer that names nothing
 *   the scan found declared (only names of a file that did not parse) keeps one edge, to the file
 *   named like the package or its folder, else to every file; an importer with syntax the parser
 *   could not read links every file. A local name hiding the import's name (`store := NewStore(db)`,
 *   a parameter `store`) selects nothing from the package where it holds.
 *   Files of one package need no import: a name a file mentions that another non-test file of its
 *   folder and package declares at package level is an edge (`same-package`).
 * - Java: each file's `package` declaration plus its file name is a fully qualified class name
 *   (so any source root works, `src/main/java` or none); `import a.b.C` links to that class's file,
 *   a nested or static member (`a.b.C.Inner`, `static a.b.C.m`) to `C`'s, `a.b.*` to the files of
 *   the package. Without a package declaration a class resolves by its path under a source root
 *   (`src/main/java`, `src/test/java`, `src`, the root). Classes of the same package need no
 *   import: a type name the file mentions that is a class of its package is an edge too.
 * - Ruby, PHP, Swift and Dart: their own modules (ruby-imports, php-imports, swift-imports, dart-imports) say their rules.
 */
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { folderOf } from '../../../../kernel/workspace-path.js';
import type { ImportMap } from './import-graph.js';
import { link, under, type Parsed } from './import-links.js';
import { cIncludes } from './c-includes.js';
import { jvmImports } from './jvm-imports.js';
import { csharpImports } from './csharp-imports.js';
import { rustImports } from './rust-imports.js';
import { phpImports } from './php-imports.js';
import { rubyImports } from './ruby-imports.js';
import { swiftImports } from './swift-imports.js';
import { dartImports } from './dart-imports.js';
import type { ParsedFile, RawImport } from './parsed-file.js';

function pythonImports(parsed: Parsed, known: ReadonlySet<string>, map: ImportMap): void {
  const pyFiles = [...parsed.keys()].filter((p) => p.endsWith('.py'));
  const packages = new Set(pyFiles.filter((p) => p.endsWith('/__init__.py')).map(folderOf));
  const roots = new Set(['', 'src']);
  for (const pkg of packages) if (!packages.has(folderOf(pkg))) roots.add(folderOf(pkg));
  const moduleAt = (dir: string, dotted: string): string | null => {
    const rel = dotted.split('.').join('/');
    const base = rel ? under(dir, rel) : dir;
    if (rel && known.has(`${base}.py`)) return `${base}.py`;
    const init = under(base, '__init__.py');
    return known.has(init) ? init : null;
  };
  for (const file of pyFiles) {
    const here = folderOf(file);
    for (const imp of parsed.get(file)!.imports) {
      let bases: string[];
      if (imp.level > 0) {
        let dir = here;
        for (let i = 1; i < imp.level; i++) dir = folderOf(dir);
        bases = [dir];
      } else bases = [...roots, here];
      for (const base of bases) {
        const target = moduleAt(base, imp.module);
        const subs = imp.names.filter((n) => n !== '*').map((n) => moduleAt(base, imp.module ? `${imp.module}.${n}` : n));
        if (!target && !subs.some(Boolean)) continue;
        for (const sub of subs) if (sub) link(map, file, sub, 'import');
        if (target && (subs.length === 0 || subs.some((s) => !s) || imp.names.includes('*'))) link(map, file, target, 'import');
        break;
      }
    }
  }
}

/** Module path → the folder of its go.mod, for every go.mod above a Go file of the tree. */
async function goModules(root: string, goDirs: ReadonlySet<string>): Promise<Array<{ module: string; dir: string }>> {
  const seen = new Map<string, string | null>();
  for (const start of goDirs) {
    for (let dir = start; ; dir = folderOf(dir)) {
      if (!seen.has(dir)) {
        const text = await readFile(join(root, dir, 'go.mod'), 'utf8').catch(() => null);
        seen.set(dir, text ? (/^\s*module\s+("?)([^\s"]+)\1/m.exec(text)?.[2] ?? null) : null);
      }
      if (seen.get(dir) || !dir) break;
    }
  }
  return [...seen]
    .filter((e): e is [string, string] => !!e[1])
    .map(([dir, module]) => ({ module, dir }))
    .sort((a, b) => b.module.length - a.module.length);
}

/** One Go package of the tree: its non-test files, and the files declaring each of its package-level names. */
interface GoPackage {
  name: string;
  files: string[];
  declared: Map<string, string[]>;
}

/** The packages of each folder, by the `package` clause of its non-test files. */
function goPackages(goFiles: readonly string[], parsed: Parsed): Map<string, GoPackage[]> {
  const byDir = new Map<string, GoPackage[]>();
  for (const f of goFiles) {
    if (f.endsWith('_test.go')) continue;
    const { packageName, declares } = parsed.get(f)!;
    const packages = byDir.get(folderOf(f)) ?? [];
    byDir.set(folderOf(f), packages);
    let pkg = packages.find((p) => p.name === packageName);
    if (!pkg) packages.push((pkg = { name: packageName, files: [], declared: new Map() }));
    pkg.files.push(f);
    for (const name of declares) pkg.declared.set(name, [...(pkg.declared.get(name) ?? []), f]);
  }
  return byDir;
}

/** The package an import of the folder gets: the one most of its files declare (another is a generator's `//go:build ignore` file). */
function importedPackage(packages: readonly GoPackage[], dir: string): GoPackage | undefined {
  const last = posix.basename(dir);
  return [...packages].sort((a, b) => b.files.length - a.files.length || Number(b.name === last) - Number(a.name === last) || (a.name < b.name ? -1 : 1))[0];
}

/** The files of an imported package that the importer uses, by the Go rule of the module comment. */
function usedFiles(importer: ParsedFile, imp: RawImport, pkg: GoPackage, dir: string): string[] {
  if (importer.syntaxErrors) return pkg.files;
  if (imp.alias === '_') return pkg.declared.get('init') ?? pkg.files;
  const names = imp.alias === '.' ? importer.mentions : (importer.selected.get(imp.alias ?? pkg.name) ?? []);
  // another package reaches only the exported names (an upper-case first letter)
  const used = new Set(names.flatMap((n) => (/^\p{Lu}/u.test(n) ? (pkg.declared.get(n) ?? []) : [])));
  if (used.size) return [...used];
  const named = pkg.files.filter((f) => [pkg.name, posix.basename(dir)].includes(posix.basename(f, '.go')));
  return named.length ? named : pkg.files;
}

async function goImports(root: string, parsed: Parsed, map: ImportMap): Promise<void> {
  const goFiles = [...parsed.keys()].filter((p) => p.endsWith('.go'));
  if (!goFiles.length) return;
  const packages = goPackages(goFiles, parsed);
  const modules = await goModules(root, new Set(goFiles.map(folderOf)));
  for (const file of goFiles) {
    const own = parsed.get(file)!;
    for (const imp of own.imports) {
      const mod = modules.find((m) => imp.module === m.module || imp.module.startsWith(`${m.module}/`));
      if (!mod) continue;
      const dir = under(mod.dir, imp.module.slice(mod.module.length).replace(/^\//, '')).replace(/\/$/, '');
      const pkg = importedPackage(packages.get(dir) ?? [], dir);
      if (pkg) for (const target of usedFiles(own, imp, pkg, dir)) link(map, file, target, 'import');
    }
    // a package's own names need no import
    const siblings = packages.get(folderOf(file))?.find((p) => p.name === own.packageName);
    if (siblings) for (const name of own.mentions) for (const target of siblings.declared.get(name) ?? []) link(map, file, target, 'same-package');
  }
}

const JAVA_ROOTS = ['src/main/java', 'src/test/java', 'src', ''];

function javaImports(parsed: Parsed, known: ReadonlySet<string>, map: ImportMap): void {
  const javaFiles = [...parsed.keys()].filter((p) => p.endsWith('.java'));
  const classes = new Map<string, string>();
  const packages = new Map<string, string[]>();
  for (const f of javaFiles) {
    const pkg = parsed.get(f)!.packageName;
    const cls = posix.basename(f, '.java');
    classes.set(pkg ? `${pkg}.${cls}` : cls, f);
    packages.set(pkg, [...(packages.get(pkg) ?? []), f]);
  }
  const classFile = (name: string): string | null => {
    const parts = name.split('.');
    for (let n = parts.length; n > 0; n--) {
      const fqn = parts.slice(0, n).join('.');
      const byPackage = classes.get(fqn);
      if (byPackage) return byPackage;
      for (const r of JAVA_ROOTS) {
        const path = under(r, `${parts.slice(0, n).join('/')}.java`);
        if (known.has(path)) return path;
      }
    }
    return null;
  };
  for (const file of javaFiles) {
    const own = parsed.get(file)!;
    for (const imp of own.imports) {
      if (imp.wildcard && !imp.isStatic) {
        for (const target of packages.get(imp.module) ?? []) link(map, file, target, 'import');
        const cls = packages.has(imp.module) ? null : classFile(imp.module);
        if (cls) link(map, file, cls, 'import');
        continue;
      }
      const target = classFile(imp.module);
      if (target) link(map, file, target, imp.isStatic ? 'static-import' : 'import');
    }
    const siblings = new Map((packages.get(own.packageName) ?? []).map((f) => [posix.basename(f, '.java'), f]));
    for (const name of own.mentions) {
      const target = siblings.get(name);
      if (target) link(map, file, target, 'same-package');
    }
  }
}

/** The imports of the parsed files that resolve to files of the tree (`known`: every listed file). */
export async function languageImports(
  root: string,
  parsed: Parsed,
  known: ReadonlySet<string>,
  configs: ReadonlyArray<{ path: string; text: string }> = [],
): Promise<ImportMap> {
  const map: ImportMap = new Map();
  pythonImports(parsed, known, map);
  await goImports(root, parsed, map);
  javaImports(parsed, known, map);
  jvmImports(parsed, map);
  cIncludes(parsed, known, configs, map, root);
  await rustImports(root, parsed, known, (from, to, kind) => link(map, from, to, kind));
  await csharpImports(root, parsed, (from, to, kind) => link(map, from, to, kind));
  rubyImports(parsed, known, (from, to, kind) => link(map, from, to, kind));
  await phpImports(root, parsed, known, (from, to, kind) => link(map, from, to, kind));
  await swiftImports(root, parsed, (from, to, kind) => link(map, from, to, kind));
  await dartImports(root, parsed, known, (from, to, kind) => link(map, from, to, kind));
  for (const list of map.values()) list.sort((a, b) => (a.path < b.path ? -1 : 1));
  return map;
}
