/**
 * @module adapters/connector/code/imports/tree-sitter
 * One parse per file of the parsed languages (PARSED_LANGUAGES: Python, Go, Java, Kotlin, Scala,
 * C, C++, Rust, C#, Ruby, PHP, Swift, Dart) with `web-tree-sitter` and the `tree-sitter-wasms` grammars (C#'s from
 * `tree-sitter-c-sharp`), giving
 * what the connector needs from it: the imports as written, the package a file declares, the names
 * it mentions and declares, and its symbols. Python, Go and Java are read here; each other
 * language by its own reader (kotlin-file, scala-file, c-includes, rust-reader, csharp-reader,
 * ruby-reader, php-reader, swift-file, dart-file) into the same shape, Rust, C#, Ruby and PHP with facts of
 * their own (`own`). web-tree-sitter stays on 0.25: the grammars of tree-sitter-wasms 0.1.13 are
 * built for ABI 14, which later releases no longer load.
 */
import { createRequire } from 'node:module';
import type { Language, Node, Parser } from 'web-tree-sitter';
import { cFile, withoutExportMacros } from './c-includes.js';
import { kotlinFile } from './kotlin-file.js';
import { scalaFile } from './scala-file.js';
import type { CodeSymbol } from '../outline.js';
import { phpFile } from './php-reader.js';
import { rubyFile } from './ruby-reader.js';
import { all, lineOf, named, signature } from './syntax-nodes.js';
import { csharpFile } from './csharp-reader.js';
import { rustFile } from './rust-reader.js';
import { swiftFile } from './swift-file.js';
import { dartFile } from './dart-file.js';
import type { ParsedFile, RawImport, Reparse } from './parsed-file.js';

/** Languages parsed here (the others keep the pattern outline). */
export const PARSED_LANGUAGES: ReadonlySet<string> = new Set([
  'python',
  'go',
  'java',
  'kotlin',
  'scala',
  'c',
  'cpp',
  'rust',
  'csharp',
  'ruby',
  'php',
  'swift',
  'dart',
]);

/** Each language's grammar: tree-sitter-wasms' by name, or a grammar package's own build. */
const GRAMMARS: Record<string, string> = {
  python: 'tree-sitter-wasms/out/tree-sitter-python.wasm',
  go: 'tree-sitter-wasms/out/tree-sitter-go.wasm',
  java: 'tree-sitter-wasms/out/tree-sitter-java.wasm',
  kotlin: 'tree-sitter-wasms/out/tree-sitter-kotlin.wasm',
  scala: 'tree-sitter-wasms/out/tree-sitter-scala.wasm',
  c: 'tree-sitter-wasms/out/tree-sitter-cpp.wasm',
  cpp: 'tree-sitter-wasms/out/tree-sitter-cpp.wasm',
  rust: 'tree-sitter-wasms/out/tree-sitter-rust.wasm',
  // tree-sitter-wasms' C# grammar predates C# 12 (collection expressions, primary constructors): a quarter of a modern project's files parsed with errors
  csharp: 'tree-sitter-c-sharp/tree-sitter-c_sharp.wasm',
  ruby: 'tree-sitter-wasms/out/tree-sitter-ruby.wasm',
  php: 'tree-sitter-wasms/out/tree-sitter-php.wasm',
  swift: 'tree-sitter-wasms/out/tree-sitter-swift.wasm',
  dart: 'tree-sitter-wasms/out/tree-sitter-dart.wasm',
};

interface Loaded {
  Parser: typeof Parser;
  languages: Map<string, Language | null>;
}

let loading: Promise<Loaded | null> | null = null;

function loadRuntime(): Promise<Loaded | null> {
  loading ??= import('web-tree-sitter')
    .then(async (m) => {
      await m.Parser.init();
      return { Parser: m.Parser, languages: new Map<string, Language | null>() } satisfies Loaded;
    })
    .catch(() => null);
  return loading;
}

async function language(runtime: Loaded, name: string): Promise<Language | null> {
  if (runtime.languages.has(name)) return runtime.languages.get(name)!;
  let lang: Language | null = null;
  try {
    const { Language } = await import('web-tree-sitter');
    const wasm = createRequire(import.meta.url).resolve(GRAMMARS[name]!);
    lang = await Language.load(wasm);
  } catch {
    lang = null; // no grammar: the file keeps the pattern outline and has no parsed imports
  }
  runtime.languages.set(name, lang);
  return lang;
}

