/**
 * @module adapters/connector/code/imports/ruby-reader
 * What a Ruby file's tree-sitter parse says for its imports (ruby-imports resolves them): the
 * files it loads (`require`, `require_relative`, `load`, `autoload :C, 'path'`), the path
 * computed when it is not a literal (`File.expand_path('../x', __FILE__)`, `File.join(__dir__,
 * 'x')`, `"#{__dir__}/x"`, `Rails.root.join('lib/x.rb')`), each constant it mentions with the
 * lexical nesting it is looked up in (`module Admin; class UsersController` looks `User` up as
 * `Admin::UsersController::User`, `Admin::User`, then `User`), the classes and modules it
 * declares, and a Rails application's autoload settings (`config.autoload_lib(ignore: …)`,
 * `config.autoload_paths << …`). Its symbols: classes and modules by their full name
 * (`Admin::UsersController`), public methods as `Type.name` (`def self.x` too), top-level `def`s.
 */
import type { Node } from 'web-tree-sitter';
import type { CodeSymbol } from '../outline.js';
import { all, lineOf, named } from './syntax-nodes.js';
import type { ParsedFile } from './parsed-file.js';
import { withOwnFacts } from './import-links.js';

/** Where a loaded path starts: the loading file itself, its folder, the Rails application's root, or the load path. */
export type RubyAnchor = 'file' | 'folder' | 'app-root' | 'load-path';

export interface RubyLoad {
  kind: 'require' | 'require_relative' | 'load' | 'autoload';
  anchor: RubyAnchor;
  /** The path after the anchor, as written (`../config/environment`, `foo/bar`). */
  path: string;
  line: number;
}

export interface RubyConstant {
  /** As written, `::` leading an absolute name (`Admin::User`, `::Order`). */
  name: string;
  /** The full names of the classes and modules around it, innermost first. */
  nesting: string[];
}

export interface RubyFacts {
  loads: RubyLoad[];
  constants: RubyConstant[];
  /** Full names of the classes and modules the file opens. */
  declares: string[];
  /** Folders (from the application's root) that `config.autoload_lib` / `autoload_paths` / `eager_load_paths` add. */
  autoloadPaths: string[];
  /** Folders under `lib` that `config.autoload_lib(ignore: […])` leaves out. */
  autoloadIgnored: string[];
  /** The file sets up Zeitwerk for its gem (`Zeitwerk::Loader.for_gem`): its folder is an autoload root. */
  zeitwerkGem: boolean;
}

declare module './parsed-file.js' {
  interface FactsByLanguage {
    ruby: RubyFacts;
  }
}

const LOADERS = new Set(['require', 'require_relative', 'load', 'autoload']);

const stringText = (n: Node): string | null =>
  (n.type === 'string' || n.type === 'bare_string') && named(n).every((c) => c.type === 'string_content')
    ? named(n)
        .map((c) => c.text)
        .join('')
    : null;

const args = (call: Node): Node[] => named(call.childForFieldName('arguments'));

interface Anchored {
  anchor: RubyAnchor | null;
  path: string;
}

const joined = (a: string, b: string) => (a && b ? `${a.replace(/\/$/, '')}/${b.replace(/^\//, '')}` : a || b);

/**
 * A path expression's value when it is a literal or computed from `__FILE__`, `__dir__` or
 * `Rails.root`: the anchor it starts from (null for a literal) and the rest.
 */
