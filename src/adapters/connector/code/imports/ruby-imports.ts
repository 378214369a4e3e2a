/**
 * @module adapters/connector/code/imports/ruby-imports
 * Ruby's loads and Rails/Zeitwerk constants resolved to files of the tree (ruby-reader reads them).
 *
 * - `require_relative 'x'` is `x.rb` beside the file; a path computed from `__FILE__` or `__dir__`
 *   (`File.expand_path('../x', __FILE__)`, `File.join(__dir__, 'x')`) the same; `Rails.root.join('lib/x')`
 *   starts at the application's root (the folder above the file's `config/application.rb`, else the tree's).
 * - `require 'x'` (and `autoload :X, 'x'`) searches the load path for `x.rb`: the `lib` folders
 *   (a gem's, each gem of a monorepo), `test` and `spec` (which rake and rspec add), the autoload
 *   roots (older Rails put them on the load path), and the tree's root; the nearest to the file
 *   first. `load 'x.rb'` takes the name as written, with no `.rb` added.
 * - Zeitwerk: most Rails files require nothing; a constant a file mentions is loaded from the file
 *   its name gives under an autoload root: `Admin::UsersController` is `admin/users_controller.rb`
 *   under `app/controllers`. The roots are each Rails application's (or engine's) `app/*` folders
 *   and `app/*\/concerns`, the folders its `config/application.rb` adds (`config.autoload_lib`, less
 *   its `ignore:` list; `config.autoload_paths << "#{root}/extras"`), and the folder of a gem's file
 *   calling `Zeitwerk::Loader.for_gem`. A folder is a namespace (a module that needs no file). A
 *   name is looked up lexically as Ruby does, innermost nesting first (`Admin::User` before `User`
 *   inside `module Admin`), and links the file of its longest prefix that has one
 *   (`User::ROLES` → `user.rb`). File names match constants without underscores or case
 *   (`html_parser.rb` is `HTMLParser` with Rails' acronym inflections).
 */
import { folderOf, resolvedInTree } from '../../../../kernel/workspace-path.js';
import { factsOf, under } from './import-links.js';
import type { RubyConstant, RubyFacts, RubyLoad } from './ruby-reader.js';
import type { ParsedFile } from './parsed-file.js';

type Link = (from: string, to: string, kind: string) => void;

/** A constant's or a file name's part as Zeitwerk compares them (`HTMLParser` and `html_parser` both `htmlparser`). */
const key = (part: string) => part.replace(/_/g, '').toLowerCase();

/** Whether a folder is `dir` or inside it. */
const within = (path: string, dir: string) => !dir || path === dir || path.startsWith(`${dir}/`);

interface Autoload {
  /** Constant key (`admin::userscontroller`) → the file defining it. */
  files: Map<string, string>;
  /** Constant keys that exist: files, namespace folders, classes and modules declared in the tree. */
  names: Set<string>;
  roots: string[];
}

const APP_EXCLUDED = new Set(['assets', 'javascript', 'views']);