function pythonFile(root: Node, text: string): ParsedFile {
  const imports: RawImport[] = [];
  const dotted = (n: Node | null) => (n?.type === 'aliased_import' ? (n.childForFieldName('name')?.text ?? '') : (n?.text ?? ''));
  for (const s of all(root, ['import_statement', 'import_from_statement'])) {
    const base = { wildcard: false, isStatic: false, line: lineOf(s) };
    if (s.type === 'import_statement') {
      for (const n of s.childrenForFieldName('name')) imports.push({ ...base, module: dotted(n), level: 0, names: [] });
      continue;
    }
    const from = s.childForFieldName('module_name');
    let level = 0;
    let module = from?.text ?? '';
    if (from?.type === 'relative_import') {
      const prefix = named(from).find((c) => c.type === 'import_prefix');
      level = prefix?.text.length ?? 1;
      module = named(from).find((c) => c.type === 'dotted_name')?.text ?? '';
    }
    const names = s.childrenForFieldName('name').map(dotted).filter(Boolean);
    if (named(s).some((c) => c.type === 'wildcard_import')) names.push('*');
    imports.push({ ...base, module, level, names });
  }
  const symbols: CodeSymbol[] = [];
  for (const top of named(root)) {
    const def = top.type === 'decorated_definition' ? top.childForFieldName('definition') : top;
    if (!def || (def.type !== 'function_definition' && def.type !== 'class_definition')) continue;
    const name = def.childForFieldName('name')?.text ?? '';
    if (!name || name.startsWith('_')) continue;
    symbols.push({
      name,
      kind: def.type === 'class_definition' ? 'class' : def.text.startsWith('async') ? 'async def' : 'def',
      line: lineOf(def),
      signature: signature(text, def, def.childForFieldName('body')),
    });
  }
  return { imports, symbols, packageName: '', mentions: [], declares: [], selected: new Map(), syntaxErrors: root.hasError };
}

const exported = (name: string) => /^[A-Z]/.test(name);

/** Go's nodes that give names to a function's body: its receiver, parameters and named results. */
const GO_FUNCTIONS = new Set(['function_declaration', 'method_declaration', 'func_literal']);

/** The names a Go statement or clause declares in the block around it (`x := …`, `var x …`, `for k, v := range …`, `if x, ok := …; …`). */
function goDeclared(n: Node): string[] {
  const identifiers = (list: Node | null) =>
    named(list)
      .filter((c) => c.type === 'identifier')
      .map((c) => c.text);
  switch (n.type) {
    case 'short_var_declaration':
      return identifiers(n.childForFieldName('left'));
    case 'var_declaration':
    case 'const_declaration':
      return all(n, ['var_spec', 'const_spec']).flatMap((spec) => spec.childrenForFieldName('name').map((c) => c?.text ?? ''));
    case 'range_clause':
      // `for k = range …` assigns names declared before
      return /^[^=]*:=/.test(n.text) ? identifiers(n.childForFieldName('left')) : [];
    case 'for_clause':
    case 'if_statement':
    case 'expression_switch_statement':
    case 'type_switch_statement': {
      const initializer = n.childForFieldName('initializer');
      return [...(initializer ? goDeclared(initializer) : []), ...(n.type === 'type_switch_statement' ? identifiers(n.childForFieldName('alias')) : [])];
    }
    default:
      return [];
  }
}

/** The names a Go function's receiver, parameters and named results declare. */
function goParameters(fn: Node): string[] {
  const lists = ['receiver', 'parameters', 'result'].map((field) => fn.childForFieldName(field)).filter((l) => l?.type === 'parameter_list');
  return lists.flatMap((l) =>
    all(l!, ['parameter_declaration', 'variadic_parameter_declaration']).flatMap((p) => p.childrenForFieldName('name').map((c) => c?.text ?? '')),
  );
}

/**
 * Whether `name` is a local name where `at` is: a parameter of a function around it, or declared
 * before it in a block, a loop's or an `if`'s clause, or a type switch around it (`store := NewStore(db)`
 * hides an imported package `store` from there on).
 */
