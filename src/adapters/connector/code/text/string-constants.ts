/**
 * @module adapters/connector/code/text/string-constants
 * The string constants a Java or Kotlin project declares, by the class that declares them and their
 * name (`Queries.FIND_BY_OWNER`): a `static final String` (any `String` field of an interface; each of a
 * list, `A = "…", B = "…";`), a Kotlin `const val` and a `val` of an `object` or a companion, a Kotlin
 * `const val` or `val` outside any class (by its package, and by its file's class for Java: `QueriesKt.PURGE`, for a `const val`
 * or `@JvmField` one; a named companion's by its class and by its name too, `Owner.Named.ARCHIVE`), each
 * given by a literal or by literals and other constants joined by `+`; by which a file reads a statement
 * another file holds (`@Query(Queries.PURGE)`, `em.createQuery(PetQueries.BY_OWNER)`, a name imported),
 * telling classes of one name apart by its package and imports (see constant-names). The files are read once per scan and
 * each constant's string once, when it is first asked for; the strings stay here and in the readers of
 * JPQL and SQL, which let only entity and table names out.
 */
import { functionBody } from './call-reading.js';
import { byPath, declarationsOf, type Declared, NO_SCOPE, packageOf, type Scope, scopeOf } from './constant-names.js';
import { concatenation, type HeldStrings } from './held-strings.js';
import { blankComments, scriptBlocks } from './script-blocks.js';

/** A constant's declaration: its name, its file and where its value starts there, its classes innermost first (`a.x.Queries.Inner`, `a.x.Queries`). */
interface Declaration extends Declared {
  name: string;
  file: number;
  from: number;
  owners: string[];
  /** A Kotlin constant declared outside any class, read by its package as well as its file's class. */
  topLevel: boolean;
  /** A Kotlin `val` outside any class neither `const` nor `@JvmField`: Java reads it by a getter, not as its file class's field. */
  getter?: boolean;
}

/** The project's string constants, each by `Class.NAME`; and how a file's names reach them. */
export interface ProjectConstants {
  /** The string of the constant `Class.NAME` (`a.x.Class.NAME`), when one is declared with one value; a name two classes of the same name give different values gives none. */
  get(key: string): string | undefined;
  /** The strings the names a file writes hold by the project's constants (`Queries.FIND`, `FIND` imported statically); `text` the file's. */
  inFile(text: string): HeldStrings;
}

/** A Java field of type `String` (its modifiers in group 1, its name in 2) or a Kotlin `val` (3, 4), up to its `=`. */
const FIELD =
  /(?<![\w$.])((?:(?:public|protected|private|static|final|transient|volatile)\s+)*)String\s+([A-Za-z_$][\w$]*)\s*=(?!=)|(?<![\w$.])((?:(?:public|protected|private|internal|override|const|@JvmField)\s+)*)val\s+([A-Za-z_$][\w$]*)\s*(?::\s*String\s*)?=(?!=)/g;

/** A type declared (its keyword in group 1, its name in 2), or a Kotlin companion object (3), named or not (its name in 4). */
const TYPE = /\b(?:(class|interface|enum|record|object)\s+(?!(?:class|interface)\b)([A-Za-z_$][\w$]*)|(companion\s+object)\b(?:[ \t]+([A-Za-z_$][\w$]*))?)/g;

/**
 * A value ends its declaration: a `;`, a `,` before the next of a Java list, a line's end, the body's end; a raw string's margin
 * may be trimmed first (`"""…""".trimIndent()`). A Kotlin getter after it (`val X = "a"` then `get() = field.uppercase()`) gives another.
 */
