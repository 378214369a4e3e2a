/**
 * @module adapters/connector/code/imports/rust-imports
 * Rust's module graph resolved to files of the tree, by the rules of the Rust reference and Cargo:
 *
 * - Crates: each package (the nearest `Cargo.toml` with a `[package]` above a file) builds a
 *   library from `src/lib.rs` (or `[lib] path`) and other crates from `src/main.rs`,
 *   `src/bin/*.rs`, `src/bin/x/main.rs`, `tests/`, `examples/`, `benches/`, `build.rs` and the
 *   targets' `path`s. Outside any package a `lib.rs` or `main.rs` is a crate's root.
 * - `mod x;` (edge `mod`) is `x.rs` or `x/mod.rs` in the folder of a crate root or `mod.rs`, and
 *   in `a/` for a file `a.rs`; inside inline modules (`mod a { mod x; }`) their names are folders
 *   too. `#[path = "p"]` is relative to the file's folder (under an inline module, to the folder
 *   the module would have).
 * - `use` paths and the qualified paths of code (`crate::db::query()`, edge `path`) start at
 *   `crate`, `self`, `super`, a module or crate the module names, or (Rust 2015, the default
 *   edition, for `use`) the crate root. A crate of the tree is named by its library's name (its
 *   package's name with `-` as `_`, unless `[lib] name`) where the importer's package depends on it
 *   (a dependency's key when renamed with `package = "…"`), and by a package's own binaries,
 *   tests and examples. The path links the file of the last module it names; when the next segment
 *   is an item, the file declaring it, followed through `use` and `pub use … ::*` re-exports
 *   (`use crate::model::User` links `model/user.rs` when `model.rs` does `pub use user::User`).
 *   `std`, `core` and crates.io crates name no file of the tree: no edge.
 */
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { folderOf } from '../../../../kernel/workspace-path.js';
import { readCargoManifest, type CargoManifest } from './cargo-manifest.js';
import { factsOf } from './import-links.js';
import type { RustFacts, RustMod, RustPath } from './rust-reader.js';
import type { ParsedFile } from './parsed-file.js';

type Link = (from: string, to: string, kind: string) => void;

interface Package {
  dir: string;
  manifest: CargoManifest;
  edition: string;
}

interface Crate {
  root: string;
  pkg: Package | null;
  lib: boolean;
  /** Crate names its code may use → their library's root module (filled once every crate is built). */
  externs: Map<string, Module>;
}

interface Module {
  file: string;
  scope: string[];
  crate: Crate;
  parent: Module | null;
  children: Map<string, Module>;
}

const under = (dir: string, rel: string) => posix.normalize(dir ? `${dir}/${rel}` : rel).replace(/^\.\/?/, '');

/** The manifests of the folders holding Rust files and every folder above them. */
async function manifests(root: string, dirs: Iterable<string>): Promise<Map<string, CargoManifest>> {
  const read = new Map<string, CargoManifest | null>();
  for (const start of dirs) {
    for (let dir = start; !read.has(dir); dir = folderOf(dir)) {
      const text = await readFile(join(root, dir, 'Cargo.toml'), 'utf8').catch(() => null);
      read.set(dir, text === null ? null : readCargoManifest(text));
      if (!dir) break;
    }
  }
  return new Map([...read].filter((e): e is [string, CargoManifest] => !!e[1]));
}

/** A package's edition: its own, its workspace's for `edition.workspace = true`, else 2015. */
function editionOf(dir: string, manifest: CargoManifest, all: ReadonlyMap<string, CargoManifest>): string {
  if (manifest.edition !== 'workspace') return manifest.edition ?? '2015';
  for (let d = folderOf(dir); ; d = folderOf(d)) {
    const edition = all.get(d)?.workspaceEdition;
    if (edition) return edition;
    if (!d) return '2015';
  }
}

