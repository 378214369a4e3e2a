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
  return new SextantError('OBJECT_NOT_FOUND', `no object '${wanted}'`, {
    hint: suggestions.length ? `did you mean: ${suggestions.join(', ')}` : 'run `sextant update` or check the id with `sextant search`',
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

/** `demo:shop` reads like a source and a path: the hint then spells that target both ways, for this source. */
async function invalidTarget(store: CatalogStore, ref: string): Promise<SextantError> {
  const pair = /^([^:/\s]+):([^:\s]+)$/.exec(ref.trim());
  const source = pair && (await store.getSource(pair[1]!)) ? pair[1]! : null;
  const hint = source
    ? `did you mean sextant://${source}/${pair![2]!}? An object id is <source>:<kind>:<path> (e.g. ${source}:table:${pair![2]!.includes('.') ? pair![2]! : `${pair![2]!}.<name>`})`
    : 'use <source>:<kind>:<path> (e.g. shop:table:public.orders) or sextant://shop/public.orders';
  return new SextantError('INVALID_TARGET', `'${ref}' is neither an object id nor a sextant:// URI`, { hint });
}

function canonicalId(id: string, kinds: ObjectKinds): string {
  const parsed = parseObjectId(id);
  if (!parsed) return id;
  const kind = kinds.canonicalKind(parsed.kind);
  return kind === parsed.kind ? id : objectId(parsed.source, kind, parsed.path);
}