const DECLARATION_END = /^(?:\s*\.\s*(?:trimIndent|trimMargin|stripIndent)\s*\(\s*\))?[ \t]*(?:[;,}\r\n]|$)(?!\s*get\s*\()/;

/** The string constants a file declares; `text` has its comments blanked, `fileClass` is the class Java sees a Kotlin file's top-level constants in. */
function declarations(text: string, file: number, fileClass?: string): Declaration[] {
  if (!fileClass && !/\b(?:static|interface|const|object)\b/.test(text)) return [];
  // the fields that may be constants, by their modifiers, before the file's blocks are read: most files' strings are a method's variables
  const interfaces = /\binterface\b/.test(text);
  const fields = [...text.matchAll(FIELD)].filter((m) => {
    const modifiers = m[1] ?? m[3]!;
    if (/\bprivate\b/.test(modifiers)) return false;
    // a Kotlin file's `val` may be an object's, a companion's or declared outside any class
    return m[2] ? (/\bstatic\b/.test(modifiers) && /\bfinal\b/.test(modifiers)) || interfaces : !!fileClass;
  });
  if (!fields.length) return [];
  const blocks = scriptBlocks(text);
  // `companion`: a companion's name (`''` when it has none), undefined for any other type
  const types: Array<{ name: string; kind: string; companion: string | undefined; start: number; end: number }> = [];
  for (const m of text.matchAll(TYPE)) {
    const body = functionBody(text, blocks, m.index);
    if (body.start < m.index) continue;
    // a companion's constants are its class's, and its name's when it has one (`Owner.Named.ARCHIVE` as well as `Owner.ARCHIVE`)
    const name = m[2] ?? types.filter((t) => t.start < m.index && m.index < t.end).at(-1)?.name;
    if (name) types.push({ name, kind: m[1] ?? 'object', companion: m[2] ? undefined : (m[4] ?? ''), start: body.start, end: body.end });
  }
  const pkg = packageOf(text);
  const inPackage = (path: string) => (pkg ? `${pkg}.${path}` : path);
  const out: Declaration[] = [];
  for (const m of fields) {
    const modifiers = m[1] ?? m[3]!;
    const from = m.index + m[0].length;
    const around = types.filter((t) => t.start < m.index && m.index < t.end).reverse();
    const inner = around[0];
    if (!inner) {
      // a `val` outside any class and any function: a `const val`, or one its literals may give (a `var` may change)
      if (fileClass && m[4] && !blocks.some((b) => b.start < m.index && m.index < b.end)) {
        const owner = inPackage(fileClass);
        const getter = !/\bconst\b|@JvmField\b/.test(modifiers);
        out.push({ name: m[4], owner, pkg, file, from, owners: [owner], topLevel: true, getter });
      }
      continue;
    }
    // a member of its type's body, not a method's variable
    if (blocks.some((b) => inner.start < b.start && b.start < m.index && m.index < b.end)) continue;
    const constant = m[2] ? /\bstatic\b/.test(modifiers) && /\bfinal\b/.test(modifiers) : /\bconst\b/.test(modifiers) || inner.kind === 'object';
    if (!constant && !(m[2] && inner.kind === 'interface')) continue;
    // outermost first: `Queries`, `Queries.Inner`; a named companion's once by its class alone and once by its name too
    const paths = [around.filter((t) => t.companion === undefined).map((t) => t.name)];
    if (around.some((t) => t.companion)) paths.push(around.flatMap((t) => (t.companion === undefined ? [t.name] : t.companion ? [t.companion] : [])));
    for (const path of paths) {
      const names = path.reverse();
      const owners = names.map((_, i) => inPackage(names.slice(0, names.length - i).join('.')));
      const declared = { owner: owners[0]!, pkg, file, owners, topLevel: false };
      out.push({ ...declared, name: m[2] ?? m[4]!, from });
      if (m[2]) for (const next of laterDeclarators(text, from)) out.push({ ...declared, ...next });
    }
  }
  return out;
}

/** The class Java sees a Kotlin file's top-level declarations in: its `@file:JvmName`, else its file's name and `Kt` (`Queries.kt`, `QueriesKt`). */
function kotlinFileClass(text: string, path: string): string {
  const named = /@file\s*:\s*JvmName\s*\(\s*"([\w$]+)"\s*\)/.exec(text)?.[1];
  const base = path.replace(/^.*\//, '').replace(/\.kts?$/, '');
  return named ?? `${base.charAt(0).toUpperCase()}${base.slice(1)}Kt`;
}

/**
 * The declarators after a Java field's first in one declaration (`ALL = "…", PURGE = "…";`), each with its name and where
 * its value starts: those after a `,` outside strings and brackets, up to the declaration's `;`.
 */
function laterDeclarators(text: string, from: number): Array<{ name: string; from: number }> {
  const out: Array<{ name: string; from: number }> = [];
  const next = /\s*([A-Za-z_$][\w$]*)\s*=(?!=)/y;
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = literalEnd(text, i);
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (!depth) break;
      depth--;
    } else if (c === ';' && !depth) break;
    else if (c === ',' && !depth) {
      next.lastIndex = i + 1;
      const m = next.exec(text);
      if (!m) break;
      out.push({ name: m[1]!, from: next.lastIndex });
      i = next.lastIndex - 1;
    }
  }
  return out;
}

