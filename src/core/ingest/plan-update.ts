/**
 * @module core/ingest/plan-update
 * Two-level change detection: a source hash over all resources, then per-resource hashes.
 * Pure: takes a snapshot and the stored hashes, returns what to rebuild.
 *
 * A resource's hash is the hash of its objects and edges without their history attributes
 * (ObjectKindSpec.historyAttributes: a code file's commit counts and places in the log), its
 * content, followed by `+` and the hash of that history when it has any. A resource whose content
 * hash is the stored one but whose history moved is rewritten and counted apart (`history`), so an
 * update after a new commit says which files really changed. A resource without history hashes
 * as it did before history was told apart, so older indexes keep their hashes; one with history
 * whose hash older code stored over everything counts as history only when that hash is still
 * this resource's (nothing changed since), as changed otherwise (content and history cannot be
 * told apart in it).
 *
 * A kind may also say which attribute carries the version of its reader and which say what it
 * read (ObjectKindSpec.reader: a code file's `scan`, its text's hash). A resource whose content
 * changed, but whose stored objects were written by another reader version from the same inputs,
 * was re-read by a new release, not changed in the source: it is rewritten and counted apart
 * (`rescanned`). Its new content may differ in anything the new reader reads differently; a
 * resource whose inputs changed too counts as changed.
 */
import type { CatalogEdge, CatalogObject, SourceSnapshot } from '../../ports/catalog.js';
import type { ReaderAttributes, SourceKind } from '../../ports/source-kind.js';
import type { ResourceWrite } from '../../ports/store.js';
import { hashValue, sha256 } from '../../kernel/hash.js';
import { SextantError } from '../../kernel/errors.js';

export interface UpdatePlan {
  sourceHash: string;
  resourceHashes: Map<string, string>;
  added: ResourceWrite[];
  /** Resources whose content changed (anything but history attributes). */
  changed: ResourceWrite[];
  /** Resources whose only change is in their history attributes: rewritten like the changed ones, counted apart. */
  history: ResourceWrite[];
  /** Resources re-read by another reader version from the same inputs (ObjectKindSpec.reader): rewritten, counted apart. */
  rescanned: ResourceWrite[];
  removed: string[];
}

/** Per object kind, the names of its history attributes (ObjectKindSpec.historyAttributes). */
export type HistoryAttributes = ReadonlyMap<string, readonly string[]>;

/** The history attributes a family declares, by object kind. */
export function historyAttributesOf(family: Pick<SourceKind, 'objectKinds'>): HistoryAttributes {
  return new Map(family.objectKinds.filter((k) => k.historyAttributes?.length).map((k) => [k.kind, k.historyAttributes!] as const));
}

/** Per object kind, the attributes that say what read it and what it read (ObjectKindSpec.reader). */
export type ReaderAttributesByKind = ReadonlyMap<string, ReaderAttributes>;

/** The reader attributes a family declares, by object kind. */
export function readerAttributesOf(family: Pick<SourceKind, 'objectKinds'>): ReaderAttributesByKind {
  return new Map(family.objectKinds.filter((k) => k.reader).map((k) => [k.kind, k.reader!] as const));
}

/** What the plan needs to tell a resource re-read by another reader from a changed one: the kinds' reader attributes and the stored objects. */
export interface ReaderCheck {
  readers: ReaderAttributesByKind;
  stored: readonly CatalogObject[];
}

const HISTORY_SEPARATOR = '+';

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

/** An object's attributes split into what is not history and what is (null: none of it). */
function splitHistory(object: CatalogObject, names: readonly string[] | undefined): { rest: CatalogObject; history: Record<string, unknown> | null } {
  if (!names?.some((n) => object.attributes[n] !== undefined)) return { rest: object, history: null };
  const attributes: Record<string, unknown> = {};
  const history: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object.attributes)) (names.includes(key) ? history : attributes)[key] = value;
  return { rest: { ...object, attributes }, history };
}

