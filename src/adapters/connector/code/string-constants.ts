/**
 * @module adapters/connector/code/string-constants
 * The string constants a Java or Kotlin project declares, by the class that declares them and their
 * name (`Queries.FIND_BY_OWNER`): a `static final String` (any `String` field of an interface), a Kotlin
 * `const val` and a `val` of an `object` or a companion, each given by a literal or by literals and other
 * constants joined by `+`; by which a file reads a statement another file holds (`@Query(Queries.PURGE)`,
 * `em.createQuery(PetQueries.BY_OWNER)`, a name imported statically). The files are read once per scan and
 * each constant's string once, when it is first asked for; the strings stay here and in the readers of
 * JPQL and SQL, which let only entity and table names out.
 */
import { functionBody } from './call-reading.js';
import { concatenation, type HeldStrings } from './jpql.js';
import { blankComments, scriptBlocks } from './script-blocks.js';

/** A constant's declaration: its file and where its value starts there, and the classes it is read in, innermost first. */
interface Declaration {
  file: number;
  from: number;
  owners: string[];
}

/** What a file says of the names it reads: the constants it imports by name (`FIND` → `Queries.FIND`), the classes whose constants it reads all of (imported or inherited). */
interface Imports {
  named: Map<string, string>;
  all: string[];
}

/** The project's string constants, each by `Class.NAME`; and how a file's names reach them. */
export interface ProjectConstants {
  /** The string of the constant `Class.NAME`, when one is declared with one value; a name two classes of the same name give different values gives none. */
  get(key: string): string | undefined;
  /** The strings the names a file writes hold by the project's constants (`Queries.FIND`, `FIND` imported statically); `text` the file's. */
  inFile(text: string): HeldStrings;
}

/** A Java field of type `String` (its modifiers in group 1, its name in 2) or a Kotlin `val` (3, 4), up to its `=`. */
const FIELD =
  /(?<![\w$.])((?:(?:public|protected|private|static|final|transient|volatile)\s+)*)String\s+([A-Za-z_$][\w$]*)\s*=(?!=)|(?<![\w$.])((?:(?:public|protected|private|internal|override|const|@JvmField)\s+)*)val\s+([A-Za-z_$][\w$]*)\s*(?::\s*String\s*)?=(?!=)/g;

/** A type declared (its keyword in group 1, its name in 2), or a Kotlin companion object (3). */
const TYPE = /\b(?:(class|interface|enum|record|object)\s+(?!(?:class|interface)\b)([A-Za-z_$][\w$]*)|(companion\s+object)\b)/g;

/** A value ends its declaration: a `;`, a line's end, the body's end; a raw string's margin may be trimmed first (`"""…""".trimIndent()`). */
const DECLARATION_END = /^(?:\s*\.\s*(?:trimIndent|trimMargin|stripIndent)\s*\(\s*\))?[ \t]*(?:[;}\r\n]|$)/;

/**
 * What brings constants to a file by their bare names: Java's `import static a.Queries.FIND;` (`a.Queries.*`), Kotlin's
 * `import a.Queries.FIND` (`as F`), and the types a Java class or interface extends or implements (`implements Queries`), whose
 * constants it inherits.
 */
