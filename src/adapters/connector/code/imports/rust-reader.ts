/**
 * @module adapters/connector/code/imports/rust-reader
 * What one Rust file's tree-sitter parse says for the module graph: its `mod` declarations (with a
 * `#[path]` attribute, inside inline modules too), its `use` trees flattened into paths, the
 * qualified paths its code writes (`crate::db::query(…)`, `super::Config`), the names of the items
 * each of its modules declares, and its symbols (top-level items; public methods of an inherent
 * `impl` as `Type.name`). Inline modules are named by their chain from the file (`a::b` → ['a', 'b']).
 */
import type { Node } from 'web-tree-sitter';
import type { CodeSymbol } from '../outline.js';
import { all, lineOf, named, signature } from './syntax-nodes.js';
import type { ParsedFile, Reparse } from './parsed-file.js';
import { withOwnFacts } from './import-links.js';

export interface RustMod {
  name: string;
  /** The inline modules around the declaration, outermost first. */
  scope: string[];
  /** `#[path = "…"]`, as written. */
  path?: string;
  /** An inline module (`mod a { … }`): no file of its own. */
  inline: boolean;
  line: number;
}

export interface RustPath {
  /** The segments as written; `::` for a leading `::`, `crate`, `self`, `super` kept. */
  segments: string[];
  /** `use a::*`. */
  glob: boolean;
  /** The inline modules the path is written in. */
  scope: string[];
  /** The name a module-level `use` binds (its alias, else its last segment); absent for a glob, a `use` in a block, and a path in code. */
  binds?: string;
  /** `use`, `extern crate` or a qualified path in code. */
  kind: 'use' | 'path';
  /** Inside `cfg_if!` branches: each as `macro#branch`, outermost first (two branches of one macro never build together). */
  arm?: string[];
  line: number;
}

export interface RustFacts {
  mods: RustMod[];
  paths: RustPath[];
  /** Module scope (`a::b`, '' for the file's own) → the names of the items it declares. */
  items: Record<string, string[]>;
}

declare module './parsed-file.js' {
  interface FactsByLanguage {
    rust: RustFacts;
  }
}

const ITEMS: Record<string, string> = {
  function_item: 'fn',
  struct_item: 'struct',
  enum_item: 'enum',
  union_item: 'union',
  trait_item: 'trait',
  type_item: 'type',
  const_item: 'const',
  static_item: 'static',
  macro_definition: 'macro',
  mod_item: 'mod',
};

/** The inline modules around a node, outermost first. */
function scopeOf(node: Node): string[] {
  const scope: string[] = [];
  for (let n = node.parent; n; n = n.parent) if (n.type === 'mod_item') scope.unshift(n.childForFieldName('name')?.text ?? '');
  return scope;
}

/** Whether a node sits in a function's (or a block's) body rather than at a module's level. */
function inBlock(node: Node): boolean {
  for (let n = node.parent; n && n.type !== 'mod_item'; n = n.parent) if (n.type === 'block') return true;
  return false;
}

/** A path node's segments: `crate::a::B` → crate, a, B; `::std::io` → ::, std, io. */
function segmentsOf(node: Node | null): string[] {
  if (!node) return [];
  if (node.type === 'scoped_identifier' || node.type === 'scoped_type_identifier') {
    const path = node.childForFieldName('path');
    const name = node.childForFieldName('name')?.text ?? '';
    if (!path) return node.text.startsWith('::') ? ['::', name] : [name];
    return [...segmentsOf(path), name];
  }
  if (node.type === 'generic_type') return segmentsOf(node.childForFieldName('type'));
  return [node.text];
}

/** A `use` tree as paths with the names they bind: `a::{b, c::d as e, self}` → a::b (b), a::c::d (e), a (a). */
function useTree(node: Node | null, prefix: string[]): Array<{ segments: string[]; glob: boolean; binds?: string }> {
  if (!node) return [];
  switch (node.type) {
    case 'use_as_clause': {
      const segments = [...prefix, ...segmentsOf(node.childForFieldName('path'))];
      return [{ segments, glob: false, binds: node.childForFieldName('alias')?.text ?? '' }];
    }
    case 'use_wildcard':
      return [{ segments: [...prefix, ...segmentsOf(named(node)[0] ?? null)], glob: true }];
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const base = path ? [...prefix, ...segmentsOf(path)] : node.text.startsWith('::') ? [...prefix, '::'] : prefix;
      return useTree(node.childForFieldName('list'), base);
    }
    case 'use_list':
      return named(node).flatMap((c) => useTree(c, prefix));
    case 'self':
      // `a::{self}` is `a` itself
      return [{ segments: prefix.length ? prefix : ['self'], glob: false, binds: prefix.at(-1) ?? 'self' }];
    default: {
      const segments = [...prefix, ...segmentsOf(node)];
      return [{ segments, glob: false, binds: segments.at(-1)! }];
    }
  }
}

