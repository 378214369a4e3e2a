/**
 * @module adapters/connector/code/imports/workspace-packages
 * Imports of the tree's own packages by name (`@org/ui`, `zod/v4` inside zod), resolved from the
 * packages' package.json without anything installed: the `exports` entry for the subpath (every
 * condition, in the file's order; `*` patterns), else `source`, `types`, `module`, `main`, else
 * an index file. A target is a file of the tree, the TypeScript source of a `.js`/`.d.ts`
 * target, or the same path under `src/` for a build folder (`dist/`, `build/`, `out/`, `lib/`).
 * A package name that two package.json files claim is not resolved. A subpath import (`#db/*`) is
 * read from the `imports` of the importer's nearest package.json the same way.
 */
import { posix } from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** A package of the tree: its name and folder ('' for the root). */
export interface WorkspacePackage {
  name: string;
  folder: string;
  manifest: Record<string, unknown>;
}

/** The tree's packages by name (a name claimed twice left out) and by folder. */
export interface PackageIndex {
  byName: Map<string, WorkspacePackage>;
  byFolder: Map<string, WorkspacePackage>;
}

/** The packages of the tree's package.json files. */
export function workspacePackages(manifests: ReadonlyArray<{ path: string; text: string }>): PackageIndex {
  const found = new Map<string, WorkspacePackage | null>();
  const byFolder = new Map<string, WorkspacePackage>();
  for (const m of manifests) {
    if (!/(^|\/)package\.json$/.test(m.path)) continue;
    let manifest: unknown;
    try {
      manifest = JSON.parse(m.text);
    } catch {
      continue;
    }
    if (!manifest || typeof manifest !== 'object') continue;
    const name = (manifest as { name?: unknown }).name;
    const folder = posix.dirname(m.path) === '.' ? '' : posix.dirname(m.path);
    const pkg = { name: typeof name === 'string' ? name : '', folder, manifest: manifest as Record<string, unknown> };
    byFolder.set(folder, pkg);
    if (pkg.name) found.set(pkg.name, found.has(pkg.name) ? null : pkg);
  }
  return { byName: new Map([...found].filter((e): e is [string, WorkspacePackage] => e[1] !== null)), byFolder };
}

const leaves = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(leaves)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(leaves)
        : [];

/** The targets `exports` names for a subpath ('.', './x'), conditions in the file's order. */
function exportTargets(exportsField: unknown, subpath: string): string[] {
  if (!exportsField || typeof exportsField !== 'object' || Array.isArray(exportsField)) return subpath === '.' ? leaves(exportsField) : [];
  const map = exportsField as Record<string, unknown>;
  if (!Object.keys(map).some((k) => k.startsWith('.'))) return subpath === '.' ? leaves(map) : [];
  return mappedTargets(map, subpath);
}

/**
 * The targets a map of subpaths (`exports`' './x', `imports`' '#x', a tsconfig's `paths`) names for
 * one: its exact key, else the `*` pattern with the longest prefix, as Node and TypeScript choose.
 */
export function mappedTargets(map: Record<string, unknown>, subpath: string): string[] {
  if (Object.hasOwn(map, subpath)) return leaves(map[subpath]);
  let best: { before: string; middle: string; value: unknown } | null = null;
  for (const [key, value] of Object.entries(map)) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const before = key.slice(0, star);
    const after = key.slice(star + 1);
    if (subpath.length < before.length + after.length || !subpath.startsWith(before) || !subpath.endsWith(after)) continue;
    if (!best || before.length > best.before.length) best = { before, middle: subpath.slice(before.length, subpath.length - after.length), value };
  }
  return best ? leaves(best.value).map((t) => t.split('*').join(best.middle)) : [];
}

/** The tree file a path names: as is, its TypeScript source, with an extension, or its folder's index. */
export function treeFile(path: string, known: ReadonlySet<string>): string | null {
  const stem = path.replace(/\.d\.(m|c)?ts$/, '').replace(/\.(m|c)?jsx?$/, '');
  for (const candidate of [path, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => `${path}/index${e}`)]) if (known.has(candidate)) return candidate;
  return null;
}

