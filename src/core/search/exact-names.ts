/**
 * @module core/search/exact-names
 * A query that is an object's name (`invoice`, `billing.invoice`, `sales order`, `GET /search`,
 * `sql-select`) asks for that object, so it leads the results. Word statistics alone do not put it
 * there: BM25 ranks the column `invoice.invoice_id` above the table `invoice`, whose text says
 * "invoice" no more often, and fusion keeps that order.
 */
import type { CatalogObject } from '../../ports/catalog.js';
import type { Ordered } from './stages.js';
import type { NamedBy } from './types.js';

/** Longer queries are questions, not names: they skip the lookup. */
const MAX_WORDS = 5;
/** Objects of the first candidates looked at; an exactly named object is never far down. */
const POOL = 60;

/** A name as people type it: case, quotes, and `_` / `-` / spaces between words do not matter. */
export function nameKey(text: string): string {
  return text
    .trim()
    .replace(/^[`"'“‘]+|[`"'”’]+$/g, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

/** How `key` names the object: by its whole path (`billing.invoice`), by its name (`invoice`, `sql-select` for `sql-select.html`), or not at all. */
export function namedBy(key: string, object: Pick<CatalogObject, 'path' | 'name'>): NamedBy | null {
  if (!key) return null;
  if (nameKey(object.path) === key) return 'path';
  const names = [object.name];
  // a file's name without its folder and its extension (`src/billing/pay.ts` → `pay.ts`, `pay`)
  if (!/\s/.test(object.name)) {
    const base = object.name.split('/').at(-1)!;
    names.push(base, base.replace(/\.[a-z0-9]+$/i, ''));
  }
  return names.some((n) => nameKey(n) === key) ? 'name' : null;
}

/** The object a chunk belongs to: a passage `#n` of a document is cut off. */
export const objectIdOf = (chunkId: string) => chunkId.replace(/#\d+$/, '');

/**
 * Moves the best chunk of each object the query names to the front: those named by path first,
 * then by name, each group in the order it had. They take the first hit's score, so scores stay
 * monotonic; `fused` keeps what the lists gave, and `named` says why the hit leads.
 */
export function leadNamed(order: readonly Ordered[], named: ReadonlyMap<string, NamedBy>): Ordered[] {
  if (named.size === 0 || order.length === 0) return [...order];
  const top = order[0]!.score;
  const seen = new Set<string>();
  const byPath: Ordered[] = [];
  const byName: Ordered[] = [];
  const rest: Ordered[] = [];
  for (const o of order) {
    const objectId = objectIdOf(o.id);
    const how = named.get(objectId);
    if (!how || seen.has(objectId)) {
      rest.push(o);
      continue;
    }
    seen.add(objectId);
    (how === 'path' ? byPath : byName).push({ ...o, score: Math.max(o.score, top), named: how });
  }
  return [...byPath, ...byName, ...rest];
}

/** The objects among the first candidates that `query` names, looked up in the catalog. */
export async function namedObjects(
  query: string,
  order: readonly Ordered[],
  getObjects: (ids: readonly string[]) => Promise<Pick<CatalogObject, 'id' | 'path' | 'name'>[]>,
): Promise<Map<string, NamedBy>> {
  const key = nameKey(query);
  const named = new Map<string, NamedBy>();
  if (!key || key.split(' ').length > MAX_WORDS) return named;
  const ids = [...new Set(order.map((o) => objectIdOf(o.id)))].slice(0, POOL);
  for (const object of await getObjects(ids)) {
    const how = namedBy(key, object);
    if (how) named.set(object.id, how);
  }
  return named;
}