function pathValue(n: Node | undefined): Anchored | null {
  if (!n) return null;
  if (n.type === 'parenthesized_statements') return pathValue(named(n)[0]);
  if (n.type === 'identifier' && n.text === '__FILE__') return { anchor: 'file', path: '' };
  if (n.type === 'identifier' && n.text === '__dir__') return { anchor: 'folder', path: '' };
  const literal = stringText(n);
  if (literal !== null) return { anchor: null, path: literal };
  if (n.type === 'string') {
    // "#{__dir__}/x"
    const [first, ...rest] = named(n);
    const start = first?.type === 'interpolation' ? pathValue(named(first)[0]) : null;
    if (!start?.anchor || !rest.every((c) => c.type === 'string_content')) return null;
    return { anchor: start.anchor, path: joined(start.path, rest.map((c) => c.text).join('')) };
  }
  if (n.type === 'binary' && n.childForFieldName('operator')?.text === '+') {
    const left = pathValue(n.childForFieldName('left') ?? undefined);
    const right = pathValue(n.childForFieldName('right') ?? undefined);
    return left?.anchor && right && !right.anchor ? { anchor: left.anchor, path: left.path + right.path } : null;
  }
  if (n.type !== 'call') return null;
  const method = n.childForFieldName('method')?.text ?? '';
  const receiver = n.childForFieldName('receiver');
  const values = args(n).map((a) => pathValue(a));
  if (method === 'to_s' || method === 'to_path') return pathValue(receiver ?? undefined);
  if (receiver?.text === 'Rails.root' && method === 'join' && values.every((v) => v && !v.anchor))
    return { anchor: 'app-root', path: values.map((v) => v!.path).reduce(joined, '') };
  if (receiver?.text !== 'File' && receiver?.text !== '::File') return null;
  if (method === 'dirname' && values.length === 1 && values[0]?.anchor) return { anchor: values[0].anchor, path: joined(values[0].path, '..') };
  if (method === 'join' && values[0] && values.every((v, i) => v && (i === 0 || !v.anchor)))
    return { anchor: values[0].anchor, path: values.map((v) => v!.path).reduce(joined, '') };
  // File.expand_path('../x', __FILE__) is the file's path, then ../x
  if (method === 'expand_path' && values.length === 2 && values[0] && !values[0].anchor && values[1]?.anchor)
    return { anchor: values[1].anchor, path: joined(values[1].path, values[0].path) };
  return null;
}

function loadOf(call: Node): RubyLoad | null {
  const kind = call.childForFieldName('method')?.text ?? '';
  if (call.childForFieldName('receiver') || !LOADERS.has(kind)) return null;
  const list = args(call);
  const value = pathValue(kind === 'autoload' ? list[1] : list[0]);
  if (!value) return null;
  const anchor = value.anchor ?? (kind === 'require_relative' ? 'folder' : 'load-path');
  return { kind: kind as RubyLoad['kind'], anchor, path: value.path, line: lineOf(call) };
}

/** A constant path's text when it is made of constants only (`A::B`, `::A`); null for `foo::Bar`. */
function constantPath(n: Node): string | null {
  if (n.type === 'constant') return n.text;
  if (n.type !== 'scope_resolution') return null;
  const name = n.childForFieldName('name');
  const scope = n.childForFieldName('scope');
  if (name?.type !== 'constant') return null;
  if (!scope) return `::${name.text}`;
  const outer = constantPath(scope);
  return outer === null ? null : `${outer}::${name.text}`;
}

/** The full name a class or module written `name` opens inside `nesting` (`::A` is absolute). */
const fullName = (name: string, nesting: readonly string[]) => (name.startsWith('::') ? name.slice(2) : nesting[0] ? `${nesting[0]}::${name}` : name);

