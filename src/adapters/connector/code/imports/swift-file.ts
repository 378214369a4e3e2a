/**
 * @module adapters/connector/code/imports/swift-file
 * One Swift file read from its tree-sitter parse: the modules it imports, the names it declares at
 * top level (classes, structs, enums, actors, protocols, functions, type aliases, constants and
 * variables: what swift-imports resolves a mention to), the names it mentions, and its symbols
 * (those not `private` or `fileprivate`, with their methods). An `extension Owner` declares no name.
 */
import type { Node } from 'web-tree-sitter';
import type { CodeSymbol } from '../outline.js';
import { all, lineOf, named, signature } from './syntax-nodes.js';
import type { ParsedFile, RawImport } from './parsed-file.js';

const HIDDEN = /\b(?:private|fileprivate)\b/;
const KEYWORDS = new Set(['class', 'struct', 'enum', 'actor', 'extension']);
/** The declarations whose direct `type_identifier` child is the name they declare. */
const DECLARING = new Set(['class_declaration', 'protocol_declaration', 'typealias_declaration']);

const child = (node: Node, type: string) => named(node).find((c) => c.type === type);
const modifiers = (node: Node) => child(node, 'modifiers')?.text ?? '';

/** A top-level declaration's name, kind and body; null for another node and for an extension. */
function topLevel(node: Node): { name: string; kind: string; body: Node | null } | null {
  switch (node.type) {
    case 'class_declaration': {
      const keyword = node.children.find((c) => c && KEYWORDS.has(c.type))?.type ?? 'class';
      const name = child(node, 'type_identifier')?.text;
      if (keyword === 'extension' || !name) return null;
      return { name, kind: keyword, body: child(node, 'class_body') ?? child(node, 'enum_class_body') ?? null };
    }
    case 'protocol_declaration':
      return { name: child(node, 'type_identifier')?.text ?? '', kind: 'protocol', body: child(node, 'protocol_body') ?? null };
    case 'function_declaration':
      return { name: child(node, 'simple_identifier')?.text ?? '', kind: 'func', body: child(node, 'function_body') ?? null };
    case 'typealias_declaration':
      return { name: child(node, 'type_identifier')?.text ?? '', kind: 'typealias', body: null };
    case 'property_declaration': {
      const pattern = child(node, 'pattern');
      const name = pattern && child(pattern, 'simple_identifier')?.text;
      return name ? { name, kind: /\blet\b/.test(child(node, 'value_binding_pattern')?.text ?? '') ? 'let' : 'var', body: null } : null;
    }
    default:
      return null;
  }
}

/** The names calls and member accesses start with (`helper()`, `Logger.shared`), beside every type name. */
function mentionsOf(root: Node): string[] {
  // a nested type (`DBModel.CountryDetails`) is its outer type's: only the first name of a qualified type is mentioned
  // a declaration's own name (`struct Entry`, nested too) is no mention
  const out = all(root, ['type_identifier'])
    .filter((n) => !DECLARING.has(n.parent?.type ?? ''))
    .filter((n) => n.parent?.type !== 'user_type' || n.parent.namedChildren.find((c) => c?.type === 'type_identifier')?.id === n.id)
    .map((n) => n.text);
  for (const n of all(root, ['call_expression', 'navigation_expression'])) {
    const first = n.namedChild(0);
    if (first?.type === 'simple_identifier') out.push(first.text);
  }
  return [...new Set(out)];
}

/** One Swift file as the connector needs it. */
export function swiftFile(root: Node, text: string): ParsedFile {
  const imports: RawImport[] = [];
  for (const i of named(root).filter((c) => c.type === 'import_declaration')) {
    // `import Foundation`, `@testable import MyKit`, `import struct Vapor.Request`: the module is the first name
    const module = child(i, 'identifier')?.text.split('.')[0]?.trim();
    if (module) imports.push({ module, level: 0, names: [], wildcard: true, isStatic: false, line: lineOf(i) });
  }
  const symbols: CodeSymbol[] = [];
  const declares: string[] = [];
  for (const top of named(root)) {
    const decl = topLevel(top);
    if (!decl?.name || HIDDEN.test(modifiers(top))) continue;
    declares.push(decl.name);
    symbols.push({ name: decl.name, kind: decl.kind, line: lineOf(top), signature: signature(text, top, decl.body) });
    for (const fn of named(decl.body).filter((c) => c.type === 'function_declaration')) {
      const name = child(fn, 'simple_identifier')?.text;
      if (!name || HIDDEN.test(modifiers(fn))) continue;
      symbols.push({ name: `${decl.name}.${name}`, kind: 'method', line: lineOf(fn), signature: signature(text, fn, child(fn, 'function_body') ?? null) });
    }
  }
  return { imports, symbols, packageName: '', mentions: mentionsOf(root), declares, selected: new Map(), syntaxErrors: root.hasError };
}
