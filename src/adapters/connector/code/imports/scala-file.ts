/**
 * @module adapters/connector/code/imports/scala-file
 * One Scala file read from its tree-sitter parse: its package (chained clauses joined:
 * `package com.shop` then `package model` is `com.shop.model`), imports (`a.b.C`, `a.b.{C, D => E}`,
 * `a.b._` and Scala 3's `a.b.*`), top-level declarations (what jvm-imports resolves names to),
 * mentions and symbols (classes, objects, traits, type aliases, top-level defs and vals, and the
 * public `def`s of classes, objects and traits as `Type.name`). A `package object util`'s members
 * are declared as `util.slug` (names of the package `util` inside the file's), its symbols likewise.
 */
import type { Node } from 'web-tree-sitter';
import type { CodeSymbol } from '../outline.js';
import { all, lineOf, named, signature } from './syntax-nodes.js';
import type { ParsedFile, RawImport } from './parsed-file.js';

const HIDDEN = /\b(?:private|protected)\b/;
const TYPES: Readonly<Record<string, string>> = { class_definition: 'class', object_definition: 'object', trait_definition: 'trait' };

const modifiersOf = (n: Node) => named(n).find((c) => c.type === 'modifiers')?.text ?? '';

function importOf(node: Node, text: string): RawImport | null {
  const path = node.childForFieldName('path')?.text.replace(/\s+/g, '');
  if (!path) return null;
  const selectors = named(node).find((c) => c.type === 'import_selectors');
  const names = named(selectors)
    .map((c) => (c.type === 'renamed_identifier' ? (c.childForFieldName('name')?.text ?? '') : c.type === 'identifier' ? c.text : ''))
    .filter(Boolean);
  // Scala 3's `a.b.*` is no wildcard node of this grammar: the text says it
  const wildcard =
    named(node).some((c) => c.type === 'wildcard') ||
    /^\s*\.\s*\*/.test(text.slice(node.endIndex, node.endIndex + 8)) ||
    /\.\s*\*\s*$/.test(node.text) ||
    named(selectors).some((c) => c.type === 'wildcard');
  return { module: path, level: 0, names: wildcard ? [] : names, wildcard, isStatic: false, line: lineOf(node) };
}

/** The names a call or a member access starts with (`Strings.slug(x)`, `Customer(1)`). */
function leadingNames(root: Node): string[] {
  const out: string[] = [];
  for (const n of all(root, ['call_expression', 'field_expression'])) {
    const first = n.childForFieldName('function') ?? n.childForFieldName('value');
    if (first?.type === 'identifier') out.push(first.text);
  }
  return out;
}

/** One Scala file as the connector needs it. */
export function scalaFile(root: Node, text: string): ParsedFile {
  const packageName = named(root)
    .filter((c) => c.type === 'package_clause')
    .map((c) => c.childForFieldName('name')?.text.replace(/\s+/g, '') ?? '')
    .filter(Boolean)
    .join('.');
  const imports = all(root, ['import_declaration'])
    .map((n) => importOf(n, text))
    .filter((i): i is RawImport => !!i);
  const symbols: CodeSymbol[] = [];
  const declares: string[] = [];
  // a package object's members are names of the package it is (`package object util` in `com.shop`: `com.shop.util.slug`)
  const members = (nodes: readonly Node[], prefix: string) => {
    for (const top of nodes) {
      if (top.type === 'package_object' && !prefix) {
        const name = top.childForFieldName('name')?.text;
        // its own name is no declared name: as a prefix it would take every name of its package (`scala.xml.Node`)
        if (!name) continue;
        symbols.push({ name, kind: 'package object', line: lineOf(top), signature: signature(text, top, top.childForFieldName('body')) });
        members(named(top.childForFieldName('body')), `${name}.`);
        continue;
      }
      const kind =
        TYPES[top.type] ?? (top.type === 'type_definition' ? 'type' : top.type === 'function_definition' ? 'def' : top.type === 'val_definition' ? 'val' : '');
      const nameNode = top.type === 'val_definition' ? top.childForFieldName('pattern') : top.childForFieldName('name');
      if (!kind || (nameNode?.type !== 'identifier' && nameNode?.type !== 'type_identifier')) continue;
      const name = `${prefix}${nameNode.text}`;
      declares.push(name);
      if (HIDDEN.test(modifiersOf(top))) continue;
      const body = top.childForFieldName('body');
      const isType = kind in { class: 1, object: 1, trait: 1 };
      symbols.push({
        name,
        kind: /\bcase\b/.test(modifiersOf(top)) || /^\s*case\s+class\b/.test(top.text) ? 'case class' : kind,
        line: lineOf(top),
        signature: signature(text, top, isType ? body : null),
      });
      if (!isType) continue;
      for (const def of named(body).filter((c) => c.type === 'function_definition' || c.type === 'function_declaration')) {
        const method = def.childForFieldName('name')?.text;
        if (!method || HIDDEN.test(modifiersOf(def))) continue;
        symbols.push({ name: `${name}.${method}`, kind: 'method', line: lineOf(def), signature: signature(text, def, null) });
      }
    }
  };
  members(named(root), '');
  const mentions = [...new Set([...all(root, ['type_identifier']).map((n) => n.text), ...leadingNames(root)])];
  return { imports, symbols, packageName, mentions, declares, selected: new Map(), syntaxErrors: root.hasError };
}
