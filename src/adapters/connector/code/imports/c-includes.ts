/**
 * @module adapters/connector/code/imports/c-includes
 * C and C++ files read by tree-sitter (the C++ grammar for both: it reads C as well and a `.h`
 * may hold either), and their `#include`s resolved to files of the tree as a compiler with the
 * project's include folders would:
 * - `#include "x/y.h"` first from the including file's folder (`..` allowed);
 * - then, like `<x/y.h>`, under an include folder: the root, any folder named `include`
 *   (`include/leveldb/db.h` for `<leveldb/db.h>`), and the folders the tree's CMakeLists.txt
 *   name in `include_directories` or `target_include_directories`;
 * - else a quoted include (or an angle one with a folder, `<mylib/core.h>`) may be built with an
 *   include folder the scan cannot see: the file of the tree whose path ends with it, or among
 *   several the one sharing most folders with the includer, when one does.
 * A system header (`<stdio.h>`) names no file of the tree and is no edge; neither is one that
 * happens to share a name deep in the tree (`<string.h>` and `src/util/string.h`).
 *
 * Symbols: functions declared or defined outside a class (not `static` ones, private to their file),
 * structs, classes, unions and enums with a body, typedefs and `using` aliases, and a class's
 * public methods as `Class.method` (declared in its body, or defined out of line as `Class::method`).
 */
import { posix } from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { ImportMap } from './import-graph.js';
import { sharedFolders } from '../../../../kernel/workspace-path.js';
import { cBuildPaths, type CSearchPath } from './c-build.js';
import { link, under, type Parsed } from './import-links.js';
import type { CodeSymbol } from '../outline.js';
import { lineOf, named, signature } from './syntax-nodes.js';
import type { ParsedFile, RawImport } from './parsed-file.js';

const TYPES = new Set(['struct_specifier', 'class_specifier', 'union_specifier', 'enum_specifier']);

/** A name in capitals is a macro's (`GUARDED_BY(mu)` after a field reads as a call's declarator), not a function's. */
const MACRO_NAME = /^[A-Z][A-Z0-9_]*$/;

const DECLARED_NAMES = new Set(['identifier', 'field_identifier', 'type_identifier', 'qualified_identifier', 'destructor_name']);

/** The name a declarator declares (`*name(…)`, `Store::save`), with its class when qualified. */
function declared(declarator: Node | null): { name: string; scope: string } | null {
  let d = declarator;
  while (d && !DECLARED_NAMES.has(d.type)) {
    d = d.childForFieldName('declarator');
  }
  // a destructor is no symbol anyone looks for; a name in capitals is a macro's
  if (!d || d.type === 'destructor_name' || MACRO_NAME.test(d.text)) return null;
  if (d.type !== 'qualified_identifier') return { name: d.text, scope: '' };
  const name = d.childForFieldName('name');
  return name?.type === 'identifier' ? { name: name.text, scope: d.childForFieldName('scope')?.text ?? '' } : null;
}

const isFunction = (declarator: Node | null): boolean => {
  for (let d = declarator; d; d = d.childForFieldName('declarator')) if (d.type === 'function_declarator') return true;
  return false;
};

/** A class's public member functions: after `public:`, or before any label in a struct. */
function publicMethods(type: Node, className: string, text: string): CodeSymbol[] {
  const out: CodeSymbol[] = [];
  let open = type.type === 'struct_specifier';
  for (const member of named(type.childForFieldName('body'))) {
    if (member.type === 'access_specifier') open = member.text.startsWith('public');
    else if (open && (member.type === 'field_declaration' || member.type === 'function_definition' || member.type === 'declaration')) {
      const decl = member.childForFieldName('declarator');
      const name = isFunction(decl) ? declared(decl) : null;
      if (name)
        out.push({
          name: `${className}.${name.name}`,
          kind: 'method',
          line: lineOf(member),
          signature: signature(text, member, member.childForFieldName('body')),
        });
    }
  }
  return out;
}

