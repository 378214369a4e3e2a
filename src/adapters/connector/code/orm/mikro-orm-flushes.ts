/**
 * @module adapters/connector/code/orm/mikro-orm-flushes
 * What MikroORM's unit of work writes when the entity manager flushes later in the same function:
 * the rows `em.create(…)` or a repository's `create(…)` made (MikroORM 6 persists them on create),
 * and the changes to an entity's collections (`user.favorites.add(article)`, `.remove(…)`,
 * `.set(…)`, `.removeAll()`), which write the table `mikroOrmCollections` gives. An entity's own
 * method changing its collection (`this.favorites.add(article)`) writes it whoever flushes.
 */
import { closingBracket } from '../text/brackets.js';
import { scriptBlocks, type Block } from '../text/script-blocks.js';
import { boundEntity, type RepositoryAt } from './mikro-orm.js';
import type { MikroCollections } from './mikro-orm-collections.js';

/** What opens a block that is no function's body: `if (…) {`, `for (…) {`, `try {`, `} else {`. */
const CONTROL = /(?:\b(?:if|for|while|switch|catch|with)\s*\((?:[^()]|\([^()]*\))*\)|\b(?:else|try|finally|do))\s*$/;
/** The entity manager's flush: `em.flush()`, `em.persist(x).flush()`, `em.persistAndFlush(x)`. */
const FLUSH = /\b(?:flush\s*\(\s*\)|(?:persist|remove)AndFlush\s*\()/g;

/** The body of the function holding `at`: the innermost block around it that no control statement opens (else the whole text). */
export function enclosingFunction(text: string, blocks: readonly Block[], at: number): Block {
  const around = blocks.filter((b) => b.start < at && at < b.end).sort((a, b) => b.start - a.start);
  return around.find((b) => !CONTROL.test(text.slice(Math.max(0, b.start - 300), b.start))) ?? { start: 0, end: text.length };
}

/** Whether the entity manager flushes after `at` in the function holding it. */
function flushedAfter(text: string, blocks: readonly Block[], at: number): boolean {
  const end = enclosingFunction(text, blocks, at).end;
  FLUSH.lastIndex = at;
  const next = FLUSH.exec(text);
  return !!next && next.index < end;
}

/** `em.create(User, …)` (group 1), `this.users.create(…)`, `DI.users.create(…)` (a repository, group 2). */
const CREATE =
  /[\w$.]*\b(?:em|[Mm]anager)\s*\.\s*create\s*\(\s*([A-Z]\w*)\b|(?<![\w$.])((?:this\s*\.\s*)?[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)?)\s*\.\s*create\s*\(/g;

/** The rows made by `em.create` or a repository's `create` and flushed later in the function: the entity, where the call is. */
export function mikroOrmCreatedRows(text: string, repository: RepositoryAt): Array<{ entity: string; index: number }> {
  const out: Array<{ entity: string; index: number }> = [];
  if (!text.includes('create') || !/[Ff]lush\s*\(/.test(text)) return out;
  const blocks = scriptBlocks(text);
  for (const m of text.matchAll(CREATE)) {
    const entity = m[1] ?? repository(m[2]!, m.index);
    if (entity && flushedAfter(text, blocks, m.index)) out.push({ entity, index: m.index });
  }
  return out;
}

/** A change to a collection: `user.favorites.add(article)`, `article.comments.remove(comment)`. */
const CHANGE = /(?<![\w$.])([a-z_$][\w$]*)\s*[!?]?\.\s*([A-Za-z_$][\w$]*)\s*\.\s*(?:add|remove|set|removeAll)\s*\(/g;

/** The entity class whose body holds `at`: the innermost `@Entity() class User … {` around it. */
function enclosingEntity(text: string, at: number): string | undefined {
  let found: string | undefined;
  const classes = /@Entity\s*\((?:[^()]|\([^()]*\))*\)\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)[^{;]*\{/g;
  for (const c of text.slice(0, at).matchAll(classes)) {
    const close = closingBracket(text, c.index + c[0].length - 1);
    if (close < 0 || close > at) found = c[1];
  }
  return found;
}

/**
 * The tables written by changes to entities' collections flushed later in the function. The
 * collection is the entity's that its receiver is bound or typed as (`const user = await
 * em.findOne(User, …)`, `user: User`), else the one entity's whose collection has that name (a
 * name two entities' collections share, writing two tables, says none). In an entity's own
 * method, `this`'s collection is written when its caller flushes.
 */
export function mikroOrmCollectionWrites(text: string, collections: MikroCollections, repository: RepositoryAt): Array<{ table: string; index: number }> {
  const out: Array<{ table: string; index: number }> = [];
  if (!collections.size) return out;
  const flushes = /[Ff]lush\s*\(/.test(text);
  let blocks: readonly Block[] | undefined;
  for (const m of text.matchAll(CHANGE)) {
    const property = m[2]!;
    const tables = new Set([...collections.values()].flatMap((c) => (c.has(property) ? [c.get(property)!] : [])));
    if (!tables.size) continue;
    const own = m[1] === 'this' ? collections.get(enclosingEntity(text, m.index) ?? '')?.get(property) : undefined;
    if (own) {
      out.push({ table: own, index: m.index });
      continue;
    }
    if (!flushes) continue;
    blocks ??= scriptBlocks(text);
    if (!flushedAfter(text, blocks, m.index)) continue;
    const entity = boundEntity(text, blocks, m[1]!, m.index, repository, true);
    // a receiver typed as no entity (`user: Viewer`, an alias) is known by the collection's name alone
    const collection = entity ? collections.get(entity) : undefined;
    const table = collection ? collection.get(property) : tables.size === 1 ? [...tables][0] : undefined;
    if (table) out.push({ table, index: m.index });
  }
  return out;
}
