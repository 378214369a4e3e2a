/**
 * @module adapters/connector/code/imports/swift-imports
 * Swift files' imports resolved to files of the tree. Swift imports modules, not files, and the
 * files of one module see each other's names without any import, so a file links the files that
 * declare a name it mentions (a type, or the name a call starts with), in its own module
 * (`same-module`) or in a module of the tree it imports (`import`).
 *
 * A file's module is its Swift package target: `Sources/<Target>/…` or `Tests/<Target>/…` (in a
 * package at any depth), or a target's own `path:` in that package's `Package.swift`; outside a
 * package, the tree's top folder (an Xcode project's `MyApp/` and `MyAppTests/`). A name declared
 * by more than three files of a module (`extension`s declare none) is too common to say which.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { folderOf } from '../../../../kernel/workspace-path.js';
import { under, type Parsed } from './import-links.js';

type Link = (from: string, to: string, kind: string) => void;

/** More files than this declaring one name of a module: the name says nothing of which. */
const MOST_DECLARING = 3;

const TARGET_PATH = /\.(?:target|executableTarget|testTarget)\s*\(\s*name\s*:\s*"([^"]+)"[^()]*?\bpath\s*:\s*"([^"]+)"/g;

/** The folders of each package's targets given a `path:`, by folder, with the target's name. */
async function customTargets(root: string, manifests: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const manifest of manifests) {
    const text = await readFile(join(root, manifest), 'utf8').catch(() => '');
    for (const m of text.matchAll(TARGET_PATH)) out.set(under(folderOf(manifest), m[2]!.replace(/^\.\/|\/$/g, '')), m[1]!);
  }
  return out;
}

/** A file's module: a key telling modules of the same name apart (their folder), and its name. */
function moduleOf(path: string, custom: ReadonlyMap<string, string>): { key: string; name: string } {
  for (let dir = folderOf(path); dir; dir = folderOf(dir)) {
    const target = custom.get(dir);
    if (target) return { key: dir, name: target };
  }
  const m = /^(?:(.*)\/)?(Sources|Tests)\/([^/]+)\//.exec(path);
  if (m) return { key: under(m[1] ?? '', `${m[2]}/${m[3]}`), name: m[3]! };
  const top = path.includes('/') ? path.slice(0, path.indexOf('/')) : '';
  return { key: top, name: top };
}

export async function swiftImports(root: string, parsed: Parsed, link: Link): Promise<void> {
  const files = [...parsed.keys()].filter((p) => p.endsWith('.swift') && !p.endsWith('Package.swift'));
  if (!files.length) return;
  const custom = await customTargets(
    root,
    [...parsed.keys()].filter((p) => p === 'Package.swift' || p.endsWith('/Package.swift')),
  );
  const modules = new Map(files.map((f) => [f, moduleOf(f, custom)]));
  // each module's declared names → the files declaring them
  const declared = new Map<string, Map<string, string[]>>();
  const byName = new Map<string, Set<string>>();
  for (const [file, module] of modules) {
    const names = declared.get(module.key) ?? declared.set(module.key, new Map()).get(module.key)!;
    for (const name of parsed.get(file)!.declares) names.set(name, [...(names.get(name) ?? []), file]);
    byName.set(module.name, (byName.get(module.name) ?? new Set()).add(module.key));
  }
  for (const [file, module] of modules) {
    const p = parsed.get(file)!;
    const imported = p.imports.flatMap((i) => [...(byName.get(i.module) ?? [])]).filter((key) => key !== module.key);
    const visible = [{ key: module.key, kind: 'same-module' }, ...[...new Set(imported)].map((key) => ({ key, kind: 'import' }))];
    for (const name of p.mentions)
      for (const { key, kind } of visible) {
        const declaring = declared.get(key)?.get(name) ?? [];
        if (declaring.length <= MOST_DECLARING) for (const to of declaring) link(file, to, kind);
      }
  }
}