/** The top-level (and namespace-level) symbols of a C or C++ file. */
function symbolsOf(root: Node, text: string): CodeSymbol[] {
  const out: CodeSymbol[] = [];
  const visit = (scope: Node) => {
    for (let node of named(scope)) {
      if (node.type === 'template_declaration') node = named(node).find((c) => c.type !== 'template_parameter_list') ?? node;
      if (node.type === 'namespace_definition' || node.type === 'linkage_specification') visit(node.childForFieldName('body') ?? node);
      else if (node.type === 'preproc_ifdef' || node.type === 'preproc_if' || node.type === 'preproc_else') visit(node);
      else if (node.type === 'function_definition' || (node.type === 'declaration' && isFunction(node.childForFieldName('declarator')))) {
        if (named(node).some((c) => c.type === 'storage_class_specifier' && c.text === 'static')) continue;
        const name = declared(node.childForFieldName('declarator'));
        if (!name) continue;
        const qualified = name.scope ? `${name.scope.split('::').pop()}.${name.name}` : name.name;
        out.push({
          name: qualified,
          kind: name.scope ? 'method' : 'function',
          line: lineOf(node),
          signature: signature(text, node, node.childForFieldName('body')),
        });
      } else if (node.type === 'type_definition') {
        const name = declared(node.childForFieldName('declarator'));
        if (name) out.push({ name: name.name, kind: 'typedef', line: lineOf(node), signature: signature(text, node, null) });
      } else if (node.type === 'alias_declaration') {
        const name = node.childForFieldName('name')?.text;
        if (name) out.push({ name, kind: 'typedef', line: lineOf(node), signature: signature(text, node, null) });
      } else {
        // `struct node { … };` is a declaration of its type alone, or the type itself at top level
        const type = TYPES.has(node.type) ? node : node.type === 'declaration' ? node.childForFieldName('type') : null;
        // `struct DBImpl::Writer { … }` defines a nested type out of line
        const name = type && TYPES.has(type.type) && type.childForFieldName('body') ? type.childForFieldName('name')?.text.replace(/::/g, '.') : undefined;
        if (!type || !name) continue;
        out.push({ name, kind: type.type.replace('_specifier', ''), line: lineOf(node), signature: signature(text, type, type.childForFieldName('body')) });
        out.push(...publicMethods(type, name, text));
      }
    }
  };
  visit(root);
  return out;
}

/**
 * The text with export macros blanked (spaces of the same length, so lines and offsets stay): a
 * class head's (`class LEVELDB_EXPORT DB {`), and a declaration's leading one named like one
 * (`LEVELDB_EXPORT Status DestroyDB(…)`, `SQLITE_API int sqlite3_open(…)`). The grammar knows no
 * macro, and reads the first as a class named LEVELDB_EXPORT.
 */
