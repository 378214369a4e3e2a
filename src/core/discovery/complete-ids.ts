/**
 * @module core/discovery/complete-ids
 * Completion of a typed object id (`demo:table:shop.sal…`) for shells and search boxes, over
 * what the caller can see: a bare word completes to source names (`demo:`), `source:` to the
 * kinds that source holds (`demo:table:`), and `source:kind:path` to the ids starting with it.
 * When more ids match than fit, they are cut after the next path part (`demo:column:shop.`) and
 * the answer says it is partial, so a caller never completes further than every match agrees.
 */
import type { ObjectFilter, ObjectPage, StoredSource } from '../../ports/store.js';
import type { KindCatalog } from '../kinds/registry.js';

export interface IdCompletion {
  /** Sorted, each starting with the prefix. */
  candidates: string[];
  /** True when more ids match than the candidates show (they were cut after the next path part). */
  partial: boolean;
}

export interface CompletionDeps {
  listSources(): Promise<StoredSource[]>;
  listObjects(filter: ObjectFilter): Promise<ObjectPage>;
  kinds(): KindCatalog;
}

export const DEFAULT_COMPLETIONS = 50;

export async function completeObjectIds(deps: CompletionDeps, prefix: string, limit = DEFAULT_COMPLETIONS): Promise<IdCompletion> {
  const parts = prefix.split(':');
  const sources = (await deps.listSources()).map((s) => s.name);
  if (parts.length === 1) {
    return { candidates: sources.filter((s) => s.startsWith(prefix)).map((s) => `${s}:`), partial: false };
  }
  const source = parts[0]!;
  if (!sources.includes(source)) return { candidates: [], partial: false };
  if (parts.length === 2) {
    const candidates: string[] = [];
    for (const { kind } of deps.kinds().objectKinds) {
      if (!kind.startsWith(parts[1]!) || candidates.includes(`${source}:${kind}:`)) continue;
      if ((await deps.listObjects({ source, kinds: [kind], limit: 1 })).total > 0) candidates.push(`${source}:${kind}:`);
    }
    return { candidates: candidates.sort(), partial: false };
  }
  const page = await deps.listObjects({ source, idPrefix: prefix, limit });
  const ids = page.items.map((o) => o.id);
  if (page.total <= ids.length) return { candidates: ids, partial: false };
  // Too many: the next path part of each (schema, then relation), as far as the first page shows.
  const cut = new Set(
    ids.map((id) => {
      const dot = id.indexOf('.', prefix.length);
      return dot === -1 ? id : id.slice(0, dot + 1);
    }),
  );
  return { candidates: [...cut].sort(), partial: true };
}
