/**
 * @module adapters/connector/code/imports/php-reader
 * What a PHP file's tree-sitter parse says for its imports (php-imports resolves them): its
 * namespace, its `use` imports (grouped `use A\{B, C as D}`, aliases, `use function`, `use
 * const`), the class names it mentions where PHP takes a class (`new X`, `X::y()`, `X::class`,
 * `extends`, `implements`, a trait's `use`, type declarations, `instanceof`, `catch`, attributes),
 * the functions it calls, the classes and functions it declares, and its `require`/`include`(`_once`)
 * paths: a literal, or computed from `__DIR__`, `__FILE__` and `dirname(…)` (`dirname(__DIR__, 2) .
 * '/config.php'`). Its symbols: classes, interfaces, traits and enums, their public methods as
 * `Type.name`, and functions.
 */
import type { Node } from 'web-tree-sitter';
import type { CodeSymbol } from '../outline.js';
import { all, lineOf, named, signature } from './syntax-nodes.js';
import type { ParsedFile } from './parsed-file.js';
import { withOwnFacts } from './import-links.js';

export interface PhpUse {
  kind: 'class' | 'function' | 'const';
  /** The imported name, without a leading `\`. */
  name: string;
  /** The name it is known by in the file (its last part, or its `as` alias). */
  alias: string;
  /** The namespace the `use` is written in. */
  namespace: string;
}

export interface PhpName {
  /** As written: `User`, `Models\User`, `\App\Models\User`, `namespace\User`. */
  name: string;
  role: 'class' | 'function';
  namespace: string;
}

export interface PhpInclude {
  kind: 'require' | 'require_once' | 'include' | 'include_once';
  /** Where the path starts: the including file itself, its folder, or the include path (the working folder, then the file's own). */
  anchor: 'file' | 'folder' | 'search';
  path: string;
  line: number;
}

export interface PhpFacts {
  uses: PhpUse[];
  names: PhpName[];
  includes: PhpInclude[];
  /** Full names of the classes (interfaces, traits, enums) and functions it declares. */
  classes: string[];
  functions: string[];
}

declare module './parsed-file.js' {
  interface FactsByLanguage {
    php: PhpFacts;
  }
}

const TYPES: Record<string, string> = {
  class_declaration: 'class',
  interface_declaration: 'interface',
  trait_declaration: 'trait',
  enum_declaration: 'enum',
};

/** Where PHP takes a class name or a called function's: the node holding the name, and which of its children are names. */
const NAME_PLACES: Record<string, { role: PhpName['role']; names: (n: Node) => Array<Node | null | undefined> }> = {
  named_type: { role: 'class', names: (n) => named(n) },
  base_clause: { role: 'class', names: (n) => named(n) },
  class_interface_clause: { role: 'class', names: (n) => named(n) },
  // a trait's `use` inside a class
  use_declaration: { role: 'class', names: (n) => named(n) },
  attribute: { role: 'class', names: (n) => [named(n)[0]] },
  object_creation_expression: { role: 'class', names: (n) => [named(n)[0]] },
  class_constant_access_expression: { role: 'class', names: (n) => [named(n)[0]] },
  scoped_call_expression: { role: 'class', names: (n) => [n.childForFieldName('scope')] },
  scoped_property_access_expression: { role: 'class', names: (n) => [n.childForFieldName('scope')] },
  binary_expression: { role: 'class', names: (n) => (n.childForFieldName('operator')?.text === 'instanceof' ? [n.childForFieldName('right')] : []) },
  function_call_expression: { role: 'function', names: (n) => [n.childForFieldName('function')] },
};

const SPECIAL = new Set(['self', 'static', 'parent', 'class']);

const INCLUDES = ['require_expression', 'require_once_expression', 'include_expression', 'include_once_expression'];

interface Value {
  anchor: 'file' | 'folder' | null;
  path: string;
}

const stringValue = (n: Node): string | null =>
  (n.type === 'string' || n.type === 'encapsed_string') && named(n).every((c) => c.type === 'string_content' || c.type === 'string_value')
    ? named(n)
        .map((c) => c.text)
        .join('')
    : null;

/** An include's path when it is a literal or built from `__DIR__`, `__FILE__`, `dirname()` and `DIRECTORY_SEPARATOR`. */
function pathValue(n: Node | undefined): Value | null {
  if (!n) return null;
  if (n.type === 'parenthesized_expression') return pathValue(named(n)[0]);
  if (n.type === 'name' && n.text === '__DIR__') return { anchor: 'folder', path: '' };
  if (n.type === 'name' && n.text === '__FILE__') return { anchor: 'file', path: '' };
  if (n.type === 'name' && n.text === 'DIRECTORY_SEPARATOR') return { anchor: null, path: '/' };
  const literal = stringValue(n);
  if (literal !== null) return { anchor: null, path: literal };
  if (n.type === 'binary_expression' && n.childForFieldName('operator')?.text === '.') {
    const left = pathValue(n.childForFieldName('left') ?? undefined);
    const right = pathValue(n.childForFieldName('right') ?? undefined);
    if (!left || !right || right.anchor) return null;
    return { anchor: left.anchor, path: left.path + right.path };
  }
  if (n.type === 'function_call_expression' && /^\\?dirname$/.test(n.childForFieldName('function')?.text ?? '')) {
    const [of, levels] = named(n.childForFieldName('arguments')).map((a) => named(a)[0]);
    const inner = pathValue(of);
    const times = levels ? Number(levels.text) : 1;
    if (!inner?.anchor || !Number.isInteger(times) || times < 1) return null;
    return { anchor: inner.anchor, path: inner.path + '/..'.repeat(times) };
  }
  return null;
}

