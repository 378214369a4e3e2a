/**
 * @module adapters/connector/code/imports/dart-imports
 * Dart's `import`, `export` and `part` directives resolved to files of the tree: a relative URI
 * (`'../widgets/card.dart'`) from the file's folder; `package:shop/src/api.dart` to `lib/src/api.dart`
 * of the package the tree's `pubspec.yaml` named `shop` declares (a package of the tree: its own,
 * or one of a monorepo's); `dart:` libraries and packages from pub are no edge. A `part of` names
 * its library, by URI or, in older code, by the name its `library` directive gives (when one file
 * of the tree gives that name).
 */
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { folderOf } from '../../../../kernel/workspace-path.js';
import { under, type Parsed } from './import-links.js';

type Link = (from: string, to: string, kind: string) => void;

const KIND: Readonly<Record<string, string>> = { import: 'import', export: 'export', part: 'part', 'part of': 'part-of', 'part of library': 'part-of' };

/** The tree's packages by name: each folder above a Dart file holding a `pubspec.yaml`, by the `name:` it gives. */
async function packages(root: string, files: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const seen = new Set<string>();
  for (const file of files)
    for (let dir = folderOf(file); !seen.has(dir); dir = folderOf(dir)) {
      seen.add(dir);
      const text = await readFile(join(root, dir, 'pubspec.yaml'), 'utf8').catch(() => null);
      const name = text && /^name:\s*['"]?([\w-]+)/m.exec(text)?.[1];
      if (name && !out.has(name)) out.set(name, dir);
      if (!dir) break;
    }
  return out;
}

export async function dartImports(root: string, parsed: Parsed, known: ReadonlySet<string>, link: Link): Promise<void> {
  const files = [...parsed.keys()].filter((p) => p.endsWith('.dart'));
  if (!files.length) return;
  const byName = await packages(root, files);
  const libraries = new Map<string, string | null>();
  for (const file of files) {
    const name = parsed.get(file)!.packageName;
    if (name) libraries.set(name, libraries.has(name) ? null : file);
  }
  for (const file of files)
    for (const i of parsed.get(file)!.imports) {
      const uri = i.module;
      if (i.names[0] === 'part of library') {
        const library = libraries.get(uri);
        if (library) link(file, library, 'part-of');
        continue;
      }
      let target: string | undefined;
      const pkg = /^package:([\w-]+)\/(.+)$/.exec(uri);
      if (pkg) {
        const dir = byName.get(pkg[1]!);
        target = dir === undefined ? undefined : under(dir, `lib/${pkg[2]!}`);
      } else if (!/^[a-z]+:/.test(uri)) target = posix.normalize(under(folderOf(file), uri));
      if (target && known.has(target)) link(file, target, KIND[i.names[0] ?? 'import'] ?? 'import');
    }
}
