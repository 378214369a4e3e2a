/**
 * @module adapters/connector/code/imports/kotlin-file
 * One Kotlin file read from its tree-sitter parse: package, imports, top-level declarations (what
 * jvm-imports resolves names to), mentions and symbols, and which declarations are `expect` or
 * `actual` (Kotlin Multiplatform).
 */
import type { Node } from 'web-tree-sitter';
import type { CodeSymbol } from '../outline.js';
import { all, lineOf, named, signature } from './syntax-nodes.js';
import type { ParsedFile, RawImport } from './parsed-file.js';

/** A Kotlin Multiplatform file's top-level names declared `expect` (commonMain's) and `actual` (a platform's). */
export interface KotlinFacts {
  expects: string[];
  actuals: string[];
}

declare module './parsed-file.js' {
  interface FactsByLanguage {
    kotlin: KotlinFacts;
  }
}

const VISIBILITY_HIDDEN = /\b(?:private|protected|internal)\b/;

/** `class`, `interface`, `enum class`, `data class`… as the symbol's kind. */
function classKind(node: Node): string {
  if (node.type === 'object_declaration') return 'object';
  const modifiers = named(node).find((c) => c.type === 'modifiers')?.text ?? '';
  if (/\benum\b/.test(modifiers) || named(node).some((c) => c.type === 'enum_class_body')) return 'enum';
  return node.children.some((c) => c?.type === 'interface') ? 'interface' : 'class';
}

const nameOf = (node: Node, type: string) => named(node).find((c) => c.type === type)?.text ?? '';

/** A top-level declaration's name and kind (null for another node). */
function topLevel(node: Node): { name: string; kind: string; body: Node | null } | null {
  switch (node.type) {
    case 'class_declaration':
    case 'object_declaration':
      return { name: nameOf(node, 'type_identifier'), kind: classKind(node), body: named(node).find((c) => c.type.endsWith('class_body')) ?? null };
    case 'function_declaration':
      return { name: nameOf(node, 'simple_identifier'), kind: 'fun', body: named(node).find((c) => c.type === 'function_body') ?? null };
    case 'property_declaration': {
      const variable = named(node).find((c) => c.type === 'variable_declaration');
      const kind = /\bconst\b/.test(nameOf(node, 'modifiers')) ? 'const' : 'val';
      return { name: variable ? nameOf(variable, 'simple_identifier') : '', kind, body: null };
    }
    case 'type_alias':
      return { name: nameOf(node, 'type_identifier'), kind: 'typealias', body: null };
    default:
      return null;
  }
}

/** The name `@file:JvmName("…")` gives the file's class of top-level functions, else ''. */
function jvmName(root: Node): string {
  for (const a of named(root).filter((c) => c.type === 'file_annotation')) {
    const m = /JvmName\s*\(\s*"([^"]+)"/.exec(a.text);
    if (m) return m[1]!;
  }
  return '';
}

/** The names a call or a member access starts with (`listOwners()`, `Registry.all`, `Owner.of()`). */
function leadingNames(root: Node): string[] {
  const out: string[] = [];
  for (const n of all(root, ['call_expression', 'navigation_expression'])) {
    const first = n.namedChild(0);
    if (first?.type === 'simple_identifier') out.push(first.text);
  }
  for (const r of all(root, ['callable_reference'])) {
    const ids = named(r).filter((c) => c.type === 'simple_identifier' || c.type === 'type_identifier');
    if (ids.length === 1) out.push(ids[0]!.text); // `::listOwners`
  }
  return out;
}

/** One Kotlin file as the connector needs it. */
export function kotlinFile(root: Node, text: string): ParsedFile {
  const header = named(root).find((c) => c.type === 'package_header');
  const packageName = header ? nameOf(header, 'identifier').replace(/\s+/g, '') : '';
  const imports: RawImport[] = [];
  for (const h of all(root, ['import_header'])) {
    const module = nameOf(h, 'identifier').replace(/\s+/g, '');
    if (module) imports.push({ module, level: 0, names: [], wildcard: named(h).some((c) => c.type === 'wildcard_import'), isStatic: false, line: lineOf(h) });
  }
  const symbols: CodeSymbol[] = [];
  const declares: string[] = [];
  const platform: KotlinFacts = { expects: [], actuals: [] };
  for (const top of named(root)) {
    const decl = topLevel(top);
    if (!decl?.name) continue;
    declares.push(decl.name);
    const modifier = named(named(top).find((c) => c.type === 'modifiers') ?? null).find((c) => c.type === 'platform_modifier')?.text;
    if (modifier === 'expect') platform.expects.push(decl.name);
    if (modifier === 'actual') platform.actuals.push(decl.name);
    if (VISIBILITY_HIDDEN.test(nameOf(top, 'modifiers'))) continue;
    symbols.push({ name: decl.name, kind: decl.kind, line: lineOf(top), signature: signature(text, top, decl.body) });
    if (top.type !== 'class_declaration' && top.type !== 'object_declaration') continue;
    for (const fn of named(decl.body).filter((c) => c.type === 'function_declaration')) {
      const name = nameOf(fn, 'simple_identifier');
      if (!name || VISIBILITY_HIDDEN.test(nameOf(fn, 'modifiers'))) continue;
      const body = named(fn).find((c) => c.type === 'function_body') ?? null;
      symbols.push({ name: `${decl.name}.${name}`, kind: 'method', line: lineOf(fn), signature: signature(text, fn, body) });
    }
  }
  const fileClass = jvmName(root);
  const mentions = [...new Set([...all(root, ['type_identifier']).map((n) => n.text), ...leadingNames(root)])];
  return {
    imports,
    symbols,
    packageName,
    mentions,
    declares: fileClass ? [...declares, `@file:${fileClass}`] : declares,
    selected: new Map(),
    // the grammar marks Kotlin's optional semicolons as missing: its errors say nothing of what was read
    syntaxErrors: false,
    ...(platform.expects.length || platform.actuals.length ? { own: { language: 'kotlin' as const, facts: platform } } : {}),
  };
}
