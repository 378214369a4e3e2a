/**
 * @module adapters/connector/code/text/held-strings
 * The string Java or Kotlin code makes of literals and names joined by `+`, and the string a name
 * holds where its method or class assigns it, read as written, for the readers of statements and
 * paths those strings hold (JPQL, SQL, routes).
 */
import { escapeName } from './call-reading.js';

/** The string a name holds (a qualified name, `Queries.OPEN`, by its last part), when the code says. */
export type HeldStrings = (name: string) => string | undefined;

/**
 * One term of a concatenation, after blanks: a Java or Kotlin string literal (a raw or text block `"""…"""` in
 * group 1, else `"…"` in group 2), a name that is not called nor a receiver (3; its qualifiers may be Kotlin's in
 * backticks, `` com.`my-app`.db.PURGE ``), or a `+` (4).
 */
const TERM = /\s*(?:"""([\s\S]*?)"""|"((?:[^"\\\n]|\\.)*)"|((?:(?:[A-Za-z_$][\w$]*|`[^`\n]+`)\s*\.\s*)*[A-Za-z_$][\w$]*)(?![\w$]|\s*(?:[.(]|::))|(\+))/y;

/**
 * The string that the literals and names joined by `+` from `from` give (each name by `held`, a name
 * it does not know giving nothing), up to the first other token: a `,`, a `;`, a call, a line that
 * goes on with no `+`. With how many terms were read and where they end.
 */
export function concatenation(text: string, from: number, held: HeldStrings): { value: string; terms: number; end: number } {
  const parts: string[] = [];
  let terms = 0;
  let end = from;
  for (let expectTerm = true; ; expectTerm = !expectTerm) {
    TERM.lastIndex = end;
    const m = TERM.exec(text);
    if (!m || expectTerm === (m[4] !== undefined)) break;
    end = TERM.lastIndex;
    if (!expectTerm) continue;
    terms++;
    const value = m[1] ?? m[2] ?? held(m[3]!);
    if (value !== undefined) parts.push(value);
  }
  return { value: parts.join(''), terms, end: terms ? end : from };
}

/**
 * The strings names hold: in the method (`method`, its text), every assignment of the name joined in order
 * (`String jpql = "select o from Owner o"; jpql += " where …";`); else in the class (`fields`, its text with
 * its methods' bodies blanked), a constant or a field, when it is assigned one string only; else, when the
 * text assigns the name no string, by `elsewhere` as written (another file's constant, `Queries.PURGE`).
 * A name whose assignment is no string (a parameter, a call) holds none.
 */
export function heldStrings(method: string, fields: string, elsewhere?: HeldStrings): HeldStrings {
  const resolve = (written: string, seen: ReadonlySet<string>): string | undefined => {
    const name = lastPart(written);
    if (seen.has(name)) return undefined;
    const held: HeldStrings = (inner) => resolve(inner, new Set([...seen, name]));
    const local = assignments(method, name, held);
    if (local.length) return local.join('');
    const values = new Set(assignments(fields, name, held));
    return values.size === 1 ? [...values][0] : values.size ? undefined : elsewhere?.(written);
  };
  return (name) => resolve(name, new Set());
}

const lastPart = (name: string) => name.split('.').at(-1)!.trim();

/** The strings assigned to `name` in `text` (`name = …`, `name += …`, Kotlin's `name: String = …`), in order. */
function assignments(text: string, name: string, held: HeldStrings): string[] {
  if (!text.includes(name)) return [];
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\w$.])${escapeName(name)}\s*(?::\s*String\s*)?\+?=(?!=)`, 'g'))) {
    const { value, terms } = concatenation(text, m.index + m[0].length, held);
    if (terms) out.push(value);
  }
  return out;
}
