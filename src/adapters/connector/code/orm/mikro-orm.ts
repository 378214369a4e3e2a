/**
 * @module adapters/connector/code/orm/mikro-orm
 * What MikroORM says beside the decorators it shares with TypeORM (`@Entity`, `@ManyToMany`): an
 * entity's `tableName` (else its class in snake case, as MikroORM's default naming strategy has
 * it), the pivot table of an owning many-to-many (`pivotTable`, else `<owner table>_<property>`:
 * `User.favorites` is `user_favorites`), and the rows the entity manager writes by instance
 * (`em.persist(user)`, `em.remove(article)`), by the entity the instance was built or found as, and
 * the rows its unit of work writes (found or referenced, changed, flushed).
 * The joins its relations declare are read in mikro-orm-joins.ts; the rows created and the
 * collections changed before a flush in mikro-orm-flushes.ts.
 */
import type { OrmTableRef } from './orm-reader.js';
import { callArgs, escapeName, functionBody, NAME_STRING, qualify, topLevelArgs } from '../text/call-reading.js';
import { blockAround, scriptBlocks, type Block } from '../text/script-blocks.js';
import { lineAt } from '../text/lines.js';
import { snake } from './name-case.js';
import { relationSide } from './mikro-orm-entities.js';

export { isMikroOrm } from './mikro-orm-entities.js';

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
    if (!relationSide(parts, options).owning) continue;
    const given = new RegExp(`\\bpivotTable\\s*:\\s*${NAME_STRING}`).exec(options)?.[1];
    const property = DECORATED_PROPERTY.exec(text.slice(open + args.length + 2))?.[1];
    const table = given ?? (property && `${owner.table}_${snake(property)}`);
    if (table) out.push({ table: qualify(owner.schema, table), line: lineAt(text, m.index), via: 'mikro-orm' });
  }
}

/** The entity manager's calls that write the rows they are given: `em.persist(user)`, `this.em.removeAndFlush(article)`. */
const INSTANCE_WRITES = /\b(?:em|[Mm]anager)\s*\.\s*(?:persist|persistAndFlush|remove|removeAndFlush)\s*\(/g;

/** A repository reached by a path (`users`, `this.users`, `DI.users`): the entity it stands for there, at an offset. */
export type RepositoryAt = (path: string, at: number) => string | undefined;

/** A repository's receiver: `users`, `this.users`, `DI.users`. */
const RECEIVER = String.raw`((?:this\s*\.\s*)?[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)?)`;

/**
 * `const user = new User(…)`, `= em.create(User, …)`, `= await em.findOneOrFail(User, …)`, `= em.getReference(User, id)`,
 * `= this.users.getReference(id)` (a repository, group 3): the entity a name holds.
 */
const BINDING = (name: string) =>
  new RegExp(
    String.raw`\b(?:const|let|var)\s+${escapeName(name)}\s*(?::\s*[A-Z]\w*\s*)?=\s*(?:await\s+)?(?:new\s+([A-Z]\w*)|[\w$.]*\b(?:em|[Mm]anager)\s*\.\s*(?:create|find\w*|getReference)\s*\(\s*([A-Z]\w*)\b|${RECEIVER}\s*\.\s*(?:create|find\w*|getReference)\s*\()`,
    'g',
  );
/** `name: User`, `name?: Loaded<User, 'tags'>`: a parameter or property typed as an entity. */
const TYPED = (name: string) => new RegExp(String.raw`(?<![\w$.])${escapeName(name)}\s*[!?]?\s*:\s*(?:(?:Loaded|Rel|Ref)\s*<\s*)?([A-Z]\w*)`, 'g');

/**
 * The entity `name` holds at `at`: the last binding before it whose block holds it (and, when
 * `typed`, a parameter or variable declared as the entity, in its function or block).
 */
export function boundEntity(text: string, blocks: readonly Block[], name: string, at: number, repository: RepositoryAt, typed = false): string | undefined {
  const holds = (b: RegExpMatchArray & { index: number }, parameter: boolean) => {
    const scope = parameter ? functionBody(text, blocks, b.index) : blockAround(blocks, b.index, text.length);
    return scope.start < at && at < scope.end;
  };
  const bindings = [...text.slice(0, at).matchAll(BINDING(name))].map((b) => ({ b, parameter: false }));
  if (typed)
    bindings.push(
      ...[...text.slice(0, at).matchAll(TYPED(name))].map((b) => ({ b, parameter: /[(,]\s*$/.test(text.slice(Math.max(0, b.index - 80), b.index)) })),
    );
  const bound = bindings
    .filter(({ b, parameter }) => holds(b, parameter))
    .sort((x, y) => x.b.index - y.b.index)
    .at(-1)?.b;
  return bound && (bound[1] ?? bound[2] ?? (bound[3] ? repository(bound[3], bound.index) : undefined));
}

/**
 * The rows the entity manager is given to persist or remove, each by the entity it is: one built in
 * the call (`em.persist(new User(…))`), else the one the name was last bound to in a block holding
 * the call (`const user = new User(…)`, and the other bindings of `BINDING`, a repository's by the
 * entity `repository` tells). Returns the entity's name and where the call is.
 */
export function mikroOrmInstanceWrites(text: string, repository: RepositoryAt): Array<{ entity: string; index: number }> {
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
    const entity = boundEntity(text, blocks, name, m.index, repository);
    if (entity) out.push({ entity, index: m.index });
  }
  return out;
}

/** The entity manager's flush: `em.flush()`, `this.em.flush()`, `em.persist(x).flush()`. */
const FLUSH = /\bflush\s*\(\s*\)/g;
/** A name bound to a row found or referenced by the entity manager (`em.findOneOrFail(Article, …)`, `em.getReference(Article, id)`, group 2) or by a repository (`this.articles.findOne(…)`, `DI.articles.getReference(id)`, group 3). */
const FOUND = new RegExp(
  String.raw`\b(?:const|let)\s+([a-z_$][\w$]*)\s*(?::[^=;]+)?=\s*(?:await\s+)?(?:[\w$.]*\b(?:em|[Mm]anager)\s*\.\s*(?:find\w*|getReference)\s*\(\s*([A-Z]\w*)\b|${RECEIVER}\s*\.\s*(?:find(?:One|OneOrFail|ById)?|getReference)\s*\()`,
  'g',
);

/**
 * MikroORM's unit of work: a row found (by the entity manager or a repository), then changed
 * (`article.title = …`, `article.count++`, `em.assign(article, dto)`, `wrap(article).assign(dto)`)
 * and flushed in a block where its binding holds, is written; so is a row bound by reference
 * (`em.getReference(Article, id)`). `repository` tells the entity a repository's path stands for.
 * Returns the entity's name and where the flush is.
 */
export function mikroOrmFlushedChanges(text: string, repository: RepositoryAt): Array<{ entity: string; index: number }> {
  const out: Array<{ entity: string; index: number }> = [];
  if (!/\bflush\s*\(/.test(text)) return out;
  const blocks = scriptBlocks(text);
  const found = [...text.matchAll(FOUND)].map((m) => ({
    name: m[1]!,
    at: m.index,
    entity: m[2] ?? repository(m[3]!, m.index),
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
