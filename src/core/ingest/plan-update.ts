/**
 * @module core/ingest/plan-update
 * Two-level change detection: a source hash over all resources, then per-resource hashes.
 * Pure: takes a snapshot and the stored hashes, returns what to rebuild.
 */
import type { CatalogEdge, CatalogObject, SourceSnapshot } from '../../ports/catalog.js';
import type { ResourceWrite } from '../../ports/store.js';
import { hashValue, sha256 } from '../../kernel/hash.js';
import { SextantError } from '../../kernel/errors.js';

export interface UpdatePlan {
  sourceHash: string;
  resourceHashes: Map<string, string>;
  added: ResourceWrite[];
  changed: ResourceWrite[];
  removed: string[];
}

export function groupByResource(snapshot: SourceSnapshot): Map<string, { objects: CatalogObject[]; edges: CatalogEdge[] }> {
  const groups = new Map<string, { objects: CatalogObject[]; edges: CatalogEdge[] }>();
  const group = (resource: string) => {
    let g = groups.get(resource);
    if (!g) groups.set(resource, (g = { objects: [], edges: [] }));
    return g;
  };
  for (const o of snapshot.objects) group(o.resource).objects.push(o);
  for (const e of snapshot.edges) group(e.resource).edges.push(e);
  return groups;
}

/** A reader that names one object twice would fail the store's write halfway: say which, before anything is written. */
function refuseRepeatedIds(objects: readonly CatalogObject[]): void {
  const seen = new Set<string>();
  for (const o of objects) {
    if (!seen.has(o.id)) {
      seen.add(o.id);
      continue;
    }
    throw new SextantError('INTROSPECTION_FAILED', `the scan of source '${o.source}' named object '${o.id}' twice (in ${o.resource})`, {
      hint: "the index is unchanged; this is a fault in Sextant's reader for this source type: please report it with the object id",
      details: { source: o.source, objectId: o.id, resource: o.resource },
    });
  }
}

/** The source hash covers every resource hash, so any change anywhere changes it. */
export function sourceHashOf(resourceHashes: ReadonlyMap<string, string>): string {
  const lines = [...resourceHashes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([r, h]) => `${r}\t${h}`);
  return sha256(lines.join('\n'));
}

export function planUpdate(snapshot: SourceSnapshot, stored: ReadonlyMap<string, string>): UpdatePlan {
  refuseRepeatedIds(snapshot.objects);
  const groups = groupByResource(snapshot);
  const resourceHashes = new Map<string, string>();
  const added: ResourceWrite[] = [];
  const changed: ResourceWrite[] = [];
  for (const [resource, g] of groups) {
    const hash = hashValue(g);
    resourceHashes.set(resource, hash);
    const previous = stored.get(resource);
    if (previous === undefined) added.push({ resource, hash, ...g });
    else if (previous !== hash) changed.push({ resource, hash, ...g });
  }
  const removed = [...stored.keys()].filter((r) => !groups.has(r)).sort();
  return { sourceHash: sourceHashOf(resourceHashes), resourceHashes, added, changed, removed };
}