function includeOf(n: Node): PhpInclude | null {
  const kind = n.type.replace(/_expression$/, '') as PhpInclude['kind'];
  const value = pathValue(named(n)[0]);
  if (!value) return null;
  return { kind, anchor: value.anchor ?? 'search', path: value.path, line: lineOf(n) };
}

/** The `use` clauses of one `use …;` statement. */
function usesOf(n: Node, namespace: string): PhpUse[] {
  const kind = /^use\s+(function|const)\b/.exec(n.text)?.[1] as PhpUse['kind'] | undefined;
  const clause = (c: Node, prefix: string): PhpUse => {
    const target = named(c).find((x) => x.type !== 'namespace_aliasing_clause')!;
    const name = `${prefix}${target.text}`.replace(/^\\/, '');
    const alias = named(named(c).find((x) => x.type === 'namespace_aliasing_clause'))[0]?.text ?? name.split('\\').pop()!;
    // in a group a clause may say its own kind: use A\{function f, B}
    const own = /^(function|const)\s/.exec(c.text)?.[1] as PhpUse['kind'] | undefined;
    return { kind: own ?? kind ?? 'class', name, alias, namespace };
  };
  const group = named(n).find((c) => c.type === 'namespace_use_group');
  if (group) {
    const prefix = named(n).find((c) => c.type === 'namespace_name')?.text ?? '';
    return named(group)
      .filter((c) => c.type === 'namespace_use_group_clause')
      .map((c) => clause(c, `${prefix}\\`));
  }
  return named(n)
    .filter((c) => c.type === 'namespace_use_clause')
    .map((c) => clause(c, ''));
}

const qualify = (namespace: string, name: string) => (namespace ? `${namespace}\\${name}` : name);

function declaration(n: Node, namespace: string, text: string, facts: PhpFacts, symbols: CodeSymbol[]): void {
  const name = n.childForFieldName('name')?.text ?? '';
  if (!name) return;
  const body = n.childForFieldName('body');
  if (n.type === 'function_definition') {
    facts.functions.push(qualify(namespace, name));
    symbols.push({ name, kind: 'function', line: lineOf(n), signature: signature(text, n, body) });
    return;
  }
  facts.classes.push(qualify(namespace, name));
  symbols.push({ name, kind: TYPES[n.type]!, line: lineOf(n), signature: signature(text, n, body) });
  for (const m of named(body).filter((c) => c.type === 'method_declaration')) {
    const visibility = named(m).find((c) => c.type === 'visibility_modifier')?.text ?? 'public';
    const method = m.childForFieldName('name')?.text ?? '';
    if (visibility !== 'public' || !method) continue;
    symbols.push({ name: `${name}.${method}`, kind: 'method', line: lineOf(m), signature: signature(text, m, m.childForFieldName('body')) });
  }
}

const WANTED = ['namespace_definition', 'namespace_use_declaration', ...INCLUDES, ...Object.keys(TYPES), 'function_definition', ...Object.keys(NAME_PLACES)];

/**
 * The nodes are found in one search by type, in document order (tree-sitter's own walk: a walk over every node from
 * JavaScript took about as long as the parse, and each search walks the whole tree again). The namespace of a place is the
 * last `namespace` before it: PHP allows no code outside a braced `namespace X { … }` but `declare`.
 */
export function phpFile(root: Node, text: string): ParsedFile {
  const facts: PhpFacts = { uses: [], names: [], includes: [], classes: [], functions: [] };
  const symbols: CodeSymbol[] = [];
  let namespace = '';
  for (const n of all(root, WANTED)) {
    const place = NAME_PLACES[n.type];
    if (n.type === 'namespace_definition') namespace = n.childForFieldName('name')?.text ?? '';
    else if (n.type === 'namespace_use_declaration') facts.uses.push(...usesOf(n, namespace));
    else if (INCLUDES.includes(n.type)) {
      const include = includeOf(n);
      if (include) facts.includes.push(include);
    }
    // a class is declared where it is written; a function too when it is conditional (`if (!function_exists('user')) { function user() … }`)
    else if (TYPES[n.type] || n.type === 'function_definition') declaration(n, namespace, text, facts, symbols);
    if (!place) continue;
    for (const name of place.names(n)) {
      if ((name?.type === 'name' || name?.type === 'qualified_name') && !SPECIAL.has(name.text.toLowerCase()))
        facts.names.push({ name: name.text, role: place.role, namespace });
    }
  }
  return withOwnFacts(symbols, root.hasError, { language: 'php', facts });
}
