/**
 * @module core/catalog/resolve-object
 * Turns what a user typed (object id, `sextant://source/path` URI) into a stored object, or a
 * not-found error with the closest ids.
 */
import type { CatalogObject } from '../../ports/catalog.js';
import type { CatalogStore } from '../../ports/store.js';
import { SextantError } from '../../kernel/errors.js';
import { objectId, parseObjectId, parseTarget } from '../../kernel/ids.js';
import { closest } from '../../kernel/suggest.js';
import type { KindRegistry } from '../kinds/registry.js';

/** What resolution asks the kind registry: the path-resolvable kinds and the kinds' id aliases. */
export type ObjectKinds = Pick<KindRegistry, 'kindsWith' | 'canonicalKind'>;

export async function notFound(store: CatalogStore, wanted: string, source?: string): Promise<SextantError> {
  const ids = await store.objectIds(source);
  const suggestions = closest(wanted, ids.length ? ids : await store.objectIds(), 5);
  // nothing close: the remedy of finding the id, worded by each presentation (the CLI names `sextant search`); the hint, named by none, is the fallback
  return new SextantError('OBJECT_NOT_FOUND', `no object '${wanted}'`, {
    ...(suggestions.length
      ? { hint: `did you mean: ${suggestions.join(', ')}` }
      : { hint: 'find the id with a search, or update the index', remedy: { action: 'find-object' } }),
    details: { suggestions },
  });
}

/** A `sextant://` URI names the first path-resolvable kind that exists at its path; an id may use a kind's alias. */
export async function resolveObject(store: CatalogStore, ref: string, kinds: ObjectKinds): Promise<CatalogObject> {
  const target = parseTarget(ref);
  if (!target) throw await invalidTarget(store, ref);
  if (target.kind === 'id') {
    const id = canonicalId(target.id, kinds);
    const found = await store.getObject(id);
    if (found) return found;
    throw await notFound(store, id, target.source);
  }
  if (target.kind === 'source') {
    throw new SextantError('INVALID_TARGET', `'${ref}' names a whole source`, {
      hint: `use \`sextant status\` or name an object: sextant://${target.source}/<schema>.<name>`,
    });
  }
  const path = target.kind === 'schema' ? target.schema : target.path;
  const pathKinds = kinds.kindsWith('pathResolvable');
  const candidates = await store.getObjects(pathKinds.map((k) => objectId(target.source, k, path)));
  const first = pathKinds.map((k) => candidates.find((c) => c.kind === k)).find(Boolean);
  if (first) return first;
  throw await notFound(store, `${target.source}:${path}`, target.source);
}

/**
 * `demo:shop.orders` or `db:Tag` reads like a source and a path without a kind: the hint names that
 * source's objects of that path or name (any case), else spells the target as a URI.
 */
async function invalidTarget(store: CatalogStore, ref: string): Promise<SextantError> {
  const message = `'${ref}' is neither an object id nor a sextant:// URI`;
  const pair = /^([^:/\s]+):([^:\s]+)$/.exec(ref.trim());
  if (!pair || !(await store.getSource(pair[1]!)))
    return new SextantError('INVALID_TARGET', message, { hint: 'use <source>:<kind>:<path> (e.g. shop:table:public.orders) or sextant://shop/public.orders' });
  const [, source, path] = pair as unknown as [string, string, string];
  const wanted = path.toLowerCase();
  const suggestions = (await store.objectIds(source))
    .filter((id) => {
      const objectPath = id.split(':').slice(2).join(':').toLowerCase();
      return objectPath === wanted || objectPath.endsWith(`.${wanted}`) || objectPath.endsWith(`/${wanted}`);
    })
    .slice(0, 5);
  return new SextantError('INVALID_TARGET', message, {
    hint: suggestions.length
      ? `did you mean: ${suggestions.join(', ')}`
      : `an object id is <source>:<kind>:<path> (e.g. ${source}:table:<schema>.<name>); or give sextant://${source}/${path}`,
    details: { suggestions },
  });
}

function canonicalId(id: string, kinds: ObjectKinds): string {
  const parsed = parseObjectId(id);
  if (!parsed) return id;
  const kind = kinds.canonicalKind(parsed.kind);
  return kind === parsed.kind ? id : objectId(parsed.source, kind, parsed.path);
}