/** The value of a `#[path = "…"]` among the attributes written right before a node. */
function pathAttribute(node: Node): string | undefined {
  for (let s = node.previousNamedSibling; s?.type === 'attribute_item'; s = s.previousNamedSibling) {
    const attr = named(s)[0];
    if (attr?.type !== 'attribute' || named(attr)[0]?.text !== 'path') continue;
    const value = attr.childForFieldName('value');
    if (value?.type === 'string_literal') return value.text.replace(/^"|"$/g, '');
  }
  return undefined;
}

const isPub = (item: Node) => named(item).some((c) => c.type === 'visibility_modifier');

/** An item's symbols: the item, and a public method of an inherent `impl` as `Type.name`. */
function itemSymbols(item: Node, text: string): CodeSymbol[] {
  const kind = ITEMS[item.type];
  if (kind && kind !== 'mod') {
    const name = item.childForFieldName('name')?.text ?? '';
    // a private constant or static is a detail of its file
    if (!name || ((kind === 'const' || kind === 'static') && !isPub(item))) return [];
    return [{ name, kind, line: lineOf(item), signature: signature(text, item, item.childForFieldName('body')) }];
  }
  if (item.type === 'mod_item' && item.childForFieldName('body') && isPub(item)) {
    return [
      { name: item.childForFieldName('name')?.text ?? '', kind: 'mod', line: lineOf(item), signature: signature(text, item, item.childForFieldName('body')) },
    ];
  }
  if (item.type !== 'impl_item' || item.childForFieldName('trait')) return [];
  const type = item.childForFieldName('type');
  const typeName = (type?.type === 'generic_type' ? type.childForFieldName('type') : type)?.text.split('::').at(-1) ?? '';
  return named(item.childForFieldName('body'))
    .filter((f) => f.type === 'function_item' && isPub(f))
    .map((f) => ({
      name: `${typeName}.${f.childForFieldName('name')?.text ?? ''}`,
      kind: 'method',
      line: lineOf(f),
      signature: signature(text, f, f.childForFieldName('body')),
    }));
}

/** The outermost path nodes of the file's code (not of its `use` declarations). */
function codePaths(root: Node): Node[] {
  return all(root, ['scoped_identifier', 'scoped_type_identifier']).filter((n) => {
    const parent = n.parent;
    if (!parent) return false;
    if ((parent.type === 'scoped_identifier' || parent.type === 'scoped_type_identifier') && parent.childForFieldName('path')?.id === n.id) return false;
    for (let p: Node | null = parent; p; p = p.parent) if (p.type === 'use_declaration') return false;
    return true;
  });
}

