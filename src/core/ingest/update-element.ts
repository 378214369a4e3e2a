/**
 * @module core/ingest/update-element
 * `sextant update --source mesh --object <ref>`: re-reads one element (data object, function,
 * module, data source) through the connector, splices it into the stored objects of the source
 * and runs the normal pipeline on the result. Only that element's resources change, so only
 * its chunks are rebuilt and re-embedded; everything else keeps its hash and vectors.
 */
import type { CatalogEdge, CatalogObject, SourceSnapshot } from '../../ports/catalog.js';
import type { Connector } from '../../ports/connector.js';
import type { StoredSource } from '../../ports/store.js';
import type { SourceKind } from '../../ports/source-kind.js';
import { SextantError } from '../../kernel/errors.js';
import { parseObjectId } from '../../kernel/ids.js';
import { closest } from '../../kernel/suggest.js';
import { type UpdateDeps, type UpdateReport, updateSource } from './update-source.js';

/** Kinds of the family that `update --object` may re-read alone, in the order a path tries them. */
function elementKinds(family: SourceKind): string[] {
  return family.objectKinds.filter((k) => k.singleElementUpdate).map((k) => k.kind);
}

/** Finds the element an `--object` value names: an object id, a path, or a GraphQL type name. */
export function resolveElement(objects: readonly CatalogObject[], source: string, ref: string, family: SourceKind): CatalogObject {
  const ELEMENT_KINDS = elementKinds(family);
  const wanted = ref.trim();
  const parsed = parseObjectId(wanted);
  const candidates = objects.filter((o) => ELEMENT_KINDS.includes(o.kind));
  const found = parsed
    ? candidates.find((o) => o.id === wanted)
    : (ELEMENT_KINDS.map((k) => candidates.find((o) => o.kind === k && o.path === wanted)).find(Boolean) ??
      candidates.find((o) => o.attributes.typeName === wanted));
  if (found) return found;
  const suggestions = closest(
    wanted,
    candidates.map((o) => (parsed ? o.id : o.path)),
    5,
  );
  throw new SextantError('OBJECT_NOT_FOUND', `no data object, function, module or data source '${wanted}' in source '${source}'`, {
    hint: suggestions.length ? `did you mean: ${suggestions.join(', ')}` : 'run a full `sextant update` first, or check the name with `sextant search`',
    details: { suggestions },
  });
}

export async function updateElement(deps: UpdateDeps, source: StoredSource, ref: string): Promise<UpdateReport> {
  const { connector } = deps;
  if (!connector.introspectElement) {
    throw new SextantError('USAGE', `sources of type '${source.type}' cannot update a single element`, {
      hint: `run \`sextant update --source ${source.name}\` without --object`,
    });
  }
  const stored = await deps.store.sourceObjects(source.name);
  if (stored.length === 0) {
    throw new SextantError('USAGE', `source '${source.name}' has not been indexed yet`, { hint: `run \`sextant update --source ${source.name}\` first` });
  }
  const element = resolveElement(stored, source.name, ref, deps.family);
  const part = await connector.introspectElement(source, element, stored, deps.signal ? { signal: deps.signal } : {});
  const replaced = new Set(part.resources);
  const edges = await deps.store.sourceEdges(source.name);
  // Stored rows come back ordered (objects by id, edges by from/to/kind/resource/attributes);
  // resource hashes cover that order, so the spliced snapshot keeps it.
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const edgeKey = (e: CatalogEdge) => `${e.fromId}\u0000${e.toId}\u0000${e.kind}\u0000${e.resource}\u0000${JSON.stringify(e.attributes)}`;
  const snapshot: SourceSnapshot = {
    objects: [...stored.filter((o) => !replaced.has(o.resource)), ...part.objects].sort(byId),
    edges: [...edges.filter((e) => !replaced.has(e.resource)), ...part.edges].sort((a, b) => (edgeKey(a) < edgeKey(b) ? -1 : edgeKey(a) > edgeKey(b) ? 1 : 0)),
    info: { element: element.id },
  };
  const spliced: Connector = { ...connector, introspect: async () => snapshot };
  const report = await updateSource({ ...deps, connector: spliced }, source);
  return { ...report, message: `${report.message}: ${element.id}` };
}
