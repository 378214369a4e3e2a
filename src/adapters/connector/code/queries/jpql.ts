/**
 * @module adapters/connector/code/queries/jpql
 * JPQL (and HQL) as Java and Kotlin code holds it, read as written: the string that literals and
 * names joined by `+` give (`"select o from Owner o " + WHERE`), the string a name holds where the
 * method or its class assigns it (`String jpql = "…"`, `private static final String Q = "…"`,
 * Kotlin's `val q = "…"` and `const val Q = """…"""`), and the entities a statement names, with
 * what it does to their tables. Only entity names leave this module, never the strings.
 */
import type { TableAccess } from '../../../../ports/code.js';
import { callArgs } from '../text/call-reading.js';
import { concatenation, heldStrings, type HeldStrings } from '../text/held-strings.js';

/**
 * The statement a query's arguments give (`createQuery(jpql, Owner.class)`, `createQuery("select …" + WHERE)`):
 * its first argument's literals and names joined by `+`, then any other literals the arguments hold.
 */
export function statementOf(args: string, held: HeldStrings): string {
  const first = concatenation(args, 0, held);
  const rest = [...args.slice(first.end).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
  return [first.value, ...rest].join(' ');
}

/**
 * The entities a JPQL statement names, each with what it does to its table: those after `from` and `join`
 * (`join fetch`) are read, and an `update Owner …` or `delete from Owner …` (HQL's `delete Owner …`)
 * writes the first. A path (`join o.pets p`) names none; an entity is a name in upper camel case.
 */
export function jpqlReach(jpql: string): Array<[string, TableAccess]> {
  const write = /^\s*(?:update|delete)\b/i.test(jpql);
  const named = [...jpql.matchAll(/(?:\b(?:from|join(?:\s+fetch)?|update)|^\s*delete)\s+(?!fetch\b|from\b)([A-Za-z_$][\w$]*)(?![\w$]|\s*\.)/gi)]
    .map((m) => m[1]!)
    .filter((e) => /^[A-Z]/.test(e));
  return named.map((entity, i) => [entity, write && i === 0 ? 'write' : 'read']);
}

/** A Java or Kotlin string literal, whose body is blanked to find what is outside strings. */
const LITERAL = /"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"/g;

/** Where an annotation's attribute's value starts (past `key =`, found outside the strings), if it is given. */
export function attributeAt(args: string, key: string): number | undefined {
  const outside = args.replace(LITERAL, (literal) => '"'.padEnd(literal.length - 1) + '"');
  const at = new RegExp(String.raw`(?<![\w$.])${key}\s*=(?!=)`).exec(outside);
  return at ? at.index + at[0].length : undefined;
}

/** An annotation's attribute given as a string (`name = "Owner.byCity"`, `query = "select …" + WHERE`); names by `held`. */
export function attribute(args: string, key: string, held: HeldStrings): string | undefined {
  const at = attributeAt(args, key);
  const found = at === undefined ? undefined : concatenation(args, at, held);
  return found?.terms ? found.value : undefined;
}

/** A qualified name written alone from the start of `text` (`Pet.PURGE`, up to a `,`, a `)` or the end), without blanks. */
const writtenName = (text: string) => /^\s*((?:[A-Za-z_$][\w$]*\s*\.\s*)*[A-Za-z_$][\w$]*)\s*(?:[,)]|$)/.exec(text)?.[1]!.replace(/\s+/g, '');

/** A named query's statement: JPQL, or SQL where it is a named native query (`@NamedNativeQuery`). */
export interface NamedStatement {
  query: string;
  native: boolean;
}

/** Named queries by name. */
export type NamedQueries = ReadonlyMap<string, NamedStatement>;

/**
 * The statement of the named query that the expression at `from` names, among `named`: by the string it gives
 * (`"Pet.unborn"`, a name that holds it), else by the constant written (`Pet.PURGE`, as the annotation names it).
 */
export function namedStatement(text: string, from: number, held: HeldStrings, named: NamedQueries): NamedStatement | undefined {
  const { value, terms } = concatenation(text, from, held);
  const written = writtenName(text.slice(from));
  return (terms ? named.get(value) : undefined) ?? (written?.includes('.') ? named.get(written) : undefined);
}

/**
 * A named query's annotation: `@NamedQuery(` or `@NamedNativeQuery(` (group 1), alone, repeated or in `@NamedQueries({…})`,
 * or Kotlin's `NamedQuery(` inside `@NamedQueries(…)`.
 */
const NAMED_QUERY = /(?:@(?:[\w$]+\.)*|(?<=[(\[{,]\s*))Named(Native)?Query\s*\(/g;

/**
 * The named queries a file declares (`@NamedQuery(name = "Owner.byCity", query = "select …")`, `@NamedNativeQuery`'s SQL), each
 * with its names and where its query is given; a name or a statement held by a constant is read from the file, and a name given
 * as a constant is also the constant's, qualified by the class declared next unless it is written so (`name = PURGE` in `class Pet`
 * is `Pet.PURGE` too), by which other files name it; `elsewhere`, the strings of other files' constants (see `heldStrings`).
 * `text` has its comments blanked.
 */
export function namedQueryDeclarations(text: string, elsewhere?: HeldStrings): Array<NamedStatement & { names: string[]; at: number }> {
  const out: Array<NamedStatement & { names: string[]; at: number }> = [];
  if (!/Named(?:Native)?Query/.test(text)) return out;
  const held = heldStrings('', text, elsewhere);
  for (const m of text.matchAll(NAMED_QUERY)) {
    const open = m.index + m[0].length - 1;
    const args = callArgs(text, open);
    const name = attribute(args, 'name', held);
    const query = attribute(args, 'query', held);
    if (!name || !query) continue;
    const written = writtenName(args.slice(attributeAt(args, 'name')!));
    const owner = /\bclass\s+([A-Za-z_$][\w$]*)/.exec(text.slice(m.index))?.[1];
    const names = written ? [name, written.includes('.') || !owner ? written : `${owner}.${written}`] : [name];
    const at = open + 1 + attributeAt(args, 'query')!;
    out.push({ names, query, native: !!m[1], at: at + /^\s*/.exec(text.slice(at))![0].length });
  }
  return out;
}

/** The statement of each named query a file declares, by name (see `namedQueryDeclarations`). */
export function namedQueries(text: string, elsewhere?: HeldStrings): Map<string, NamedStatement> {
  return new Map(namedQueryDeclarations(text, elsewhere).flatMap(({ names, query, native }) => names.map((name) => [name, { query, native }] as const)));
}

/** The named queries of several files, by name; a name two files give different statements is left out (which one runs is not known). */
export function mergeNamedQueries(files: Iterable<NamedQueries>): Map<string, NamedStatement> {
  const out = new Map<string, NamedStatement | null>();
  const same = (a: NamedStatement, b: NamedStatement) => a.query === b.query && a.native === b.native;
  for (const file of files) for (const [name, q] of file) out.set(name, out.has(name) && !(out.get(name) && same(out.get(name)!, q)) ? null : q);
  return new Map([...out].flatMap(([name, q]) => (q === null ? [] : [[name, q] as const])));
}
