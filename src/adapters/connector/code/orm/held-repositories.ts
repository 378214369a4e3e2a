/**
 * @module adapters/connector/code/orm/held-repositories
 * Repositories a project keeps as another object's properties, set in one file and called in
 * others: `DI.authors = DI.orm.em.getRepository(Author)` (MikroORM's express example), then
 * `DI.authors.findAll()` in a controller. TypeORM's `getRepository` is read alike.
 */
import { blankComments } from '../text/script-blocks.js';

/** `holder.property = …getRepository(Entity)`: not `this.`'s, which a class's own file reads. */
const HELD = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?[\w$.]*\bget(?:Tree|Mongo)?Repository\s*\(\s*([A-Z]\w*)\s*\)/g;

/** Each `holder.property` path the project assigns a repository to, with its entity; `null` where two entities are assigned to it. */
export function heldRepositories(files: ReadonlyArray<{ text: string }>): ReadonlyMap<string, string | null> {
  const out = new Map<string, string | null>();
  for (const { text: raw } of files) {
    if (!raw.includes('Repository(')) continue;
    for (const m of blankComments(raw).matchAll(HELD)) {
      if (m[1] === 'this') continue;
      const path = `${m[1]}.${m[2]}`;
      out.set(path, out.has(path) && out.get(path) !== m[3] ? null : m[3]!);
    }
  }
  return out;
}