/** The crate roots of a package: its library first, then binaries, tests, examples, benches and build script. */
function packageRoots(pkg: Package, files: readonly string[], known: ReadonlySet<string>): Array<{ root: string; lib: boolean }> {
  const { dir, manifest } = pkg;
  const roots: Array<{ root: string; lib: boolean }> = [];
  const lib = under(dir, manifest.libPath ?? 'src/lib.rs');
  if (known.has(lib)) roots.push({ root: lib, lib: true });
  const auto = new RegExp(
    `^${dir ? `${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/` : ''}(?:src/main\\.rs|src/bin/[^/]+\\.rs|src/bin/[^/]+/main\\.rs|(?:tests|examples|benches)/[^/]+\\.rs|(?:tests|examples|benches)/[^/]+/main\\.rs)$`,
  );
  const others = [...files.filter((f) => auto.test(f)), ...manifest.targets.map((t) => under(dir, t))];
  if (manifest.build !== false) others.push(under(dir, manifest.build ?? 'build.rs'));
  for (const root of new Set(others)) if (known.has(root) && root !== lib) roots.push({ root, lib: false });
  return roots;
}

/** The file a non-inline `mod` declaration names, by the reference's rules; null when the tree has none. */
function modFile(file: string, decl: RustMod, modRs: boolean, known: ReadonlySet<string>): string | null {
  const dir = folderOf(file);
  // a non-mod-rs file `a.rs` holds its modules in `a/`
  const base = modRs ? dir : under(dir, posix.basename(file, '.rs'));
  if (decl.path) {
    const target = decl.scope.length ? under(under(base, decl.scope.join('/')), decl.path) : under(dir, decl.path);
    return known.has(target) ? target : null;
  }
  const folder = under(base, decl.scope.join('/'));
  return [under(folder, `${decl.name}.rs`), under(folder, `${decl.name}/mod.rs`)].find((f) => known.has(f)) ?? null;
}

/** What `declaring` answers when `cfg_if!` branches lead to different files (no path has a NUL): the path's module is the one it names. */
const SPLIT = '\0split';

/** Whether two `cfg_if!` arms are different branches of one macro (never built together). */
const exclusive = (a: readonly string[], b: readonly string[]) => a.some((x) => b.some((y) => x !== y && x.split('#')[0] === y.split('#')[0]));

const sameScope = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

class RustResolver {
  readonly byFile = new Map<string, Module[]>();
  private readonly declared = new Map<Module, Map<string, string | null>>();
  private readonly visiting = new Set<string>();
  private cuts = 0;

  constructor(private readonly facts: ReadonlyMap<string, RustFacts>) {}

  /** The module tree a crate root grows through its `mod` declarations. */
  build(crate: Crate, modTargets: ReadonlyMap<string, Map<RustMod, string>>): Module {
    const top: Module = { file: crate.root, scope: [], crate, parent: null, children: new Map() };
    const files = new Set([crate.root]);
    const queue = [top];
    for (let m = queue.shift(); m; m = queue.shift()) {
      const key = `${m.file}#${m.scope.join('::')}`;
      this.byFile.set(key, [...(this.byFile.get(key) ?? []), m]);
      for (const decl of this.facts.get(m.file)?.mods ?? []) {
        if (!sameScope(decl.scope, m.scope)) continue;
        const file = decl.inline ? m.file : modTargets.get(m.file)?.get(decl);
        if (!file || (!decl.inline && files.has(file))) continue;
        files.add(file);
        const child: Module = { file, scope: decl.inline ? [...m.scope, decl.name] : [], crate, parent: m, children: new Map() };
        m.children.set(decl.name, child);
        queue.push(child);
      }
    }
    return top;
  }

  private uses(m: Module): RustPath[] {
    return (this.facts.get(m.file)?.paths ?? []).filter((p) => p.kind === 'use' && sameScope(p.scope, m.scope));
  }

  private crateRoot(m: Module): Module {
    let top = m;
    while (top.parent) top = top.parent;
    return top;
  }

  /** The module a module-level `use` of `m` binds `name` to, when it binds a module. */
  private boundModule(m: Module, name: string, depth: number): Module | null {
    for (const u of this.uses(m)) {
      if (u.binds !== name) continue;
      const r = this.walk(m, u.segments, 'use', depth + 1);
      if (r && !r.rest.length) return r.module;
    }
    return null;
  }

  /** The module a path's first segment names in `m`. */
  private first(m: Module, segment: string, kind: RustPath['kind'], depth: number): Module | null {
    if (segment === 'crate' || segment === '$crate') return this.crateRoot(m);
    if (segment === 'self') return m;
    if (segment === 'super') return m.parent;
    // Rust 2015 reads a `use` path from the crate root
    const at = kind === 'use' && m.crate.pkg?.edition === '2015' ? this.crateRoot(m) : m;
    return at.children.get(segment) ?? this.boundModule(at, segment, depth) ?? m.crate.externs.get(segment) ?? null;
  }

  /** The last module a path names, and the segments after it. */
  walk(m: Module, segments: readonly string[], kind: RustPath['kind'], depth = 0): { module: Module; rest: string[] } | null {
    if (depth > 8 || !segments.length) return null;
    let cur: Module | null;
    let i = 1;
    if (segments[0] === '::') {
      cur = m.crate.pkg?.edition === '2015' ? (this.crateRoot(m).children.get(segments[1] ?? '') ?? null) : (m.crate.externs.get(segments[1] ?? '') ?? null);
      i = 2;
    } else cur = this.first(m, segments[0]!, kind, depth);
    if (!cur) return null;
    for (; i < segments.length; i++) {
      const seg = segments[i]!;
      const next: Module | null = seg === 'super' ? cur.parent : seg === 'self' ? cur : (cur.children.get(seg) ?? this.boundModule(cur, seg, depth));
      if (!next) break;
      cur = next;
    }
    return { module: cur, rest: segments.slice(i) };
  }

  /**
   * The file declaring `name` in module `m`, through its `use`s and then its glob re-exports (a name
   * a `use` binds shadows a glob's); null when none does, SPLIT when branches of a `cfg_if!` that
   * never build together lead to different files.
   */
  declaring(m: Module, name: string, depth = 0): string | null {
    const cached = this.declared.get(m)?.get(name);
    if (cached !== undefined) return cached;
    const key = `${m.file}#${m.scope.join('::')}#${name}`;
    // a cycle of re-exports (`pub use order::*` and `use super::Address` in order.rs) declares nothing along it
    if (depth > 8 || this.visiting.has(key)) {
      this.cuts++;
      return null;
    }
    this.visiting.add(key);
    const cuts = this.cuts;
    let found: string | null = null;
    if (this.facts.get(m.file)?.items[m.scope.join('::')]?.includes(name)) found = m.file;
    const uses = this.uses(m);
    const via = (u: RustPath): string | null => {
      const r = this.walk(m, u.segments, 'use', depth + 1);
      if (!r) return null;
      if (u.glob) return r.rest.length ? null : this.declaring(r.module, name, depth + 1);
      return r.rest.length ? (this.declaring(r.module, r.rest[0]!, depth + 1) ?? r.module.file) : r.module.file;
    };
    const ordered = [...uses.filter((u) => u.binds === name), ...uses.filter((u) => u.glob)];
    for (const u of found ? [] : ordered.filter((u) => !u.arm)) if ((found = via(u))) break;
    // a `cfg_if!`'s branches: one file when those that never build together agree, SPLIT when they lead
    // to different files, or when another branch's glob names a module not known to declare it (a name a
    // macro or an `extern` block declares is no item here)
    if (!found) {
      const armed = ordered.filter((u) => u.arm).map((u) => ({ file: via(u), glob: u.glob, arm: u.arm! }));
      const files = armed.filter((a) => a.file);
      const split = files.some((a) => a.file === SPLIT || armed.some((b) => (b.file ? b.file !== a.file : b.glob) && exclusive(a.arm, b.arm)));
      found = split ? SPLIT : (files[0]?.file ?? null);
    }
    this.visiting.delete(key);
    if (found || this.cuts === cuts) {
      if (!this.declared.has(m)) this.declared.set(m, new Map());
      this.declared.get(m)!.set(name, found);
    }
    return found;
  }

  /** The file a path leads to: its last module's, or the file declaring the item after it. */
  target(m: Module, p: RustPath): string | null {
    const r = this.walk(m, p.segments, p.kind);
    if (!r) return null;
    if (!r.rest.length) return r.module.file;
    const declaring = this.declaring(r.module, r.rest[0]!);
    return declaring === SPLIT ? r.module.file : (declaring ?? r.module.file);
  }
}

export async function rustImports(root: string, parsed: ReadonlyMap<string, ParsedFile>, known: ReadonlySet<string>, link: Link): Promise<void> {
  const facts = factsOf(parsed, 'rust');
  if (!facts.size) return;
  const files = [...facts.keys()];
  const found = await manifests(root, new Set(files.map(folderOf)));
  const packages = [...found]
    .filter(([, m]) => m.name)
    .map(([dir, manifest]): Package => ({ dir, manifest, edition: editionOf(dir, manifest, found) }))
    .sort((a, b) => b.dir.length - a.dir.length);
  const packageOf = (file: string) => packages.find((p) => !p.dir || file.startsWith(`${p.dir}/`)) ?? null;
  const crates: Crate[] = packages.flatMap((pkg) => packageRoots(pkg, files, known).map((r) => ({ ...r, pkg, externs: new Map() })));
  for (const f of files)
    if (!packageOf(f) && /(^|\/)(lib|main)\.rs$/.test(f)) crates.push({ root: f, pkg: null, lib: f.endsWith('lib.rs'), externs: new Map() });

  // `mod` declarations name files by where the declaring file is
  const roots = new Set(crates.map((c) => c.root));
  const modTargets = new Map<string, Map<RustMod, string>>();
  for (const [file, f] of facts) {
    const modRs = roots.has(file) || posix.basename(file) === 'mod.rs';
    const targets = new Map<RustMod, string>();
    for (const decl of f.mods.filter((d) => !d.inline)) {
      const target = modFile(file, decl, modRs, known);
      if (target) targets.set(decl, target);
      if (target) link(file, target, 'mod');
    }
    modTargets.set(file, targets);
  }

  const resolver = new RustResolver(facts);
  const libs = new Map<Package, Module>();
  for (const crate of crates) {
    const top = resolver.build(crate, modTargets);
    if (crate.lib && crate.pkg) libs.set(crate.pkg, top);
  }
  const libName = (pkg: Package) => (pkg.manifest.libName ?? pkg.manifest.name).replace(/-/g, '_');
  const byName = new Map(packages.map((p) => [p.manifest.name, p]));
  for (const crate of crates) {
    if (!crate.pkg) continue;
    const own = libs.get(crate.pkg);
    if (own && !crate.lib) crate.externs.set(libName(crate.pkg), own);
    for (const [key, name] of crate.pkg.manifest.dependencies) {
      const dep = byName.get(name);
      const lib = dep && libs.get(dep);
      if (lib) crate.externs.set(key === name ? libName(dep) : key.replace(/-/g, '_'), lib);
    }
  }

  for (const [file, f] of facts) {
    for (const p of f.paths) {
      for (const m of resolver.byFile.get(`${file}#${p.scope.join('::')}`) ?? []) {
        const target = resolver.target(m, p);
        if (target) link(file, target, p.kind);
      }
    }
  }
}
