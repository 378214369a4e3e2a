/**
 * @module adapters/connector/code/orm/held-repositories
 * Repositories a project keeps as another object's properties, set in one file and called in
 * others: `DI.authors = DI.orm.em.getRepository(Author)` (MikroORM's express example), or held
 * in an object literal, `export const DI = { authors: orm.em.getRepository(Author) }`, then
 * `DI.authors.findAll()` in a controller. TypeORM's `getRepository` is read alike.
 */
import { closingBracket } from '../text/brackets.js';
import { objectProperties } from '../text/call-reading.js';
import { blankComments } from '../text/script-blocks.js';

const GET_REPOSITORY = String.raw`(?:await\s+)?[\w$.]*\bget(?:Tree|Mongo)?Repository\s*\(\s*([A-Z]\w*)\s*\)`;
/** `holder.property = …getRepository(Entity)`: not `this.`'s, which a class's own file reads. */
const HELD = new RegExp(String.raw`(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*=\s*${GET_REPOSITORY}`, 'g');
/** An object literal a name is given: `const DI = {`, `DI = {`, `return cache = {`, `Object.assign(DI, {`. */
const LITERAL =
  /(?:\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;{]+)?=|(?<![\w$.])([A-Za-z_$][\w$]*)\s*=(?![=>])|\bObject\s*\.\s*assign\s*\(\s*([A-Za-z_$][\w$]*)\s*,)\s*\{/g;
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
      const holder = m[1] ?? m[2] ?? m[3]!;
      for (const [property, value] of objectProperties(text.slice(open, close + 1))) {
        const entity = REPOSITORY_VALUE.exec(value)?.[1];
        if (entity) hold(`${holder}.${property}`, entity);
      }
    }
  }
  return out;
}