function goShadowed(at: Node, name: string): boolean {
  for (let scope = at.parent; scope && scope.type !== 'source_file'; scope = scope.parent) {
    if (GO_FUNCTIONS.has(scope.type) && goParameters(scope).includes(name)) return true;
    // a statement of the block before `at`, or the clause of a loop, an `if` or a switch that holds it
    const before = named(scope).filter((c) => c.endIndex <= at.startIndex);
    if (before.some((c) => goDeclared(c).includes(name))) return true;
    if (scope.type === 'type_switch_statement' && goDeclared(scope).includes(name)) return true;
  }
  return false;
}

/**
 * Go's qualified names: `a.B` in expressions (a call, a composite literal, a conversion) and in
 * types; an expression's `a` that a local name hides (a parameter, `a := …`) selects from no package.
 */
function goSelected(root: Node): Map<string, string[]> {
  const selected = new Map<string, Set<string>>();
  // only a name some function declares locally can hide a package
  const locals = new Set([
    ...all(root, [...GO_FUNCTIONS]).flatMap(goParameters),
    ...all(root, ['short_var_declaration', 'var_declaration', 'range_clause', 'type_switch_statement']).flatMap(goDeclared),
  ]);
  for (const n of all(root, ['selector_expression', 'qualified_type'])) {
    const type = n.type === 'qualified_type';
    const first = n.childForFieldName(type ? 'package' : 'operand');
    const name = n.childForFieldName(type ? 'name' : 'field')?.text;
    if (!name || (first?.type !== 'identifier' && first?.type !== 'package_identifier')) continue;
    if (!type && locals.has(first.text) && goShadowed(n, first.text)) continue;
    const names = selected.get(first.text) ?? new Set<string>();
    selected.set(first.text, names.add(name));
  }
  return new Map([...selected].map(([first, names]) => [first, [...names]]));
}

