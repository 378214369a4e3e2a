/**
 * @module core/chunks/build-chunks
 * Chunks of one source's snapshot: its family (core/kinds) says which object kinds are chunked
 * and how each reads; an object of a kind no family declares is an error, never silently
 * unchunked.
 */
import type { CatalogEdge, CatalogObject, Chunk } from '../../ports/catalog.js';
import type { SnapshotNeighbourhood, SourceKind } from '../../ports/source-kind.js';
import { SextantError } from '../../kernel/errors.js';
import { lexicalForm } from '../../kernel/text/identifiers.js';
import { TERM_KIND } from '../glossary/term-index.js';
import { assembleChunk } from './assemble-chunk.js';

/** Kinds the engine itself writes into a source (chunked by their own services). */
const ENGINE_KINDS: ReadonlySet<string> = new Set([TERM_KIND]);

export interface ChunkInput {
  objects: readonly CatalogObject[];
  edges: readonly CatalogEdge[];
  effectiveContexts: ReadonlyMap<string, string>;
  /** The family of the source the snapshot came from. */
  family: SourceKind;
  /** Text transform for lexical fields (identifier splitting, word forms). */
  lexical?: (text: string) => string;
}

function group<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

export function neighbourhood(objects: readonly CatalogObject[], edges: readonly CatalogEdge[]): SnapshotNeighbourhood {
  const byId = new Map(objects.map((o) => [o.id, o]));
  const children = group(objects, (o) => o.parentId);
  const outgoing = group(edges, (e) => e.fromId);
  return { get: (id) => byId.get(id), children: (id) => children.get(id) ?? [], outgoing: (id) => outgoing.get(id) ?? [] };
}

export function buildChunks(input: ChunkInput): Chunk[] {
  const lexical = input.lexical ?? lexicalForm;
  const { family } = input;
  const chunked = new Map(family.objectKinds.map((k) => [k.kind, k.chunked]));
  const around = neighbourhood(input.objects, input.edges);
  const chunks: Chunk[] = [];
  for (const object of input.objects) {
    const isChunked = chunked.get(object.kind);
    if (isChunked === undefined && !ENGINE_KINDS.has(object.kind)) {
      throw new SextantError('INTERNAL', `object '${object.id}' has kind '${object.kind}', which the '${family.family}' source kind does not declare`, {
        hint: `declare '${object.kind}' in the objectKinds of the '${family.family}' source kind (core/kinds), chunked or not`,
      });
    }
    if (!isChunked) continue;
    const parts = family.chunkParts(object, around, input.effectiveContexts.get(object.id) ?? '');
    parts.forEach((fields, i) => chunks.push(assembleChunk(object, fields, lexical, i)));
  }
  return chunks;
}
