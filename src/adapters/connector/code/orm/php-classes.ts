/**
 * @module adapters/connector/code/orm/php-classes
 * PHP text as written, for the readers of a framework's classes (Eloquent's): the file's namespace
 * and `use` imports (aliases, grouped `use A\{B, C as D}`) by which a class name resolves to its full
 * name as PHP resolves it, the classes it declares with the class each extends, and a call's
 * arguments (positional and PHP 8 named ones) read as string literals or `X::class` names.
 * Comments are blanked first (offsets and lines kept): a docblock's `@method static Builder where()`
 * is no call.
 */
import { callArgs, chainAfter, topLevelArgs } from '../text/call-reading.js';
import { blankComments, scriptBlocks, type Block } from '../text/script-blocks.js';
import { oncePerText } from '../text/scan-memo.js';

/** How a file names classes: its namespace and the full names its `use` imports give their aliases. */
export interface PhpNames {
  namespace: string;
  imports: ReadonlyMap<string, string>;
}

/** A class (or trait) the file declares, with the full name of the class it extends and of the traits it uses. */
export interface PhpClass {
  name: string;
  fqn: string;
  parent: string | undefined;
  abstract: boolean;
  trait: boolean;
  /** The traits its body `use`s, by full name. */
  traits: string[];
  /** The offset of its declaration and its body (from `{` to `}`). */
  index: number;
  body: Block;
}

/** The PHP text with its comments blanked: `//`, `/* … *\/` and whole-line `#` ones (not PHP 8's `#[Attribute]`). */
export const phpCode = oncePerText((text: string): string => blankComments(text).replace(/^[ \t]*#(?!\[)[^\n]*/gm, (line) => line.replace(/[^\n]/g, ' ')));

export const phpNames = oncePerText((text: string): PhpNames => {
  const namespace = /^\s*namespace\s+([\w\\]+)\s*[;{]/m.exec(text)?.[1] ?? '';
  const imports = new Map<string, string>();
  // the imports precede the first declaration: a `use` inside a class takes a trait
  const head = text.slice(0, /^[ \t]*(?:(?:abstract|final|readonly)\s+)*(?:class|trait|interface|enum)\s/m.exec(text)?.index ?? text.length);
  for (const m of head.matchAll(/^\s*use\s+([\w\\]+)\s*(?:\{([^}]*)\}|as\s+(\w+))?\s*;/gm)) {
    if (/^(?:function|const)$/.test(m[1]!)) continue;
    if (m[2] === undefined) {
      imports.set(m[3] ?? m[1]!.split('\\').at(-1)!, m[1]!.replace(/^\\/, ''));
      continue;
    }
    const prefix = m[1]!.replace(/^\\|\\$/g, '');
    for (const part of m[2].split(',')) {
      const one = /^\s*([\w\\]+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
      if (one) imports.set(one[2] ?? one[1]!.split('\\').at(-1)!, `${prefix}\\${one[1]}`);
    }
  }
  return { namespace, imports };
});

/** The full name PHP gives a class name as written in the file (`\App\User`, `Models\User`, an alias, a name of the namespace). */
export function resolveClass(names: PhpNames, written: string): string {
  if (written.startsWith('\\')) return written.slice(1);
  const [first, ...rest] = written.split('\\');
  const imported = names.imports.get(first!);
  if (imported) return [imported, ...rest].join('\\');
  return names.namespace ? `${names.namespace}\\${written}` : written;
}

const CLASS = /^[ \t]*((?:(?:abstract|final|readonly)\s+)*)(class|trait)\s+(\w+)(?:\s+extends\s+([\w\\]+))?[^{]*\{/gm;

/** The traits a class body (`{…}`) uses at its top level: `use HasTags;`, `use A, B { … }`. */
function traitsUsed(code: string, body: Block, blocks: readonly Block[], names: PhpNames): string[] {
  const inner = blocks.filter((b) => b.start > body.start && b.end <= body.end);
  const out: string[] = [];
  for (const m of code.slice(body.start + 1, body.end).matchAll(/^[ \t]*use\s+([\w\\]+(?:\s*,\s*[\w\\]+)*)\s*[;{]/gm)) {
    const at = body.start + 1 + m.index;
    if (inner.some((b) => b.start < at && at < b.end)) continue;
    out.push(...m[1]!.split(/\s*,\s*/).map((t) => resolveClass(names, t)));
  }
  return out;
}

/** The classes and traits of a file whose comments are blanked (`phpCode`), their names resolved as its `phpNames` say. */
export const phpClasses = oncePerText((code: string): readonly PhpClass[] => {
  const names = phpNames(code);
  const blocks = scriptBlocks(code);
  const out: PhpClass[] = [];
  for (const m of code.matchAll(CLASS)) {
    const open = m.index + m[0].length - 1;
    const body = blocks.find((b) => b.start === open) ?? { start: open, end: code.length };
    out.push({
      name: m[3]!,
      fqn: names.namespace ? `${names.namespace}\\${m[3]}` : m[3]!,
      parent: m[4] ? resolveClass(names, m[4]) : undefined,
      abstract: /\babstract\b/.test(m[1]!),
      trait: m[2] === 'trait',
      traits: traitsUsed(code, body, blocks, names),
      index: m.index + m[0].search(/\S/),
      body,
    });
  }
  return out;
});

/** An argument as read: a string literal's value, a class by `X::class` (its full name), else what is written. */
export type PhpArg = { string: string } | { class: string } | { other: string };

/**
 * The arguments of the call whose `(` is at `open`, by position and by name (PHP 8's `foreignKey: 'x'`),
 * the positional ones given the names `params` says.
 */
export function phpCallArgs(code: string, open: number, names: PhpNames, params: readonly string[]): Map<string, PhpArg> {
  const out = new Map<string, PhpArg>();
  splitArgs(callArgs(code, open)).forEach((written, i) => {
    const named = /^(\w+)\s*:(?!:)\s*([\s\S]*)$/.exec(written);
    const name = named ? named[1]! : params[i];
    if (name) out.set(name, phpArg(named ? named[2]! : written, names));
  });
  return out;
}

/** One argument as written, read: a string literal, `X::class` (its full name), else as written. */
export function phpArg(written: string, names: PhpNames): PhpArg {
  const literal = /^(['"])([\w\\.$-]*)\1$/.exec(written);
  if (literal) return { string: literal[2]!.replace(/\\\\/g, '\\') };
  const cls = /^([\w\\]+)\s*::\s*class$/.exec(written);
  // `self::class` and `static::class` are the enclosing class, left to the caller
  if (cls && !/^(?:self|static)$/.test(cls[1]!)) return { class: resolveClass(names, cls[1]!) };
  return { other: written };
}

/** The top-level arguments of an argument list, trimmed, the empty ones left out (a trailing comma). */
export const splitArgs = (args: string): string[] => topLevelArgs(args).filter(Boolean);

/** The methods chained after the call whose `(` is at `open`: `->where(…)->get()` gives `where`, `get`, each with its `(`. */
export const phpChain = (code: string, open: number) => chainAfter(code, open, /^\s*\??->\s*(\w+)\s*\(/);

/** What `of` gives for each trait a class uses and each trait those use, each trait once, the project's classes given by full name. */
export function fromTraits<C extends PhpClass, R>(c: C, byName: ReadonlyMap<string, C | null>, of: (t: C) => readonly R[], seen = new Set<string>()): R[] {
  return c.traits.flatMap((name) => {
    const t = byName.get(name);
    if (!t?.trait || seen.has(name)) return [];
    seen.add(name);
    return [...of(t), ...fromTraits(t, byName, of, seen)];
  });
}
