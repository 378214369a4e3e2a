/**
 * @module core/entities/extract
 * Single-pass entity extraction for one chunk: its own name (schema-names.ts: pluralize, never a
 * tagger), identifiers in its definition, and its comment and context (prose.ts: compromise).
 * Results are merged by (name, semantic type) keeping the highest confidence, and sorted, so the
 * same input always gives the same list.
 *
 * Cost: compromise loads on the first chunk with prose (about 0.2 s). Chunks without comment or
 * context never reach it. Prose results are cached by text (an inherited context is shared by
 * every column of a table), so each distinct text is tagged once per cache lifetime.
 */
import { proseEntities, proseEntitiesMany } from './prose.js';
import { definitionEntities, schemaNameEntities } from './schema-names.js';
import type { EntityInput, EntityMention, SemanticType } from './types.js';

export type { EntityInput, EntityMention, NerType, SemanticType } from './types.js';

/** Context is often inherited from a parent: it says less about this chunk than its comment. */
const CONTEXT_WEIGHT = 0.8;

/**
 * Texts kept: a catalog repeats comment templates across tables ("When the row was created."),
 * so a larger cache pays. Measured on the generated 40k-column catalog (bench/scale-catalog.ts):
 * 2,000 entries 17.4 s, 20,000 entries 13.6 s for the whole extraction; about 1 KB per entry.
 */
const PROSE_CACHE_SIZE = 20_000;
const proseCache = new Map<string, readonly EntityMention[]>();

function cachedProse(text: string): readonly EntityMention[] {
  const hit = proseCache.get(text);
  if (hit !== undefined) {
    // refresh: Map keeps insertion order, so the first key is the least recently used
    proseCache.delete(text);
    proseCache.set(text, hit);
    return hit;
  }
  const found = Object.freeze(proseEntities(text).map((e) => Object.freeze(e)));
  proseCache.set(text, found);
  if (proseCache.size > PROSE_CACHE_SIZE) {
    const oldest = proseCache.keys().next().value;
    if (oldest !== undefined) proseCache.delete(oldest);
  }
  return found;
}

/** Prose entities by trimmed text, tagged ahead of extraction (see `tagProse`). */
export type ProseTable = Map<string, readonly EntityMention[]>;

/**
 * Tags the texts not yet in `table` (nor in the cache) together, many to a tagger call, and adds
 * them to it: the same lists `extractEntities` would find one text at a time, at a fraction of
 * the cost. Texts are trimmed as `extractEntities` trims them.
 */
export function tagProse(texts: Iterable<string>, table: ProseTable): void {
  const todo = new Set<string>();
  for (const raw of texts) {
    const text = raw.trim();
    if (text === '' || table.has(text) || todo.has(text)) continue;
    const hit = proseCache.get(text);
    if (hit !== undefined) table.set(text, hit);
    else todo.add(text);
  }
  const list = [...todo];
  proseEntitiesMany(list).forEach((found, i) => table.set(list[i] as string, Object.freeze(found.map((e) => Object.freeze(e)))));
}

const TYPE_ORDER: Record<SemanticType, number> = { TERM: 0, CONCEPT: 1, ATTRIBUTE: 2, ACTION: 3 };

/** Merges by (name, semantic type): highest confidence wins; an NER type is kept when any mention has one. */
export function mergeEntities(mentions: Iterable<EntityMention>): EntityMention[] {
  const merged = new Map<string, EntityMention>();
  for (const m of mentions) {
    if (m.name === '') continue;
    const key = `${m.semanticType}\u0000${m.name}`;
    const seen = merged.get(key);
    if (seen === undefined) {
      merged.set(key, { ...m });
      continue;
    }
    const better = m.confidence > seen.confidence ? { ...m } : seen;
    better.nerType = seen.nerType ?? m.nerType;
    merged.set(key, better);
  }
  return [...merged.values()].sort(
    (a, b) => b.confidence - a.confidence || TYPE_ORDER[a.semanticType] - TYPE_ORDER[b.semanticType] || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

/** Entities of one chunk; see the module comment. */
export function extractEntities(input: EntityInput, tagged?: ProseTable): EntityMention[] {
  const prose = (text: string): readonly EntityMention[] => tagged?.get(text) ?? cachedProse(text);
  const mentions: EntityMention[] = [...schemaNameEntities(input.kind, input.name)];
  if (input.definition) mentions.push(...definitionEntities(input.definition));
  const comment = input.comment?.trim();
  if (comment) mentions.push(...prose(comment));
  const context = input.context?.trim();
  if (context) {
    for (const e of prose(context)) mentions.push({ ...e, confidence: Math.round(e.confidence * CONTEXT_WEIGHT * 1000) / 1000 });
  }
  return mergeEntities(mentions);
}

/** Empties the prose cache (tests, or after a large ingest to free memory). */
export function clearEntityCache(): void {
  proseCache.clear();
}
