/**
 * @module adapters/connector/code/orm/mikro-orm
 * What MikroORM says beside the decorators it shares with TypeORM (`@Entity`, `@ManyToMany`): an
 * entity's `tableName` (else its class in snake case, as MikroORM's default naming strategy has
 * it), the pivot table of an owning many-to-many (`pivotTable`, else `<owner table>_<property>`:
 * `User.favorites` is `user_favorites`), and the rows the entity manager writes by instance
 * (`em.persist(user)`, `em.remove(article)`), by the entity the instance was built or found as, and
 * the rows its unit of work writes (found, changed, flushed).
 * The joins its relations declare are read in mikro-orm-joins.ts.
 */
import type { OrmTableRef } from './orm-reader.js';
import { callArgs, escapeName, NAME_STRING, qualify, topLevelArgs } from '../text/call-reading.js';
import { blockAround, scriptBlocks, type Block } from '../text/script-blocks.js';
import { lineAt } from '../text/lines.js';
import { snake } from './name-case.js';

/** A file of MikroORM's: it imports one of its packages (`@mikro-orm/core`, `@mikro-orm/decorators/legacy`, …). */
export const isMikroOrm = (text: string) => /['"]@mikro-orm\//.test(text);

/** An entity a file declares, where its decorator is. */
export interface DeclaredEntity {
  index: number;
  table: string;
  schema: string | undefined;
}

/** The property a decorator decorates: `favorites = new Collection<Article>(this)`, `tags!: Collection<Tag>`, past other decorators. */
const DECORATED_PROPERTY = /^\s*(?:@\w+\s*\((?:[^()]|\([^()]*\))*\)\s*)*(?:(?:public|private|protected|readonly|declare)\s+)*(\w+)\s*[!?]?\s*[:=]/;

/**
 * The pivot tables of the file's owning many-to-many relations. The owner is the side that says
 * `owner: true`, or that names no `mappedBy` (an option, or the decorator's second argument); the
 * inverse side shares the owner's table and adds none.
 */
export function mikroOrmPivotTables(text: string, entities: readonly DeclaredEntity[], out: OrmTableRef[]): void {
  for (const m of text.matchAll(/@ManyToMany\s*\(/g)) {
    const owner = entities.filter((e) => e.index < m.index).at(-1);
    if (!owner) continue;
    const open = m.index + m[0].length - 1;
    const args = callArgs(text, open);
    const parts = topLevelArgs(args);
    const options = parts.find((p) => p.trimStart().startsWith('{')) ?? '';
    const owning = /\bowner\s*:\s*true\b/.test(options) || !(/\bmappedBy\s*:/.test(options) || (parts.length > 1 && !parts[1]!.trimStart().startsWith('{')));
    if (!owning) continue;
    const given = new RegExp(`\\bpivotTable\\s*:\\s*${NAME_STRING}`).exec(options)?.[1];
    const property = DECORATED_PROPERTY.exec(text.slice(open + args.length + 2))?.[1];
    const table = given ?? (property && `${owner.table}_${snake(property)}`);
    if (table) out.push({ table: qualify(owner.schema, table), line: lineAt(text, m.index), via: 'mikro-orm' });
  }
}

/** The entity manager's calls that write the rows they are given: `em.persist(user)`, `this.em.removeAndFlush(article)`. */
const INSTANCE_WRITES = /\b(?:em|[Mm]anager)\s*\.\s*(?:persist|persistAndFlush|remove|removeAndFlush)\s*\(/g;

/** `const user = new User(…)`, `= em.create(User, …)`, `= await em.findOneOrFail(User, …)`, `= em.getReference(User, id)`: the entity a name holds. */
const BINDING = (name: string) =>
  new RegExp(
    String.raw`\b(?:const|let|var)\s+${escapeName(name)}\s*(?::\s*[A-Z]\w*\s*)?=\s*(?:await\s+)?(?:new\s+([A-Z]\w*)|[\w$.]*\b(?:em|[Mm]anager)\s*\.\s*(?:create|find\w*|getReference)\s*\(\s*([A-Z]\w*)\b)`,
    'g',
  );

/**
 * The rows the entity manager is given to persist or remove, each by the entity it is: one built in
 * the call (`em.persist(new User(…))`), else the one the name was last bound to in a block holding
 * the call (`const user = new User(…)`, and the other bindings of `BINDING`). Returns the entity's
 * name and where the call is.
 */
export function mikroOrmInstanceWrites(text: string): Array<{ entity: string; index: number }> {
  const out: Array<{ entity: string; index: number }> = [];
  let blocks: readonly Block[] | undefined;
  for (const m of text.matchAll(INSTANCE_WRITES)) {
    const args = callArgs(text, m.index + m[0].length - 1).trim();
    const built = /^new\s+([A-Z]\w*)\s*[(<]/.exec(args)?.[1];
    if (built) {
      out.push({ entity: built, index: m.index });
      continue;
    }
    const name = /^[a-z_$][\w$]*$/.exec(args)?.[0];
    if (!name) continue;
    blocks ??= scriptBlocks(text);
    // `const` and `let` hold in their block: a binding counts where its block holds the call
    const bound = [...text.slice(0, m.index).matchAll(BINDING(name))]
      .filter((b) => {
        const scope = blockAround(blocks!, b.index, text.length);
        return scope.start < m.index && m.index < scope.end;
      })
      .at(-1);
    const entity = bound?.[1] ?? bound?.[2];
    if (entity) out.push({ entity, index: m.index });
  }
  return out;
}

/** The entity manager's flush: `em.flush()`, `this.em.flush()`, `em.persist(x).flush()`. */
const FLUSH = /\bflush\s*\(\s*\)/g;
/** A name bound to a row found by the entity manager (`em.findOneOrFail(Article, …)`, group 2) or by a receiver's finder (`this.articles.findOne(…)`, groups 3-4). */
const FOUND =
  /\b(?:const|let)\s+([a-z_$][\w$]*)\s*(?::[^=;]+)?=\s*(?:await\s+)?(?:[\w$.]*\b(?:em|[Mm]anager)\s*\.\s*find\w*\s*\(\s*([A-Z]\w*)\b|(this\s*\.\s*)?([a-z_$][\w$]*)\s*\.\s*find(?:One|OneOrFail|ById)?\s*\()/g;

/**
 * MikroORM's unit of work: a row found (by the entity manager or a repository), then changed
 * (`article.title = …`, `article.count++`, `em.assign(article, dto)`, `wrap(article).assign(dto)`)
 * and flushed in a block where its binding holds, is written. `repository` tells the entity a
 * repository's name stands for at an offset (`member`: reached as `this.name`). Returns the
 * entity's name and where the flush is.
 */
export function mikroOrmFlushedChanges(
  text: string,
  repository: (name: string, member: boolean, at: number) => string | undefined,
): Array<{ entity: string; index: number }> {
  const out: Array<{ entity: string; index: number }> = [];
  if (!/\bflush\s*\(/.test(text)) return out;
  const blocks = scriptBlocks(text);
  const found = [...text.matchAll(FOUND)].map((m) => ({
    name: m[1]!,
    at: m.index,
    entity: m[2] ?? repository(m[4]!, !!m[3], m.index),
    scope: blockAround(blocks, m.index, text.length),
  }));
  for (const f of text.matchAll(FLUSH)) {
    for (const row of found) {
      if (!row.entity || row.at > f.index || row.scope.start >= f.index || f.index >= row.scope.end) continue;
      const between = text.slice(row.at, f.index);
      const name = escapeName(row.name);
      const changed = new RegExp(
        String.raw`\b${name}\s*\.\s*[\w$]+\s*(?:=(?!=)|\+\+|--|[-+*/]=)|\b(?:em|[Mm]anager)\s*\.\s*assign\s*\(\s*${name}\b|\bwrap\s*\(\s*${name}\s*\)\s*\.\s*assign\s*\(`,
      ).test(between);
      if (changed) out.push({ entity: row.entity, index: f.index });
    }
  }
  return out;
}
