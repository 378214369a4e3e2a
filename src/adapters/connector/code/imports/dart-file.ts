/**
 * @module adapters/connector/code/imports/dart-file
 * One Dart file read from its tree-sitter parse: its `import`, `export` and `part` URIs and the
 * library a `part of` names (what dart-imports resolves), the name a `library` directive gives, and its symbols: classes, mixins, enums,
 * extensions, type aliases, top-level functions and variables, and the classes' methods as
 * `Type.name`, not the library-private ones (`_name`).
 */
import type { Node } from 'web-tree-sitter';
import type { CodeSymbol } from '../outline.js';
import { lineOf, named, signature } from './syntax-nodes.js';
import type { ParsedFile, RawImport } from './parsed-file.js';

const DIRECTIVES = new Set(['import_or_export', 'part_directive', 'part_of_directive']);
const URI = /^\s*(?:@\w+(?:\([^)]*\))?\s*)*(import|export|part(?:\s+of)?)\s+(['"])([^'"]+)\2/;
/** `part of shop.cart;`: the older form, naming the library rather than its file. */
const PART_OF_NAME = /^\s*part\s+of\s+([\w$.]+)\s*;/;
/** `library shop.cart;`: the name such a part gives. */
const LIBRARY_NAME = /^\s*(?:@\w+(?:\([^)]*\))?\s*)*library\s+([\w$.]+)\s*;/;

const child = (node: Node, type: string) => named(node).find((c) => c.type === type);

/** A top-level declaration's name, kind and body (null for another node). */
function topLevel(node: Node): { name: string; kind: string; body: Node | null } | null {
  const name = (type: string) => child(node, type)?.text ?? '';
  switch (node.type) {
    case 'class_definition':
      return { name: name('identifier'), kind: 'class', body: child(node, 'class_body') ?? null };
    case 'mixin_declaration':
      return { name: name('identifier'), kind: 'mixin', body: child(node, 'class_body') ?? null };
    case 'enum_declaration':
      return { name: name('identifier'), kind: 'enum', body: child(node, 'enum_body') ?? null };
    case 'extension_declaration':
      return { name: name('identifier'), kind: 'extension', body: child(node, 'extension_body') ?? null };
    case 'type_alias':
      return { name: name('type_identifier'), kind: 'typedef', body: null };
    case 'function_signature':
      return { name: name('identifier'), kind: 'function', body: null };
    case 'static_final_declaration_list':
    case 'initialized_identifier_list': {
      const first = named(node)[0];
      return first ? { name: child(first, 'identifier')?.text ?? '', kind: 'variable', body: null } : null;
    }
    default:
      return null;
  }
}

/**
 * One Dart file as the connector needs it; an import's `module` is its URI (a library's name for
 * `part of` by name), `names` says which directive; `packageName` is the name `library` gives.
 */
export function dartFile(root: Node, text: string): ParsedFile {
  const imports: RawImport[] = [];
  const symbols: CodeSymbol[] = [];
  let library = '';
  for (const top of named(root)) {
    if (DIRECTIVES.has(top.type)) {
      const m = URI.exec(top.text);
      if (m) imports.push({ module: m[3]!, level: 0, names: [m[1]!.replace(/\s+/, ' ')], wildcard: false, isStatic: false, line: lineOf(top) });
      const byName = PART_OF_NAME.exec(top.text);
      if (byName) imports.push({ module: byName[1]!, level: 0, names: ['part of library'], wildcard: false, isStatic: false, line: lineOf(top) });
      continue;
    }
    library ||= LIBRARY_NAME.exec(top.text)?.[1] ?? '';
    const decl = topLevel(top);
    if (!decl?.name || decl.name.startsWith('_')) continue;
    symbols.push({ name: decl.name, kind: decl.kind, line: lineOf(top), signature: signature(text, top, decl.body) });
    for (const method of named(decl.body).filter((c) => c.type === 'method_signature')) {
      const fn = child(method, 'function_signature') ?? child(method, 'getter_signature');
      const name = fn && child(fn, 'identifier')?.text;
      if (name && !name.startsWith('_'))
        symbols.push({ name: `${decl.name}.${name}`, kind: 'method', line: lineOf(method), signature: signature(text, method, null) });
    }
  }
  return { imports, symbols, packageName: library, mentions: [], declares: [], selected: new Map(), syntaxErrors: root.hasError };
}