export function withoutExportMacros(text: string): string {
  const blank = (m: string) => ' '.repeat(m.length);
  return text
    .replace(/(\b(?:class|struct|union)\s+)([A-Z][A-Z0-9_]*)(?=\s+[A-Za-z_]\w*\s*(?:[:{]|final\b))/g, (_, head: string, macro: string) => head + blank(macro))
    .replace(/^([ \t]*)([A-Z][A-Z0-9_]*_(?:EXPORT|API|EXTERN|PUBLIC|DLL|DECL|VISIBLE))(?=\s)/gm, (_, indent: string, macro: string) => indent + blank(macro));
}

/** A preprocessor include line (`#include "x.h"`, `# include <x.h>`). */
const INCLUDE_LINE = /^[ \t]*#[ \t]*include[ \t]*(?:"([^"\n]+)"|<([^>\n]+)>)/gm;

/**
 * One C or C++ file as the connector needs it: its includes, read by lines as the preprocessor
 * reads them (an include inside an initializer, `{ #include "opcode_list.h" }`, is no node of
 * the grammar), and its symbols from the parse.
 */
export function cFile(root: Node, text: string): ParsedFile {
  const imports: RawImport[] = [];
  for (const m of text.matchAll(INCLUDE_LINE)) {
    // MSVC takes `#include "util\strings.h"` (and `"..\\util\\strings.h"`, written as a string would be): a project written on Windows separates folders so
    const module = (m[1] ?? m[2]!).trim().replace(/\\+/g, '/');
    const line = text.slice(0, m.index).split('\n').length;
    if (module) imports.push({ module, level: 0, names: [], wildcard: false, isStatic: false, system: m[2] !== undefined, line });
  }
  return { imports, symbols: symbolsOf(root, text), packageName: '', mentions: [], declares: [], selected: new Map(), syntaxErrors: root.hasError };
}

/** Folders a CMakeLists.txt adds to the include path, relative to the tree's root. */
function cmakeIncludeDirs(cmakeFiles: ReadonlyArray<{ path: string; text: string }>): string[] {
  const out: string[] = [];
  const folderOf = (file: string) => (posix.dirname(file) === '.' ? '' : posix.dirname(file));
  // a folder written from the root (`/lib/money/`), as the root's own `${CMAKE_SOURCE_DIR}/` is
  const fromRoot = (folder: string) => `/${folder ? `${folder}/` : ''}`;
  // a project's folder: that of a CMakeLists.txt calling project(), the root's for the top one
  const projects = new Set(cmakeFiles.filter((c) => /^\s*project\s*\(/im.test(c.text)).map((c) => folderOf(c.path)));
  const projectOf = (folder: string): string => {
    for (let f = folder; f; f = folderOf(f)) if (projects.has(f)) return f;
    return '';
  };
  for (const { path: file, text } of cmakeFiles) {
    const here = folderOf(file);
    for (const m of text.matchAll(/\b(?:target_)?include_directories\s*\(([^)]*)\)/gi)) {
      for (let word of m[1]!.split(/\s+/)) {
        word = word.replace(/^"|"$/g, '').replace(/^\$<BUILD_INTERFACE:(.*)>$/, '$1');
        word = word
          .replace(/^\$\{(?:CMAKE_CURRENT_SOURCE_DIR|CMAKE_CURRENT_LIST_DIR)\}\/?/, fromRoot(here))
          .replace(/^\$\{PROJECT_SOURCE_DIR\}\/?/, fromRoot(projectOf(here)))
          .replace(/^\$\{CMAKE_SOURCE_DIR\}\/?/, '/');
        if (!word || /[${}<>]/.test(word) || /^[A-Z_]+$/.test(word)) continue; // keywords (PUBLIC, SYSTEM) and unresolved variables
        const rel = word.startsWith('/') ? word.slice(1) : posix.join(here, word);
        out.push(
          posix
            .normalize(rel)
            .replace(/^\.\/?$/, '')
            .replace(/\/$/, ''),
        );
      }
    }
  }
  return out;
}

/** The tree's C and C++ files (`.h` too: C's or C++'s). */
export const C_FILE = /\.(?:c|h|cc|cpp|cxx|hh|hpp|hxx)$/;

/** The C and C++ includes of the parsed files that resolve to files of the tree (`configs`: CMakeLists.txt, compile_commands.json and Makefiles among them; `root`: the tree's folder). */
export function cIncludes(
  parsed: Parsed,
  known: ReadonlySet<string>,
  configs: ReadonlyArray<{ path: string; text: string }>,
  map: ImportMap,
  root: string,
): void {
  const files = [...parsed.keys()].filter((f) => C_FILE.test(f));
  if (!files.length) return;
  const roots = new Set(['', ...cmakeIncludeDirs(configs.filter((c) => /(^|\/)CMakeLists\.txt$/.test(c.path)))]);
  for (const f of known) {
    const at = f.split('/').lastIndexOf('include');
    if (at >= 0)
      roots.add(
        f
          .split('/')
          .slice(0, at + 1)
          .join('/'),
      );
  }
  const build = cBuildPaths(root, configs, known);
  // a project written on Windows may include `Vector2D.h` as `vector2d.h`: its file system folds case
  const folded = new Map<string, string | null>();
  for (const f of known) folded.set(f.toLowerCase(), folded.has(f.toLowerCase()) ? null : f);
  const exact = (path: string) => (known.has(path) ? path : null);
  const anyCase = (path: string) => folded.get(path.toLowerCase()) ?? null;
  const byBase = new Map<string, string[]>();
  for (const f of known) byBase.set(posix.basename(f).toLowerCase(), [...(byBase.get(posix.basename(f).toLowerCase()) ?? []), f]);
  const resolveBy = (find: (path: string) => string | null, from: string, search: CSearchPath, imp: RawImport): string | null => {
    if (!imp.system) {
      const near = find(posix.normalize(posix.join(posix.dirname(from), imp.module)));
      if (near) return near;
    }
    // the build's folders for this file, then the tree's include folders
    for (const folders of [imp.system ? [] : search.quote, search.dirs, roots])
      for (const r of folders) {
        const found = find(under(r, imp.module));
        if (found) return found;
      }
    if (imp.system && !imp.module.includes('/')) return null;
    const module = find === exact ? imp.module : imp.module.toLowerCase();
    const ends = (byBase.get(posix.basename(module).toLowerCase()) ?? []).filter((f) => {
      const path = find === exact ? f : f.toLowerCase();
      return path === module || path.endsWith(`/${module}`);
    });
    const best = Math.max(...ends.map((f) => sharedFolders(f, from)));
    const nearest = ends.filter((f) => sharedFolders(f, from) === best);
    return nearest.length === 1 ? nearest[0]! : null;
  };
  // every exact match first, as a compiler on a case-sensitive file system finds it
  const resolve = (from: string, search: CSearchPath, imp: RawImport) => resolveBy(exact, from, search, imp) ?? resolveBy(anyCase, from, search, imp);
  for (const file of files) {
    const search = build(file);
    // a compile command's `-include`: the file as its command names it
    for (const forced of search.forced) if (known.has(forced)) link(map, file, forced, 'include');
    for (const imp of parsed.get(file)!.imports) {
      const target = resolve(file, search, imp);
      if (target) link(map, file, target, 'include');
    }
  }
}
