/**
 * @module adapters/connector/code/imports/php-imports
 * PHP's imports resolved to files of the tree (php-reader reads them).
 *
 * - A class name is made full by PHP's rules: `\A\B` is itself; `B` or `B\C` starting with a
 *   `use` alias is the imported name (then `\C`); otherwise it is in the file's namespace, so a class
 *   of the same namespace needs no `use` (`same-namespace`). A full class name is a file by the
 *   `autoload` and `autoload-dev` maps of the tree's composer.json files: PSR-4 (`"App\\": "app/"`
 *   makes `App\Models\User` `app/Models/User.php`, the longest prefix first, each of its folders in
 *   turn) and PSR-0 (the whole name as folders, `_` in the class name too); else the one file of the
 *   tree that declares that class (a `classmap`, a custom autoloader).
 * - `use function A\f` and a call `f()` link the file declaring the function: an unqualified call
 *   is the namespace's `f` when the tree declares one, else the global `f`, as PHP falls back.
 * - `require`/`include` (and `_once`): a path from `__DIR__`, `__FILE__` or `dirname(__DIR__, n)`
 *   is from the file's folder; a bare literal is searched in the include path (`.`, the working
 *   folder, which is the script's own for a web request) and the file's own folder: the file's
 *   folder first, then the tree's root.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { folderOf, resolvedInTree } from '../../../../kernel/workspace-path.js';
import { factsOf, under } from './import-links.js';
import type { PhpFacts, PhpInclude, PhpUse } from './php-reader.js';
import type { ParsedFile } from './parsed-file.js';

type Link = (from: string, to: string, kind: string) => void;

interface Mapping {
  prefix: string;
  dir: string;
  psr0: boolean;
}

/** The PSR-4 and PSR-0 prefixes of every composer.json above a PHP file, longest prefix first. */
async function autoloadMaps(root: string, phpDirs: ReadonlySet<string>): Promise<Mapping[]> {
  const seen = new Set<string>();
  const maps: Mapping[] = [];
  for (const start of phpDirs) {
    for (let dir = start; !seen.has(dir); dir = folderOf(dir)) {
      seen.add(dir);
      const text = await readFile(join(root, dir, 'composer.json'), 'utf8').catch(() => null);
      let manifest: Record<string, Record<string, Record<string, unknown>> | undefined> | null = null;
      try {
        manifest = text ? JSON.parse(text) : null;
      } catch {
        manifest = null;
      }
      for (const section of [manifest?.autoload, manifest?.['autoload-dev']]) {
        for (const [standard, psr0] of [
          ['psr-4', false],
          ['psr-0', true],
        ] as const) {
          for (const [prefix, paths] of Object.entries(section?.[standard] ?? {})) {
            for (const p of [paths].flat()) {
              const at = typeof p === 'string' ? resolvedInTree(under(dir, p)) : null;
              if (at !== null) maps.push({ prefix, dir: at.replace(/\/$/, ''), psr0 });
            }
          }
        }
      }
      if (!dir) break;
    }
  }
  return maps.sort((a, b) => b.prefix.length - a.prefix.length);
}

interface Index {
  maps: Mapping[];
  known: ReadonlySet<string>;
  /** Lower-cased full name → the files declaring it. */
  classes: Map<string, string[]>;
  functions: Map<string, string[]>;
}

function classFile(name: string, index: Index): string | null {
  for (const m of index.maps) {
    if (!name.startsWith(m.prefix)) continue;
    let rel: string;
    if (m.psr0) {
      const cut = name.lastIndexOf('\\');
      rel = `${name.slice(0, cut + 1).replace(/\\/g, '/')}${name.slice(cut + 1).replace(/_/g, '/')}`;
    } else rel = name.slice(m.prefix.length).replace(/\\/g, '/');
    const path = under(m.dir, `${rel}.php`);
    if (index.known.has(path)) return path;
  }
  const declared = index.classes.get(name.toLowerCase());
  return declared?.length === 1 ? declared[0]! : null;
}

