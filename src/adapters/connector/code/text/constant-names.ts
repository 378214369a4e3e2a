/**
 * @module adapters/connector/code/text/constant-names
 * Which of a Java or Kotlin project's constants a name written in a file stands for, as the compiler reads it by the file's
 * package, imports and supertypes. `Queries.FIND` is the class `Queries` the file imports, else the one of its own package,
 * else one of a package it imports whole; `a.x.Queries.FIND` is that class's. A bare `FIND` is a name the file imports
 * (Java's `import static`, Kotlin's import), else a Kotlin constant its package declares outside any class, else a constant
 * of a class it imports all of or inherits. Classes of one name in packages the file does not tell apart are all given.
 */

/** Where a constant is declared: its class (`a.x.Queries`, `a.x.Outer.Inner`; a Kotlin file's class, `a.b.QueriesKt`, for one outside any class) and package. */
export interface Declared {
  owner: string;
  pkg: string;
}

/** The project's constants: by their class's simple name and theirs (`Queries.FIND`), and Kotlin's declared outside any class by their package too (`a.b.PURGE`). */
export interface DeclaredConstants<D extends Declared> {
  byClass: ReadonlyMap<string, D[]>;
  byPackage: ReadonlyMap<string, D[]>;
}

/** What a file says of the names it writes. */
export interface Scope {
  pkg: string;
  /** What it imports by name, by the name it writes: a class (`Queries` → `a.x.Queries`) or a constant (`FIND` → `a.x.Queries.FIND`, Kotlin's `import … as F`). */
  named: Map<string, string>;
  /** What it imports all of (`a.x.*`, `a.x.Queries.*`): a package's classes, a class's constants, or a package's Kotlin constants. */
  all: string[];
  /** The types a Java class extends or implements, as written, whose constants it inherits. */
  supertypes: string[];
}

/** A file that says nothing: no package, no imports. */
export const NO_SCOPE: Scope = { pkg: '', named: new Map(), all: [], supertypes: [] };

/** A part of a name: a Java or Kotlin identifier, or Kotlin's in backticks (`` `my-app` ``, `` `data` ``). */
const PART = '(?:[\\w$]+|`[^`\\n]+`)';

/** A name as the compiler reads it: blanks dropped, Kotlin's backticks too (`` com.`my-app`.db `` is `com.my-app.db`). */
const unquoted = (written: string) => written.replace(/`([^`]*)`|\s+/g, (_, quoted?: string) => quoted ?? '');

/** The package a Java or Kotlin file declares, `''` when none. */
export function packageOf(text: string): string {
  const written = new RegExp(`^\\s*package\\s+(${PART}(?:\\s*\\.\\s*${PART})*)`, 'm').exec(text)?.[1];
  return written ? unquoted(written) : '';
}

/** An import: its path up to the last `.` (group 1), the name or `*` after it (2), Kotlin's `as` name (3). */
const IMPORT = new RegExp(`^[ \\t]*import\\s+(?:static\\s+)?((?:${PART}\\s*\\.\\s*)+)(\\*|${PART})(?:\\s+as\\s+(${PART}))?`, 'gm');

/** What a file's package, imports (`import a.x.Queries;`, `import static a.x.Queries.FIND;`, Kotlin's `import a.b.PURGE as P`) and supertypes bring to its names. */
export function scopeOf(text: string): Scope {
  const named = new Map<string, string>();
  const all: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const path = inParts(m[1]! + m[2]!);
    if (m[2] === '*') all.push(path.slice(0, -1).join('.'));
    else named.set(unquoted(m[3] ?? m[2]!), path.join('.'));
  }
  const supertypes: string[] = [];
  for (const m of text.matchAll(/\b(?:class|interface|enum|record)\s+[A-Za-z_$][\w$]*[^{;]*?\b(?:extends|implements)\b([^{;]*)/g)) {
    // type arguments first, innermost first: `extends Base<Map<K, V>> implements Queries`
    let clause = m[1]!;
    for (let before = ''; before !== clause;) [before, clause] = [clause, clause.replace(/<[^<>]*>/g, '')];
    for (const t of clause.matchAll(/(?:^|,|\b(?:extends|implements)\b)\s*((?:[\w$]+\s*\.\s*)*[A-Z][\w$]*)/g)) {
      const type = t[1]!.replace(/\s+/g, '');
      if (!supertypes.includes(type)) supertypes.push(type);
    }
  }
  return { pkg: packageOf(text), named, all, supertypes };
}

/**
 * The declarations a name written in a file of `scope` may stand for, in groups: one for a name with its class or imported,
 * one per class or package imported whole or inherited for a bare name otherwise. A group of several is classes of one name
 * the file does not tell apart.
 */
export function declarationsOf<D extends Declared>(written: string, scope: Scope, declared: DeclaredConstants<D>): D[][] {
  const parts = inParts(written);
  const name = parts.pop()!;
  if (parts.length) return [ofType(parts, name, scope, declared)];
  const imported = scope.named.get(name);
  if (imported) return [byPath(imported.split('.'), declared)];
  const samePackage = declared.byPackage.get(scope.pkg ? `${scope.pkg}.${name}` : name);
  if (samePackage) return [samePackage];
  return [
    ...scope.all.map((whole) => byPath([...whole.split('.'), name], declared)),
    ...scope.supertypes.map((type) => ofType(type.split('.'), name, scope, declared)),
  ].filter((group) => group.length);
}

/** The constants `name` of the class `type` written in a file of `scope`: the class it imports, else its own package's, else a package's it imports whole. */
function ofType<D extends Declared>(type: string[], name: string, scope: Scope, declared: DeclaredConstants<D>): D[] {
  const imported = scope.named.get(type[0]!);
  if (imported) return byPath([...imported.split('.'), ...type.slice(1), name], declared);
  const candidates = byPath([...type, name], declared);
  const samePackage = candidates.filter((d) => d.pkg === scope.pkg);
  if (samePackage.length) return samePackage;
  const wholePackage = candidates.filter((d) => scope.all.includes(d.pkg));
  return wholePackage.length ? wholePackage : candidates;
}

/** The constants a path names (`a.x.Queries.FIND`, `Queries.FIND`, Kotlin's `a.b.PURGE`): those of a class its path ends with, or of that package. */
export function byPath<D extends Declared>(path: string[], declared: DeclaredConstants<D>): D[] {
  const [name, type] = [path.at(-1)!, path.slice(0, -1)];
  const ofClass = type.length ? (declared.byClass.get(`${type.at(-1)}.${name}`) ?? []) : [];
  return [...ofClass.filter((d) => endsWith(d, type)), ...(declared.byPackage.get(path.join('.')) ?? [])];
}

/** Whether a declaration's class is the one `type` writes; one in no package (a file read alone) is any package's. */
function endsWith(d: Declared, type: string[]): boolean {
  const owner = d.owner.split('.');
  const compared = d.pkg ? type.length : Math.min(type.length, owner.length);
  return owner.length >= compared && owner.slice(-compared).join('.') === type.slice(-compared).join('.');
}

/** A name's parts, blanks and backticks dropped; a companion is its class (`Owner.Companion.ARCHIVE` is `Owner.ARCHIVE`). */
const inParts = (written: string) =>
  unquoted(written)
    .split('.')
    .filter((part) => part !== 'Companion');