function goFile(root: Node, text: string): ParsedFile {
  const imports: RawImport[] = all(root, ['import_spec']).map((s) => {
    const alias = s.childForFieldName('name')?.text;
    return {
      module: (s.childForFieldName('path')?.text ?? '').replace(/^["`]|["`]$/g, ''),
      level: 0,
      names: [],
      wildcard: false,
      isStatic: false,
      ...(alias ? { alias } : {}),
      line: lineOf(s),
    };
  });
  const symbols: CodeSymbol[] = [];
  const declares: string[] = [];
  let packageName = '';
  for (const top of named(root)) {
    if (top.type === 'package_clause') packageName = named(top)[0]?.text ?? '';
    else if (top.type === 'var_declaration' || top.type === 'const_declaration')
      declares.push(...all(top, ['var_spec', 'const_spec']).flatMap((spec) => spec.childrenForFieldName('name').map((n) => n?.text ?? '')));
    else if (top.type === 'function_declaration' || top.type === 'method_declaration') {
      const name = top.childForFieldName('name')?.text ?? '';
      if (top.type === 'function_declaration') declares.push(name);
      if (!exported(name)) continue;
      const receiver = top.type === 'method_declaration' ? (all(top.childForFieldName('receiver')!, ['type_identifier'])[0]?.text ?? '') : '';
      symbols.push({
        name: receiver ? `${receiver}.${name}` : name,
        kind: receiver ? 'method' : 'func',
        line: lineOf(top),
        signature: signature(text, top, top.childForFieldName('body')),
      });
    } else if (top.type === 'type_declaration') {
      for (const spec of named(top).filter((c) => c.type === 'type_spec' || c.type === 'type_alias')) {
        const name = spec.childForFieldName('name')?.text ?? '';
        declares.push(name);
        if (exported(name)) symbols.push({ name, kind: 'type', line: lineOf(spec), signature: signature(text, top, null) });
      }
    }
  }
  const mentions = [...new Set(all(root, ['identifier', 'type_identifier']).map((n) => n.text))];
  return {
    imports,
    symbols,
    packageName,
    mentions,
    declares: [...new Set(declares.filter((n) => n && n !== '_'))],
    selected: goSelected(root),
    syntaxErrors: root.hasError,
  };
}

const JAVA_TYPES = ['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration'];

function javaFile(root: Node, text: string): ParsedFile {
  let packageName = '';
  const imports: RawImport[] = [];
  const symbols: CodeSymbol[] = [];
  for (const top of named(root)) {
    if (top.type === 'package_declaration') packageName = named(top).find((c) => c.type !== 'annotation' && c.type !== 'marker_annotation')?.text ?? '';
    else if (top.type === 'import_declaration') {
      const name = named(top).find((c) => c.type === 'scoped_identifier' || c.type === 'identifier')?.text ?? '';
      imports.push({
        module: name,
        level: 0,
        names: [],
        wildcard: named(top).some((c) => c.type === 'asterisk') || /\.\s*\*\s*;/.test(top.text),
        isStatic: /^import\s+static\b/.test(top.text),
        line: lineOf(top),
      });
    } else if (JAVA_TYPES.includes(top.type)) {
      const typeName = top.childForFieldName('name')?.text ?? '';
      if (!typeName) continue;
      const body = top.childForFieldName('body');
      symbols.push({
        name: typeName,
        kind: top.type.replace('_declaration', '').replace('annotation_type', '@interface'),
        line: lineOf(top),
        signature: signature(text, top, body),
      });
      for (const m of named(body).filter((c) => c.type === 'method_declaration')) {
        const modifiers = named(m).find((c) => c.type === 'modifiers')?.text ?? '';
        const name = m.childForFieldName('name')?.text ?? '';
        if (!/\bpublic\b/.test(modifiers) || !name) continue;
        symbols.push({ name: `${typeName}.${name}`, kind: 'method', line: lineOf(m), signature: signature(text, m, m.childForFieldName('body')) });
      }
    }
  }
  // a class is named as a type, or as what a static call or field starts with (`Strings.slug(s)`, `Tier.GOLD`)
  const receivers = all(root, ['method_invocation', 'field_access'])
    .map((n) => n.childForFieldName('object'))
    .filter((o): o is Node => o?.type === 'identifier' && /^\p{Lu}/u.test(o.text));
  const mentions = [...new Set([...all(root, ['type_identifier']), ...receivers].map((n) => n.text))];
  return { imports, symbols, packageName, mentions, declares: [], selected: new Map(), syntaxErrors: root.hasError };
}

/**
 * A name declared more than once in a file (Python's `@overload` stubs before the implementation,
 * a function defined in both branches of an `if`, Java's overloaded methods) is one symbol: its
 * first declaration. Symbol ids are the file and the name.
 */
function firstOfEachName(symbols: readonly CodeSymbol[]): CodeSymbol[] {
  const seen = new Set<string>();
  return symbols.filter((s) => !seen.has(s.name) && seen.add(s.name));
}

const READERS: Record<string, (root: Node, text: string, reparse: Reparse) => ParsedFile> = {
  python: pythonFile,
  go: goFile,
  java: javaFile,
  kotlin: kotlinFile,
  scala: scalaFile,
  c: cFile,
  cpp: cFile,
  rust: rustFile,
  csharp: csharpFile,
  ruby: rubyFile,
  php: phpFile,
  swift: swiftFile,
  dart: dartFile,
};

/** A language's text made readable by its grammar before the parse, the same length line by line. */
const PREPARE: Record<string, (text: string) => string> = { c: withoutExportMacros, cpp: withoutExportMacros };

/** The parse of one file; null for a language not parsed here or when the grammar cannot load. */
export async function parseFile(text: string, languageName: string): Promise<ParsedFile | null> {
  if (!PARSED_LANGUAGES.has(languageName)) return null;
  const runtime = await loadRuntime();
  const lang = runtime && (await language(runtime, languageName));
  if (!runtime || !lang) return null;
  const parser = new runtime.Parser();
  try {
    parser.setLanguage(lang);
    const source = PREPARE[languageName]?.(text) ?? text;
    const tree = parser.parse(source);
    if (!tree) return null;
    try {
      const parsed = READERS[languageName]!(tree.rootNode, source, (other) => parser.parse(other));
      return { ...parsed, symbols: firstOfEachName(parsed.symbols) };
    } finally {
      tree.delete();
    }
  } finally {
    parser.delete();
  }
}