function inPackage(folder: string, target: string, known: ReadonlySet<string>): string | null {
  const path = posix.normalize(posix.join(folder, target));
  if (path.startsWith('..')) return null;
  const direct = treeFile(path, known);
  if (direct) return direct;
  const rel = folder ? path.slice(folder.length + 1) : path;
  const built = /^(dist|build|out|lib)\//.exec(rel);
  return built ? treeFile(posix.join(folder, 'src', rel.slice(built[0].length)), known) : null;
}

const firstFile = (folder: string, targets: readonly string[], known: ReadonlySet<string>): string | null => {
  for (const target of targets) {
    const file = inPackage(folder, target, known);
    if (file) return file;
  }
  return null;
};

/** The file of the tree a bare import (a package of the tree, a `#` subpath import) names, or null. */
export function resolveWorkspaceImport(specifier: string, importer: string, packages: PackageIndex, known: ReadonlySet<string>): string | null {
  if (specifier.startsWith('#')) {
    for (let folder = posix.dirname(importer); ; folder = posix.dirname(folder)) {
      const pkg = packages.byFolder.get(folder === '.' ? '' : folder);
      if (pkg) {
        const imports = pkg.manifest.imports;
        return imports && typeof imports === 'object' ? firstFile(pkg.folder, mappedTargets(imports as Record<string, unknown>, specifier), known) : null;
      }
      if (folder === '.' || folder === '/') return null;
    }
  }
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const pkg = packages.byName.get(name);
  if (!pkg) return null;
  const rest = specifier.slice(name.length).replace(/^\//, '');
  const subpath = rest ? `./${rest}` : '.';
  const m = pkg.manifest;
  const targets =
    m.exports !== undefined
      ? exportTargets(m.exports, subpath)
      : subpath === '.'
        ? [...['source', 'types', 'typings', 'module', 'main'].flatMap((f) => (typeof m[f] === 'string' ? [m[f] as string] : [])), './index', './src/index']
        : [subpath];
  return firstFile(pkg.folder, targets, known);
}

/**
 * The names a user of the language imports a file of the tree by, file → names: each package's
 * entry (`@org/ui`) and its `exports` subpaths without a pattern (`@org/ui/button`); each
 * non-test Go file's package import path (the nearest go.mod's module path and the folder).
 */
export function importNames(configs: ReadonlyArray<{ path: string; text: string }>, files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const names = new Map<string, string[]>();
  const add = (file: string | null, name: string) => {
    if (file && !(names.get(file) ?? []).includes(name)) names.set(file, [...(names.get(file) ?? []), name]);
  };
  const packages = workspacePackages(configs);
  for (const [name, pkg] of packages.byName) {
    const exported = pkg.manifest.exports;
    const subpaths =
      exported && typeof exported === 'object' && !Array.isArray(exported) && Object.keys(exported).some((k) => k.startsWith('.'))
        ? Object.keys(exported).filter((k) => k.startsWith('.') && !k.includes('*'))
        : ['.'];
    for (const sub of subpaths) {
      const specifier = sub === '.' ? name : `${name}/${sub.replace(/^\.\//, '')}`;
      add(resolveWorkspaceImport(specifier, `${pkg.folder || '.'}/package.json`, packages, known), specifier);
    }
  }
  const modules = configs
    .filter((c) => /(^|\/)go\.mod$/.test(c.path))
    .map((c) => ({ dir: posix.dirname(c.path) === '.' ? '' : posix.dirname(c.path), module: /^\s*module\s+("?)([^\s"]+)\1/m.exec(c.text)?.[2] }))
    .filter((m): m is { dir: string; module: string } => !!m.module)
    .sort((a, b) => b.dir.length - a.dir.length);
  for (const file of files) {
    if (!file.endsWith('.go') || file.endsWith('_test.go')) continue;
    const dir = posix.dirname(file) === '.' ? '' : posix.dirname(file);
    const mod = modules.find((m) => !m.dir || dir === m.dir || dir.startsWith(`${m.dir}/`));
    if (mod) add(file, dir === mod.dir ? mod.module : `${mod.module}/${mod.dir ? dir.slice(mod.dir.length + 1) : dir}`);
  }
  return names;
}