/** Autoload folders a `config.autoload_lib`, `config.autoload_paths`/`eager_load_paths` statement names, from the app's root. */
function autoloadSettings(root: Node, facts: RubyFacts): void {
  for (const call of all(root, ['call'])) {
    if (call.childForFieldName('method')?.text !== 'autoload_lib') continue;
    facts.autoloadPaths.push('lib');
    const ignore = all(call, ['pair']).find((p) => /^:?ignore:?$/.test(p.childForFieldName('key')?.text ?? ''));
    const list = ignore?.childForFieldName('value');
    if (list) facts.autoloadIgnored.push(...all(list, ['string', 'bare_string', 'simple_symbol']).map((s) => stringText(s) ?? s.text.replace(/^:/, '')));
  }
  // config.autoload_paths.push(…), += […], << …
  for (const n of all(root, ['call', 'operator_assignment', 'binary'])) {
    const target = n.type === 'call' ? n.childForFieldName('receiver') : n.childForFieldName('left');
    if (!target || !/\b(?:autoload|eager_load|autoload_once)_paths$/.test(target.text)) continue;
    // "#{root}/extras", "#{config.root}/lib", Rails.root.join("lib"), %W(#{root}/lib)
    for (const m of n.text.matchAll(/(?:root(?:\.to_s)?\}|Rails\.root)\/([\w./-]+)|root\.join\(\s*['"]([\w./-]+)['"]/g))
      facts.autoloadPaths.push((m[1] ?? m[2]!).replace(/\/$/, ''));
  }
}

interface Walk {
  text: string;
  facts: RubyFacts;
  symbols: CodeSymbol[];
}

const header = (text: string, from: Node, to: Node | null) =>
  text
    .slice(from.startIndex, (to ?? from).endIndex)
    .replace(/\s+/g, ' ')
    .slice(0, 200);

/** A class or module body's methods: public ones become `Type.name` symbols (`private` alone turns the rest private, `public` back). */
function methods(body: Node | null, owner: string, w: Walk): void {
  let visible = true;
  for (const statement of named(body)) {
    if (statement.type === 'identifier' && ['private', 'protected', 'public'].includes(statement.text)) visible = statement.text === 'public';
    const inSingleton = statement.type === 'singleton_class' ? named(statement.childForFieldName('body')) : [statement];
    for (const m of inSingleton) {
      if (!visible || (m.type !== 'method' && m.type !== 'singleton_method')) continue;
      const name = m.childForFieldName('name')?.text ?? '';
      w.symbols.push({
        name: `${owner}.${name}`,
        kind: 'method',
        line: lineOf(m),
        signature: header(w.text, m, m.childForFieldName('parameters') ?? m.childForFieldName('name')),
      });
    }
  }
}

/** A class or module open from its body's start to its end. */
interface Open {
  full: string;
  from: number;
  end: number;
}

const WANTED = ['class', 'module', 'constant', 'scope_resolution', 'call', 'method', 'singleton_method'];

/**
 * The file's classes, modules, constants, loads and methods, found in one search by type in document order
 * (tree-sitter's own walk; a walk over every node from JavaScript took longer than the parse). The nesting at a
 * place is the classes and modules whose body holds it: a class's name and superclass are outside its body.
 */
function read(root: Node, w: Walk): void {
  const open: Open[] = [];
  // the end of the last constant path read: its parts are not read again
  let readTo = -1;
  let methodEnd = -1;
  for (const n of all(root, WANTED)) {
    while (open.length && open[open.length - 1]!.end <= n.startIndex) open.pop();
    const nesting = open
      .filter((o) => o.from <= n.startIndex)
      .map((o) => o.full)
      .reverse();
    const inMethod = n.startIndex < methodEnd;
    if (n.type === 'method' || n.type === 'singleton_method') {
      if (!inMethod && !nesting.length && n.parent?.type === 'program') {
        const name = n.childForFieldName('name')?.text ?? '';
        w.symbols.push({ name, kind: 'def', line: lineOf(n), signature: header(w.text, n, n.childForFieldName('parameters') ?? n.childForFieldName('name')) });
      }
      methodEnd = Math.max(methodEnd, n.endIndex);
    } else if (n.type === 'call') {
      const load = loadOf(n);
      if (load) w.facts.loads.push(load);
    } else if (n.startIndex < readTo) continue;
    else if (n.type === 'constant' || n.type === 'scope_resolution') {
      const path = constantPath(n);
      if (path) {
        w.facts.constants.push({ name: path, nesting });
        readTo = n.endIndex;
      }
    } else {
      const nameNode = n.childForFieldName('name');
      const written = nameNode ? constantPath(nameNode) : null;
      if (!nameNode || !written) continue;
      // opening `Admin::Users` looks `Admin` up where it is written
      w.facts.constants.push({ name: written, nesting });
      readTo = nameNode.endIndex;
      const full = fullName(written, nesting);
      w.facts.declares.push(full);
      const body = n.childForFieldName('body');
      if (!inMethod) {
        w.symbols.push({ name: full, kind: n.type, line: lineOf(n), signature: header(w.text, n, n.childForFieldName('superclass') ?? nameNode) });
        methods(body, full, w);
      }
      if (body) open.push({ full, from: body.startIndex, end: n.endIndex });
    }
  }
}

export function rubyFile(root: Node, text: string): ParsedFile {
  const facts: RubyFacts = {
    loads: [],
    constants: [],
    declares: [],
    autoloadPaths: [],
    autoloadIgnored: [],
    zeitwerkGem: /\bZeitwerk::Loader\.for_gem\b/.test(text),
  };
  const w: Walk = { text, facts, symbols: [] };
  read(root, w);
  if (/\b(?:autoload_lib|autoload_paths|eager_load_paths)\b/.test(text)) autoloadSettings(root, facts);
  facts.declares = [...new Set(facts.declares)];
  return withOwnFacts(w.symbols, root.hasError, { language: 'ruby', facts });
}
