/**
 * @module adapters/connector/code/orm/held-repositories
 * Repositories a project keeps as another object's properties, set in one file and called in
 * others: `DI.authors = DI.orm.em.getRepository(Author)` (MikroORM's express example), or held
 * in an object literal, `export const DI = { authors: orm.em.getRepository(Author) }`, then
 * `DI.authors.findAll()` in a controller; or in the literal a function returns (`return cache = {
 * user: orm.em.getRepository(UserSchema) }` in `initORM`), then `const db = initORM(); db.user.find()`.
 * A MikroORM schema's variable (`UserSchema`) stands for its entity (`User`). TypeORM's
 * `getRepository` is read alike.
 */
import { closingBracket } from '../text/brackets.js';
import { objectProperties } from '../text/call-reading.js';
import { blankComments } from '../text/script-blocks.js';
import { escapeName } from '../text/call-reading.js';
import { declaredSchemas } from './mikro-orm-schemas.js';

const GET_REPOSITORY = String.raw`(?:await\s+)?[\w$.]*\bget(?:Tree|Mongo)?Repository\s*\(\s*([A-Z]\w*)\s*\)`;
/** `holder.property = …getRepository(Entity)`: not `this.`'s, which a class's own file reads. */
const HELD = new RegExp(String.raw`(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*=\s*${GET_REPOSITORY}`, 'g');
/** An object literal a name is given, or a function returns: `const DI = {`, `DI = {`, `return cache = {`, `Object.assign(DI, {`, `return {`. */
const LITERAL =
  /(?:\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;{]+)?=|(?<![\w$.])([A-Za-z_$][\w$]*)\s*=(?![=>])|\bObject\s*\.\s*assign\s*\(\s*([A-Za-z_$][\w$]*)\s*,|\breturn)\s*\{/g;
/** A named function's head, to its body's `{`: `function initORM(…) {`, `const initORM = async (…) => {`. */
const FUNCTION =
  /\bfunction\s+([A-Za-z_$][\w$]*)\s*\([^)]*\)[^{;]*\{|\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*(?:async\s+)?(?:function\b[^{;]*|(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*(?::[^=;{]+)?=>\s*)\{/g;

/** The named function whose body holds `at`: the innermost. */
function enclosingFunctionName(text: string, at: number): string | undefined {
  let found: string | undefined;
  for (const f of text.slice(0, at).matchAll(FUNCTION)) {
    const close = closingBracket(text, f.index + f[0].length - 1);
    if (close < 0 || close > at) found = f[1] ?? f[2];
  }
  return found;
}
/** A property's value that is a repository, whole: `orm.em.getRepository(Author)`. */
const REPOSITORY_VALUE = new RegExp(String.raw`^${GET_REPOSITORY}$`);

/** Each `holder.property` path the project assigns a repository to, with its entity; `null` where two entities are assigned to it. */
export function heldRepositories(files: ReadonlyArray<{ text: string }>): ReadonlyMap<string, string | null> {
  const out = new Map<string, string | null>();
  const hold = (path: string, entity: string) => out.set(path, out.has(path) && out.get(path) !== entity ? null : entity);
  for (const { text: raw } of files) {
    if (!raw.includes('Repository(')) continue;
    const text = blankComments(raw);
    for (const m of text.matchAll(HELD)) if (m[1] !== 'this') hold(`${m[1]}.${m[2]}`, m[3]!);
    for (const m of text.matchAll(LITERAL)) {
      const open = m.index + m[0].length - 1;
      const close = closingBracket(text, open);
      if (close < 0) continue;
      // what a function returns is held as its call's (`initORM()`)
      const returned = /\breturn\s+(?:[A-Za-z_$][\w$]*\s*=\s*)?$/.test(text.slice(Math.max(0, m.index - 60), m.index + (m[0].startsWith('return') ? 7 : 0)));
      const fn = returned ? enclosingFunctionName(text, m.index) : undefined;
      const holders = [m[1] ?? m[2] ?? m[3], fn && `${fn}()`].filter((h): h is string => !!h);
      for (const [property, value] of objectProperties(text.slice(open, close + 1))) {
        const entity = REPOSITORY_VALUE.exec(value)?.[1];
        if (entity) for (const holder of holders) hold(`${holder}.${property}`, entity);
      }
    }
  }
  // a MikroORM schema's variable stands for its entity: `getRepository(UserSchema)` is `User`'s
  const schemas = new Map(
    files.flatMap(({ text }) =>
      /defineEntity|EntitySchema/.test(text) ? declaredSchemas(blankComments(text)).flatMap((s) => (s.variable ? [[s.variable, s.name] as const] : [])) : [],
    ),
  );
  for (const [path, entity] of out) if (entity && schemas.has(entity)) out.set(path, schemas.get(entity)!);
  return out;
}

/**
 * The held repositories as a file reaches them: a function's returned ones (`initORM().user`) by
 * the name the file binds its call to (`const db = await initORM()`: `db.user`), the others as held.
 */
export function heldInFile(held: ReadonlyMap<string, string | null>, text: string): ReadonlyMap<string, string | null> {
  const out = new Map<string, string | null>();
  for (const [path, entity] of held) {
    const call = /^([A-Za-z_$][\w$]*)\(\)\.(.+)$/.exec(path);
    if (!call) out.set(path, entity);
    else if (text.includes(call[1]!)) {
      const bound = new RegExp(String.raw`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*(?:await\s+)?${escapeName(call[1]!)}\s*\(`, 'g');
      for (const b of text.matchAll(bound)) out.set(`${b[1]}.${call[2]}`, entity);
    }
  }
  return out;
}