/** The resource's hash (see the module comment) and its content part. */
export function resourceHashOf(
  group: { objects: CatalogObject[]; edges: CatalogEdge[] },
  history: HistoryAttributes = new Map(),
): { hash: string; content: string } {
  if (history.size === 0) {
    const hash = hashValue(group);
    return { hash, content: hash };
  }
  const objects: CatalogObject[] = [];
  const histories: Array<[string, Record<string, unknown>]> = [];
  for (const o of group.objects) {
    const split = splitHistory(o, history.get(o.kind));
    objects.push(split.rest);
    if (split.history) histories.push([o.id, split.history]);
  }
  const content = hashValue({ objects, edges: group.edges });
  return { hash: histories.length ? `${content}${HISTORY_SEPARATOR}${hashValue(histories)}` : content, content };
}

/** The content part of a stored resource hash (a hash without history is all content). */
const contentOfStored = (hash: string) => hash.split(HISTORY_SEPARATOR, 1)[0]!;

/**
 * Whether a resource kept its content since its stored hash: the same content part, or a hash
 * stored before history was told apart that covers this very content and history.
 */
function sameContent(previous: string, now: { hash: string; content: string }, group: { objects: CatalogObject[]; edges: CatalogEdge[] }): boolean {
  if (contentOfStored(previous) === now.content) return true;
  return !previous.includes(HISTORY_SEPARATOR) && now.hash.includes(HISTORY_SEPARATOR) && previous === hashValue(group);
}

/** Per resource, what its objects of kinds with a reader say: the versions that read them and what they read (hashed, by object id). */
function readingsOf(objects: readonly CatalogObject[], readers: ReaderAttributesByKind): Map<string, { versions: string; inputs: string }> {
  const byResource = new Map<string, CatalogObject[]>();
  for (const o of objects) {
    if (!readers.has(o.kind)) continue;
    const list = byResource.get(o.resource);
    if (list) list.push(o);
    else byResource.set(o.resource, [o]);
  }
  const readings = new Map<string, { versions: string; inputs: string }>();
  for (const [resource, list] of byResource) {
    const sorted = [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const reader = (o: CatalogObject) => readers.get(o.kind)!;
    readings.set(resource, {
      versions: hashValue(sorted.map((o) => [o.id, o.attributes[reader(o).version] ?? null])),
      inputs: hashValue(sorted.map((o) => [o.id, reader(o).inputs.map((name) => o.attributes[name] ?? null)])),
    });
  }
  return readings;
}

export function planUpdate(
  snapshot: SourceSnapshot,
  stored: ReadonlyMap<string, string>,
  history: HistoryAttributes = new Map(),
  readers: ReaderCheck = { readers: new Map(), stored: [] },
): UpdatePlan {
  refuseRepeatedIds(snapshot.objects);
  const groups = groupByResource(snapshot);
  const resourceHashes = new Map<string, string>();
  const plan: Pick<UpdatePlan, 'added' | 'changed' | 'history' | 'rescanned'> = { added: [], changed: [], history: [], rescanned: [] };
  let readBefore: ReturnType<typeof readingsOf> | undefined;
  /** Re-read by another reader version from the same inputs (asked of resources whose content changed only). */
  const reread = (resource: string, objects: readonly CatalogObject[]) => {
    if (readers.readers.size === 0) return false;
    readBefore ??= readingsOf(readers.stored, readers.readers);
    const [was, is] = [readBefore.get(resource), readingsOf(objects, readers.readers).get(resource)];
    return !!was && !!is && was.versions !== is.versions && was.inputs === is.inputs;
  };
  for (const [resource, g] of groups) {
    const now = resourceHashOf(g, history);
    resourceHashes.set(resource, now.hash);
    const previous = stored.get(resource);
    if (previous === now.hash) continue;
    const into =
      previous === undefined ? plan.added : sameContent(previous, now, g) ? plan.history : reread(resource, g.objects) ? plan.rescanned : plan.changed;
    into.push({ resource, hash: now.hash, ...g });
  }
  const removed = [...stored.keys()].filter((r) => !groups.has(r)).sort();
  return { sourceHash: sourceHashOf(resourceHashes), resourceHashes, ...plan, removed };
}
