/**
 * @module core/catalog/describe-object
 * Hydrates one object for `get`: children grouped by kind, incoming and outgoing edges,
 * own and effective contexts.
 */
import type { CatalogEdge, CatalogObject, ContextRecord } from '../../ports/catalog.js';
import type { CatalogStore } from '../../ports/store.js';
import { objectUri } from '../../kernel/ids.js';
import { resolveObject, type ObjectKinds } from './resolve-object.js';
import type { ChunkFields, ObjectEdges, ObjectFact } from '../../ports/source-kind.js';
import { chunkIdOf } from '../chunks/assemble-chunk.js';
import { withoutCopiedJoins } from './join-edges.js';

export interface ObjectDetail {
  object: CatalogObject;
  uri: string;
  columns: CatalogObject[];
  constraints: CatalogObject[];
  indexes: CatalogObject[];
  triggers: CatalogObject[];
  /** Other children (e.g. a schema's members), capped. */
  children: CatalogObject[];
  childrenTotal: number;
  outgoing: CatalogEdge[];
  incoming: CatalogEdge[];
  contexts: ContextRecord[];
  effectiveContext: string | null;
  /** A document's passages in order: chunk id, heading path, length. */
  passages?: DocumentPassage[];
  /** Labelled lines its kind derives from its attributes (a code file's history); absent when none. */
  facts?: ObjectFact[];
}

export interface DocumentPassage {
  id: string;
  heading: string;
  chars: number;
}

const CHILD_CAP = 200;

/** The chunk texts of an object whose kind is made of passages (documents); null for every other kind. */
export type PassagesOf = (object: CatalogObject) => readonly ChunkFields[] | null;

/** The attributes of an object's kind that `get` leaves out (ObjectKindSpec.internalAttributes). */
export type InternalAttributesOf = (object: CatalogObject) => readonly string[];

/** What the object's kind teaches `get` beyond the generic parts (each from the kind registry). */
export interface KindDetail {
  passagesOf?: PassagesOf;
  internalAttributesOf?: InternalAttributesOf;
  /** The labelled lines of ObjectKindSpec.facts. */
  factsOf?: (object: CatalogObject, edges: ObjectEdges) => readonly ObjectFact[];
}

/** The object as `get` shows it: its kind's internal attributes left out. */
function shown(object: CatalogObject, internal: readonly string[]): CatalogObject {
  if (!internal.some((key) => key in object.attributes)) return object;
  return { ...object, attributes: Object.fromEntries(Object.entries(object.attributes).filter(([key]) => !internal.includes(key))) };
}

export async function describeObject(store: CatalogStore, ref: string, kinds: ObjectKinds, detail: KindDetail = {}): Promise<ObjectDetail> {
  const { passagesOf, internalAttributesOf, factsOf } = detail;
  const object = await resolveObject(store, ref, kinds);
  const page = await store.listObjects({ parentId: object.id, limit: 5000 });
  const byKind = (kind: string) => page.items.filter((c) => c.kind === kind);
  const columns = byKind('column').sort((a, b) => Number(a.attributes.position ?? 0) - Number(b.attributes.position ?? 0));
  const grouped = new Set(['column', 'constraint', 'index', 'trigger']);
  const others = page.items.filter((c) => !grouped.has(c.kind));
  const edges = await store.edgesOf(object.id);
  // a join code declares that a foreign key already makes is not shown twice
  const outgoing = withoutCopiedJoins(edges.outgoing);
  const incoming = withoutCopiedJoins(edges.incoming);
  const contexts = (await store.listContexts(object.source)).filter(
    (c) =>
      c.targetKind === 'source' ||
      (c.targetKind === 'object' && (c.target === object.id || c.target === object.parentId)) ||
      (c.targetKind === 'schema' && (object.path === c.target || object.path.startsWith(`${c.target}.`))),
  );
  return {
    object: shown(object, internalAttributesOf?.(object) ?? []),
    uri: objectUri(object.source, object.path),
    columns,
    constraints: byKind('constraint'),
    indexes: byKind('index'),
    triggers: byKind('trigger'),
    children: others.slice(0, CHILD_CAP),
    childrenTotal: others.length,
    outgoing,
    incoming,
    contexts,
    effectiveContext: (await store.effectiveContext(object.id)) || null,
    ...passagesField(object, passagesOf),
    ...factsField(object, { outgoing, incoming }, factsOf),
  };
}

function factsField(object: CatalogObject, edges: ObjectEdges, factsOf: KindDetail['factsOf']): { facts?: ObjectFact[] } {
  const facts = factsOf?.(object, edges) ?? [];
  return facts.length ? { facts: [...facts] } : {};
}

function passagesField(object: CatalogObject, passagesOf: PassagesOf | undefined): { passages?: DocumentPassage[] } {
  const parts = passagesOf?.(object);
  if (!parts) return {};
  return { passages: parts.map((p, i) => ({ id: chunkIdOf(object.id, i), heading: p.nameText, chars: p.definition.length })) };
}