/** `mod x;` written inside another macro's tokens, as `cfg_if!` would have it without the parser at hand. */
const MACRO_MOD = /(?:#\[path\s*=\s*"([^"]+)"\]\s*)?(?:pub(?:\s*\([^)]*\))?\s+)?\bmod\s+([A-Za-z_]\w*)\s*;/g;

function macroMods(macros: readonly Node[], prefix: readonly string[]): RustMod[] {
  return macros.flatMap((m) =>
    [...m.text.matchAll(MACRO_MOD)].map((hit) => ({
      name: hit[2]!,
      scope: [...prefix, ...scopeOf(m)],
      ...(hit[1] ? { path: hit[1] } : {}),
      inline: false,
      line: lineOf(m) + (m.text.slice(0, hit.index).match(/\n/g)?.length ?? 0),
    })),
  );
}

/** Macros whose braced branches hold items under a `#[cfg]`: `cfg_if! { if #[cfg(unix)] { … } else { … } }`, `cfg_select! { unix => { … } }`. */
const CFG_MACROS = new Set(['cfg_if', 'cfg_select']);

const isCfgMacro = (m: Node) => CFG_MACROS.has(m.childForFieldName('macro')?.text.split('::').at(-1) ?? '');

/** A branch of a `cfg_if!`: where its text is, and its arm (the macro's place and the branch's number, after those around it). */
interface Arm {
  start: number;
  end: number;
  arm: string[];
}

/** The text with only the branches of the macros (in order) kept, the rest blank, so that each line and column stays where it was. */
function branchesOnly(text: string, macros: readonly Node[], around: (n: Node) => string[]): { text: string; arms: Arm[] } {
  const blank = (part: string) => part.replace(/[^\n]/g, ' ');
  let out = '';
  let at = 0;
  const arms: Arm[] = [];
  for (const m of macros) {
    const body = named(m).at(-1);
    for (const [i, branch] of named(body ?? null)
      .filter((t) => t.type === 'token_tree' && t.text.startsWith('{'))
      .entries()) {
      out += blank(text.slice(at, branch.startIndex + 1)) + text.slice(branch.startIndex + 1, branch.endIndex - 1);
      at = branch.endIndex - 1;
      arms.push({ start: branch.startIndex, end: branch.endIndex, arm: [...around(m), `${m.startIndex}#${i}`] });
    }
  }
  return { text: out + blank(text.slice(at)), arms };
}

/** Nested `cfg_if!` read again inside a branch, this deep at most. */
const MAX_CFG_DEPTH = 4;

/** The module facts of a tree (`prefix`: the inline modules around it), the branches of its `cfg_if!` read as items with `reparse`. */
function moduleFacts(
  root: Node,
  text: string,
  prefix: readonly string[],
  reparse: Reparse | undefined,
  depth: number,
  facts: RustFacts,
  seen: Set<string>,
  arms: readonly Arm[] = [],
): void {
  const scope = (n: Node) => [...prefix, ...scopeOf(n)];
  const armOf = (n: Node) => arms.find((a) => n.startIndex > a.start && n.startIndex < a.end)?.arm ?? [];
  for (const m of all(root, ['mod_item'])) {
    const path = pathAttribute(m);
    facts.mods.push({
      name: m.childForFieldName('name')?.text ?? '',
      scope: scope(m),
      ...(path ? { path } : {}),
      inline: !!m.childForFieldName('body'),
      line: lineOf(m),
    });
  }
  for (const u of all(root, ['use_declaration'])) {
    const moduleLevel = !inBlock(u);
    for (const p of useTree(u.childForFieldName('argument'), [])) {
      const binds = moduleLevel && !p.glob ? p.binds : undefined;
      const arm = armOf(u);
      facts.paths.push({
        segments: p.segments,
        glob: p.glob,
        scope: scope(u),
        ...(binds ? { binds } : {}),
        kind: 'use',
        line: lineOf(u),
        ...(arm.length ? { arm } : {}),
      });
    }
  }
  for (const e of all(root, ['extern_crate_declaration'])) {
    const name = e.childForFieldName('name')?.text ?? '';
    const binds = e.childForFieldName('alias')?.text ?? name;
    facts.paths.push({ segments: [name], glob: false, scope: scope(e), binds, kind: 'use', line: lineOf(e) });
  }
  for (const n of codePaths(root)) {
    const segments = segmentsOf(n);
    const key = `${scope(n).join('::')}|${segments.join('::')}`;
    if (segments.length < 2 || seen.has(key)) continue;
    seen.add(key);
    facts.paths.push({ segments, glob: false, scope: scope(n), kind: 'path', line: lineOf(n) });
  }
  for (const item of all(root, Object.keys(ITEMS))) {
    // a module's items: the file's own, or an inline module's (not an `impl`'s or a trait's)
    const parent = item.parent;
    if (parent?.type !== 'source_file' && !(parent?.type === 'declaration_list' && parent.parent?.type === 'mod_item')) continue;
    (facts.items[scope(item).join('::')] ??= []).push(item.childForFieldName('name')?.text ?? '');
  }
  // a macro's tokens are no items to the grammar: a `cfg_if!`'s branches are parsed again, by the inline modules around them
  const macros = all(root, ['macro_invocation']).filter((m) => !inBlock(m));
  const cfg = reparse && depth < MAX_CFG_DEPTH ? macros.filter(isCfgMacro) : [];
  facts.mods.push(
    ...macroMods(
      macros.filter((m) => !cfg.includes(m)),
      prefix,
    ),
  );
  const byScope = new Map<string, Node[]>();
  for (const m of cfg) byScope.set(scopeOf(m).join('::'), [...(byScope.get(scopeOf(m).join('::')) ?? []), m]);
  for (const group of byScope.values()) {
    const branches = branchesOnly(text, group, armOf);
    const tree = reparse!(branches.text);
    if (!tree) continue;
    try {
      moduleFacts(tree.rootNode, branches.text, scope(group[0]!), reparse, depth + 1, facts, seen, branches.arms);
    } finally {
      tree.delete();
    }
  }
}

export function rustFile(root: Node, text: string, reparse?: Reparse): ParsedFile {
  const facts: RustFacts = { mods: [], paths: [], items: {} };
  moduleFacts(root, text, [], reparse, 0, facts, new Set());
  const symbols: CodeSymbol[] = [];
  for (const item of named(root)) symbols.push(...itemSymbols(item, text));
  return withOwnFacts(symbols, root.hasError, { language: 'rust', facts });
}
