/**
 * @module core/entities/chunk-entities
 * The entities of catalog chunks, from what each chunk is built of: the object's kind, name,
 * comment and definition and its effective context; a relation also reads its column names, a
 * column also carries its relation's name (at lower confidence), so a table and its columns
 * share entities and come back as each other's related chunks.
 *
 * Everything read here is part of the chunk's content hash (name and path, comment, definition,
 * column names, parent name, context), so re-extracting only changed chunks keeps links current.
 */
import { RELATION_KINDS, type CatalogObject, type Chunk, type EntityMention } from '../../ports/catalog.js';
import { extractEntities, mergeEntities, tagProse, type ProseTable } from './extract.js';
import { schemaNameEntities } from './schema-names.js';
import type { EntityInput } from './types.js';

/** A column is about its relation, but less than about itself. */
export const PARENT_WEIGHT = 0.5;

/** Entities per chunk, at most: the strongest ones (a wide table names many columns). */
export const MAX_CHUNK_ENTITIES = 40;

/** What extraction reads from one catalog object (see the module comment). */
export function entityInputOf(object: CatalogObject, context: string, children: readonly CatalogObject[] = []): EntityInput {
  let definition = object.definition ?? '';
  if (RELATION_KINDS.includes(object.kind)) {
    const columns = children.filter((c) => c.kind === 'column').map((c) => c.name);
    if (columns.length > 0) definition = [definition, columns.join(', ')].filter(Boolean).join('\n');
  } else if (object.kind === 'column' && typeof object.attributes.references === 'string') {
    // `references shop:table:shop.customers` → the customer concept
    definition = [definition, `references ${object.attributes.references.split(':').pop()}`].filter(Boolean).join('\n');
  }
  return { kind: object.kind, name: object.name, comment: object.comment, definition: definition || null, context: context || null };
}

/**
 * Returns the entity extractor of one ingest pass over `objects`: call it for each chunk to
 * (re)write. Parent-name entities are computed once per parent; prose is cached by extract.ts.
 * A chunk of a `passageKinds` object (a document's passage) reads its own text as definition,
 * not the whole document's: each passage gets the identifiers it holds, and a long document is
 * not read once per passage.
 */
export interface ChunkEntityExtractor {
  (chunk: Chunk): EntityMention[];
  /**
   * Tags the prose (comments, contexts) of these chunks' objects ahead, many texts to a tagger
   * call; the extractor then reads it from this pass's table. Optional: results are the same.
   */
  prime(chunks: readonly Chunk[]): void;
}

export function chunkEntityExtractor(
  objects: readonly CatalogObject[],
  effectiveContexts: ReadonlyMap<string, string>,
  passageKinds: ReadonlySet<string> = new Set(),
): ChunkEntityExtractor {
  const byId = new Map(objects.map((o) => [o.id, o]));
  let childrenOf: Map<string, CatalogObject[]> | null = null;
  const children = (id: string): CatalogObject[] => {
    if (childrenOf === null) {
      childrenOf = new Map();
      for (const o of objects) {
        if (o.parentId === null) continue;
        const list = childrenOf.get(o.parentId);
        if (list) list.push(o);
        else childrenOf.set(o.parentId, [o]);
      }
    }
    return childrenOf.get(id) ?? [];
  };
  const parentEntities = new Map<string, EntityMention[]>();
  const ofParent = (parent: CatalogObject): EntityMention[] => {
    let found = parentEntities.get(parent.id);
    if (found === undefined) {
      found = schemaNameEntities(parent.kind, parent.name).map((e) => ({ ...e, confidence: Math.round(e.confidence * PARENT_WEIGHT * 1000) / 1000 }));
      parentEntities.set(parent.id, found);
    }
    return found;
  };

  const tagged: ProseTable = new Map();
  const extract = (chunk: Chunk): EntityMention[] => {
    const object = byId.get(chunk.objectId);
    if (object === undefined) {
      // `<source>:<kind>:<path>`: the last segment of the path names it
      const path = chunk.objectId.split(':').slice(2).join(':') || chunk.objectId;
      return extractEntities({ kind: chunk.kind, name: path.split('.').pop() || path }).slice(0, MAX_CHUNK_ENTITIES);
    }
    const context = effectiveContexts.get(object.id) ?? '';
    const input = entityInputOf(object, context, RELATION_KINDS.includes(object.kind) ? children(object.id) : []);
    const own = extractEntities(passageKinds.has(object.kind) ? { ...input, definition: chunk.text || null } : input, tagged);
    const parent = object.kind === 'column' && object.parentId !== null ? byId.get(object.parentId) : undefined;
    const all = parent === undefined ? own : mergeEntities([...own, ...ofParent(parent)]);
    return all.slice(0, MAX_CHUNK_ENTITIES);
  };
  const prime = (chunks: readonly Chunk[]): void => {
    const texts: string[] = [];
    for (const chunk of chunks) {
      const object = byId.get(chunk.objectId);
      if (object === undefined) continue;
      if (object.comment) texts.push(object.comment);
      const context = effectiveContexts.get(object.id);
      if (context) texts.push(context);
    }
    tagProse(texts, tagged);
  };
  return Object.assign(extract, { prime });
}
