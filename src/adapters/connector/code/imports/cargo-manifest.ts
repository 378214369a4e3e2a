/**
 * @module adapters/connector/code/imports/cargo-manifest
 * The parts of a `Cargo.toml` that say which crates a package builds and which crates of the tree
 * its code may name: `[package]` name, edition and build script, `[lib]` name and path, the paths
 * of `[[bin]]`, `[[test]]`, `[[example]]` and `[[bench]]` targets, and the keys of its dependency
 * tables (renamed with `package = "…"`). Read line by line, as Cargo's manifests are written
 * (one key a line, inline tables on one line); not a TOML parser.
 */

export interface CargoManifest {
  /** `[package]` name; empty for a virtual workspace manifest. */
  name: string;
  /** `[package]` edition; `workspace` for `edition.workspace = true`; absent means 2015. */
  edition?: string;
  /** `[workspace.package]` edition, which members may inherit. */
  workspaceEdition?: string;
  /** `[package]` build: a path, or false for `build = false`. */
  build?: string | false;
  libName?: string;
  libPath?: string;
  /** Paths of the `[[bin]]`, `[[test]]`, `[[example]]` and `[[bench]]` targets. */
  targets: string[];
  /** Each dependency's key as written → the package it names (the key unless renamed with `package`). */
  dependencies: Map<string, string>;
}

const DEPENDENCY_TABLE = /^(?:target\.(?:'[^']*'|"[^"]*"|[^.]+)\.)?(?:dev-|build-)?dependencies$/;

const unquote = (s: string) => s.trim().replace(/^"(.*)"$|^'(.*)'$/, '$1$2');

/** A string value (`"…"` or `'…'`) at the start of a value. */
const stringValue = (value: string): string | undefined =>
  /^\s*(?:"([^"]*)"|'([^']*)')/
    .exec(value)
    ?.slice(1)
    .find((v) => v !== undefined);

/** A key of an inline table (`{ path = "../x", package = "y" }`). */
const inlineKey = (value: string, key: string): string | undefined => {
  const m = new RegExp(`[{,]\\s*${key}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(value);
  return m ? (m[1] ?? m[2]) : undefined;
};

export function readCargoManifest(text: string): CargoManifest {
  const manifest: CargoManifest = { name: '', targets: [], dependencies: new Map() };
  let table = '';
  /** The dependency a `[dependencies.foo]` table is about. */
  let dependency: string | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+#.*$|^#.*$/, '').trim();
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?$/.exec(line);
    if (header) {
      table = header[1]!;
      const sub = /^(.*)\.([^.]+)$/.exec(table);
      dependency = sub && DEPENDENCY_TABLE.test(sub[1]!) ? unquote(sub[2]!) : null;
      if (dependency) manifest.dependencies.set(dependency, dependency);
      continue;
    }
    const kv = /^((?:"[^"]*"|'[^']*'|[\w-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[\w-]+))*)\s*=\s*(.*)$/.exec(line);
    if (!kv) continue;
    const keys = kv[1]!.split('.').map(unquote);
    const value = kv[2]!;
    const str = stringValue(value);
    if (table === 'package') {
      if (keys[0] === 'name' && str) manifest.name = str;
      else if (keys[0] === 'edition' && (str || keys[1] === 'workspace' || /workspace\s*=\s*true/.test(value))) manifest.edition = str ?? 'workspace';
      else if (keys[0] === 'build' && (str || value.trim() === 'false')) manifest.build = str ?? false;
    } else if (table === 'workspace.package' && keys[0] === 'edition' && str) manifest.workspaceEdition = str;
    else if (table === 'lib') {
      if (keys[0] === 'name' && str) manifest.libName = str;
      else if (keys[0] === 'path' && str) manifest.libPath = str;
    } else if (['bin', 'test', 'example', 'bench'].includes(table) && keys[0] === 'path' && str) manifest.targets.push(str);
    else if (dependency) {
      if (keys[0] === 'package' && str) manifest.dependencies.set(dependency, str);
    } else if (DEPENDENCY_TABLE.test(table)) {
      const key = keys[0]!;
      const renamed = keys[1] === 'package' ? str : keys.length === 1 ? inlineKey(value, 'package') : undefined;
      manifest.dependencies.set(key, renamed ?? manifest.dependencies.get(key) ?? key);
    }
  }
  return manifest;
}