/** The autoload roots of the tree and the folders they leave out. */
function autoloadRoots(rbFiles: readonly string[], facts: ReadonlyMap<string, RubyFacts>): { roots: string[]; ignored: string[] } {
  const roots = new Set<string>();
  const ignored: string[] = [];
  const apps = rbFiles.filter((f) => f.endsWith('config/application.rb') || /(^|\/)lib\/.*engine\.rb$/.test(f));
  for (const marker of apps) {
    const app = marker.endsWith('config/application.rb') ? folderOf(folderOf(marker)) : marker.slice(0, marker.search(/(^|\/)lib\//));
    for (const f of rbFiles) {
      const m = /^app\/([^/]+)\/(?:(concerns)\/)?/.exec(app ? f.slice(app.length + 1) : f);
      if (!within(f, app) || !m || APP_EXCLUDED.has(m[1]!)) continue;
      roots.add(under(app, `app/${m[1]}`));
      if (m[2]) roots.add(under(app, `app/${m[1]}/concerns`));
    }
    const settings = facts.get(marker);
    for (const p of settings?.autoloadPaths ?? []) {
      const dir = resolvedInTree(under(app, p));
      if (dir !== null) roots.add(dir);
    }
    for (const i of settings?.autoloadIgnored ?? []) ignored.push(under(app, `lib/${i}`));
  }
  for (const [f, fact] of facts) if (fact.zeitwerkGem) roots.add(folderOf(f));
  return { roots: [...roots], ignored };
}

function autoloadIndex(rbFiles: readonly string[], facts: ReadonlyMap<string, RubyFacts>): Autoload {
  const { roots, ignored } = autoloadRoots(rbFiles, facts);
  const files = new Map<string, string>();
  const names = new Set<string>();
  // the deepest root holding a file is its root (`app/models/concerns` inside `app/models`)
  const byDepth = [...roots].sort((a, b) => b.length - a.length);
  // roots in the order Rails lists them: app folders first, so the first file of a name wins
  const order = (f: string) => roots.findIndex((r) => within(f, r));
  for (const f of [...rbFiles].sort((a, b) => order(a) - order(b))) {
    const root = byDepth.find((r) => within(f, r));
    if (root === undefined || ignored.some((i) => within(f, i))) continue;
    const parts = (root ? f.slice(root.length + 1) : f).replace(/\.rb$/, '').split('/').map(key);
    for (let n = 1; n < parts.length; n++) names.add(parts.slice(0, n).join('::'));
    const name = parts.join('::');
    names.add(name);
    if (!files.has(name)) files.set(name, f);
  }
  for (const fact of facts.values()) for (const d of fact.declares) names.add(d.split('::').map(key).join('::'));
  return { files, names, roots };
}

/** The file a constant loads, by Ruby's lexical lookup then Zeitwerk's file names. */
function constantFile(c: RubyConstant, index: Autoload): string | null {
  const absolute = c.name.startsWith('::');
  const parts = c.name.replace(/^::/, '').split('::').map(key);
  const scopes = absolute ? [''] : [...c.nesting.map((n) => n.split('::').map(key).join('::')), ''];
  for (const scope of scopes) {
    const full = scope ? [scope, ...parts] : parts;
    const start = scope ? scope.split('::').length : 0;
    if (!index.names.has(full.slice(0, start + 1).join('::'))) continue;
    for (let n = full.length; n > start; n--) {
      const file = index.files.get(full.slice(0, n).join('::'));
      if (file) return file;
    }
    return null;
  }
  return null;
}

/** The load path's folders: top-most `lib`, `test` and `spec` folders, the autoload roots, the root. */
function loadPath(rbFiles: readonly string[], autoloadRoots: readonly string[]): string[] {
  const dirs = new Set<string>();
  for (const f of rbFiles) {
    const parts = f.split('/');
    const at = parts.findIndex((p, i) => i < parts.length - 1 && (p === 'lib' || p === 'test' || p === 'spec'));
    if (at >= 0) dirs.add(parts.slice(0, at + 1).join('/'));
  }
  return [...dirs, ...autoloadRoots, ''];
}

/** The longest common folder prefix of two paths, in parts: how near a load-path folder is to a file. */
function nearness(dir: string, file: string): number {
  const a = dir.split('/');
  const b = file.split('/');
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  return n;
}

function loadFile(file: string, load: RubyLoad, known: ReadonlySet<string>, searchPath: readonly string[], appRoot: string): string | null {
  const withRb = (p: string | null) => {
    if (p === null) return null;
    if (load.kind !== 'load' && !p.endsWith('.rb') && known.has(`${p}.rb`)) return `${p}.rb`;
    return p.endsWith('.rb') && known.has(p) ? p : null;
  };
  if (load.anchor === 'file') return withRb(resolvedInTree(under(file, load.path)));
  if (load.anchor === 'folder') return withRb(resolvedInTree(under(folderOf(file), load.path)));
  if (load.anchor === 'app-root') return withRb(resolvedInTree(under(appRoot, load.path)));
  // `require './x'` is from the working directory: the tree's root here
  if (/^\.\.?\//.test(load.path)) return withRb(resolvedInTree(load.path));
  const dirs = [...searchPath].sort((a, b) => nearness(b, file) - nearness(a, file));
  for (const dir of dirs) {
    const found = withRb(resolvedInTree(under(dir, load.path)));
    if (found) return found;
  }
  return null;
}

/** The Ruby files' loads and the constants they mention, linked to files of the tree. */
export function rubyImports(parsed: ReadonlyMap<string, ParsedFile>, known: ReadonlySet<string>, link: Link): void {
  const facts = factsOf(parsed, 'ruby');
  if (!facts.size) return;
  const rbFiles = [...facts.keys()];
  const index = autoloadIndex(rbFiles, facts);
  const searchPath = loadPath(rbFiles, index.roots);
  const apps = rbFiles.filter((f) => f.endsWith('config/application.rb')).map((f) => folderOf(folderOf(f)));
  for (const [file, fact] of facts) {
    const appRoot = apps.filter((a) => within(file, a)).sort((a, b) => b.length - a.length)[0] ?? '';
    for (const load of fact.loads) {
      const target = loadFile(file, load, known, searchPath, appRoot);
      if (target) link(file, target, load.kind);
    }
    if (!index.roots.length) continue;
    for (const c of fact.constants) {
      const target = constantFile(c, index);
      if (target) link(file, target, 'autoload');
    }
  }
}
