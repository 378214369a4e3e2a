/**
 * @module adapters/connector/code/orm/typeorm-access
 * What a TypeORM call does to its entity's table, by its method or by its query builder's chain
 * (MikroORM's calls too, which read as TypeORM's: `em.nativeDelete(User, …)`, `em.qb(User)…getResult()`).
 */
import type { TableAccess } from '../../../../ports/code.js';
import { chainAfter, laterCalls } from '../text/call-reading.js';

/** What a repository's or the entity manager's method does to the entity's table; `create`, `merge` and the like only build objects. */
export const TYPEORM_READS = String.raw`find\w*|count\w*|exists\w*|sum|average|minimum|maximum|preload`;
export const TYPEORM_WRITES =
  'save|insert|update|updateAll|delete|deleteAll|remove|upsert|softDelete|softRemove|restore|recover|increment|decrement|clear|' +
  // MikroORM's, called as TypeORM's are: `em.nativeDelete(User, …)`, `repo.insertMany(…)`
  'nativeInsert|nativeUpdate|nativeDelete|insertMany|upsertMany';
const TYPEORM_READ = new RegExp(`^(?:${TYPEORM_READS})$`);
const TYPEORM_WRITE = new RegExp(`^(?:${TYPEORM_WRITES})$`);

/** A query builder's writing calls, and the calls that run it. */
const BUILDER_WRITES = /^(?:insert|update|delete|softDelete|restore)$/;
const BUILDER_RUNS = /^(?:get(?:One|Many|Raw|Count|Exists)\w*|stream|execute|getResult\w*|getSingleResult)$/;

/** A query builder's calls by what they do: a write anywhere writes, else running the select reads. */
function builderAccess(methods: readonly string[]): TableAccess | undefined {
  if (methods.some((c) => BUILDER_WRITES.test(c))) return 'write';
  return methods.some((c) => BUILDER_RUNS.test(c)) ? 'read' : undefined;
}

/**
 * What a TypeORM call whose `(` is at `open` (its expression starting at `start`) does to its
 * entity's table, by the method; a query builder by its chain, or else by the calls made later on
 * the name it is assigned to: a write (`.insert()`, `.update()`, `.delete()`, …) writes, else running
 * the select (`.getMany()`, `.getOne()`, `.getCount()`, `.execute()`, …) reads; a builder never run says nothing.
 */
export function typeormAccess(method: string, text: string, open: number, start: number): TableAccess | undefined {
  if (method === 'createQueryBuilder' || method === 'qb') {
    const chain = chainAfter(text, open);
    const end = chain.at(-1)?.open ?? open;
    return builderAccess(chain.map((c) => c.method)) ?? builderAccess(laterCalls(text, start, end));
  }
  return TYPEORM_READ.test(method) ? 'read' : TYPEORM_WRITE.test(method) ? 'write' : undefined;
}