function functionFile(name: string, index: Index): string | null {
  const declared = index.functions.get(name.toLowerCase());
  return declared?.length === 1 ? declared[0]! : null;
}

/** A name's full form by PHP's rules, with whether it came through a `use`. */
function fullName(written: string, namespace: string, aliases: ReadonlyMap<string, string>): { name: string; imported: boolean } {
  if (written.startsWith('\\')) return { name: written.slice(1), imported: false };
  if (/^namespace\\/i.test(written)) return { name: namespace ? `${namespace}\\${written.slice(10)}` : written.slice(10), imported: false };
  const [first, ...rest] = written.split('\\');
  const target = aliases.get(first!.toLowerCase());
  if (target) return { name: [target, ...rest].join('\\'), imported: true };
  return { name: namespace ? `${namespace}\\${written}` : written, imported: false };
}

function includeFile(file: string, include: PhpInclude, known: ReadonlySet<string>): string | null {
  const candidates =
    include.anchor === 'file'
      ? [under(file, include.path)]
      : include.anchor === 'folder'
        ? [under(folderOf(file), include.path)]
        : [under(folderOf(file), include.path), include.path];
  for (const c of candidates) {
    const path = resolvedInTree(c);
    if (path && known.has(path)) return path;
  }
  return null;
}

const declaredBy = (facts: ReadonlyMap<string, PhpFacts>, pick: (f: PhpFacts) => string[]) => {
  const out = new Map<string, string[]>();
  for (const [file, f] of facts) for (const name of pick(f)) out.set(name.toLowerCase(), [...new Set([...(out.get(name.toLowerCase()) ?? []), file])]);
  return out;
};

function linkFile(file: string, fact: PhpFacts, index: Index, link: Link): void {
  const byNamespace = new Map<string, Map<string, string>>();
  // a `use` holds in its namespace; PHP compares names without case
  const aliases = (namespace: string, kind: PhpUse['kind']) => {
    const at = `${kind} ${namespace}`;
    if (!byNamespace.has(at))
      byNamespace.set(at, new Map(fact.uses.filter((u) => u.namespace === namespace && u.kind === kind).map((u) => [u.alias.toLowerCase(), u.name])));
    return byNamespace.get(at)!;
  };
  for (const use of fact.uses) {
    const target = use.kind === 'class' ? classFile(use.name, index) : use.kind === 'function' ? functionFile(use.name, index) : null;
    if (target) link(file, target, 'use');
  }
  for (const ref of fact.names) {
    const classes = aliases(ref.namespace, 'class');
    if (ref.role === 'class') {
      const { name, imported } = fullName(ref.name, ref.namespace, classes);
      const target = classFile(name, index);
      if (target) link(file, target, imported ? 'use' : ref.name.includes('\\') ? 'name' : 'same-namespace');
      continue;
    }
    const functions = aliases(ref.namespace, 'function');
    const imported = !ref.name.includes('\\') && functions.get(ref.name.toLowerCase());
    const name = imported || fullName(ref.name, ref.namespace, classes).name;
    // an unqualified call falls back to the global function
    const target = functionFile(name, index) ?? (!imported && !ref.name.includes('\\') ? functionFile(ref.name, index) : null);
    if (target) link(file, target, imported ? 'use' : 'function');
  }
}

/** The PHP files' `use`s, names, calls and includes, linked to files of the tree. */
export async function phpImports(root: string, parsed: ReadonlyMap<string, ParsedFile>, known: ReadonlySet<string>, link: Link): Promise<void> {
  const facts = factsOf(parsed, 'php');
  if (!facts.size) return;
  const index: Index = {
    maps: await autoloadMaps(root, new Set([...facts.keys()].map(folderOf))),
    known,
    classes: declaredBy(facts, (f) => f.classes),
    functions: declaredBy(facts, (f) => f.functions),
  };
  for (const [file, fact] of facts) {
    linkFile(file, fact, index, link);
    for (const include of fact.includes) {
      const target = includeFile(file, include, known);
      if (target) link(file, target, include.kind);
    }
  }
}
