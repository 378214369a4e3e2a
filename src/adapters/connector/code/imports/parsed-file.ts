/**
 * @module adapters/connector/code/imports/parsed-file
 * What a parse of one file gives the import resolvers, whichever language's reader made it: the
 * imports as written, the package, the names it mentions and declares, its symbols, and facts of
 * the language's own.
 */
import type { Tree } from 'web-tree-sitter';
import type { CodeSymbol } from '../outline.js';

export interface RawImport {
  /** Python: dotted module after its leading dots; Go: the import path; Java: the dotted name without `*`. */
  module: string;
  /** Python's relative level (`from ..x` is 2); 0 elsewhere. */
  level: number;
  /** Python `from m import a, b`: a and b (a name may be a submodule); `*` for a wildcard. */
  names: string[];
  /** Java `import a.b.*;`. */
  wildcard: boolean;
  /** Java `import static`. */
  isStatic: boolean;
  /** C/C++: an `#include <…>` (searched only under include folders), not `"…"`. */
  system?: boolean;
  /** Go: the name the import is given (`st "…/store"`, `.`, `_`); absent when the file uses the package's own name. */
  alias?: string;
  line: number;
}

export interface ParsedFile {
  imports: RawImport[];
  symbols: CodeSymbol[];
  /** Go `package x` / Java `package a.b;` (empty when none). */
  packageName: string;
  /** Names the file mentions that a file of its own package may declare (those need no import): Java's type names, Go's identifiers. */
  mentions: string[];
  /**
   * Go: the package-level names the file declares (functions, types, variables, constants; methods
   * are no such names). Scala: a package object's members as `util.slug`, names of the package
   * `util` within the file's.
   */
  declares: string[];
  /**
   * Go: each name a qualified name starts with → the names after its dot (`store.New()`,
   * `*store.Order`, `store.List[int]`: store → New, Order, List). The first name may be an import's
   * name or a package-level variable's (the importer's rule in lang-imports keeps the import's); a
   * local name's (`store := NewStore(db)` then `store.CreateUser(…)`) is left out.
   */
  selected: ReadonlyMap<string, readonly string[]>;
  /** The parse met syntax it could not read: what the file selects may be missing. */
  syntaxErrors: boolean;
  /** What the language's own resolver reads beyond the fields above, tagged by the language. */
  own?: LanguageFacts;
}

/**
 * The facts a language's reader keeps for its own resolver: Rust's `mod` declarations, `use` and
 * qualified paths and each module's items (rust-reader); C#'s namespaces, their types, `using`
 * directives and dotted names (csharp-reader); Ruby's loads, constants and their nesting and
 * autoload settings (ruby-reader); PHP's namespace, `use`s, names, includes and declarations
 * (php-reader). Each reader adds its own entry by declaration merging, so this module
 * depends on none of them.
 */
export interface FactsByLanguage {}

export type LanguageFacts = { [L in keyof FactsByLanguage]: { language: L; facts: FactsByLanguage[L] } }[keyof FactsByLanguage];

/** Parses another text with the file's grammar (the tree is the caller's to delete); Rust reads `cfg_if!` bodies with it. */
export type Reparse = (text: string) => Tree | null;