function importsOf(text: string): Imports {
  const named = new Map<string, string>();
  const all: string[] = [];
  for (const m of text.matchAll(/^[ \t]*import\s+(?:static\s+)?((?:[\w$]+\s*\.\s*)+)(\*|[\w$]+)(?:\s+as\s+([\w$]+))?/gm)) {
    // a companion's constant by its class (`import a.Owner.Companion.ARCHIVE`)
    const owner = m[1]!
      .replace(/\s+/g, '')
      .replace(/\.Companion\.$/, '.')
      .split('.')
      .at(-2)!;
    // a class's member, not a package's class (`import com.x.Queries`)
    if (!/^[A-Z]/.test(owner)) continue;
    if (m[2] === '*') all.push(owner);
    else named.set(m[3] ?? m[2]!, `${owner}.${m[2]}`);
  }
  for (const m of text.matchAll(/\b(?:class|interface|enum|record)\s+[A-Za-z_$][\w$]*[^{;]*?\b(?:extends|implements)\b([^{;]*)/g)) {
    // type arguments first, innermost first: `extends Base<Map<K, V>> implements Queries`
    let clause = m[1]!;
    for (let before = ''; before !== clause;) [before, clause] = [clause, clause.replace(/<[^<>]*>/g, '')];
    for (const t of clause.matchAll(/(?:^|,|\b(?:extends|implements)\b)\s*(?:[\w$]+\s*\.\s*)*([A-Z][\w$]*)/g)) if (!all.includes(t[1]!)) all.push(t[1]!);
  }
  return { named, all };
}

/** The string constants a file declares, each with its key (`Class.NAME`) and declaration; `text` has its comments blanked. */
function declarations(text: string, file: number): Array<[string, Declaration]> {
  if (!/\b(?:static|interface|const|object)\b/.test(text)) return [];
  // the fields that may be constants, by their modifiers, before the file's blocks are read: most files' strings are a method's variables
  const interfaces = /\binterface\b/.test(text);
  const objects = /\bobject\b/.test(text);
  const fields = [...text.matchAll(FIELD)].filter((m) => {
    const modifiers = m[1] ?? m[3]!;
    if (/\bprivate\b/.test(modifiers)) return false;
    return m[2] ? (/\bstatic\b/.test(modifiers) && /\bfinal\b/.test(modifiers)) || interfaces : /\bconst\b/.test(modifiers) || objects;
  });
  if (!fields.length) return [];
  const blocks = scriptBlocks(text);
  const types: Array<{ name: string; kind: string; start: number; end: number }> = [];
  for (const m of text.matchAll(TYPE)) {
    const body = functionBody(text, blocks, m.index);
    if (body.start < m.index) continue;
    // a companion's constants are its class's
    const name = m[2] ?? types.filter((t) => t.start < m.index && m.index < t.end).at(-1)?.name;
    if (name) types.push({ name, kind: m[1] ?? 'object', start: body.start, end: body.end });
  }
  const out: Array<[string, Declaration]> = [];
  for (const m of fields) {
    const modifiers = m[1] ?? m[3]!;
    const around = types.filter((t) => t.start < m.index && m.index < t.end).reverse();
    const owner = around[0];
    // a member of its type's body, not a method's variable
    if (!owner || blocks.some((b) => owner.start < b.start && b.start < m.index && m.index < b.end)) continue;
    const constant = m[2] ? /\bstatic\b/.test(modifiers) && /\bfinal\b/.test(modifiers) : /\bconst\b/.test(modifiers) || owner.kind === 'object';
    if (!constant && !(m[2] && owner.kind === 'interface')) continue;
    out.push([`${owner.name}.${m[2] ?? m[4]}`, { file, from: m.index + m[0].length, owners: around.map((t) => t.name) }]);
  }
  return out;
}

/** The key a name written in a file stands for: `a.b.Queries.FIND` and `Queries.FIND` for `Queries.FIND`; a bare name by the file's imports. */
function keysOf(written: string, imports: Imports): string[] {
  const parts = written.replace(/\s+/g, '').split('.');
  if (parts.length > 1) return [parts.slice(-2).join('.')];
  const named = imports.named.get(parts[0]!);
  return named ? [named] : imports.all.map((owner) => `${owner}.${parts[0]}`);
}

/**
 * The string constants the project's Java and Kotlin files declare (see the module), read once; each constant's string is
 * read when first asked for: its literals and the constants it names (its own class's and its outer classes' by their bare
 * names, others' by `Class.NAME` or as its file imports them). A constant that names one the project gives no string holds none.
 */
export function projectConstants(files: ReadonlyArray<{ text: string; language: string }>): ProjectConstants {
  const texts: string[] = [];
  const imports: Imports[] = [];
  const declared = new Map<string, Declaration[]>();
  for (const f of files) {
    if (f.language !== 'java' && f.language !== 'kotlin') continue;
    const text = blankComments(f.text);
    const found = declarations(text, texts.length);
    if (!found.length) continue;
    texts.push(text);
    imports.push(importsOf(text));
    for (const [key, d] of found) declared.set(key, [...(declared.get(key) ?? []), d]);
  }
  const values = new Map<string, string | undefined>();
  const reading = new Set<string>();
  const value = (d: Declaration): string | undefined => {
    let missing = false;
    const held: HeldStrings = (name) => {
      // a bare name is its innermost class's that declares it, as Java and Kotlin read it, else an import's
      const own = name.includes('.') ? undefined : d.owners.map((o) => `${o}.${name.trim()}`).find((k) => declared.has(k));
      const found = own ? get(own) : one(keysOf(name, imports[d.file]!).map(get));
      if (found === undefined) missing = true;
      return found;
    };
    const text = texts[d.file]!;
    const { value, terms, end } = concatenation(text, d.from, held);
    return terms && !missing && DECLARATION_END.test(text.slice(end)) ? value : undefined;
  };
  const get = (key: string): string | undefined => {
    if (values.has(key)) return values.get(key);
    if (reading.has(key) || !declared.has(key)) return undefined;
    reading.add(key);
    const found = declared.get(key)!.map(value);
    reading.delete(key);
    const held = found.includes(undefined) ? undefined : one(found);
    values.set(key, held);
    return held;
  };
  return {
    get,
    inFile(text) {
      if (!declared.size) return () => undefined;
      const own = importsOf(text);
      return (name) => one(keysOf(name, own).map(get));
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