/** Where the string or character literal opening at `at` closes (a text block `"""…"""`, else at its quote or the line's end). */
function literalEnd(text: string, at: number): number {
  if (text.startsWith('"""', at)) {
    const close = text.indexOf('"""', at + 3);
    return close < 0 ? text.length : close + 2;
  }
  let i = at + 1;
  for (; i < text.length && text[i] !== text[at] && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
  return i;
}

/**
 * The string constants the project's Java and Kotlin files declare (see the module), read once; each constant's string is
 * read when first asked for: its literals and the constants it names (its own class's and its outer classes' by their bare
 * names, others' as its file's names are read). A constant that names one the project gives no string holds none.
 */
export function projectConstants(files: ReadonlyArray<{ path: string; text: string; language: string }>): ProjectConstants {
  const texts: string[] = [];
  const scopes: Scope[] = [];
  const declared = { byClass: new Map<string, Declaration[]>(), byPackage: new Map<string, Declaration[]>() };
  const add = (map: Map<string, Declaration[]>, key: string, d: Declaration) => map.set(key, [...(map.get(key) ?? []), d]);
  for (const f of files) {
    if (f.language !== 'java' && f.language !== 'kotlin') continue;
    const text = blankComments(f.text);
    const found = declarations(text, texts.length, f.language === 'kotlin' ? kotlinFileClass(text, f.path) : undefined);
    if (!found.length) continue;
    texts.push(text);
    scopes.push(scopeOf(text));
    for (const d of found) {
      if (!d.getter) add(declared.byClass, `${d.owner.split('.').at(-1)}.${d.name}`, d);
      if (d.topLevel) add(declared.byPackage, d.pkg ? `${d.pkg}.${d.name}` : d.name, d);
    }
  }
  const values = new Map<Declaration, string | undefined>();
  const reading = new Set<Declaration>();
  const valueOf = (d: Declaration): string | undefined => {
    if (values.has(d)) return values.get(d);
    if (reading.has(d)) return undefined;
    reading.add(d);
    let missing = false;
    const held: HeldStrings = (name) => {
      // a bare name is its innermost class's that declares it, as Java and Kotlin read it, else as the file's names are
      const own = name.includes('.') ? undefined : d.owners.map((o) => byPath([...o.split('.'), name.trim()], declared)).find((found) => found.length);
      const found = own ? valueOfAll(own) : read(name, scopes[d.file]!);
      if (found === undefined) missing = true;
      return found;
    };
    const text = texts[d.file]!;
    const { value, terms, end } = concatenation(text, d.from, held);
    reading.delete(d);
    const given = terms && !missing && DECLARATION_END.test(text.slice(end)) ? value : undefined;
    values.set(d, given);
    return given;
  };
  // declarations the file does not tell apart hold a string when all hold the same one
  const valueOfAll = (found: Declaration[]) => {
    const given = found.map(valueOf);
    return given.includes(undefined) ? undefined : one(given);
  };
  const read = (written: string, scope: Scope) => one(declarationsOf(written, scope, declared).map(valueOfAll));
  return {
    get: (key) => read(key, NO_SCOPE),
    inFile(text) {
      if (!declared.byClass.size) return () => undefined;
      const scope = scopeOf(text);
      return (name) => read(name, scope);
    },
  };
}

/** The one string given, when all that are given are the same. */
function one(values: ReadonlyArray<string | undefined>): string | undefined {
  const given = new Set(values.filter((v) => v !== undefined));
  return given.size === 1 ? [...given][0] : undefined;
}

/** No constants: a file's names hold only what the file says. */
export const NO_CONSTANTS: ProjectConstants = { get: () => undefined, inFile: () => () => undefined };
