/**
 * @module adapters/connector/code/imports/csharp-reader
 * What one C# file's tree-sitter parse says for the type graph: the namespaces it declares (block
 * and file-scoped), the types each declares (and which are `partial`), its `using` directives
 * (`global`, `static`, aliases), the extension methods its static classes declare, the names it mentions (an attribute `[Foo]` mentions `FooAttribute`
 * too), the dotted names it writes (`Acme.Data.Repo`, `Db.Store.Count`), and its symbols (types
 * and their public methods as `Type.Name`).
 */
import type { Node } from 'web-tree-sitter';
import type { CodeSymbol } from '../outline.js';
import { all, lineOf, named, signature } from './syntax-nodes.js';
import type { ParsedFile } from './parsed-file.js';
import { withOwnFacts } from './import-links.js';

export interface CsharpType {
  namespace: string;
  name: string;
  partial: boolean;
}

export interface CsharpUsing {
  /** The namespace or type named, dotted, without `global::`. */
  target: string;
  static: boolean;
  global: boolean;
  alias?: string;
}

export interface CsharpFacts {
  /** The namespaces the file declares types in ('' for the global namespace). */
  namespaces: string[];
  types: CsharpType[];
  /** Extension methods (`static … M(this T x)` of a static class) by their namespace: a `using` of it brings them in by name. */
  extensions: Array<{ namespace: string; name: string }>;
  usings: CsharpUsing[];
  /** Dotted names of the code (qualified types, member accesses), generic arguments left out. */
  qualified: string[];
}

declare module './parsed-file.js' {
  interface FactsByLanguage {
    csharp: CsharpFacts;
  }
}

const TYPES: Record<string, string> = {
  class_declaration: 'class',
  struct_declaration: 'struct',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
  record_declaration: 'record',
  delegate_declaration: 'delegate',
};

/** A name as written without `global::`, generic arguments or spaces: `global::A.B.List<int>` → `A.B.List`. */
function dotted(node: Node): string {
  let text = node.text.replace(/\s+/g, '').replace(/^global::/, '');
  for (let prev = ''; prev !== text;) [prev, text] = [text, text.replace(/<[^<>]*>/g, '')];
  return text;
}

const DOTTED = /^@?[A-Za-z_]\w*(?:\.@?[A-Za-z_]\w*)+$/;

/** The namespace a node is declared in: its block namespaces' names, or the file-scoped one. */
function namespaceOf(node: Node, fileScoped: string): string {
  const parts: string[] = [];
  for (let n = node.parent; n; n = n.parent) {
    if (n.type === 'namespace_declaration' || n.type === 'file_scoped_namespace_declaration') parts.unshift(dotted(n.childForFieldName('name')!));
  }
  return parts.length ? parts.join('.') : fileScoped;
}

const modifiers = (n: Node) =>
  named(n)
    .filter((c) => c.type === 'modifier')
    .map((c) => c.text);

/** A type's symbol and its public methods' (an interface's are public without saying so). */
function typeSymbols(type: Node, text: string): CodeSymbol[] {
  const name = type.childForFieldName('name')?.text ?? '';
  if (!name) return [];
  const body = type.childForFieldName('body');
  // `record struct P(int X);` is a record declaration with a `struct` keyword
  const kind = type.type === 'record_declaration' && type.children.some((c) => c?.type === 'struct') ? 'record struct' : TYPES[type.type]!;
  const symbols: CodeSymbol[] = [{ name, kind, line: lineOf(type), signature: signature(text, type, body) }];
  for (const m of named(body).filter((c) => c.type === 'method_declaration')) {
    const method = m.childForFieldName('name')?.text ?? '';
    if (!method || (type.type !== 'interface_declaration' && !modifiers(m).includes('public'))) continue;
    symbols.push({ name: `${name}.${method}`, kind: 'method', line: lineOf(m), signature: signature(text, m, m.childForFieldName('body')) });
  }
  return symbols;
}

export function csharpFile(root: Node, text: string): ParsedFile {
  const fileScopedNode = named(root).find((c) => c.type === 'file_scoped_namespace_declaration');
  const fileScoped = fileScopedNode ? dotted(fileScopedNode.childForFieldName('name')!) : '';
  const typeNodes = all(root, Object.keys(TYPES)).filter((t) => {
    // a type of a namespace, not one nested in another type
    for (let n = t.parent; n; n = n.parent) if (TYPES[n.type]) return false;
    return true;
  });
  const types = typeNodes.map((t) => ({
    namespace: namespaceOf(t, fileScoped),
    name: t.childForFieldName('name')?.text ?? '',
    partial: modifiers(t).includes('partial'),
  }));
  const extensions = typeNodes
    .filter((t) => t.type === 'class_declaration' && modifiers(t).includes('static'))
    .flatMap((t) =>
      named(t.childForFieldName('body'))
        .filter((m) => m.type === 'method_declaration' && !modifiers(m).includes('private'))
        .filter((m) => named(named(m.childForFieldName('parameters'))[0]).some((c) => c.type === 'modifier' && c.text === 'this'))
        .map((m) => ({ namespace: namespaceOf(t, fileScoped), name: m.childForFieldName('name')?.text ?? '' })),
    );
  const usings: CsharpUsing[] = all(root, ['using_directive']).flatMap((u) => {
    const tokens = u.children.filter((c) => c && !c.isNamed).map((c) => c!.type);
    const alias = u.childForFieldName('name');
    const target = named(u).find((c) => c.id !== alias?.id);
    if (!target) return [];
    return [
      {
        target: dotted(target),
        static: tokens.includes('static'),
        global: tokens.includes('global'),
        ...(alias ? { alias: alias.text } : {}),
      },
    ];
  });
  const mentions = new Set<string>();
  for (const n of all(root, ['identifier'])) if (n.text !== 'global') mentions.add(n.text.replace(/^@/, ''));
  for (const a of all(root, ['attribute'])) {
    const name = a.childForFieldName('name');
    if (name) mentions.add(`${dotted(name).split('.').at(-1)}Attribute`);
  }
  const qualified = new Set<string>();
  for (const n of all(root, ['qualified_name', 'member_access_expression'])) {
    const parent = n.parent;
    // the outermost of a chain, outside the using directives
    if (parent && (parent.type === 'qualified_name' || parent.type === 'member_access_expression' || parent.type === 'using_directive')) continue;
    const name = dotted(n);
    if (DOTTED.test(name)) qualified.add(name.replace(/@/g, ''));
  }
  const blocks = all(root, ['namespace_declaration']).map((n) => namespaceOf(n.childForFieldName('name')!, fileScoped));
  const namespaces = [...new Set(fileScoped || !blocks.length ? [fileScoped, ...blocks] : blocks)];
  return withOwnFacts(
    typeNodes.flatMap((t) => typeSymbols(t, text)),
    root.hasError,
    { language: 'csharp', facts: { namespaces, types, extensions, usings, qualified: [...qualified] } },
    [...mentions],
  );
}
